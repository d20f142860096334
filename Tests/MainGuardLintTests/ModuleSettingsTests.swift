@testable import MainGuardLint
import XCTest

final class ModuleSettingsTests: XCTestCase {
    private let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription
        let package = Package(
            name: "Demo",
            targets: [
                .target(name: "Core"),
                .executableTarget(
                    name: "App",
                    path: "Apps/App",
                    swiftSettings: [
                        .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                        .swiftLanguageMode(.v6),
                    ]
                ),
                .target(name: "Legacy", swiftSettings: [.defaultIsolation(nil), .enableExperimentalFeature("NonisolatedNonsendingByDefault")]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """

    func testPackageManifestTargetsPathsAndSettings() {
        let targets = PackageManifest.targets(inManifest: manifest, packageDirectory: "/repo")
        XCTAssertEqual(targets.map(\.name), ["Core", "App", "Legacy", "CoreTests"])
        XCTAssertEqual(targets.map(\.directory), ["/repo/Sources/Core", "/repo/Apps/App", "/repo/Sources/Legacy", "/repo/Tests/CoreTests"])
        XCTAssertEqual(targets[0].settings, ModuleSettings(targetName: "Core"))
        XCTAssertEqual(targets[1].settings, ModuleSettings(targetName: "App", defaultIsolationMainActor: true, nonisolatedNonsendingByDefault: true))
        XCTAssertEqual(targets[2].settings, ModuleSettings(targetName: "Legacy", defaultIsolationMainActor: false, nonisolatedNonsendingByDefault: true))
    }

    func testDetectorFindsTheNearestManifestAboveAFile() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Package.swift", manifest)
        let app = try directory.write("Apps/App/Deep/Model.swift", "")
        let core = try directory.write("Sources/Core/Core.swift", "")
        let loose = try directory.write("Scripts/tool.swift", "")
        var detector = SettingsDetector()
        XCTAssertEqual(detector.settings(forFile: app), ModuleSettings(targetName: "App", defaultIsolationMainActor: true, nonisolatedNonsendingByDefault: true))
        XCTAssertEqual(detector.settings(forFile: core), ModuleSettings(targetName: "Core"))
        XCTAssertEqual(detector.settings(forFile: loose), .classic)
    }

    func testXcodeProjectSettings() throws {
        let pbxproj = """
            buildSettings = {
                SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;
                SWIFT_APPROACHABLE_CONCURRENCY = YES;
                SWIFT_VERSION = 6.0;
            };
            """
        XCTAssertEqual(XcodeProject.settings(inPBXProj: pbxproj, projectName: "App"),
                       ModuleSettings(targetName: "App", defaultIsolationMainActor: true, nonisolatedNonsendingByDefault: true))
        let upcomingOnly = "SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT = YES;\nSWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;"
        XCTAssertEqual(XcodeProject.settings(inPBXProj: upcomingOnly, projectName: "App"),
                       ModuleSettings(targetName: "App", nonisolatedNonsendingByDefault: true))

        let directory = try TemporaryDirectory(self)
        try directory.write("App.xcodeproj/project.pbxproj", pbxproj)
        let file = try directory.write("App/ContentView.swift", "")
        var detector = SettingsDetector()
        XCTAssertTrue(detector.settings(forFile: file).defaultIsolationMainActor)
    }

    func testCommandLineOverridesWin() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Package.swift", manifest)
        try directory.write("Sources/Core/Work.swift", """
            final class Importer {
                func start() async { await crunch() }
            }
            func crunch() async { for _ in 0..<1_000 {} }
            """)
        let classic = try Linter().lint(paths: [directory.path])
        XCTAssertTrue(classic.findings.isEmpty)
        let overridden = try Linter(configuration: LintConfiguration(overrides: SettingsOverrides(
            defaultIsolationMainActor: true, nonisolatedNonsendingByDefault: true))).lint(paths: [directory.path])
        XCTAssertEqual(overridden.findings.map(\.ruleID), ["async_function_runs_on_main_actor"])

        try directory.write("Apps/App/Work.swift", "func crunch() async { for _ in 0..<1_000 {} }\nfinal class Screen { func appear() async { await crunch() } }")
        let forcedOff = try Linter(configuration: LintConfiguration(overrides: SettingsOverrides(
            defaultIsolationMainActor: false, nonisolatedNonsendingByDefault: false))).lint(paths: [directory.path + "/Apps"])
        XCTAssertTrue(forcedOff.findings.isEmpty)
        XCTAssertEqual(try Linter().lint(paths: [directory.path + "/Apps"]).findings.map(\.ruleID), ["async_function_runs_on_main_actor"])
    }

    func testThisPackagesExamplesTargetIsDetected() {
        var detector = SettingsDetector()
        let settings = detector.settings(forFile: PackageRoot.path + "/Examples/Swift62/Swift62Button.swift")
        XCTAssertEqual(settings, ModuleSettings(targetName: "MainGuardExamplesSwift62", defaultIsolationMainActor: true,
                                                nonisolatedNonsendingByDefault: true))
        XCTAssertEqual(detector.settings(forFile: PackageRoot.path + "/Examples/Workloads/ButtonCases.swift"),
                       ModuleSettings(targetName: "MainGuardExamples"))
    }
}

/// This package's root, found from the test file's own path.
enum PackageRoot {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
