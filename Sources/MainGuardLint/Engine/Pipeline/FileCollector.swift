import Foundation

/// A path the user named that cannot be linted; the CLI exits 1 with this message.
///
/// ```swift
/// do { _ = try FileCollector(excludes: []).collect(paths: ["missing"]) }
/// catch let error as LintInputError { print(error.description) }
/// ```
public struct LintInputError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Collects the `.swift` files to lint from the files and directories the user names.
///
/// Directories are searched recursively, skipping hidden entries (`.git`, `.swiftpm`), SwiftPM build
/// folders (`.build*`), folders of other people's code or of build tooling that no app ships
/// (`thirdPartyFolders`: CocoaPods' `Pods`, `Carthage`, `fastlane`), and every path matching an exclude
/// glob. A folder named on the command line is searched whatever its name. Globs use `fnmatch` semantics without
/// `FNM_PATHNAME`, so `*` also matches `/`: `--exclude '*/Generated/*'` drops every `Generated` folder,
/// `--exclude 'Tests*'` drops `Tests/` given relative to the current directory. A glob is tried against
/// the path as written (e.g. `Sources/App/Generated`) and against its last component (`Generated`).
/// The result is sorted, so runs are deterministic.
///
/// ```swift
/// let files = try FileCollector(excludes: ["*/Generated/*"]).collect(paths: ["Sources"])
/// ```
public struct FileCollector: Sendable {
    public var excludes: [String]

    public init(excludes: [String]) {
        self.excludes = excludes
    }

    /// The Swift files under `paths`, sorted and de-duplicated; throws for a path that does not exist or cannot be read.
    public func collect(paths: [String]) throws -> [String] {
        var systemNaming: [String] = []
        return try collect(paths: paths, systemNamingFiles: &systemNaming)
    }

    /// The Swift files under `paths`, and the XcodeGen specs (`project.yml`) of the folders searched, which
    /// `SettingsDetector.register(xcodeGenSpecs:)` reads for the files of the folders they generate.
    func collectWithSpecs(paths: [String]) throws -> (files: [String], specs: [String]) {
        var other: [String] = []
        let files = try collect(paths: paths, systemNamingFiles: &other, isSystemNaming: Self.isXcodeGenSpec)
        return (files, other)
    }

    static func isXcodeGenSpec(_ path: String) -> Bool {
        XcodeProject.xcodeGenSpecNames.contains(PathParts.name(path))
    }

