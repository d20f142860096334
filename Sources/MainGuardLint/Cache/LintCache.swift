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

    /// One file per tool version (a build: ``ToolVersion/cacheIdentity``): a new build never reads an
    /// old one's findings.
    var storeURL: URL {
        directory.appendingPathComponent("cache-\(StableHash.of(toolVersion)).bin")
    }

    /// Deletes the files other builds left with the same prefix (`cache-`, `index-`), so rebuilding or
    /// upgrading MainGuard does not pile up caches nobody reads.
    func removeOtherBuildsFiles(like kept: URL, prefix: String) {
        let folder = directory.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".bin") && name != kept.lastPathComponent {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// The stored entries, or an empty store when there is none or it cannot be read (a cache
    /// is never a reason to fail a lint run).
    public func load() -> LintCacheStore {
        guard let data = try? Data(contentsOf: storeURL),
              let store = try? LintCacheStore(decoding: [UInt8](data)),
              store.toolVersion == toolVersion
        else { return LintCacheStore(toolVersion: toolVersion) }
        return store
    }

    /// Writes the store atomically, so a run killed midway leaves the previous cache intact.
    public func save(_ store: LintCacheStore) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(store.encoded()).write(to: storeURL, options: .atomic)
        removeOtherBuildsFiles(like: storeURL, prefix: "cache-")
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
        /// What the text answered the last run's questions (``LintCacheStore/textQuestions``); nil when not asked.
        var textAnswers: TextAnswers?
    }

    /// What the passes after the engine (``BackgroundOnlyMethods``, ``UncalledElsewhere``) asked every file's
    /// text in the last run: an unchanged file is asked only what is new. nil: the pass asked nothing.
    struct TextQuestions: Sendable, Codable, Hashable {
        var methods: Set<BackgroundOnlyMethods.Method>?
        var roots: UncalledElsewhere.Questions?
    }

    /// One file's answers to ``TextQuestions``: what its text says about the methods and about the roots.
    struct TextAnswers: Sendable, Codable, Hashable {
        var methods: BackgroundOnlyMethods.FileAnswer?
        var roots: UncalledElsewhere.RootMentions?
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
    /// The questions every entry's ``FileEntry/textAnswers`` answer.
    var textQuestions: TextQuestions?

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

    /// What the passes after the engine asked in the last run, and, by position, the answers of the files
    /// whose content and settings are unchanged since (nil for the others).
    ///
    /// ```swift
    /// let (questions, answers) = store.earlierTextAnswers(paths: paths, contentHashes: hashes, settingsKeys: keys)
    /// ```
    func earlierTextAnswers(paths: [String], contentHashes: [String], settingsKeys: [String]) -> (TextQuestions, [TextAnswers?])? {
        guard let textQuestions else { return nil }
        return (textQuestions, paths.indices.map { position in
            guard let entry = files[paths[position]], entry.contentHash == contentHashes[position],
                  entry.settingsKey == settingsKeys[position] else { return nil }
            return entry.textAnswers
        })
    }

    /// Forgets files that are no longer linted, so the store does not grow forever.
    public mutating func keepOnly(_ paths: Set<String>) {
        files = files.filter { paths.contains($0.key) }
    }
}

/// The store's byte form (``BinaryWriter``): a cached run decodes every file's findings, and Foundation's
/// JSON coders took a fifteenth of an edit run to read and write them. Paths, hashes, rule ids and
/// messages repeat across files and are stored once.
extension LintCacheStore {
    /// Format 7 (findings carry `backgroundOnlyMethod`: name, type, labels and whether its file calls it; and
    /// `uncalledRoots`: names, types and the types that must be created; entries carry their text's answers, the
    /// store the questions); format 8 adds the classes each file declares to its answers; format 9 writes a
    /// heavy helper's cause as the blocking rule does (`CallChain.rootCause(of:)`); format 10 marks a method's
    /// parameters that take a default in its labels (`"_=:"`). A file of another format reads as an empty store.
    private static let format = 10

    init(decoding bytes: [UInt8]) throws {
        var reader = try BinaryReader(bytes)
        guard try reader.int() == Self.format else { throw BinaryReader.Malformed() }
        self.init(toolVersion: try reader.string())
        let count = try reader.int()
        for _ in 0..<count {
            let path = try reader.string()
            var entry = FileEntry(contentHash: try reader.string(), settingsKey: try reader.string(), indexKey: try reader.string(),
                                  findings: try reader.array { try Finding(from: &$0) }, factsDigest: try reader.optional { try $0.string() })
            entry.textAnswers = try reader.optional { reader in
                TextAnswers(methods: try reader.optional { reader in
                                var answer = BackgroundOnlyMethods.FileAnswer(mayCall: try Self.methods(from: &reader))
                                for _ in 0..<(try reader.int()) {
                                    answer.callsOnlyInBackground[try BackgroundOnlyMethods.Method(from: &reader)] = try reader.bool()
                                }
                                return answer
                            },
                            roots: try reader.optional { reader in
                                UncalledElsewhere.RootMentions(named: try reader.array { try $0.string() },
                                                               inherited: try reader.array { try Self.inheritance(from: &$0) },
                                                               protocols: try reader.array { try Self.inheritance(from: &$0) },
                                                               classes: try reader.array { try Self.inheritance(from: &$0) })
                            })
            }
            files[path] = entry
        }
        lastRun = try reader.optional { reader in
            var hashes: [String: String] = [:]
            let count = try reader.int()
            for _ in 0..<count { hashes[try reader.string()] = try reader.string() }
            return RunManifest(contentHashes: hashes, settingsKey: try reader.string(), indexKey: try reader.string())
        }
        textQuestions = try reader.optional { reader in
            TextQuestions(methods: try reader.optional { try Self.methods(from: &$0) },
                          roots: try reader.optional { reader in
                              UncalledElsewhere.Questions(names: Set(try reader.array { try $0.string() }), created: Set(try reader.array { try $0.string() }),
                                                          types: Set(try reader.array { try $0.string() }))
                          })
        }
        guard reader.isAtEnd else { throw BinaryReader.Malformed() }
    }

