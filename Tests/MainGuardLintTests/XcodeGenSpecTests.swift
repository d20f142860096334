@testable import MainGuardLint
import XCTest

/// An XcodeGen repository: `project.yml` and no `.xcodeproj` (round AI: a capture app built this way
/// had its whole app folder on the fallback settings).
final class XcodeGenSpecTests: XCTestCase {
    private let spec = """
        name: Notes
        settings:
          base:
            SWIFT_VERSION: "5.0"
        configs:
          Debug: debug
          Release: release
        targets:
          Notes:
            type: application
            platform: iOS
            sources:
              - path: App
                excludes:
                  - "**/*Preview.swift"
                  - Legacy
              - Shared/Clock.swift
            settings:
              base:
                PRODUCT_NAME: NotesApp
                SWIFT_VERSION: 6.0
              configs:
                release:
                  SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor
          NotesTests:
            type: bundle.unit-test
            platform: iOS
            sources: Tests
            settings:
              SWIFT_APPROACHABLE_CONCURRENCY: true
        """

    func testTargetsSourcesAndSettingsPerConfiguration() throws {
        let project = try XcodeProject(xcodeGenSpec: spec, specDirectory: "/repo")
        XCTAssertEqual(project.name, "Notes")
        let app = try XCTUnwrap(project.targets.first { $0.name == "Notes" })
        XCTAssertEqual(app.productType, "com.apple.product-type.application")
        XCTAssertFalse(app.isTestBundle)
        XCTAssertEqual(app.sourceFiles, ["/repo/Shared/Clock.swift"])
        XCTAssertEqual(app.synchronizedFolders.map(\.path), ["/repo/App"])
        XCTAssertEqual(app.settings.moduleName, "NotesApp")
        // The target's base over the project's; a setting of one configuration (any case) turns it on.
        XCTAssertEqual(app.settings.languageMode, 6)
        XCTAssertEqual(app.settings.provenance.languageMode, "configuration Debug: SWIFT_VERSION = 6.0")
        XCTAssertTrue(app.settings.defaultIsolationMainActor)
        XCTAssertEqual(app.settings.provenance.defaultIsolation, "configuration Release: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor")
        XCTAssertEqual(app.settings.provenance.owner, "project.yml target Notes")

        let tests = try XCTUnwrap(project.targets.first { $0.name == "NotesTests" })
        XCTAssertTrue(tests.isTestBundle)
        XCTAssertTrue(tests.settings.isTestTarget)
        XCTAssertEqual(tests.synchronizedFolders.map(\.path), ["/repo/Tests"])
        // Flat settings are base settings; `true` is YES.
        XCTAssertTrue(tests.settings.nonisolatedNonsendingByDefault)
        XCTAssertEqual(tests.settings.languageMode, 5)
        XCTAssertFalse(tests.settings.defaultIsolationMainActor)
    }

    func testExcludesAreGlobsRelativeToTheSourceFolder() throws {
        let folder = try XCTUnwrap(try XcodeProject(xcodeGenSpec: spec, specDirectory: "/repo").targets.first?.synchronizedFolders.first)
        XCTAssertTrue(folder.includes("/repo/App/Notes/NoteList.swift"))
        XCTAssertFalse(folder.includes("/repo/App/Notes/NoteListPreview.swift"))
        XCTAssertFalse(folder.includes("/repo/App/Legacy/Old.swift"))
        XCTAssertFalse(folder.includes("/repo/Apple/Other.swift"))
        XCTAssertTrue(SourceGlob.matches("*.swift", "Main.swift"))
        XCTAssertFalse(SourceGlob.matches("*.swift", "Sub/Main.swift"))
        XCTAssertTrue(SourceGlob.matches("**/*.swift", "Main.swift"))
        XCTAssertTrue(SourceGlob.matches("Gen?rated/**", "Generated/A/B.swift"))
        XCTAssertFalse(SourceGlob.matches("Generated", "GeneratedCode.swift"))
        XCTAssertFalse(SourceGlob.matches(String(repeating: "*a", count: 20), String(repeating: "a", count: 60)))
    }

    func testTheDetectorReadsASpecOnlyWhereNoProjectIsCheckedIn() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("project.yml", spec)
        let view = try directory.write("App/NoteList.swift", "")
        let preview = try directory.write("App/NoteListPreview.swift", "")
        let test = try directory.write("Tests/NoteListTests.swift", "")
        var detector = SettingsDetector()
        XCTAssertEqual(detector.settings(forFile: view).targetName, "Notes")
        XCTAssertNil(detector.settings(forFile: preview).targetName)
        XCTAssertTrue(detector.settings(forFile: test).isTestTarget)
        XCTAssertEqual(detector.problems, [])