    /// The Swift files under `paths`, and in `systemNamingFiles` the other files of the folders searched
    /// that `isSystemNaming` accepts (storyboards, property lists: `UncalledElsewhere.namesTypesForTheSystem`;
    /// XcodeGen specs).
    func collect(paths: [String], systemNamingFiles: inout [String],
                 isSystemNaming: (String) -> Bool = { UncalledElsewhere.namesTypesForTheSystem($0) || isXcodeGenSpec($0) }) throws -> [String] {
        var files = Set<String>()
        var visited = Set<DirectoryIdentity>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LintInputError(path: path, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                try collect(directory: path, into: &files, visited: &visited) { file in
                    if isSystemNaming(file) { systemNamingFiles.append(file) }
                }
            } else if !isExcluded(path) {
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw LintInputError(path: path, reason: "file is not readable")
                }
                files.insert(path)
            }
        }
        return files.sorted()
    }

    /// A directory by device and inode: a symbolic link back up the tree (`loop -> ..`) leads to a
    /// directory already searched, which is then skipped instead of being searched once per link
    /// level until the path is too long, listing every file under many names.
    struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Folders found while searching that hold vendored dependencies or build tooling: findings there are
    /// not the team's to act on (fastlane's Swift runner blocks on purpose, a pod is someone else's code).
    public static let thirdPartyFolders: Set<String> = ["Pods", "Carthage", "fastlane"]

    private func collect(directory: String, into files: inout Set<String>, visited: inout Set<DirectoryIdentity>,
                         other: (String) -> Void) throws {
        let skip = { (path: String) in
            isExcluded(path) || Self.thirdPartyFolders.contains(PathParts.name(path))
        }
        try Self.walk(directory, skipping: skip, visited: &visited,
                      unreadable: { throw LintInputError(path: $0, reason: "directory is not readable") },
                      file: { path in if path.hasSuffix(".swift") { files.insert(path) } else { other(path) } })
    }

    /// Searches `directory` and the folders below it the way a lint run does: hidden entries and
    /// paths `skip` rejects are left out, and a folder reached again through a link is searched once.
    /// `folder` gets each folder searched with its whole listing (hidden names included, for a hidden
    /// file such as `.mainguard.yml`), `file` every other entry, a `.swift` link that resolves to nothing
    /// (dangling, or a loop) included, so the reader names it and says why instead of it vanishing
    /// from the run. Entries are taken in name order. A folder that cannot be listed goes to `unreadable`.
    static func walk(_ directory: String, skipping skip: (String) -> Bool, visited: inout Set<DirectoryIdentity>,
                     unreadable: (String) throws -> Void, folder: (_ path: String, _ listing: [String]) -> Void = { _, _ in },
                     file: (_ path: String) -> Void = { _ in }) rethrows {
        if let identity = DirectoryIdentity(directory), !visited.insert(identity).inserted { return }
        guard let entries = listing(directory) else {
            try unreadable(directory)
            return
        }
        folder(directory, entries.map(\.name))
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry.name : "\(directory)/\(entry.name)"
            guard !skip(path) else { continue }
            var isDirectory: ObjCBool = false
            if entry.isDirectory ?? (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                try walk(path, skipping: skip, visited: &visited, unreadable: unreadable, folder: folder, file: file)
            } else {
                file(path)
            }
        }
    }

    /// A folder's entries from one `readdir` pass, with `d_type` telling folders from regular files
    /// without a `stat` per entry (half of a cached run's search). nil for a link or a file system that
    /// leaves the type unknown: the caller `stat`s those, following links. nil when the folder cannot
    /// be listed. POSIX `opendir`/`readdir` and BSD's `d_type`, as glibc and Darwin both provide them;
    /// run here on Linux only.
    static func listing(_ directory: String) -> [(name: String, isDirectory: Bool?)]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var entries: [(name: String, isDirectory: Bool?)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let type = Int(entry.pointee.d_type)
            entries.append((name, type == Int(DT_DIR) ? true : type == Int(DT_REG) ? false : nil))
        }
        return entries
    }

    /// True when an exclude glob matches the whole path or its last component.
    func isExcluded(_ path: String) -> Bool {
        let name = PathParts.name(path)
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return excludes.contains { glob in
            fnmatch(glob, trimmed, 0) == 0 || fnmatch(glob, name, 0) == 0
        }
    }
}

/// The last component of a path and the folder before it, split at the last `/` (trailing slashes
/// ignored, as `NSString` does). `NSString`'s versions copy and normalise the whole path, which on
/// Linux was a tenth of a cached run over three thousand files.
///
/// ```swift
/// PathParts.name("Sources/App/View.swift")   // "View.swift"
/// PathParts.folder("Sources/App/View.swift") // "Sources/App"
/// PathParts.standardized("/repo/App/../Shared/./Model.swift") // "/repo/Shared/Model.swift"
/// ```
enum PathParts {
    static func name(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return String(trimmed) }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    static func folder(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The absolute path without `.`, `..` and repeated or trailing slashes, as `URL.standardizedFileURL`
    /// gives it (a relative path is taken from the current folder; links are not resolved), without
    /// building URLs: joining every Xcode file reference's path through `URL` was a sixth of a cached run.
    static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func trimmingTrailingSlashes(_ path: String) -> Substring {
        var trimmed = path[...]
        // The last byte first: a path rarely ends in `/`, and counting a substring's characters walks it.
        while trimmed.utf8.last == UInt8(ascii: "/"), trimmed.utf8.count > 1 { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
