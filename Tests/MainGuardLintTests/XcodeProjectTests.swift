@testable import MainGuardLint
import XCTest

final class PropertyListTests: XCTestCase {
    func testDictionariesArraysStringsAndComments() throws {
        let plist = try PropertyList.parse("""
            // !$*UTF8*$!
            {
                isa = PBXGroup; /* a comment */
                children = (A1 /* First.swift */, "B 2", );
                path = "Sources/My \\"App\\"";
                empty = ();
                nested = {key = value; };
                unicode = "caf\\U00e9";
            }
            """)
        XCTAssertEqual(plist["isa"]?.string, "PBXGroup")
        XCTAssertEqual(plist["children"]?.strings, ["A1", "B 2"])
        XCTAssertEqual(plist["path"]?.string, "Sources/My \"App\"")
        XCTAssertEqual(plist["empty"]?.strings, [])
        XCTAssertEqual(plist["nested"]?["key"]?.string, "value")
        XCTAssertEqual(plist["unicode"]?.string, "café")
    }

    func testMalformedInputThrowsWithALine() {
        for text in ["", "{", "{ a = b }", "{ a = (b, c; }", "(a b)", "{ a = \"open; }", "/* open", "{} extra", "{ = b; }"] {
            XCTAssertThrowsError(try PropertyList.parse(text), text)
        }
        XCTAssertThrowsError(try PropertyList.parse("{\n a = b;\n c = ;\n}")) { error in
            XCTAssertEqual((error as? PropertyList.ParseError)?.line, 3)
        }
        XCTAssertThrowsError(try PropertyList.parse(String(repeating: "(", count: 100_000)))
    }