    /// Paths in sorted order, so equal stores give equal bytes.
    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.int(Self.format)
        writer.string(toolVersion)
        writer.int(files.count)
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            writer.string(path)
            writer.string(entry.contentHash)
            writer.string(entry.settingsKey)
            writer.string(entry.indexKey)
            writer.array(entry.findings) { $1.write(to: &$0) }
            writer.optional(entry.factsDigest) { $0.string($1) }
            writer.optional(entry.textAnswers) { writer, answers in
                writer.optional(answers.methods) { writer, answer in
                    Self.write(answer.mayCall, to: &writer)
                    let checked = answer.callsOnlyInBackground.sorted { Self.precedes($0.key, $1.key) }
                    writer.int(checked.count)
                    for (method, only) in checked {
                        method.write(to: &writer)
                        writer.bool(only)
                    }
                }
                writer.optional(answers.roots) { writer, mentions in
                    writer.array(mentions.named) { $0.string($1) }
                    writer.array(mentions.inherited) { Self.write($1, to: &$0) }
                    writer.array(mentions.protocols) { Self.write($1, to: &$0) }
                    writer.array(mentions.classes) { Self.write($1, to: &$0) }
                }
            }
        }
        writer.optional(lastRun) { writer, manifest in
            writer.int(manifest.contentHashes.count)
            for (path, hash) in manifest.contentHashes.sorted(by: { $0.key < $1.key }) {
                writer.string(path)
                writer.string(hash)
            }
            writer.string(manifest.settingsKey)
            writer.string(manifest.indexKey)
        }
        writer.optional(textQuestions) { writer, questions in
            writer.optional(questions.methods) { Self.write($1, to: &$0) }
            writer.optional(questions.roots) { writer, roots in
                writer.array(roots.names.sorted()) { $0.string($1) }
                writer.array(roots.created.sorted()) { $0.string($1) }
                writer.array(roots.types.sorted()) { $0.string($1) }
            }
        }
        return writer.finished()
    }

    /// Methods in a fixed order, so equal stores give equal bytes.
    private static func write(_ methods: Set<BackgroundOnlyMethods.Method>, to writer: inout BinaryWriter) {
        writer.array(methods.sorted(by: precedes)) { writer, method in method.write(to: &writer) }
    }

    private static func precedes(_ first: BackgroundOnlyMethods.Method, _ second: BackgroundOnlyMethods.Method) -> Bool {
        (first.name, first.type, first.labels, first.calledInItsFile ? 1 : 0) < (second.name, second.type, second.labels, second.calledInItsFile ? 1 : 0)
    }

    private static func methods(from reader: inout BinaryReader) throws -> Set<BackgroundOnlyMethods.Method> {
        Set(try reader.array { try BackgroundOnlyMethods.Method(from: &$0) })
    }

    private static func write(_ inheritance: UncalledElsewhere.NamedInheritance, to writer: inout BinaryWriter) {
        writer.string(inheritance.name)
        writer.array(inheritance.inherited) { $0.string($1) }
    }

    private static func inheritance(from reader: inout BinaryReader) throws -> UncalledElsewhere.NamedInheritance {
        UncalledElsewhere.NamedInheritance(name: try reader.string(), inherited: try reader.array { try $0.string() })
    }
}

extension BackgroundOnlyMethods.Method {
    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.string(), type: try reader.string(), labels: try reader.string(), calledInItsFile: try reader.bool())
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(name)
        writer.string(type)
        writer.string(labels)
        writer.bool(calledInItsFile)
    }
}

extension Finding {
    init(from reader: inout BinaryReader) throws {
        let severity = try reader.string()
        guard let known = Severity(rawValue: severity) else { throw BinaryReader.Malformed() }
        self.init(ruleID: try reader.string(), severity: known, message: try reader.string(), file: try reader.string(),
                  line: try reader.int(), column: try reader.int(), cause: try reader.optional { try $0.string() },
                  otherSites: try reader.optional { try $0.array { try $0.string() } })
        enclosingView = try reader.optional { reader in try reader.bool() ? .view(try reader.string()) : EnclosingView.none }
        backgroundOnlyMethod = try reader.optional { try BackgroundOnlyMethods.Method(from: &$0) }
        uncalledRoots = try reader.optional { reader in
            try reader.array { UncalledElsewhere.Root(name: try $0.string(), type: try $0.string(), createdType: try $0.optional { try $0.string() }) }
        }
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(severity.rawValue)
        writer.string(ruleID)
        writer.string(message)
        writer.string(file)
        writer.int(line)
        writer.int(column)
        writer.optional(cause) { $0.string($1) }
        writer.optional(otherSites) { writer, sites in writer.array(sites) { $0.string($1) } }
        writer.optional(enclosingView) { writer, view in
            writer.bool(view.name != nil)
            if let name = view.name { writer.string(name) }
        }
        writer.optional(backgroundOnlyMethod) { writer, method in method.write(to: &writer) }
        writer.optional(uncalledRoots) { writer, roots in
            writer.array(roots) { writer, root in
                writer.string(root.name)
                writer.string(root.type)
                writer.optional(root.createdType) { $0.string($1) }
            }
        }
    }
}
