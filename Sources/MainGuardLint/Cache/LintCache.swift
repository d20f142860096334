import Foundation

/// The per-file cache behind fast re-runs (`--cache-path DIR`, off with `--no-cache`).
///
/// A file's findings are reused only when all of these match what produced them: the file's
/// content, the tool version, the file's configuration and module settings (``FileEntry/settingsKey``)
/// and the module index's inputs (``FileEntry/indexKey``: a digest of every file's declarations and
/// of what its bodies do, ``FileEntry/factsDigest`` per file). The index key is what keeps cross-file
/// facts right: when a callee in another file changes its signature, isolation or what its body
/// calls, the key changes and every caller file is linted again. A comment or formatting edit leaves
/// the key alone, and an edited file's digest is the only one the run has to recompute.
///
/// The index itself is a function of every file's content and settings, so a run whose files all
/// have the content of the last run reuses the last index key without parsing anything: that is
/// the unchanged-tree fast path. An edit run goes further with each file's index inputs, kept beside
/// the findings (``IndexInputsStore``): it lints the edited files and those that name what the edit
/// changed (``EditImpact``), and indexes the rest from the cache without parsing them.
///
/// ```swift
/// let cache = LintCache(directory: URL(fileURLWithPath: ".build/mainguard-cache"), toolVersion: "0.1.0")
/// var store = cache.load()
/// if let findings = store.findings(forFile: path, contentHash: hash, settingsKey: key, indexKey: indexKey) { ... }
/// try cache.save(store)
/// ```
public struct LintCache: Sendable {
    /// Default folder, inside SwiftPM's own build folder so `swift package clean` clears it.
    public static let defaultDirectory = ".build/mainguard-cache"

    public var directory: URL
    public var toolVersion: String

    public init(directory: URL, toolVersion: String) {
        self.directory = directory
        self.toolVersion = toolVersion
    }

    /// One file per tool version: a new version never reads an old version's findings.
    var storeURL: URL {
        directory.appendingPathComponent("cache-\(StableHash.of(toolVersion)).json")
    }

    /// The stored entries, or an empty store when there is none or it cannot be read (a cache
    /// is never a reason to fail a lint run).
    public func load() -> LintCacheStore {
        guard let data = try? Data(contentsOf: storeURL),
              let store = try? JSONDecoder().decode(LintCacheStore.self, from: data),
              store.toolVersion == toolVersion
        else { return LintCacheStore(toolVersion: toolVersion) }
        return store
    }

    /// Writes the store atomically, so a run killed midway leaves the previous cache intact.
    public func save(_ store: LintCacheStore) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(store).write(to: storeURL, options: .atomic)
    }
}

/// What the cache holds: findings per file and the file set of the last run.
///
/// ```swift
/// var store = LintCacheStore(toolVersion: "0.1.0")
/// store.record(findings, forFile: path, contentHash: hash, settingsKey: key, indexKey: indexKey)
/// ```
public struct LintCacheStore: Sendable, Codable, Hashable {
    public struct FileEntry: Sendable, Codable, Hashable {
        public var contentHash: String
        /// Hash of the configuration that applies to the file and its module settings.
        public var settingsKey: String
        /// Hash of the module-index summary the findings were computed against.
        public var indexKey: String
        public var findings: [Finding]
        /// Digest of what the file contributes to the module index (its declarations and what its
        /// bodies do), for this content and settings; nil when the run did not need it.
        public var factsDigest: String?
    }

    /// The content of every linted file in the last run and the index key they produced.
    public struct RunManifest: Sendable, Codable, Hashable {
        public var contentHashes: [String: String]
        public var settingsKey: String
        public var indexKey: String
    }

    public var toolVersion: String
    public var files: [String: FileEntry] = [:]
    public var lastRun: RunManifest?

    public init(toolVersion: String) {
        self.toolVersion = toolVersion
    }

    /// The cached findings of a file when content, settings and index summary all match.
    public func findings(forFile path: String, contentHash: String, settingsKey: String, indexKey: String) -> [Finding]? {
        guard let entry = files[path], entry.contentHash == contentHash, entry.settingsKey == settingsKey,
              entry.indexKey == indexKey else { return nil }
        return entry.findings
    }

    /// Stores a file's findings (and, when known, its contribution to the index) for the next run.
    public mutating func record(_ findings: [Finding], forFile path: String, contentHash: String, settingsKey: String, indexKey: String,
                                factsDigest: String? = nil) {
        files[path] = FileEntry(contentHash: contentHash, settingsKey: settingsKey, indexKey: indexKey, findings: findings,
                                factsDigest: factsDigest)
    }

    /// What the file contributed to the index in an earlier run, when its content and settings are unchanged.
    ///
    /// ```swift
    /// let digest = store.factsDigest(forFile: "Sources/App/Model.swift", contentHash: hash, settingsKey: key)
    /// ```
    public func factsDigest(forFile path: String, contentHash: String, settingsKey: String) -> String? {
        guard let entry = files[path], entry.contentHash == contentHash, entry.settingsKey == settingsKey else { return nil }
        return entry.factsDigest
    }

    /// The last run's index key when this run lints exactly the same files with the same content
    /// and settings, so the index need not be rebuilt to know it.
    public func reusableIndexKey(contentHashes: [String: String], settingsKey: String) -> String? {
        guard let lastRun, lastRun.contentHashes == contentHashes, lastRun.settingsKey == settingsKey else { return nil }
        return lastRun.indexKey
    }

    /// Forgets files that are no longer linted, so the store does not grow forever.
    public mutating func keepOnly(_ paths: Set<String>) {
        files = files.filter { paths.contains($0.key) }
    }
}