    /// Every prefix and a spread of byte-mangled variants of a real-shaped project parse or throw, never trap.
    func testNoCrashOnTruncatedOrMangledProjects() throws {
        let text = try String(contentsOfFile: MixedRepo.path + "/App.xcodeproj/project.pbxproj", encoding: .utf8)
        let bytes = Array(text.utf8)
        var generator = SplitMix64(seed: 17)
        for end in stride(from: 0, to: bytes.count, by: 7) {
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            _ = try? PropertyList.parse(prefix)
            _ = try? XcodeProject(pbxproj: prefix, projectDirectory: "/repo", name: "App")
        }
        let alphabet = Array("{}();=\"\\/*, \nab$".utf8)
        for _ in 0..<300 {
            var mangled = bytes
            for _ in 0..<8 {
                mangled[Int(generator.next() % UInt64(mangled.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = try? XcodeProject(pbxproj: String(decoding: mangled, as: UTF8.self), projectDirectory: "/repo", name: "App")
        }
    }
}

/// A small deterministic generator, so a failing mangled input can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Tests/Fixtures/MixedRepo: an Xcode project (synchronized App folder, classic AppTests and Widget
/// groups), a local package, and a root Package.swift with only a Tools target.
enum MixedRepo {
    static var path: String { PackageRoot.path + "/Tests/Fixtures/MixedRepo" }
}

final class XcodeProjectTests: XCTestCase {
    private func fixtureProject() throws -> XcodeProject {
        let text = try String(contentsOfFile: MixedRepo.path + "/App.xcodeproj/project.pbxproj", encoding: .utf8)
        return try XcodeProject(pbxproj: text, projectDirectory: "/repo", name: "App")
    }

    func testTargetsProductTypesAndFiles() throws {
        let project = try fixtureProject()
        XCTAssertEqual(project.targets.map(\.name), ["App", "AppTests", "DemoWidget"])
        XCTAssertEqual(project.targets.map(\.isTestBundle), [false, true, false])
        XCTAssertEqual(project.targets[2].productType, "com.apple.product-type.app-extension")
        XCTAssertEqual(project.targets[0].sourceFiles, [])
        XCTAssertEqual(project.targets[0].synchronizedFolders,
                       [XcodeTarget.SynchronizedFolder(path: "/repo/App", excludedFiles: ["/repo/App/Legacy/OldImporter.swift"])])
        XCTAssertEqual(project.targets[1].sourceFiles, ["/repo/AppTests/HomeScreenTests.swift"])
        XCTAssertEqual(project.targets[2].sourceFiles, ["/repo/Widget/DemoWidget.swift"])
    }

    func testSettingsPerTargetInheritProjectLevelOnes() throws {
        let settings = try fixtureProject().targets.map(\.settings)
        // App: MainActor in Debug only (any configuration turns it on), approachable concurrency from the project.
        XCTAssertEqual(settings[0], {
            var app = ModuleSettings(targetName: "App", defaultIsolationMainActor: true, nonisolatedNonsendingByDefault: true)
            app.moduleName = "Demo_App"
            app.languageMode = 6
            return app
        }())
        XCTAssertEqual(settings[0].provenance, SettingsProvenance(
            owner: "App.xcodeproj target App",
            defaultIsolation: "configuration Debug: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor",
            nonisolatedNonsendingByDefault: "project configuration Debug: SWIFT_APPROACHABLE_CONCURRENCY = YES",
            languageMode: "project configuration Debug: SWIFT_VERSION = 6.0"))
        // AppTests turns the project's setting off for itself; the app's MainActor isolation is not its own.
        XCTAssertFalse(settings[1].nonisolatedNonsendingByDefault)
        XCTAssertFalse(settings[1].defaultIsolationMainActor)
        XCTAssertTrue(settings[1].isTestTarget)
        XCTAssertEqual(settings[1].moduleName, "AppTests")
        XCTAssertTrue(settings[2].nonisolatedNonsendingByDefault)
        XCTAssertFalse(settings[2].defaultIsolationMainActor)
    }

    func testClassicGroupsSourceTreesAndSwiftFlags() throws {
        let text = """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (TGT, AGG); buildConfigurationList = PL; };
                MAIN = { isa = PBXGroup; children = (GRP, ROOTFILE, SDKFILE, VARIANT); sourceTree = "<group>"; };
                GRP = { isa = PBXGroup; children = (SUB); path = Sources; sourceTree = "<group>"; };
                SUB = { isa = PBXGroup; children = (F1); name = "Virtual Group"; sourceTree = "<group>"; };
                F1 = { isa = PBXFileReference; path = Model.swift; sourceTree = "<group>"; };
                ROOTFILE = { isa = PBXFileReference; path = Shared/Util.swift; sourceTree = SOURCE_ROOT; };
                SDKFILE = { isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
                VARIANT = { isa = PBXVariantGroup; children = (); name = Localizable.strings; sourceTree = "<group>"; };
                B1 = { isa = PBXBuildFile; fileRef = F1; };
                B2 = { isa = PBXBuildFile; fileRef = ROOTFILE; };
                B3 = { isa = PBXBuildFile; fileRef = SDKFILE; };
                B4 = { isa = PBXBuildFile; productRef = PKG; };
                PHASE = { isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4, MISSING); };
                TGT = { isa = PBXNativeTarget; name = Kit; buildPhases = (PHASE); buildConfigurationList = TL;
                        productType = "com.apple.product-type.framework"; };
                AGG = { isa = PBXAggregateTarget; name = Lint; };
                PL = { isa = XCConfigurationList; buildConfigurations = (PD); };
                PD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { OTHER_SWIFT_FLAGS = "-D DEBUG -enable-upcoming-feature NonisolatedNonsendingByDefault"; }; };
                TL = { isa = XCConfigurationList; buildConfigurations = (TD); };
                TD = { isa = XCBuildConfiguration; name = Debug; buildSettings = {
                    OTHER_SWIFT_FLAGS = ("$(inherited)", "-Xfrontend", "-default-isolation=MainActor");
                    PRODUCT_MODULE_NAME = KitCore; }; };
            }; rootObject = PRJ; }
            """
        let project = try XcodeProject(pbxproj: text, projectDirectory: "/repo", name: "Kit")
        XCTAssertEqual(project.targets.map(\.name), ["Kit"])
        XCTAssertEqual(project.targets[0].sourceFiles, ["/repo/Sources/Model.swift", "/repo/Shared/Util.swift"])
        let settings = project.targets[0].settings
        XCTAssertTrue(settings.defaultIsolationMainActor)
        XCTAssertTrue(settings.nonisolatedNonsendingByDefault)
        XCTAssertEqual(settings.moduleName, "KitCore")
        XCTAssertEqual(settings.provenance.defaultIsolation, "configuration Debug: OTHER_SWIFT_FLAGS -default-isolation MainActor")
        // The target's flags reach the project's through $(inherited): the feature is the project's.
        XCTAssertEqual(settings.provenance.nonisolatedNonsendingByDefault,
                       "project configuration Debug: OTHER_SWIFT_FLAGS -enable-upcoming-feature NonisolatedNonsendingByDefault")
    }

    func testSynchronizedExceptionSetAddsFilesToAnotherTarget() throws {
        let text = """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (APP, TESTS); };
                MAIN = { isa = PBXGroup; children = (SYNC); sourceTree = "<group>"; };
                SYNC = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX, EXPHASE); path = App; sourceTree = "<group>"; };
                EX = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Fakes/FakeStore.swift, Fakes); target = TESTS; };
                EXPHASE = { isa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet; membershipExceptions = (Info.plist); };
                APP = { isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (SYNC); productType = "com.apple.product-type.application"; };
                TESTS = { isa = PBXNativeTarget; name = AppUITests; productType = "com.apple.product-type.bundle.ui-testing"; };
            }; rootObject = PRJ; }
            """
        let project = try XcodeProject(pbxproj: text, projectDirectory: "/repo", name: "App")
        XCTAssertEqual(project.targets[0].synchronizedFolders, [XcodeTarget.SynchronizedFolder(path: "/repo/App", excludedFiles: [])])
        XCTAssertEqual(project.targets[1].addedSynchronizedFiles, ["/repo/App/Fakes/FakeStore.swift"])
        XCTAssertTrue(project.targets[1].settings.isTestTarget)
    }

    func testXCConfigFilesIncludesAndInheritance() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Config/Project.xcconfig", """
            #include "Common/Shared.xcconfig"
            OTHER_SWIFT_FLAGS = $(inherited) -enable-upcoming-feature NonisolatedNonsendingByDefault // Swift 6.2
            """)
        try directory.write("Config/Common/Shared.xcconfig", "OTHER_SWIFT_FLAGS = -DSHARED\n")
        // The release file replaces the flags without $(inherited): the feature is off in Release.
        try directory.write("Config/Release.xcconfig", "#include \"Project.xcconfig\"\nOTHER_SWIFT_FLAGS = -DRELEASE\n")
        try directory.write("Config/App.xcconfig", "SWIFT_DEFAULT_ACTOR_ISOLATION[sdk=iphoneos*] = MainActor\n")
        let text = """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (APP, TOOL); buildConfigurationList = PL; };
                MAIN = { isa = PBXGroup; children = (CFG, XC); sourceTree = "<group>"; };
                CFG = { isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
                XC = { isa = PBXFileReference; path = Config/Release.xcconfig; sourceTree = "<group>"; };
                PL = { isa = XCConfigurationList; buildConfigurations = (PD, PR); };
                PD = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReferenceAnchor = CFG;
                       baseConfigurationReferenceRelativePath = Project.xcconfig; buildSettings = { }; };
                PR = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = XC; buildSettings = { }; };
                APP = { isa = PBXNativeTarget; name = App; buildConfigurationList = AL; productType = "com.apple.product-type.application"; };
                AL = { isa = XCConfigurationList; buildConfigurations = (AR); };
                AR = { isa = XCBuildConfiguration; name = Release; baseConfigurationReferenceAnchor = CFG;
                       baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = { }; };
                TOOL = { isa = PBXNativeTarget; name = Tool; buildConfigurationList = TL; productType = "com.apple.product-type.tool"; };
                TL = { isa = XCConfigurationList; buildConfigurations = (TR); };
                TR = { isa = XCBuildConfiguration; name = Release; buildSettings = { OTHER_SWIFT_FLAGS = "$(inherited) -DTOOL"; }; };
            }; rootObject = PRJ; }
            """
        let project = try XcodeProject(pbxproj: text, projectDirectory: directory.path, name: "App")
        // App has only a Release configuration: Release's flags replace the project file's feature.
        XCTAssertFalse(project.targets[0].settings.nonisolatedNonsendingByDefault)
        XCTAssertEqual(project.targets[0].settings.provenance.defaultIsolation,
                       "configuration Release (App.xcconfig): SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor")
        XCTAssertFalse(project.targets[1].settings.nonisolatedNonsendingByDefault)

        let debug = text.replacingOccurrences(of: "name = Release", with: "name = Debug")
        let debugProject = try XcodeProject(pbxproj: debug, projectDirectory: directory.path, name: "App")
        XCTAssertEqual(debugProject.targets[1].settings.provenance.nonisolatedNonsendingByDefault,
                       "project configuration Debug (Project.xcconfig): OTHER_SWIFT_FLAGS -enable-upcoming-feature NonisolatedNonsendingByDefault")
    }

    /// Every level inheriting twice doubles the flags: the value is capped, not exponential.
    func testInheritanceChainsStayBounded() {
        let levels = (0..<64).map { SettingAssignment(key: "OTHER_SWIFT_FLAGS", words: ["$(inherited)", "$(inherited)", "-D\($0)"], level: "l\($0)") }
        let value = BuildConfiguration(name: "Debug", assignments: levels).value("OTHER_SWIFT_FLAGS")
        XCTAssertEqual(value?.count, 4_096)
        XCTAssertNil(BuildConfiguration(name: "Debug", assignments: levels).value("SWIFT_VERSION"))
    }

    func testNotAProject() {
        XCTAssertThrowsError(try XcodeProject(pbxproj: "{ archiveVersion = 1; }", projectDirectory: "/repo", name: "X"))
        XCTAssertThrowsError(try XcodeProject(pbxproj: "{ objects = {}; rootObject = R; }", projectDirectory: "/repo", name: "X"))
    }
}

final class SettingsDetectorTests: XCTestCase {
    func testMixedRepositoryAssignsEachFileToItsTarget() {
        var detector = SettingsDetector()
        func settings(_ file: String) -> ModuleSettings { detector.settings(forFile: MixedRepo.path + "/" + file) }

        let home = settings("App/Screens/HomeScreen.swift")
        XCTAssertEqual(home.targetName, "App")
        XCTAssertEqual(home.moduleName, "Demo_App")
        XCTAssertTrue(home.defaultIsolationMainActor)
        XCTAssertFalse(home.isTestTarget)
        XCTAssertEqual(settings("App/AppMain.swift"), home)

        // The root Package.swift declares only Tools: it does not capture the app's folders.
        XCTAssertEqual(settings("Tools/main.swift").targetName, "Tools")
        XCTAssertEqual(settings("Tools/main.swift").provenance.owner, "MixedRepo/Package.swift target Tools")

        let tests = settings("AppTests/HomeScreenTests.swift")
        XCTAssertEqual(tests.targetName, "AppTests")
        XCTAssertTrue(tests.isTestTarget)
        XCTAssertFalse(tests.defaultIsolationMainActor)

        let widget = settings("Widget/DemoWidget.swift")
        XCTAssertEqual(widget.targetName, "DemoWidget")
        XCTAssertFalse(widget.defaultIsolationMainActor)
        XCTAssertTrue(widget.nonisolatedNonsendingByDefault)

        let store = settings("Packages/Core/Sources/Core/Store.swift")
        XCTAssertEqual(store.targetName, "Core")
        XCTAssertTrue(store.defaultIsolationMainActor)
        XCTAssertEqual(store.provenance.defaultIsolation, "Core/Package.swift target Core: .defaultIsolation(MainActor.self)")
        let storeTests = settings("Packages/Core/Tests/CoreTests/StoreTests.swift")
        XCTAssertEqual(storeTests.targetName, "CoreTests")
        XCTAssertTrue(storeTests.isTestTarget)

        // Left out by the exception set, and a script no target compiles: the fallback.
        for unclaimed in ["App/Legacy/OldImporter.swift", "Scripts/bump-version.swift"] {
            XCTAssertNil(settings(unclaimed).targetName, unclaimed)
            XCTAssertEqual(settings(unclaimed).provenance, .fallback, unclaimed)
        }
        XCTAssertEqual(detector.problems, [])
    }

    func testAFileInSeveralTargetsTakesTheAppTargetAndEverySettingTurnedOn() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Multi.xcodeproj/project.pbxproj", """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (TESTS, MAC, IOS); };
                MAIN = { isa = PBXGroup; children = (F); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = Shared/Feed.swift; sourceTree = "<group>"; };
                B = { isa = PBXBuildFile; fileRef = F; };
                PH = { isa = PBXSourcesBuildPhase; files = (B); };
                TESTS = { isa = PBXNativeTarget; name = MacTests; buildPhases = (PH); productType = "com.apple.product-type.bundle.unit-test"; };
                MAC = { isa = PBXNativeTarget; name = Mac; buildPhases = (PH); productType = "com.apple.product-type.application"; };
                IOS = { isa = PBXNativeTarget; name = iOS; buildPhases = (PH); buildConfigurationList = IL; productType = "com.apple.product-type.application"; };
                IL = { isa = XCConfigurationList; buildConfigurations = (ID); };
                ID = { isa = XCBuildConfiguration; name = Release; buildSettings = { SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; };
            }; rootObject = PRJ; }
            """)
        let file = try directory.write("Shared/Feed.swift", "")
        var detector = SettingsDetector()
        let settings = detector.settings(forFile: file)
        XCTAssertEqual(settings.targetName, "Mac")
        XCTAssertFalse(settings.isTestTarget)
        XCTAssertTrue(settings.defaultIsolationMainActor)
        XCTAssertEqual(settings.provenance.owner, "Multi.xcodeproj target Mac (also in iOS, MacTests)")
        XCTAssertEqual(settings.provenance.defaultIsolation,
                       "Multi.xcodeproj target iOS, configuration Release: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor")
    }

    /// An app's synchronized folder whose exception set also gives one file to the widget: both compile it.
    func testAFileOfAnAppFolderSharedWithAnExtensionBelongsToTheApp() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("App.xcodeproj/project.pbxproj", """
            { objects = {
                PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (WIDGET, APP); };
                MAIN = { isa = PBXGroup; children = (SYNC); sourceTree = "<group>"; };
                SYNC = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX); path = Intents; sourceTree = "<group>"; };
                EX = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (AccountEntity.swift); target = WIDGET; };
                WIDGET = { isa = PBXNativeTarget; name = Widget; buildConfigurationList = WL; productType = "com.apple.product-type.app-extension"; };
                APP = { isa = PBXNativeTarget; name = App; fileSystemSynchronizedGroups = (SYNC); productType = "com.apple.product-type.application"; };
                WL = { isa = XCConfigurationList; buildConfigurations = (WD); };
                WD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_APPROACHABLE_CONCURRENCY = YES; }; };
            }; rootObject = PRJ; }
            """)
        let shared = try directory.write("Intents/AccountEntity.swift", "")
        let own = try directory.write("Intents/PostIntent.swift", "")
        var detector = SettingsDetector()
        XCTAssertEqual(detector.settings(forFile: shared).targetName, "App")
        XCTAssertEqual(detector.settings(forFile: shared).provenance.owner, "App.xcodeproj target App (also in Widget)")
        XCTAssertTrue(detector.settings(forFile: shared).nonisolatedNonsendingByDefault)
        XCTAssertEqual(detector.settings(forFile: own).provenance.owner, "App.xcodeproj target App")
        XCTAssertFalse(detector.settings(forFile: own).nonisolatedNonsendingByDefault)
    }

    func testAnUnreadableProjectIsReportedAndItsFilesFallBack() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Broken.xcodeproj/project.pbxproj", "{ objects = { ")
        let file = try directory.write("App/View.swift", "")
        var detector = SettingsDetector()
        XCTAssertNil(detector.settings(forFile: file).targetName)
        XCTAssertEqual(detector.problems.count, 1)
        XCTAssertTrue(detector.problems[0].hasSuffix("project.pbxproj: line 1: unexpected end of file"), detector.problems[0])
    }
}

final class SettingsReportTests: XCTestCase {
    func testFoldersThatAgreePrintOnce() throws {
        let report = try SettingsReport(paths: [MixedRepo.path])
        let root = MixedRepo.path + "/"
        XCTAssertEqual(report.entries.map { String($0.path.dropFirst(root.count)) }, [
            "App/AppMain.swift", "App/Legacy/", "App/Screens/", "AppTests/", "Package.swift", "Packages/Core/Package.swift",
            "Packages/Core/Sources/", "Packages/Core/Tests/", "Scripts/", "Tools/", "Widget/",
        ])
        XCTAssertEqual(report.unclaimedFiles, 2, "App/Legacy/OldImporter.swift and Scripts/bump-version.swift; not the two manifests")
        XCTAssertEqual(report.entries.map(\.assignment.target),
                       ["App", nil, "App", "AppTests", nil, nil, "Core", "CoreTests", nil, "Tools", "DemoWidget"])
        XCTAssertEqual(report.entries[4].assignment.provenance, .manifest)
        let text = report.text
        XCTAssertTrue(text.contains("""
            \(root)AppTests/ (1 file): test target AppTests, module AppTests
              from: App.xcodeproj target AppTests
              default isolation: nonisolated (default)
              NonisolatedNonsendingByDefault: off (default)
            """), text)
        XCTAssertTrue(text.contains("\(root)Scripts/ (1 file): fallback: not in any target\n"), text)
        XCTAssertTrue(text.contains("  default isolation: MainActor (Core/Package.swift target Core: .defaultIsolation(MainActor.self))\n"), text)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let entries = try XCTUnwrap(json["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 11)
        let widget = try XCTUnwrap(entries.last?["assignment"] as? [String: Any])
        XCTAssertEqual(widget["upcomingFeatures"] as? [String], ["NonisolatedNonsendingByDefault"])
        XCTAssertEqual((widget["provenance"] as? [String: Any])?["nonisolatedNonsendingByDefault"] as? String,
                       "project configuration Debug: SWIFT_APPROACHABLE_CONCURRENCY = YES")
    }

    func testTheConfigurationsDefaultsCoverOnlyUnclaimedFiles() throws {
        var configuration = Configuration()
        configuration.defaultIsolation = .mainActor
        configuration.upcomingFeatures = ["NonisolatedNonsendingByDefault"]
        let report = try SettingsReport(paths: [MixedRepo.path + "/Scripts", MixedRepo.path + "/Tools"],
                                        configurations: NestedConfigurations(root: configuration))
        XCTAssertEqual(report.entries.map(\.assignment.target), [nil, "Tools"])
        XCTAssertEqual(report.entries[0].assignment.defaultIsolation, "MainActor")
        XCTAssertEqual(report.entries[0].assignment.provenance.defaultIsolation, ".mainguard.yml default_isolation: MainActor")
        XCTAssertEqual(report.entries[0].assignment.provenance.nonisolatedNonsendingByDefault, ".mainguard.yml upcoming_features")
        XCTAssertEqual(report.entries[1].assignment.defaultIsolation, "nonisolated")
        XCTAssertTrue(report.json.contains("\"target\" : null"), report.json)
    }

    func testUnclaimedSummary() {
        XCTAssertEqual(UnclaimedFiles.summary([]), "every file belongs to a Package.swift or Xcode target\n")
        XCTAssertEqual(UnclaimedFiles.summary(["a.swift", "b.swift", "c.swift"], shown: 2),
                       "3 files no target claims (fallback settings: classic, or the configuration's defaults): a.swift, b.swift, and 1 more\n")
    }
}