        // A generated project checked in beside the spec is what Xcode builds: the spec is not read.
        let generated = try TemporaryDirectory(self)
        try generated.write("project.yml", spec)
        try generated.write("Notes.xcodeproj/project.pbxproj", "{ objects = { ")
        var second = SettingsDetector()
        XCTAssertNil(second.settings(forFile: try generated.write("App/NoteList.swift", "")).targetName)
        XCTAssertEqual(second.problems.count, 1)
        XCTAssertTrue(second.problems[0].hasSuffix("project.pbxproj: line 1: unexpected end of file"), second.problems[0])
    }

    func testAnUnreadableSpecIsReportedAndItsFilesFallBack() throws {
        for text in ["targets: [", "name: Only", "targets: 3", ""] {
            let directory = try TemporaryDirectory(self)
            try directory.write("project.yml", text)
            var detector = SettingsDetector()
            XCTAssertEqual(detector.settings(forFile: try directory.write("App/View.swift", "")).provenance, .fallback, text)
            XCTAssertEqual(detector.problems.count, 1, text)
            XCTAssertTrue(detector.problems.first?.contains("project.yml: not an Xcode project") == true, "\(detector.problems)")
        }
    }

    /// XcodeGen's `include:`: an included spec's project settings lie under the including spec's, and its targets'
    /// paths start from its own folder.
    func testIncludedSpecsGiveTheirSettingsAndTheirTargets() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("project.yml", """
            name: Notes
            include:
              - Configs/base.yml
              - path: Features/feature.yml
            targets:
              Notes:
                type: application
                sources: App
            """)
        try directory.write("Configs/base.yml", """
            settings:
              base:
                SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor
                SWIFT_VERSION: "6.0"
            """)
        try directory.write("Features/feature.yml", """
            targets:
              Search:
                type: framework
                sources: Search
                settings:
                  SWIFT_DEFAULT_ACTOR_ISOLATION: nonisolated
            """)
        var detector = SettingsDetector()
        let app = detector.settings(forFile: try directory.write("App/NoteList.swift", ""))
        XCTAssertEqual(app.targetName, "Notes")
        XCTAssertTrue(app.defaultIsolationMainActor)
        XCTAssertEqual(app.languageMode, 6)
        let search = detector.settings(forFile: try directory.write("Features/Search/Query.swift", ""))
        XCTAssertEqual(search.targetName, "Search")
        XCTAssertFalse(search.defaultIsolationMainActor, "the target's own setting is above the project's")
        XCTAssertEqual(search.languageMode, 6)
        XCTAssertTrue(detector.dependencies.lookedFor.contains(directory.path + "/Configs/base.yml"))
    }

    /// A spec in `Apps/Notes/` generated with `--project-root` at the repository: its includes and sources are
    /// named from the root, so it claims `Feature/`, which is not below its folder (blind round CN: a transit
    /// app's frameworks read without the main-actor default its shared spec sets).
    func testASpecGeneratedFromAFolderAboveClaimsTheFilesThere() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Apps/Notes/project.yml", """
            include:
              - Shared/base.yml
            targets:
              Feature:
                type: framework
                sources: Feature
            """)
        try directory.write("Shared/base.yml", "settings:\n  base:\n    SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor\n")
        let view = try directory.write("Feature/View.swift", "")
        var unaware = SettingsDetector()
        XCTAssertNil(unaware.settings(forFile: view).targetName)

        let (files, specs) = try FileCollector(excludes: []).collectWithSpecs(paths: [directory.path])
        XCTAssertEqual(files, [view])
        XCTAssertEqual(specs, [directory.path + "/Apps/Notes/project.yml"])
        var detector = SettingsDetector()
        detector.register(xcodeGenSpecs: specs)
        let settings = detector.settings(forFile: view)
        XCTAssertEqual(settings.targetName, "Feature")
        XCTAssertTrue(settings.defaultIsolationMainActor)
        XCTAssertTrue(try SettingsReport(paths: [directory.path]).entries.contains { $0.assignment.defaultIsolation == "MainActor" })
    }

    func testNoCrashOnMangledSpecs() {
        let bytes = Array(spec.utf8)
        var generator = SplitMix64(seed: 29)
        let alphabet = Array("{}[]:-*?\"'\n #&!|>".utf8)
        for _ in 0..<300 {
            var mangled = bytes
            for _ in 0..<6 {
                mangled[Int(generator.next() % UInt64(mangled.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = try? XcodeProject(xcodeGenSpec: String(decoding: mangled, as: UTF8.self), specDirectory: "/repo")
        }
    }
}
