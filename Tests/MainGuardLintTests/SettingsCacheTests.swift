import Foundation
import Testing
@testable import MainGuardLint

/// The settings a cached run reuses (`SettingsCacheEntry`): the same as reading the projects again, and read
/// again whenever what they were read from changes.
@Suite struct SettingsCacheTests {
    /// Under default isolation MainActor the importer's async call stays on the main actor, which loops before
    /// its first await (`async_function_runs_on_main_actor`).
    private static let screen = """
        import SwiftUI
        struct ContentView: View {
            var body: some View {
                Text("Import").task { await Importer().loadAll() }
            }
        }
        final class Importer {
            func loadAll() async {
                await sumEverything()
            }
        }
        func sumEverything() async {
            var total = 0
            for value in 0..<100_000 { total += value }
            await Task.yield()
            print(total)
        }
        @main
        struct ImporterApp: App {
            var body: some Scene {
                WindowGroup { ContentView() }
            }
        }

        """

    private static func manifest(mainActor: Bool) -> String {
        """
        // swift-tools-version: 6.2
        import PackageDescription
        let package = Package(name: "App", targets: [
            .target(name: "App"\(mainActor ? ", swiftSettings: [.defaultIsolation(MainActor.self)]" : "")),
        ])
        """
    }

    private static func withPackage(_ body: (URL, LintCache) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-settings-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try manifest(mainActor: true).write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try screen.write(to: folder.appendingPathComponent("Sources/App/Screen.swift"), atomically: true, encoding: .utf8)
        try body(folder, LintCache(directory: folder.appendingPathComponent(".build/cache"), toolVersion: "test"))
    }

    private static func lint(_ folder: URL, cache: LintCache?) throws -> [Finding] {
        try TeamLinter(cache: cache, sourceRoot: folder.path, threads: 2).lint(paths: [folder.path]).lint.findings
    }

    @Test func aChangedManifestIsReadAgain() throws {
        try Self.withPackage { folder, cache in
            // Default isolation MainActor keeps the loop on the main actor.
            #expect(try Self.lint(folder, cache: cache).map(\.ruleID) == ["async_function_runs_on_main_actor"])
            #expect(cache.loadSettings() != nil)
            #expect(try Self.lint(folder, cache: cache).map(\.ruleID) == ["async_function_runs_on_main_actor"])
            try Self.manifest(mainActor: false).write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            #expect(try Self.lint(folder, cache: cache).isEmpty)
            #expect(try Self.lint(folder, cache: nil).isEmpty)
        }
    }

    @Test func anEntryIsReusedUntilWhatItWasReadFromChanges() throws {
        try Self.withPackage { folder, _ in
            let path = folder.appendingPathComponent("Sources/App/Screen.swift").path
            let cwd = FileManager.default.currentDirectoryPath
            var detector = SettingsDetector()
            let entry = SettingsCacheEntry(workingDirectory: cwd, paths: [path], settings: detector.settings(forFiles: [path], threads: 1),
                                           detector: detector)
            #expect(entry.settings.map(\.targetName) == ["App"])
            #expect(entry.stamps.keys.contains(folder.appendingPathComponent("Package.swift").path))
            #expect(entry.stamps.keys.contains(folder.appendingPathComponent("Sources/App").path))
            // The byte form gives the entry back, provenance included.
            let decoded = try SettingsCacheEntry(decoding: entry.encoded())
            #expect(decoded == entry)
            #expect(decoded.settings.map(\.provenance) == entry.settings.map(\.provenance))

            // Editing the Swift file (its folder's time moves, a save through a temporary file) changes nothing.
            try (Self.screen + "// edited\n").write(toFile: path, atomically: true, encoding: .utf8)
            #expect(entry.reusable(forPaths: [path], workingDirectory: cwd) == entry)
            // Other files, another working folder: not this entry's answers.
            #expect(entry.reusable(forPaths: [path, path + "2"], workingDirectory: cwd) == nil)
            #expect(entry.reusable(forPaths: [path], workingDirectory: cwd + "/elsewhere") == nil)

            // A project appearing in a folder above the file.
            let project = folder.appendingPathComponent("Sources/App.xcodeproj")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            #expect(entry.reusable(forPaths: [path], workingDirectory: cwd) == nil)
            try FileManager.default.removeItem(at: project)
            #expect(entry.reusable(forPaths: [path], workingDirectory: cwd) == entry)

            // The manifest rewritten, or a target's folder gone.
            let manifest = folder.appendingPathComponent("Package.swift")
            try (Self.manifest(mainActor: true) + "\n").write(to: manifest, atomically: true, encoding: .utf8)
            #expect(entry.reusable(forPaths: [path], workingDirectory: cwd) == nil)
            let fresh = SettingsCacheEntry(workingDirectory: cwd, paths: [path], settings: entry.settings, detector: {
                var detector = SettingsDetector()
                _ = detector.settings(forFiles: [path], threads: 1)
                return detector
            }())
            #expect(fresh.reusable(forPaths: [path], workingDirectory: cwd) == fresh)
            try FileManager.default.moveItem(at: folder.appendingPathComponent("Sources/App"), to: folder.appendingPathComponent("Sources/Moved"))
            #expect(fresh.reusable(forPaths: [path], workingDirectory: cwd) == nil)
        }
    }

    @Test func aDamagedFileReadsAsNoEntry() throws {
        try Self.withPackage { folder, cache in
            _ = try Self.lint(folder, cache: cache)
            var bytes = [UInt8](try Data(contentsOf: cache.settingsURL))
            bytes.removeLast()
            try Data(bytes).write(to: cache.settingsURL)
            #expect(cache.loadSettings() == nil)
            #expect(try Self.lint(folder, cache: cache).map(\.ruleID) == ["async_function_runs_on_main_actor"])
        }
    }
}
