import Foundation
import Testing
@testable import MainGuardLint

@Suite struct LintCacheTests {
    let finding = Finding(ruleID: "r", severity: .warning, message: "m", file: "/a/A.swift", line: 1, column: 1)

    @Test func stableHashIsDeterministicAndSeparatesParts() {
        #expect(StableHash.of("let x = 1") == StableHash.of("let x = 1"))
        #expect(StableHash.of("let x = 1") != StableHash.of("let x = 2"))
        #expect(StableHash.combining(["ab", "c"]) != StableHash.combining(["a", "bc"]))
        // FNV-1a's published test vector for "a".
        #expect(StableHash.of("a") == "1-af63dc4c8601ec8c")
    }

    @Test func stableHashOfWordsSeparatesEveryByteAndAgreesAcrossForms() {
        let text = "func load() { let data = try Data(contentsOf: url) }"
        #expect(StableHash.of(text) == StableHash.of(bytes: Array(text.utf8)))
        #expect(StableHash.of(text) == StableHash.of(bytes: text.utf8.lazy.map { $0 }))
        // One byte changed at each position, in a word or in the tail: every hash differs from the original.
        let hashes = Set(text.utf8.indices.map { index -> String in
            var bytes = Array(text.utf8)
            bytes[text.utf8.distance(from: text.utf8.startIndex, to: index)] ^= 0x20
            return StableHash.of(bytes: bytes)
        })
        #expect(hashes.count == text.utf8.count)
        #expect(!hashes.contains(StableHash.of(text)))
    }

    @Test func findingsAreReusedOnlyWhenEveryKeyMatches() {
        var store = LintCacheStore(toolVersion: "1")
        store.record([finding], forFile: "/a/A.swift", contentHash: "c", settingsKey: "s", indexKey: "i")
        #expect(store.findings(forFile: "/a/A.swift", contentHash: "c", settingsKey: "s", indexKey: "i") == [finding])
        #expect(store.findings(forFile: "/a/A.swift", contentHash: "c2", settingsKey: "s", indexKey: "i") == nil)
        #expect(store.findings(forFile: "/a/A.swift", contentHash: "c", settingsKey: "s2", indexKey: "i") == nil)
        #expect(store.findings(forFile: "/a/A.swift", contentHash: "c", settingsKey: "s", indexKey: "i2") == nil)
        #expect(store.findings(forFile: "/a/B.swift", contentHash: "c", settingsKey: "s", indexKey: "i") == nil)
    }

    @Test func indexKeyIsReusedOnlyForTheSameFileSet() {
        var store = LintCacheStore(toolVersion: "1")
        store.lastRun = .init(contentHashes: ["/a/A.swift": "c", "/a/B.swift": "d"], settingsKey: "s", indexKey: "i")
        #expect(store.reusableIndexKey(contentHashes: ["/a/A.swift": "c", "/a/B.swift": "d"], settingsKey: "s") == "i")
        #expect(store.reusableIndexKey(contentHashes: ["/a/A.swift": "c", "/a/B.swift": "e"], settingsKey: "s") == nil)
        #expect(store.reusableIndexKey(contentHashes: ["/a/A.swift": "c"], settingsKey: "s") == nil)
        #expect(store.reusableIndexKey(contentHashes: ["/a/A.swift": "c", "/a/B.swift": "d"], settingsKey: "t") == nil)
    }

