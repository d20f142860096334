import Foundation

/// The root configuration plus every nested `.mainguard.yml` found below the linted folders,
/// answering which configuration applies to a file, like SwiftLint's nested configurations.
///
/// ```swift
/// let configurations = try NestedConfigurations.discover(root: root, under: ["/app/Sources"], vocabulary: vocabulary)
/// let forFile = configurations.configuration(forFile: "/app/Sources/Feature/View.swift")
/// ```
public struct NestedConfigurations: Sendable, Hashable {
    public var root: Configuration
    /// Nested configurations keyed by their folder (absolute, standardized, no trailing slash).
    public var nested: [String: Configuration]

    public init(root: Configuration, nested: [String: Configuration] = [:]) {
        self.root = root
        self.nested = nested
    }

    /// The root configuration refined by each nested one whose folder contains the file,
    /// outermost first, so the deepest folder has the last word.
    public func configuration(forFile absolutePath: String) -> Configuration {
        nested.keys
            .filter { absolutePath.hasPrefix($0 + "/") }
            .sorted { $0.count < $1.count }
            .reduce(root) { $0.refined(by: nested[$1]!) }
    }

    /// Finds and loads `.mainguard.yml` files below the given folders (skipping hidden folders
    /// such as `.build`), except `rootFile`, the file `root` was read from.
    public static func discover(
        root: Configuration, rootFile: String? = nil, under folders: [String], vocabulary: ConfigurationVocabulary
    ) throws(ConfigurationError) -> NestedConfigurations {
        let rootPath = rootFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var nested: [String: Configuration] = [:]
        for file in folders.flatMap(configurationFiles(under:)) where file != rootPath {
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
            nested[folder] = try ConfigurationLoader.load(file: file, vocabulary: vocabulary)
        }
        return NestedConfigurations(root: root, nested: nested)
    }

    /// The `.mainguard.yml` files in `folder` and below, found with the file collector's walk (hidden
    /// folders skipped, linked folders searched once): a folder's listing names its (hidden) file.
    private static func configurationFiles(under folder: String) -> [String] {
        var files: [String] = []
        var visited = Set<FileCollector.DirectoryIdentity>()
        FileCollector.walk(URL(fileURLWithPath: folder).standardizedFileURL.path, skipping: { _ in false }, visited: &visited,
                           unreadable: { _ in }, folder: { path, listing in
                               guard listing.contains(ConfigurationLoader.fileName) else { return }
                               files.append((path.hasSuffix("/") ? path : path + "/") + ConfigurationLoader.fileName)
                           })
        return files.sorted()
    }
}
