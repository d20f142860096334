import Foundation

/// Each linted file's settings from the last run, as `SettingsDetector` found them, kept beside the findings
/// (`settings-*.bin`) and reused while nothing they were read from changed: the same files in the same
/// working folder, the same project-making entries (`Package.swift`, `*.xcodeproj`, XcodeGen specs) in every
/// folder the detector looked into, and every manifest, project file, `.xcconfig` and package folder it read
/// or looked for unchanged (``FileStamp``). Reading the projects and settling each file's settings was a
/// third of a run with a warm cache. Editing a Swift file changes none of it; adding one changes the files.
///
/// ```swift
/// if let reused = cache.loadSettings()?.reusable(forPaths: paths, workingDirectory: cwd) {
///     print(reused.settings.count == paths.count) // true
/// }
/// ```
struct SettingsCacheEntry: Equatable {
    var workingDirectory: String
    /// The files asked about, in order; ``settings`` has one entry per path.
    var paths: [String]
    /// The XcodeGen specs found among the linted folders (`SettingsDetector.register(xcodeGenSpecs:)`).
    var specs: [String]
    var settings: [ModuleSettings]
    /// `SettingsDetector.projectDirectories` after the run.
    var projectDirectories: [String]
    var projectNames: [String: [String]]
    var stamps: [String: FileStamp]

    /// The entry for a detector's answers, stamping what they depend on now.
    init(workingDirectory: String, paths: [String], specs: [String] = [], settings: [ModuleSettings], detector: SettingsDetector) {
        self.workingDirectory = workingDirectory
        self.paths = paths
        self.specs = specs
        self.settings = settings
        projectDirectories = detector.projectDirectories
        let dependencies = detector.dependencies
        projectNames = dependencies.projectNames
        stamps = Dictionary(uniqueKeysWithValues: dependencies.lookedFor.map { ($0, FileStamp(of: $0)) })
    }

    /// Itself when it answers for `paths` and `specs` in `workingDirectory` and what it was read from is unchanged.
    func reusable(forPaths paths: [String], specs: [String] = [], workingDirectory: String) -> SettingsCacheEntry? {
        guard workingDirectory == self.workingDirectory, paths == self.paths, specs == self.specs,
              projectNames.allSatisfy({ SettingsDetector.projectNames(in: $0.key) == $0.value }),
              stamps.allSatisfy({ FileStamp(of: $0.key) == $0.value }) else { return nil }
        return self
    }

    /// A file's modification time, size and file number, or a folder's existence (a folder's own time moves
    /// whenever an editor saves a file in it), or nothing there.
    struct FileStamp: Hashable {
        var kind: Int
        var nanoseconds = 0
        var size = 0
        var fileNumber = 0

        static let missing = 0, file = 1, folder = 2

        init(kind: Int, nanoseconds: Int = 0, size: Int = 0, fileNumber: Int = 0) {
            self.kind = kind
            self.nanoseconds = nanoseconds
            self.size = size
            self.fileNumber = fileNumber
        }

        init(of path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
                self.init(kind: Self.missing)
                return
            }
            guard attributes[.type] as? FileAttributeType != .typeDirectory else {
                self.init(kind: Self.folder)
                return
            }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            self.init(kind: Self.file, nanoseconds: max(0, Int((modified * 1e9).rounded())),
                      size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                      fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? 0)
        }
    }
}

extension SettingsCacheEntry {
    /// Format 2: the working folder, the paths, the XcodeGen specs, a table of distinct settings and each path's index in it,
    /// the project folders, the project names per folder, the stamps.
    private static let format = 2

    init(decoding bytes: [UInt8]) throws {
        var reader = try BinaryReader(bytes)
        guard try reader.int() == Self.format else { throw BinaryReader.Malformed() }
        workingDirectory = try reader.string()
        paths = try reader.array { try $0.string() }
        specs = try reader.array { try $0.string() }
        let table = try reader.array { try ModuleSettings(from: &$0) }
        settings = try reader.array { reader in
            let index = try reader.int()
            guard index < table.count else { throw BinaryReader.Malformed() }
            return table[index]
        }
        projectDirectories = try reader.array { try $0.string() }
        projectNames = [:]
        for _ in 0..<(try reader.int()) { projectNames[try reader.string()] = try reader.array { try $0.string() } }
        stamps = [:]
        for _ in 0..<(try reader.int()) {
            stamps[try reader.string()] = FileStamp(kind: try reader.int(), nanoseconds: try reader.int(), size: try reader.int(),
                                                    fileNumber: try reader.int())
        }
        guard reader.isAtEnd, settings.count == paths.count else { throw BinaryReader.Malformed() }
    }