    /// Every kind of record the index reads survives the byte form unchanged; damaged bytes throw, and
    /// the cache then reads as empty rather than misread.
    @Test func indexInputsSurviveTheByteFormAndDamageReadsAsEmpty() throws {
        let source = """
        import Foundation
        @_exported import Shared
        @MainActor final class Screen: NSObject, Screenish {
            static func make(count: Int = 1, _ label: String) -> Screen { Screen() }
            private func load() async { _ = try? Data(contentsOf: URL(fileURLWithPath: "/x")); await other.refresh(now: true) }
            init(name: String) { for _ in 0..<1_000_000 {}; Helper.run(); value.touch(); .shared.go() }
            func share() { let made = Screen.make("x"); made.quick() }
        }
        protocol Screenish { func load() async }
        struct Row: Identifiable { let id = UUID() }
        extension Screen: Sendable { nonisolated func quick() { usleep(10) } }
        actor Store { func save() { DispatchSemaphore(value: 0).wait() } }
        struct Services { var screen: Screen?; let store = Store() }
        final class Thumbnails {
            var loaded: [String: Data] = [:]
            func thumbnail(_ key: String) -> Data? { if let data = loaded[key] { return data }; let data = Data(); loaded[key] = data; return data }
            let icons = NSCache<NSString, NSData>()
            func icon(_ key: NSString) -> NSData? { icons.object(forKey: key) }
            func plain(_ key: String) -> Data? { loaded[key] }
        }
        final class Client {
            func get(_ path: String, done: @escaping (Data?) -> Void) { DispatchQueue.main.async { done(nil) } }
            func fetch(_ path: String, _ done: @escaping (Data?) -> Void) { get(path) { data in done(data) } }
            func load(_ path: String, _ done: @escaping (Data?) -> Void) { fetch(path, done) }
        }
        """
        let facts = ModuleIndexTestSupport.facts([source])[0]
        // A closure called on the main queue, and two handed on: as a trailing closure and as the second argument.
        #expect(facts.functions.first { $0.name == "get" }?.parameters.last?.isCalledOnTheMainQueue == true)
        #expect(facts.functions.flatMap(\.handsClosuresOn).map { "\($0.call.name) \($0.isTrailing) \($0.index)" } == ["get true -1", "fetch false 1"])
        let propertyTypes = [("id", "UUID"), ("screen", "Screen"), ("store", "Store"), ("loaded", "Dictionary"), ("icons", "NSCache")]
        #expect(facts.types.flatMap(\.propertyTypes) == propertyTypes.map { StoredPropertyType(name: $0, type: $1) })
        #expect(facts.functions.filter(\.keepsACache).map(\.name) == ["thumbnail", "icon"])
        var store = IndexInputsStore()
        store.entries["/a/A.swift"] = .init(contentHash: "c", settingsKey: "s", inputs: IndexInputs(facts))
        let bytes = store.encoded()
        let decoded = try IndexInputsStore(decoding: bytes)
        #expect(decoded.encoded() == bytes)
        let restored = try #require(decoded.inputs(forFile: "/a/A.swift", contentHash: "c", settingsKey: "s")).facts(fileIndex: 0, settings: .classic)
        #expect(String(describing: restored.functions) == String(describing: facts.functions))
        #expect(String(describing: restored.types) == String(describing: facts.types))
        #expect(restored.imports == facts.imports && restored.reexports == ["Shared"])
        #expect(decoded.inputs(forFile: "/a/A.swift", contentHash: "c2", settingsKey: "s") == nil)
        for length in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: (any Error).self) { try IndexInputsStore(decoding: Array(bytes.prefix(length))) }
        }
        #expect(throws: (any Error).self) { try IndexInputsStore(decoding: bytes + [0]) }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = LintCache(directory: folder, toolVersion: "1")
        try cache.save(store)
        #expect(cache.loadIndexInputs().entries.count == 1)
        try Data(bytes.prefix(bytes.count / 3)).write(to: cache.indexInputsURL)
        #expect(cache.loadIndexInputs().entries.isEmpty)
    }

    /// An edit run keeps the bytes of the entries it did not change and encodes only the others, against
    /// the string table it read; what it writes reads back as a store encoded afresh does.
    @Test func keptEntriesAreCopiedAndReadBackLikeAFreshEncoding() throws {
        let inputs = ["func one() { usleep(1) }", "struct Two { func two() -> Int { 2 } }", "func three() { for _ in 0..<9 { one() } }"]
            .map { IndexInputs(ModuleIndexTestSupport.facts([$0])[0]) }
        var first = IndexInputsStore()
        first.entries["/A.swift"] = .init(contentHash: "a", settingsKey: "s", inputs: inputs[0])
        first.entries["/B.swift"] = .init(contentHash: "b", settingsKey: "s", inputs: inputs[1])
        let read = try IndexInputsStore(decoding: first.encoded())

        var edited = read
        edited.entries = [:]
        let kept = try #require(read.unchangedEntry(forFile: "/A.swift", contentHash: "a", settingsKey: "s"))
        edited.entries["/A.swift"] = kept
        edited.entries["/B.swift"] = .init(contentHash: "b2", settingsKey: "s", inputs: inputs[2])
        #expect(read.unchangedEntry(forFile: "/B.swift", contentHash: "b2", settingsKey: "s") == nil)
        var fresh = IndexInputsStore()
        fresh.entries["/A.swift"] = .init(contentHash: "a", settingsKey: "s", inputs: inputs[0])
        fresh.entries["/B.swift"] = .init(contentHash: "b2", settingsKey: "s", inputs: inputs[2])

        let incremental = try IndexInputsStore(decoding: edited.encoded())
        let full = try IndexInputsStore(decoding: fresh.encoded())
        for (path, hash) in [("/A.swift", "a"), ("/B.swift", "b2")] {
            let kept = try #require(incremental.inputs(forFile: path, contentHash: hash, settingsKey: "s")).facts(fileIndex: 0, settings: .classic)
            let afresh = try #require(full.inputs(forFile: path, contentHash: hash, settingsKey: "s")).facts(fileIndex: 0, settings: .classic)
            #expect(String(describing: kept.functions) == String(describing: afresh.functions))
            #expect(String(describing: kept.types) == String(describing: afresh.types))
        }
        // Read and written again without a change, the incremental store keeps its bytes.
        #expect(incremental.encoded() == edited.encoded())
    }

    @Test func savesAndLoadsPerToolVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = LintCache(directory: folder, toolVersion: "1")
        #expect(cache.load() == LintCacheStore(toolVersion: "1"))
        var store = cache.load()
        store.record([finding], forFile: "/a/A.swift", contentHash: "c", settingsKey: "s", indexKey: "i")
        try cache.save(store)
        #expect(cache.load() == store)
        #expect(LintCache(directory: folder, toolVersion: "2").load().files.isEmpty)
        try Data("not a store".utf8).write(to: cache.storeURL)
        #expect(cache.load().files.isEmpty)
    }

    /// Another build's cache is not read, and saving removes the files other builds left; the cache
    /// identity names the running build, so an upgraded MainGuard never serves an older build's findings.
    @Test func aNewBuildNeitherReadsNorKeepsAnOlderBuildsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let older = LintCache(directory: folder, toolVersion: "0.1.0+1000-1")
        var store = older.load()
        store.record([finding], forFile: "/a/A.swift", contentHash: "c", settingsKey: "s", indexKey: "i")
        try older.save(store)
        try older.save(IndexInputsStore())
        let newer = LintCache(directory: folder, toolVersion: "0.1.0+2000-2")
        #expect(newer.load().files.isEmpty)
        try newer.save(newer.load())
        try newer.save(IndexInputsStore())
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [newer.indexInputsURL.lastPathComponent, newer.storeURL.lastPathComponent].sorted())
        #expect(ToolVersion.cacheIdentity.hasPrefix(ToolVersion.current + "+"))
    }

    /// The findings store's byte form keeps every field of a finding, its view included (which equality
    /// ignores), the last run's manifest, and the text passes' questions and each file's answers; damaged bytes throw.
    @Test func findingsSurviveTheByteForm() throws {
        var inView = Finding(ruleID: "side_effect_in_view_body", severity: .error, message: "m", file: "/a/V.swift", line: 3, column: 9,
                             cause: "k", otherSites: ["/a/W.swift:4:2"])
        inView.enclosingView = .view("Card")
        var outside = finding
        outside.enclosingView = Finding.EnclosingView.none
        outside.backgroundOnlyMethod = .init(name: "repeatKey", type: "ShellViewController", labels: "_:")
        var store = LintCacheStore(toolVersion: "1")
        store.record([inView, outside, finding], forFile: "/a/V.swift", contentHash: "c", settingsKey: "s", indexKey: "i", factsDigest: "d")
        store.record([], forFile: "/a/W.swift", contentHash: "c2", settingsKey: "s", indexKey: "i")
        store.lastRun = .init(contentHashes: ["/a/V.swift": "c", "/a/W.swift": "c2"], settingsKey: "r", indexKey: "i")
        let method = BackgroundOnlyMethods.Method(name: "repeatKey", type: "ShellViewController", labels: "_:")
        store.textQuestions = .init(methods: [method], roots: .init(names: ["load", "Card"], created: ["Card"], types: ["Loader"]))
        store.files["/a/V.swift"]?.textAnswers = .init(methods: .init(mayCall: [method], callsOnlyInBackground: [method: true]),
                                                       roots: .init(named: ["load"], inherited: [.init(name: "Loader", inherited: ["Refreshing"])],
                                                                    protocols: [.init(name: "Refreshing", inherited: [])]))
        store.files["/a/W.swift"]?.textAnswers = .init(methods: nil, roots: .init())
        let bytes = store.encoded()
        let decoded = try LintCacheStore(decoding: bytes)
        #expect(decoded == store)
        let findings = try #require(decoded.files["/a/V.swift"]?.findings)
        #expect(findings.map(\.enclosingView) == [.view("Card"), Finding.EnclosingView.none, nil])
        #expect(findings.map(\.backgroundOnlyMethod) == [nil, .init(name: "repeatKey", type: "ShellViewController", labels: "_:"), nil])
        #expect(findings.first?.otherSites == ["/a/W.swift:4:2"] && findings.first?.cause == "k")
        #expect(decoded.encoded() == bytes)
        for length in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: (any Error).self) { try LintCacheStore(decoding: Array(bytes.prefix(length))) }
        }
    }
}
