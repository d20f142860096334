import Foundation
import XCTest

/// `mainguard settings` on a repository that mixes an Xcode project and Swift packages.
final class SettingsCommandTests: XCTestCase {
    private let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/MixedRepo").standardizedFileURL.path

    func testTextShowsEachFoldersTargetAndWhereSettingsCameFrom() throws {
        let result = try MainGuardCLI.run(["settings", fixture + "/App", fixture + "/Tools"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, """
            \(fixture)/App/AppMain.swift: target App, module Demo_App
              from: App.xcodeproj target App
              default isolation: MainActor (configuration Debug: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor)
              NonisolatedNonsendingByDefault: on (project configuration Debug: SWIFT_APPROACHABLE_CONCURRENCY = YES)
              language mode: Swift 6 (project configuration Debug: SWIFT_VERSION = 6.0)
            \(fixture)/App/Legacy/ (1 file): fallback: not in any target
              default isolation: nonisolated (default)
              NonisolatedNonsendingByDefault: off (default)
              language mode: not stated
            \(fixture)/App/Screens/ (1 file): target App, module Demo_App
              from: App.xcodeproj target App
              default isolation: MainActor (configuration Debug: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor)
              NonisolatedNonsendingByDefault: on (project configuration Debug: SWIFT_APPROACHABLE_CONCURRENCY = YES)
              language mode: Swift 6 (project configuration Debug: SWIFT_VERSION = 6.0)
            \(fixture)/Tools/ (1 file): target Tools, module Tools
              from: MixedRepo/Package.swift target Tools
              default isolation: nonisolated (default)
              NonisolatedNonsendingByDefault: off (default)
              language mode: Swift 6 (MixedRepo/Package.swift target Tools: swift-tools-version 6)
            1 file no target claims

            """)
    }

    func testJSONAndErrors() throws {
        let result = try MainGuardCLI.run(["settings", "--format", "json", fixture + "/Packages/Core/Tests"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let entry = try XCTUnwrap((json["entries"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["path"] as? String, fixture + "/Packages/Core/Tests/")
        let assignment = try XCTUnwrap(entry["assignment"] as? [String: Any])
        XCTAssertEqual(assignment["target"] as? String, "CoreTests")
        XCTAssertEqual(assignment["isTestTarget"] as? Bool, true)
        XCTAssertEqual(assignment["languageMode"] as? Int, 6)
        XCTAssertEqual(json["unclaimedFiles"] as? Int, 0)

        let missing = try MainGuardCLI.run(["settings", fixture + "/Nowhere"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.standardError, "error: \(fixture)/Nowhere: no such file or directory\n")
    }

    func testAConfigurationFileCoversUnclaimedFiles() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let config = scratch.appendingPathComponent("team.yml").path
        try "default_isolation: MainActor\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try MainGuardCLI.run(["settings", "--config", config, fixture + "/Scripts"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("  default isolation: MainActor (.mainguard.yml default_isolation: MainActor)\n"),
                      result.standardOutput)

        try "default_isolation: [\n".write(toFile: config, atomically: true, encoding: .utf8)
        let broken = try MainGuardCLI.run(["settings", "--config", config, fixture + "/Scripts"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.standardError.hasPrefix(config), broken.standardError)
    }

    func testLintVerboseNamesUnclaimedFiles() throws {
        let result = try MainGuardCLI.run(["lint", "--no-cache", "--verbose", fixture + "/Scripts", fixture + "/Tools"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains(
            "1 file no target claims (fallback settings: classic, or the configuration's defaults): \(fixture)/Scripts/bump-version.swift\n"),
            result.standardError)
    }

    /// SwiftPM compiles a manifest and no target is meant to: it is not among the files worth a look.
    func testLintVerboseLeavesPackageManifestsOut() throws {
        let result = try MainGuardCLI.run(["lint", "--no-cache", "--verbose", fixture])
        let line = try XCTUnwrap(result.standardError.split(separator: "\n").first { $0.contains("no target claims") }, result.standardError)
        XCTAssertTrue(line.hasPrefix("2 files no target claims"), String(line))
        XCTAssertTrue(line.contains("\(fixture)/Scripts/bump-version.swift") && line.contains("\(fixture)/App/Legacy/OldImporter.swift"), String(line))
        XCTAssertFalse(line.contains("Package.swift"), String(line))
    }
}