    /// Folders and stamps in sorted order, so equal entries give equal bytes.
    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.int(Self.format)
        writer.string(workingDirectory)
        writer.array(paths) { $0.string($1) }
        writer.array(specs) { $0.string($1) }
        var table: [ModuleSettings] = []
        // Provenance is not part of equality: settings that differ only there are stored apart.
        var indices: [ModuleSettings: [Int]] = [:]
        let positions = settings.map { settings -> Int in
            if let index = indices[settings, default: []].first(where: { table[$0].provenance == settings.provenance }) { return index }
            indices[settings, default: []].append(table.count)
            table.append(settings)
            return table.count - 1
        }
        writer.array(table) { $1.write(to: &$0) }
        writer.array(positions) { $0.int($1) }
        writer.array(projectDirectories) { $0.string($1) }
        writer.int(projectNames.count)
        for (folder, names) in projectNames.sorted(by: { $0.key < $1.key }) {
            writer.string(folder)
            writer.array(names) { $0.string($1) }
        }
        writer.int(stamps.count)
        for (path, stamp) in stamps.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            for value in [stamp.kind, stamp.nanoseconds, stamp.size, stamp.fileNumber] { writer.int(max(0, value)) }
        }
        return writer.finished()
    }
}

extension ModuleSettings {
    init(from reader: inout BinaryReader) throws {
        self.init(targetName: try reader.optional { try $0.string() })
        moduleName = try reader.optional { try $0.string() }
        otherModuleNames = try reader.array { try $0.string() }
        isTestTarget = try reader.bool()
        defaultIsolationMainActor = try reader.bool()
        nonisolatedNonsendingByDefault = try reader.bool()
        languageMode = try reader.optional { try $0.int() }
        extraMainActorTypes = try reader.array { try $0.string() }
        extraBlockingAPIs = try reader.array { try $0.string() }
        extraHeavyAPIs = try reader.array { try $0.string() }
        includesLowCost = try reader.bool()
        provenance = SettingsProvenance(owner: try reader.string(), defaultIsolation: try reader.optional { try $0.string() },
                                        nonisolatedNonsendingByDefault: try reader.optional { try $0.string() },
                                        languageMode: try reader.optional { try $0.string() })
    }

    func write(to writer: inout BinaryWriter) {
        writer.optional(targetName) { $0.string($1) }
        writer.optional(moduleName) { $0.string($1) }
        writer.array(otherModuleNames) { $0.string($1) }
        writer.bool(isTestTarget)
        writer.bool(defaultIsolationMainActor)
        writer.bool(nonisolatedNonsendingByDefault)
        writer.optional(languageMode) { $0.int(max(0, $1)) }
        writer.array(extraMainActorTypes) { $0.string($1) }
        writer.array(extraBlockingAPIs) { $0.string($1) }
        writer.array(extraHeavyAPIs) { $0.string($1) }
        writer.bool(includesLowCost)
        writer.string(provenance.owner)
        writer.optional(provenance.defaultIsolation) { $0.string($1) }
        writer.optional(provenance.nonisolatedNonsendingByDefault) { $0.string($1) }
        writer.optional(provenance.languageMode) { $0.string($1) }
    }
}

extension LintCache {
    var settingsURL: URL {
        directory.appendingPathComponent("settings-\(StableHash.of(toolVersion)).bin")
    }

    /// The last run's settings, or nil when there are none or they cannot be read.
    func loadSettings() -> SettingsCacheEntry? {
        guard let data = try? Data(contentsOf: settingsURL) else { return nil }
        return try? SettingsCacheEntry(decoding: [UInt8](data))
    }

    /// Writes atomically, like the findings.
    func save(_ entry: SettingsCacheEntry) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(entry.encoded()).write(to: settingsURL, options: .atomic)
        removeOtherBuildsFiles(like: settingsURL, prefix: "settings-")
    }
}
