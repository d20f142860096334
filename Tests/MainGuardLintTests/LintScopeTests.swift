import Foundation
import XCTest
@testable import MainGuardLint

/// Tests and SwiftUI previews are out of the default scope; `include_tests` / `include_previews` and the
/// CLI's flags bring them back.
final class LintScopeTests: XCTestCase {
    static let blockingButton = """
    import SwiftUI

    struct SaveButton: View {
        var body: some View {
            Button("Save") { sleep(1) }
        }
    }
    """

    func testFilesThatImportATestFrameworkAreTestCode() {
        for text in ["import XCTest\n", "@testable import App\n", "import Testing\nimport Foundation\n",
                     "@preconcurrency import XCTest\n", "public import Testing\n", "import struct SnapshotTesting.Snapshotting\n"] {
            XCTAssertTrue(TestCode.importsTestFramework(text), text)
        }
        for text in ["import Foundation\n", "import TestingSupportKit\n", "// import XCTest\nimport UIKit\n",
                     "import XCTestDynamicOverlay\n", "let testable = 1 // @testable\n", "import IssueReporting\n"] {
            XCTAssertFalse(TestCode.importsTestFramework(text), text)
        }
    }

    func testTestTargetsAndTestImportsAreLeftOutByDefault() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Package.swift", """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "App", targets: [
            .target(name: "App"),
            .testTarget(name: "AppTests", dependencies: ["App"]),
        ])
        """)
        try directory.write("Sources/App/SaveButton.swift", Self.blockingButton)
        // The app's own code creates the button: code only tests create is not reported either.
        try directory.write("Sources/App/Toolbar.swift", "import SwiftUI\n\nstruct Toolbar: View {\n    var body: some View { SaveButton() }\n}\n")
        // A helper of a test target imports no test framework: the target decides.
        try directory.write("Tests/AppTests/Fakes.swift", Self.blockingButton)
        try directory.write("Sources/App/Support/SnapshotHelpers.swift", "import XCTest\n" + Self.blockingButton)

        let shipped = try TeamLinter(threads: 1).lint(paths: [directory.path])
        XCTAssertEqual(shipped.lint.findings.map { ($0.file as NSString).lastPathComponent }, ["SaveButton.swift"])
        XCTAssertEqual(shipped.testFilesLeftOut, 2)

        let everything = try TeamLinter(threads: 1, scope: LintScope(includeTests: true)).lint(paths: [directory.path])
        XCTAssertEqual(Set(everything.lint.findings.map { ($0.file as NSString).lastPathComponent }),
                       ["SaveButton.swift", "Fakes.swift", "SnapshotHelpers.swift"])
        XCTAssertEqual(everything.testFilesLeftOut, 0)

        var configuration = Configuration()
        configuration.includeTests = true
        let configured = try TeamLinter(configurations: NestedConfigurations(root: configuration), threads: 1).lint(paths: [directory.path])
        XCTAssertEqual(configured.lint.findings.count, 3)
    }

    /// A view that previews create, and nothing else, is preview code; one the app creates too, or one
    /// nothing in the run mentions (a library's), is reported. The answer holds across files.
    func testViewsOnlyPreviewsCreateAreNotReportedByDefault() {
        let preview = Linter.SourceInput(path: "Previews.swift", text: """
        import SwiftUI
        #Preview { SaveButton() }
        struct Gallery_Previews: PreviewProvider {
            static var previews: some View { VStack { SaveButton(); Canvas() } }
        }
        struct Canvas: View {
            // SaveButton in a comment is no use of it.
            var body: some View { SaveButton() }
        }
        """, settings: .classic)
        let button = Linter.SourceInput(path: "SaveButton.swift", text: Self.blockingButton, settings: .classic)
        XCTAssertEqual(Linter().lint([button, preview]).findings.count, 0)
        var everything = [button, preview]
        for position in everything.indices { everything[position].reportsInPreviews = true }
        XCTAssertEqual(Linter().lint(everything).findings.count, 1)
        // Mentioned by nothing: a library's view, or code this run does not see. Reported.
        XCTAssertEqual(Linter().lint([button]).findings.count, 1)
        // Created by a screen the app shows.
        let screen = Linter.SourceInput(path: "Screen.swift", text: """
        import SwiftUI
        final class Host: UIHostingController<SaveButton> {}
        """, settings: .classic)
        XCTAssertEqual(Linter().lint([button, preview, screen]).findings.count, 1)
        // A public view can be created by other modules.
        let publicButton = Linter.SourceInput(path: "SaveButton.swift", text: Self.blockingButton.replacingOccurrences(
            of: "struct SaveButton", with: "public struct SaveButton"), settings: .classic)
        XCTAssertEqual(Linter().lint([publicButton, preview]).findings.count, 1)
        // Created only by code that debug builds compile (blind round CU: a developer screen linked behind
        // `#if DEBUG`): no user reaches it, unless `include_low_cost` asks for such code.
        let debugMenu = Linter.SourceInput(path: "Destination.swift", text: """
        import SwiftUI
        enum Destination {
            case about
            #if DEBUG
            case tools
            #endif
            @ViewBuilder var view: some View {
                switch self {
                case .about: Text("About")
                #if DEBUG
                case .tools: SaveButton()
                #endif
                }
            }
        }
        """, settings: .classic)
        XCTAssertEqual(Linter().lint([button, preview, debugMenu]).findings.count, 0)
        let lowCost = [button, preview, debugMenu].map { input in
            var input = input
            input.settings = .lowCost
            return input
        }
        XCTAssertEqual(Linter().lint(lowCost).findings.count, 1)
        let released = Linter.SourceInput(path: "Destination.swift", text: debugMenu.text.replacingOccurrences(of: "#if DEBUG\n", with: "")
            .replacingOccurrences(of: "#endif\n", with: ""), settings: .classic)
        XCTAssertEqual(Linter().lint([button, preview, released]).findings.count, 1)
    }

    func testPreviewCodeIsNotReportedByDefault() {
        let source = """
        import SwiftUI

        struct Row: View {
            var body: some View { Text("row") }
        }

        #Preview {
            Button("Save") { Task.detached { await Store().load() } }
        }

        struct Row_Previews: PreviewProvider {
            static var previews: some View {
                Button("Save") { usleep(100_000) }
            }
        }

        extension Store {
            @MainActor static var preview: Store {
                sleep(1)
                return Store()
            }
        }

        @MainActor func shipped() {
            ↓sleep(1)
        }
        """
        let expected = source.components(separatedBy: "\n").firstIndex { $0.contains("↓") }! + 1
        let text = source.replacingOccurrences(of: "↓", with: "")
        let shipped = Linter().lint(source: text)
        XCTAssertEqual(shipped.map(\.line), [expected], "\(shipped)")
        let withPreviews = Linter(configuration: LintConfiguration(scope: LintScope(includePreviews: true))).lint(source: text)
        XCTAssertEqual(withPreviews.count, 4, "\(withPreviews)")
    }

    func testDebugScreensAreLowCost() {
        XCTAssertEqual(DebugScreens.words(of: "FileSizeDebugViewController"), ["file", "size", "debug", "view", "controller"])
        XCTAssertEqual(DebugScreens.words(of: "URLDebugView"), ["url", "debug", "view"])
        XCTAssertEqual(DebugScreens.words(of: "debugSection"), ["debug", "section"])
        for name in ["FileSizeDebugViewController", "debugSection", "DebugMenu", "RetentionPreferencesDebugMenuViewController",
                     "TPPDeveloperSettingsTableViewController", "DeveloperMenu"] {
            XCTAssertTrue(DebugScreens.namesADebugScreen(name), name)
        }
        for name in ["DebugLogging", "DebugLogFormatter", "DebuggerView", "FullSyncDebuggingView", "SettingsView",
                     "DeveloperToolsView", "DeveloperViewController"] {
            XCTAssertFalse(DebugScreens.namesADebugScreen(name), name)
        }
        let source = "import UIKit\nfinal class LogView: UIView {\n    func load() {\n        Thread.sleep(forTimeInterval: 1)\n    }\n}\n"
        XCTAssertEqual(Linter().lint(source: source, path: "App/Settings/General/LogView.swift").count, 1)
        XCTAssertEqual(Linter().lint(source: source, path: "App/Settings/Debug/LogView.swift").count, 0, "a file in a Debug folder")
        XCTAssertEqual(Linter().lint(source: source, path: "Debug/LogView.swift").count, 0)
        XCTAssertEqual(Linter().lint(source: source, path: "App/Debugger/LogView.swift").count, 1, "a debugger is a feature")
        XCTAssertEqual(Linter().lint(source: source, path: "/Users/me/Debug/App/Sources/LogView.swift").count, 1,
                       "a folder the repository sits in says nothing")
        XCTAssertEqual(Linter().lint(source: source, path: "Debug/LogView.swift", settings: .lowCost).count, 1)
    }

    func testPreviewContentFolderIsPreviewCode() {
        let input = Linter.SourceInput(path: "App/Preview Content/SampleData.swift", text: Self.blockingButton, settings: .classic)
        XCTAssertEqual(Linter().lint([input]).findings, [])
        var included = input
        included.reportsInPreviews = true
        XCTAssertEqual(Linter().lint([included]).findings.count, 1)
    }

    func testConfigurationKeysAndNesting() throws {
        let vocabulary = RuleCatalog.vocabulary
        let root = try ConfigurationLoader.parse(yaml: "include_tests: true\ninclude_previews: false\n", file: ".mainguard.yml",
                                                 baseDirectory: "/app", vocabulary: vocabulary)
        XCTAssertEqual(root.scope, LintScope(includeTests: true, includePreviews: false))
        let child = try ConfigurationLoader.parse(yaml: "include_previews: true\n", file: ".mainguard.yml", baseDirectory: "/app/UI",
                                                  vocabulary: vocabulary)
        XCTAssertEqual(root.refined(by: child).scope, LintScope(includeTests: true, includePreviews: true))
        XCTAssertNotEqual(root.fingerprint, root.refined(by: child).fingerprint, "the scope keys the cache")
        XCTAssertThrowsError(try ConfigurationLoader.parse(yaml: "include_tests: maybe\n", file: ".mainguard.yml",
                                                           baseDirectory: "/app", vocabulary: vocabulary))
    }
}
