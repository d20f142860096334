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
        try Data("not json".utf8).write(to: cache.storeURL)
        #expect(cache.load().files.isEmpty)
    }
}
