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
                .macro(name: "CoreMacros", dependencies: []),
                .plugin(name: "Lint", capability: .buildTool()),
            ]
        )
        """

    func testPackageManifestTargetsPathsAndSettings() {
        let targets = PackageManifest.targets(inManifest: manifest, packageDirectory: "/repo")
        XCTAssertEqual(targets.map(\.name), ["Core", "App", "Legacy", "CoreTests", "CoreMacros", "Lint"])
        XCTAssertEqual(targets.map(\.directory), ["/repo/Sources/Core", "/repo/Apps/App", "/repo/Sources/Legacy", "/repo/Tests/CoreTests",
                                                  "/repo/Sources/CoreMacros", "/repo/Plugins/Lint"])
        XCTAssertEqual(targets.map(\.settings), [
            named("Core"), named("App", isolation: true, nonsending: true), named("Legacy", nonsending: true), named("CoreTests", test: true),
            named("CoreMacros"), named("Lint"),
        ])
        XCTAssertEqual(targets[1].settings.provenance, SettingsProvenance(
            owner: "repo/Package.swift target App",
            defaultIsolation: "repo/Package.swift target App: .defaultIsolation(MainActor.self)",
            nonisolatedNonsendingByDefault: "repo/Package.swift target App: .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")",
            languageMode: "repo/Package.swift target App: .swiftLanguageMode(.v6)"))
        XCTAssertEqual(targets[0].settings.provenance.languageMode, "repo/Package.swift target Core: swift-tools-version 6")
    }

    /// The language mode decides whether a default-isolated method can run on a background queue
    /// (`ModuleSettings.compilerKeepsCallersOnMainActor`): SwiftPM's tools version, the package's modes and
    /// the target's own, and Xcode's `SWIFT_VERSION`.
    func testLanguageModeFromToolsVersionPackageTargetAndProject() throws {
        let older = PackageManifest.targets(inManifest: "// swift-tools-version:5.9\nlet package = Package(name: \"A\", targets: [.target(name: \"A\")])",
                                            packageDirectory: "/repo")
        XCTAssertEqual(older.map(\.settings.languageMode), [5])
        let pinned = PackageManifest.targets(inManifest: """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(
                name: "B",
                targets: [
                    .target(name: "Old", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "New", swiftSettings: [.defaultIsolation(MainActor.self), .swiftLanguageMode(.v6)]),
                ],
                swiftLanguageModes: [.v5]
            )
            """, packageDirectory: "/repo")
        XCTAssertEqual(pinned.map(\.settings.languageMode), [5, 6])
        XCTAssertEqual(pinned[0].settings.provenance.languageMode, "repo/Package.swift target Old: swiftLanguageModes: [.v5]")
        XCTAssertFalse(pinned[0].settings.compilerKeepsCallersOnMainActor)
        XCTAssertTrue(pinned[1].settings.compilerKeepsCallersOnMainActor)

        let directory = try TemporaryDirectory(self)
        try directory.write("App.xcodeproj/project.pbxproj", appProject(buildSettings: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; SWIFT_VERSION = 5.0;"))
        var detector = SettingsDetector()
        let settings = detector.settings(forFile: try directory.write("App/Store.swift", ""))
        XCTAssertEqual(settings.languageMode, 5)
        XCTAssertEqual(settings.provenance.languageMode, "project configuration Debug: SWIFT_VERSION = 5.0")
        XCTAssertFalse(settings.compilerKeepsCallersOnMainActor)
        XCTAssertTrue(ModuleSettings(defaultIsolationMainActor: true).compilerKeepsCallersOnMainActor, "a mode nothing states counts as Swift 6")
    }

    func testSettingsThroughVariablesAndLoopsOverTargetsAndExcludedFiles() throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let strict: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
            let uiSettings = strict + [.defaultIsolation(MainActor.self)]
            let package = Package(
                name: "Demo",
                targets: [
                    .target(name: "UI", exclude: ["Legacy", "Notes.swift"], swiftSettings: uiSettings),
                    .target(name: "Model", sources: ["Core"]),
                ]
            )
            for target in package.targets where target.type != .test {
                target.swiftSettings = (target.swiftSettings ?? []) + [.enableExperimentalFeature("NonisolatedNonsendingByDefault")]
            }
            """
        let targets = PackageManifest.targets(inManifest: manifest, packageDirectory: "/repo")
        XCTAssertEqual(targets.map(\.settings), [named("UI", isolation: true, nonsending: true), named("Model", nonsending: true)])
        XCTAssertEqual(targets[0].settings.provenance.nonisolatedNonsendingByDefault,
                       "repo/Package.swift target UI: .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")")
        XCTAssertEqual(targets[1].settings.provenance.nonisolatedNonsendingByDefault,
                       "repo/Package.swift target Model: .enableExperimentalFeature(\"NonisolatedNonsendingByDefault\")")
        XCTAssertTrue(targets[0].compiles("/repo/Sources/UI/View.swift"))
        XCTAssertFalse(targets[0].compiles("/repo/Sources/UI/Legacy/Old.swift"))
        XCTAssertFalse(targets[0].compiles("/repo/Sources/UI/Notes.swift"))
        XCTAssertTrue(targets[1].compiles("/repo/Sources/Model/Core/Store.swift"))
        XCTAssertFalse(targets[1].compiles("/repo/Sources/Model/Scratch.swift"))
        XCTAssertFalse(targets[1].compiles("/repo/Sources/ModelKit/Store.swift"))
    }

    func testALoopOverTargetsThatBuildsTheirSettingsInALocal() {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Images", targets: [.target(name: "Thumbnails"), .target(name: "Decoding")])
            for target in package.targets {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("InferIsolatedConformances"))
                settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
                target.swiftSettings = settings
            }
            """
        let targets = PackageManifest.targets(inManifest: manifest, packageDirectory: "/repo")
        XCTAssertEqual(targets.map(\.settings), [named("Thumbnails", nonsending: true), named("Decoding", nonsending: true)])
        XCTAssertEqual(targets[0].settings.provenance.nonisolatedNonsendingByDefault,
                       "repo/Package.swift target Thumbnails: .enableUpcomingFeature(\"NonisolatedNonsendingByDefault\")")
        // A local the loop never hands to the targets changes nothing.
        let unused = manifest.replacingOccurrences(of: "target.swiftSettings = settings", with: "target.swiftSettings = target.swiftSettings")
        XCTAssertEqual(PackageManifest.targets(inManifest: unused, packageDirectory: "/repo").map(\.settings),
                       [named("Thumbnails"), named("Decoding")])
    }

    func testDetectorFindsTheNearestManifestAboveAFile() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Package.swift", manifest)
        let app = try directory.write("Apps/App/Deep/Model.swift", "")
        let core = try directory.write("Sources/Core/Core.swift", "")
        let loose = try directory.write("Scripts/tool.swift", "")
        var detector = SettingsDetector()
        XCTAssertEqual(detector.settings(forFile: app), named("App", isolation: true, nonsending: true))
        XCTAssertEqual(detector.settings(forFile: core), named("Core"))
        XCTAssertEqual(detector.settings(forFile: loose), .classic)
    }

    func testXcodeProjectSettingsApplyToTheFilesOfTheirTarget() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("App.xcodeproj/project.pbxproj", appProject(
            buildSettings: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; SWIFT_APPROACHABLE_CONCURRENCY = YES; SWIFT_VERSION = 6.0;"))
        let file = try directory.write("App/ContentView.swift", "")
        let script = try directory.write("Scripts/tool.swift", "")
        var detector = SettingsDetector()
        XCTAssertEqual(detector.settings(forFile: file), named("App", isolation: true, nonsending: true))
        XCTAssertEqual(detector.settings(forFile: script), .classic)
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
        XCTAssertEqual(settings, named("MainGuardExamplesSwift62", isolation: true, nonsending: true))
        XCTAssertEqual(detector.settings(forFile: PackageRoot.path + "/Examples/Workloads/ButtonCases.swift"), named("MainGuardExamples"))
        XCTAssertEqual(detector.settings(forFile: PackageRoot.path + "/Tests/MainGuardLintTests/ModuleSettingsTests.swift"),
                       named("MainGuardLintTests", test: true))
    }
}

/// A project whose app target `App` compiles the folder `App` with the project's Debug `buildSettings`.
private func appProject(buildSettings: String) -> String {
    """
    { objects = {
        PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (APP); buildConfigurationList = PL; };
        MAIN = { isa = PBXGroup; children = (SYNC); sourceTree = "<group>"; };
        SYNC = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
        APP = { isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (SYNC); productType = "com.apple.product-type.application"; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PD); };
        PD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { \(buildSettings) }; };
    }; rootObject = PRJ; }
    """
}

/// Settings as a target named `target` compiles with (its module name is the target's).
/// Settings as a target named `target` compiles with (its module name is the target's); the manifests and
/// the project here compile in Swift 6 mode unless `mode` says otherwise.
private func named(_ target: String, isolation: Bool = false, nonsending: Bool = false, test: Bool = false, mode: Int? = 6) -> ModuleSettings {
    var settings = ModuleSettings(targetName: target, defaultIsolationMainActor: isolation, nonisolatedNonsendingByDefault: nonsending)
    settings.moduleName = target
    settings.isTestTarget = test
    settings.languageMode = mode
    return settings
}

/// This package's root, found from the test file's own path.
enum PackageRoot {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
