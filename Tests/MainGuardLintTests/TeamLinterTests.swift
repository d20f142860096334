import Foundation
import Testing
@testable import MainGuardLint

/// The fixture app lints as its `.mainguard.yml`, nested configuration, suppressions and
/// baseline say, through the same API the CLI calls.
@Suite struct TeamAppTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/TeamApp").standardizedFileURL

    func lint(baseline: Bool) throws -> TeamLinter.Result {
        let rootFile = Self.app.appendingPathComponent(".mainguard.yml").path
        let sources = Self.app.appendingPathComponent("Sources").path
        let root = try ConfigurationLoader.load(file: rootFile, vocabulary: RuleCatalog.vocabulary)
        let configurations = try NestedConfigurations.discover(root: root, rootFile: rootFile, under: [sources], vocabulary: RuleCatalog.vocabulary)
        let known = baseline ? try Baseline.read(from: Self.app.appendingPathComponent("mainguard-baseline.json")) : nil
        return try TeamLinter(configurations: configurations, baseline: known, sourceRoot: Self.app.path, threads: 2)
            .lint(paths: [sources])
    }

    func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\(relativePath($0.file, to: Self.app.path)):\($0.line) \($0.severity.rawValue) \($0.ruleID)" }
    }

    @Test func lintsAsConfigured() throws {
        let result = try lint(baseline: false)
        #expect(summary(result.lint.findings) == [
            // Nested Legacy/.mainguard.yml lowers blocking calls to warnings (usleep is an error elsewhere).
            "Sources/Legacy/SettingsScreen.swift:5 warning blocking_call_on_main_actor",
            "Sources/Legacy/SettingsScreen.swift:6 warning blocking_call_on_main_actor",
            // extra_blocking_apis + main_actor_types: a KitViewController subclass calling LegacyStore.loadAll.
            "Sources/Screens/ProfileScreen.swift:7 warning blocking_call_on_main_actor",
            // sleep(1) on line 9 is suppressed by disable:next; Task.detached's rule is disabled.
            "Sources/Screens/ProfileScreen.swift:11 error sync_work_in_main_actor_task",
            // A disable:next with nothing to suppress.
            "Sources/Screens/ProfileScreen.swift:19 warning superfluous_disable_command",
        ])
        // Sources/Generated is excluded: its sleep(2) is never reported.
        #expect(result.lint.fileCount == 3)
    }

    @Test func baselineHidesTheKnownLegacyFindings() throws {
        let result = try lint(baseline: true)
        #expect(result.baselinedCount == 2)
        #expect(summary(result.lint.findings).allSatisfy { $0.hasPrefix("Sources/Screens/") })
        #expect(result.lint.findings.count == 3)
        #expect(result.exitCode(strict: false) == 2)
    }
}

@Suite struct LintCacheIntegrationTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-cache-run-\(UUID().uuidString)")

    func write(_ text: String, _ name: String) throws {
        try folder.writeFile(name, text)
    }

    func lint(_ configuration: Configuration = Configuration()) throws -> TeamLinter.Result {
        let cache = LintCache(directory: folder.appendingPathComponent(".cache"), toolVersion: "test")
        return try TeamLinter(configurations: NestedConfigurations(root: configuration), cache: cache, sourceRoot: folder.path, threads: 2)
            .lint(paths: [folder.path])
    }

    /// `tapped()` is public: a module's internal function that no file calls is dead code (`UncalledElsewhere`).
    static let caller = """
    @MainActor final class Screen {
        public func tapped() {
            Task { crunch() }
        }
    }
    """

    @Test func changingTheCalleesFileUpdatesTheCallersFindings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.caller, "Caller.swift")
        try write("func crunch() { for _ in 0..<1_000_000 {} }\n", "Callee.swift")
        let cold = try lint()
        #expect(cold.filesFromCache == 0)
        #expect(cold.lint.findings.map(\.ruleID) == ["sync_work_in_main_actor_task"])

        let warm = try lint()
        #expect(warm.filesFromCache == 2)
        #expect(warm.lint.findings == cold.lint.findings)

        // Only the callee's file changes: the caller's cached finding must not survive.
        try write("func crunch() {}\n", "Callee.swift")
        let afterCalleeChange = try lint()
        #expect(afterCalleeChange.lint.findings.isEmpty)

        // And back: the caller is flagged again although its own text never changed.
        try write("func crunch() { for _ in 0..<2_000_000 {} }\n", "Callee.swift")
        #expect(try lint().lint.findings.map(\.file) == [folder.appendingPathComponent("Caller.swift").path])
    }

    @Test func anEditThatLeavesTheIndexAloneReusesOtherFiles() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.caller, "Caller.swift")
        try write("func crunch() { for _ in 0..<1_000_000 {} }\n", "Callee.swift")
        _ = try lint()
        try write("// a new comment\n" + Self.caller, "Caller.swift")
        let result = try lint()
        #expect(result.filesFromCache == 1, "Callee.swift's findings are reused; Caller.swift is linted again")
        #expect(result.lint.findings.map(\.line) == [4])
    }

    /// With more files than edits, an edit run takes the demand-driven pass and walks only the edited
    /// files' bodies for the index key; cross-file facts must stay right on that path too.
    @Test func editRunsAmongManyFilesKeepCrossFileFactsRight() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.caller, "Caller.swift")
        try write("func crunch() { for _ in 0..<1_000_000 {} }\n", "Callee.swift")
        for number in 1...6 { try write("struct Model\(number) { func size() -> Int { \(number) } }\n", "Model\(number).swift") }
        let cold = try lint()
        #expect(cold.lint.findings.map(\.line) == [3])

        try write("// moved things around\nfunc crunch() {\n    for _ in 0..<1_000_000 {}\n}\n", "Callee.swift")
        let formatting = try lint()
        #expect(formatting.filesFromCache == 7, "only Callee.swift changed, and not what it gives the index")
        #expect(formatting.lint.findings.map(\.line) == [3])

        try write("func crunch() {}\n", "Callee.swift")
        let cheaper = try lint()
        #expect(cheaper.lint.findings.isEmpty, "the caller's cached finding must not survive")
        #expect(cheaper.filesFromCache == 6, "the models do not name crunch(): their findings are reused")

        try write("func crunch() { for _ in 0..<2_000_000 {} }\n", "Callee.swift")
        #expect(try lint().lint.findings.map(\.line) == [3])

        // A new file that makes the callee heavy through a function it calls.
        try write("func crunch() { helper() }\n", "Callee.swift")
        #expect(try lint().lint.findings.isEmpty)
        try write("func helper() { for _ in 0..<1_000_000 {} }\n", "Helper.swift")
        #expect(try lint().lint.findings.map(\.line) == [3])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Helper.swift"))
        #expect(try lint().lint.findings.isEmpty)
    }

    /// Which module a file belongs to decides what calls into it resolve to (`ModuleVisibility`), so a
    /// change to another file's target must reach the findings of a caller whose text did not change.
    @Test func renamingTheCalleesTargetUpdatesTheCallersFindings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = { (kit: String) in """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .target(name: "App", path: "Sources/App"), .target(name: "\(kit)", path: "Sources/Kit"),
            ])
            """
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Kit"), withIntermediateDirectories: true)
        try write(manifest("Kit"), "Package.swift")
        try write("import Engine\n" + Self.caller, "Sources/App/Caller.swift")
        try write("public func crunch() { for _ in 0..<2_000_000 {} }\n", "Sources/Kit/Crunch.swift")
        #expect(try lint().lint.findings.isEmpty, "App imports Engine; crunch() belongs to Kit")

        try write(manifest("Engine"), "Package.swift")
        #expect(try lint().lint.findings.map(\.line) == [4], "crunch() now belongs to the module App imports")
    }

    @Test func aConfigurationChangeIsNotServedFromTheCache() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.caller, "Caller.swift")
        try write("func crunch() { for _ in 0..<1_000_000 {} }\n", "Callee.swift")
        _ = try lint()
        var strict = Configuration()
        strict.strict = true
        let result = try lint(strict)
        #expect(result.filesFromCache == 0)
        #expect(result.lint.findings.map(\.severity) == [.error])
    }
}

@Suite struct RuleCatalogTests {
    @Test func everyRuleHasADocumentAndIsConfigurable() {
        for rule in RuleCatalog.metadata {
            #expect(rule.helpMarkdown.hasPrefix("# \(rule.id)"), "Rules/\(rule.id).md is embedded")
            #expect(RuleCatalog.vocabulary.ruleIDs.contains(rule.id))
        }
        #expect(RuleCatalog.vocabulary.reporterNames == Set(["xcode", "json", "sarif", "github-actions-logging", "checkstyle", "junit", "markdown", "summary"]))
    }
}

@Suite struct ReadmeRulesTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README's rules list is generated (`mainguard rules --markdown`); this fails when a rule is added,
    /// renamed or re-described without regenerating it.
    @Test func readmeRulesTableMatchesTheRegistryAndDocuments() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let afterMarker = try #require(readme[begin.upperBound...].firstIndex(of: "\n"))
        let table = String(readme[readme.index(after: afterMarker)..<end.lowerBound])
        #expect(table == RuleCatalog.markdownTable, "regenerate with: swift run mainguard rules --markdown")
        for rule in RuleCatalog.descriptions {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Rules/\(rule.id).md").path))
        }
    }
}

/// A function no linted file calls is dead code when the run holds whole projects (`UncalledElsewhere`):
/// its findings come back as soon as a file calls it, and a run of single files reports them.
@Suite struct UncalledElsewhereTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-uncalled-\(UUID().uuidString)")

    func write(_ text: String, _ name: String) throws {
        try folder.writeFile(name, text)
    }

    func lint(_ paths: [String], cached: Bool = true) throws -> [String] {
        let cache = cached ? LintCache(directory: folder.appendingPathComponent(".cache"), toolVersion: "test") : nil
        return try TeamLinter(configurations: NestedConfigurations(root: Configuration()), cache: cache, sourceRoot: folder.path, threads: 2)
            .lint(paths: paths).lint.findings.map { "\(PathParts.name($0.file)):\($0.line)" }
    }

    static let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "App", path: "Sources/App")])
        """

    /// An enum's static helper that nothing calls, and the private function it alone calls.
    static let exporter = """
        import UIKit

        @MainActor enum PhotoExporter: Sendable {
            static func share(_ image: UIImage) {
                Task { await save(image) }
            }

            private static func save(_ image: UIImage) async {
                _ = image.pngData()
                usleep(200_000)
            }
        }
        """

    @Test func aFunctionNoLintedFileCallsIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write(Self.exporter, "Sources/App/PhotoExporter.swift")
        #expect(try lint([folder.path]).isEmpty, "nothing calls share(_:)")
        #expect(try lint([folder.path], cached: false).isEmpty)

        // A caller in another file brings the finding back, cached or not.
        try write("""
            import UIKit

            final class PhotoViewController: UIViewController {
                @IBAction func shareTapped(_ sender: Any) { PhotoExporter.share(UIImage()) }
            }
            """, "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]) == ["PhotoExporter.swift:10"])
        #expect(try lint([folder.path], cached: false) == ["PhotoExporter.swift:10"])

        // A mention that is not a call keeps it too, in a string: the check errs towards reporting.
        try write("let action = \"PhotoExporter.share\"\n", "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]) == ["PhotoExporter.swift:10"])
        // A comment calls nothing, nor does a localization key.
        try write("// PhotoExporter.share is wired up in the storyboard\n", "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]).isEmpty)
        try write("let title = String(localized: \"photos.share\")\n", "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]).isEmpty)

        // So does a conformance another file adds, through which a protocol's caller may reach the function.
        try write("extension PhotoExporter: PhotoSharing {}\n", "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]) == ["PhotoExporter.swift:10"])
        try write("extension PhotoExporter: Sendable {}\n", "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]).isEmpty)
    }

    /// A superclass of the linted code calls a subclass's method by name only through an `override`: what the
    /// superclass conforms to counts, not the superclass itself (blind round CS: an app delegate subclassing
    /// the app's `AppHandlers`, whose copy to /Applications only a launch argument runs). A protocol of the
    /// app that names the method brings the finding back.
    @Test func anAppSuperclassCallsNothingByName() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            import AppKit

            @MainActor class AppDelegate: AppHandlers, NSApplicationDelegate {
                func moveToApplicationsFolder() {
                    let copy = Process()
                    copy.launchPath = "/usr/bin/ditto"
                    copy.launch()
                    copy.waitUntilExit()
                }

                func applicationWillFinishLaunching(_ notification: Notification) {
                    if CommandLine.arguments.contains("-update") { moveToApplicationsFolder() }
                }
            }
            """, "Sources/App/AppDelegate.swift")
        try write("""
            import SwiftUI

            @main struct MainApp: App {
                @NSApplicationDelegateAdaptor(AppDelegate.self) var delegate
                var body: some Scene { Settings { EmptyView() } }
            }
            """, "Sources/App/MainApp.swift")
        try write("""
            import AppKit

            protocol NetworkObserving: AnyObject { func networkChanged() }
            class AppHandlers: NSObject, ObservableObject, NetworkObserving {
                func networkChanged() {}
            }
            """, "Sources/App/AppHandlers.swift")
        #expect(try lint([folder.path]).isEmpty, "only the -update launch argument runs the copy")
        #expect(try lint([folder.path], cached: false).isEmpty)

        try write("""
            import AppKit

            protocol NetworkObserving: AnyObject { func moveToApplicationsFolder() }
            class AppHandlers: NSObject, ObservableObject, NetworkObserving {}
            """, "Sources/App/AppHandlers.swift")
        #expect(try lint([folder.path]) == ["AppDelegate.swift:8"])
        #expect(try lint([folder.path], cached: false) == ["AppDelegate.swift:8"])

        // A superclass that conforms to an SDK protocol the tables do not list may call any member.
        try write("""
            import AppKit

            class AppHandlers: NSObject, NSMenuDelegate {}
            """, "Sources/App/AppHandlers.swift")
        #expect(try lint([folder.path]) == ["AppDelegate.swift:8"])
    }

    /// A later run asks an unchanged file only what the last run did not (the cache keeps each file's answers):
    /// new names, a name asked as a created type where it was a function's (a dotted key then counts), new types.
    /// The answers are a fresh search's.
    @Test func earlierAnswersGiveWhatAFreshSearchGives() {
        let input = Linter.SourceInput(path: "Menu.swift", text: """
            protocol Refreshing: Sendable {}
            extension Loader: Refreshing, Decodable {}
            extension Store: Refreshing {}
            func start() { load(); let key = "menu.reload"; _ = key }
            // save()
            """, settings: ModuleSettings())
        let first = UncalledElsewhere.Questions(names: ["load", "save", "reload"], created: [], types: ["Loader"])
        let second = UncalledElsewhere.Questions(names: ["load", "reload", "start"], created: ["reload"], types: ["Loader", "Store"])
        let earlier = UncalledElsewhere.mentionsOfRoots(in: input, asking: first)
        #expect(earlier.named == ["load"])
        let reused = UncalledElsewhere.mentionsOfRoots(in: input, asking: second,
                                                       earlier: (earlier, second.namesNotIn(first), second.types.subtracting(first.types)))
        let fresh = UncalledElsewhere.mentionsOfRoots(in: input, asking: second)
        #expect(Set(reused.named) == ["load", "reload", "start"])
        #expect(Set(reused.named) == Set(fresh.named))
        #expect(Set(reused.inherited) == Set(fresh.inherited))
        #expect(Set(reused.inherited.map(\.name)) == ["Loader", "Store"])
        #expect(reused.protocols == fresh.protocols)
        #expect(reused.classes == fresh.classes)
    }

    /// An async function that Swift 6.2's settings keep on the main actor stalls nothing where no linted file
    /// calls the function that awaits it (blind probe CGv: a photo cleaner's orientation check, whose only
    /// call was commented out).
    @Test func anAwaitNoLintedFileReachesIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "App", path: "Sources/App", swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
            ])
            """, "Package.swift")
        try write("""
            import Foundation

            func settle() async {
                usleep(200_000)
            }

            @MainActor final class ScanModel {
                func scan() async {
                    await settle()
                }
            }
            """, "Sources/App/ScanModel.swift")
        try write("// await model.scan() waits for the next version\n", "Sources/App/ScanView.swift")
        #expect(try lintWithAndWithoutTheCache().isEmpty, "nothing calls scan()")
        try write("@MainActor func refresh(_ model: ScanModel) async { await model.scan() }\n", "Sources/App/ScanView.swift")
        #expect(try lintWithAndWithoutTheCache() == ["ScanModel.swift:9"])
    }

    /// The folder's findings, which must be the same with the cache and without.
    func lintWithAndWithoutTheCache() throws -> [String] {
        let cached = try lint([folder.path])
        #expect(try lint([folder.path], cached: false) == cached, "the cache changed the findings")
        return cached
    }

    /// A computed property no linted file reads is dead code, as a function nothing calls is: its getter
    /// never runs. A read in another file brings its findings back; a property the standard library reads
    /// through a protocol without writing its name (`description` in string interpolation) keeps them.
    @Test func aComputedPropertyNoLintedFileReadsIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        let summary = { (name: String) in
            """
            import Contacts

            @MainActor final class ContactsSummary: CustomStringConvertible {
                let store = CNContactStore()
                var \(name): String {
                    var count = 0
                    try? store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { _, _ in count += 1 }
                    return "\\(count) contacts"
                }
            }
            """
        }
        try write(summary("contactCount"), "Sources/App/ContactsSummary.swift")
        try write("@MainActor let summary = ContactsSummary()\n", "Sources/App/Main.swift")
        #expect(try lint([folder.path]).isEmpty, "nothing reads contactCount")
        #expect(try lint([folder.path], cached: false).isEmpty)

        try write("@MainActor let summary = ContactsSummary()\n@MainActor func badge() -> String { summary.contactCount }\n", "Sources/App/Main.swift")
        #expect(try lint([folder.path]) == ["ContactsSummary.swift:7"])
        #expect(try lint([folder.path], cached: false) == ["ContactsSummary.swift:7"])

        try write("@MainActor let summary = ContactsSummary()\n", "Sources/App/Main.swift")
        try write(summary("description"), "Sources/App/ContactsSummary.swift")
        #expect(try lint([folder.path]) == ["ContactsSummary.swift:7"], "string interpolation reads description")
    }

    /// A conformance to the app's own protocol lets nothing outside call a method by a name no file writes,
    /// nor does an SDK delegate for a method named for the app's own action (`getSubtitles(fromPath:)`): the
    /// SDK calls a delegate's methods by names that start with the object calling them
    /// (`comboBoxSelectionDidChange(_:)`). An app protocol that refines an SDK delegate passes it on.
    @Test func appProtocolsAndDelegatesCallOnlyTheirRequirements() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        let controller = { (conformances: String, method: String) in
            """
            import AppKit

            final class SubtitleViewController: NSViewController, \(conformances) {
                func progressDidChange(_ value: Double) {}

                func \(method) {
                    let semaphore = DispatchSemaphore(value: 0)
                    semaphore.wait()
                }
            }
            """
        }
        let protocols = "protocol ProgressReporting: AnyObject { func progressDidChange(_ value: Double) }\nprotocol ListReporting: ProgressReporting, NSTableViewDelegate {}\n"
        try write(protocols + "@MainActor let controller = SubtitleViewController()\n", "Sources/App/Main.swift")
        try write(controller("NSComboBoxDelegate, ProgressReporting", "getSubtitles(fromPath path: String)"), "Sources/App/SubtitleViewController.swift")
        #expect(try lint([folder.path]).isEmpty, "nothing calls getSubtitles(fromPath:)")
        try write(controller("ListReporting", "loadRows()"), "Sources/App/SubtitleViewController.swift")
        #expect(try lint([folder.path]).isEmpty, "nothing calls loadRows()")

        // The delegate's own callback, and one an app protocol passes on from an SDK delegate, keep their findings.
        try write(controller("NSComboBoxDelegate, ProgressReporting", "comboBoxSelectionDidChange(_ notification: Notification)"), "Sources/App/SubtitleViewController.swift")
        #expect(try lint([folder.path]) == ["SubtitleViewController.swift:8"])
        try write(controller("ListReporting", "tableViewSelectionDidChange(_ notification: Notification)"), "Sources/App/SubtitleViewController.swift")
        #expect(try lint([folder.path]) == ["SubtitleViewController.swift:8"])
        // So does a call in another file.
        try write(controller("NSComboBoxDelegate, ProgressReporting", "getSubtitles(fromPath path: String)"), "Sources/App/SubtitleViewController.swift")
        try write(protocols + "@MainActor let controller = SubtitleViewController()\n@MainActor func open() { controller.getSubtitles(fromPath: \"\") }\n", "Sources/App/Main.swift")
        #expect(try lint([folder.path]) == ["SubtitleViewController.swift:8"])
    }

    /// A call written only in code compiled into debug builds (`#if DEBUG`) is no caller in the app users
    /// run; a call in its `#else` branch, or after its `#endif`, is.
    @Test func aCallerCompiledOnlyIntoDebugBuildsDoesNotCount() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write(Self.exporter, "Sources/App/PhotoExporter.swift")
        let caller = { (body: String) in
            "import UIKit\n\nfinal class PhotoViewController: UIViewController {\n\(body)\n}\n"
        }
        try write(caller("""
                #if DEBUG
                @IBAction func debugShare(_ sender: Any) {
                    #if targetEnvironment(simulator)
                    print("simulator")
                    #endif
                    PhotoExporter.share(UIImage())
                }
                #endif
            """), "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]).isEmpty, "share(_:) is called only in debug builds")
        try write(caller("""
                #if DEBUG
                @IBAction func debugShare(_ sender: Any) {}
                #else
                @IBAction func shareTapped(_ sender: Any) { PhotoExporter.share(UIImage()) }
                #endif
            """), "Sources/App/PhotoViewController.swift")
        #expect(try lint([folder.path]) == ["PhotoExporter.swift:10"])
    }

    @Test func debugOnlyRangesEndAtTheMatchingDirective() {
        let text = "a\n#if DEBUG\nb\n#if os(iOS)\nc\n#endif\nd\n#else\ne\n#endif\nf\n"
        let ranges = SourcePrefilter.withPrefilter(over: text) { $0.debugOnlyRanges() }
        let bytes = Array(text.utf8)
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == ["\nb\n#if os(iOS)\nc\n#endif\nd\n"])
        #expect(SourcePrefilter.withPrefilter(over: "#if !DEBUG\nx\n#endif\n") { $0.debugOnlyRanges() }.isEmpty)
        // A flag named for a debugging build of its own is one too; a flag that merely contains the word is not.
        #expect(SourcePrefilter.withPrefilter(over: "#if DEBUG_CALIBRATION\nx\n#endif\n") { $0.debugOnlyRanges() }.count == 1)
        #expect(SourcePrefilter.isDebugBuildCondition("DEBUG_MENU && os(iOS)"))
        #expect(!SourcePrefilter.isDebugBuildCondition("DEBUGGER_ATTACHED"))
        #expect(!SourcePrefilter.isDebugBuildCondition("DEBUG || RELEASE"))
    }

    /// A single file, or a folder inside the target, may leave the callers out: its findings stay.
    @Test func aRunThatMayMissCallersReportsThem() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write(Self.exporter, "Sources/App/PhotoExporter.swift")
        let file = folder.appendingPathComponent("Sources/App/PhotoExporter.swift").path
        #expect(try lint([file]) == ["PhotoExporter.swift:10"])
        #expect(try lint([folder.appendingPathComponent("Sources/App").path]) == ["PhotoExporter.swift:10"])
        // Then the whole project, from the same cache.
        #expect(try lint([folder.path]).isEmpty)
    }

    /// Functions the system may call by a name no file writes keep their findings: a delegate
    /// callback in a type that conforms to an SDK protocol, an `@objc` method, a public one.
    @Test func functionsTheSystemMayCallKeepTheirFindings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            import UIKit

            final class PickerController: UIViewController, UIImagePickerControllerDelegate {
                func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                    usleep(200_000)
                }
            }

            final class MenuController: UIViewController {
                @objc func refresh() { usleep(200_000) }
            }

            @MainActor public func warmUp() { usleep(200_000) }
            """, "Sources/App/Callbacks.swift")
        // A storyboard creates the picker, the menu's owner creates the menu.
        try write(#"<viewController id="P1" customClass="PickerController" customModule="App"/>"#, "Sources/App/Main.storyboard")
        try write("final class MenuOwner { let menu = MenuController() }\n", "Sources/App/MenuOwner.swift")
        #expect(try lint([folder.path]) == ["Callbacks.swift:5", "Callbacks.swift:10", "Callbacks.swift:13"])
    }

    /// A view controller's overrides run once something creates it, and only a name creates it: another
    /// Swift file, a storyboard or nib, a property list, Objective-C. The file's header comment and the
    /// project's file list (`ListsViewController.swift`) create nothing.
    @Test func aTypeNothingCreatesRunsNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            //  ListsViewController.swift

            import UIKit

            final class ListsViewController: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    reload()
                }

                func reload() { usleep(200_000) }
            }

            extension ListsViewController: UITableViewDelegate {
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { usleep(200_000) }
            }
            """, "Sources/App/ListsViewController.swift")
        try write("/* ListsViewController.swift in Sources */\n", "App.xcodeproj/project.pbxproj")
        #expect(try lint([folder.path]).isEmpty)
        #expect(try lint([folder.path], cached: false).isEmpty)

        // Each way of naming the type brings the findings back.
        let creators = [
            ("Sources/App/Main.storyboard", #"<tableViewController id="L1" customClass="ListsViewController" customModule="App"/>"#),
            ("Sources/App/Info.plist", "<key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).ListsViewController</string>"),
            ("Sources/App/Legacy.m", "UIViewController *lists = [[ListsViewController alloc] init];"),
            ("Sources/App/Root.swift", "let root = UINavigationController(rootViewController: ListsViewController())"),
        ]
        for (path, text) in creators {
            try write(text, path)
            #expect(try lint([folder.path]) == ["ListsViewController.swift:11", "ListsViewController.swift:15"], "\(path)")
            try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
        }
        #expect(try lint([folder.path]).isEmpty)

        // So does code of the same file outside the type, and a run that may miss the creators.
        try write(try String(contentsOf: folder.appendingPathComponent("Sources/App/ListsViewController.swift"), encoding: .utf8)
                  + "\nfunc makeLists() -> UIViewController { ListsViewController() }\n", "Sources/App/ListsViewController.swift")
        #expect(try lint([folder.path]) == ["ListsViewController.swift:11", "ListsViewController.swift:15"])
    }

    /// SwiftUI calls a view's `body`, not its other functions: a helper in an extension of a view that
    /// nothing calls is dead, while one that `body` calls is not.
    @Test func aViewsHelperNothingCallsIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            import SwiftUI

            struct FolderView: View {
                let folder: URL
                var body: some View { Text(folder.lastPathComponent).onAppear { refresh() } }
            }
            """, "Sources/App/FolderView.swift")
        try write("""
            import SwiftUI

            extension FolderView {
                func pause() { usleep(200_000) }

                func refresh() { usleep(200_000) }
            }
            """, "Sources/App/FolderView+Actions.swift")
        try write("let root = FolderView(folder: URL.documentsDirectory)\n", "Sources/App/Root.swift")
        #expect(try lint([folder.path]) == ["FolderView+Actions.swift:6"])
        #expect(try lint([folder.appendingPathComponent("Sources/App").path]) == ["FolderView+Actions.swift:4", "FolderView+Actions.swift:6"])
    }

    /// A call someone commented out calls nothing, in the function's file or another; UIKit calls an app
    /// delegate's `application…` methods, not its other ones.
    @Test func aCallCommentedOutCallsNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    // setUpTor()
                    return true
                }

                func setUpTor() {
                    let group = DispatchGroup()
                    group.enter()
                    DispatchQueue.global().async { group.leave() }
                    group.wait()
                }
            }
            """, "Sources/App/AppDelegate.swift")
        try write("""
            import UIKit

            @MainActor enum Warmup {
                static func prime() { usleep(200_000) }
            }
            """, "Sources/App/Warmup.swift")
        try write("func launch() {\n    //    Warmup.prime()\n}\n", "Sources/App/Launch.swift")
        #expect(try lint([folder.path]).isEmpty)
        try write("func launch() {\n    Warmup.prime() // prime()\n}\n", "Sources/App/Launch.swift")
        #expect(try lint([folder.path]) == ["Warmup.swift:4"])
    }

    /// Types the system creates without a name in code keep their findings: App Intents (found in the
    /// build's metadata), `@main` types, public types, and the SDK's own types extended by the app.
    @Test func typesTheSystemCreatesKeepTheirFindings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.manifest, "Package.swift")
        try write("""
            import AppIntents
            import UIKit

            struct ExportIntent: AppIntent {
                static var title: LocalizedStringResource = "Export"
                @MainActor func perform() async throws -> some IntentResult { usleep(200_000); return .result() }
            }

            extension UIViewController {
                @objc func pauseBriefly() { usleep(200_000) }
            }

            public final class SharedViewController: UIViewController {
                public override func viewDidLoad() { usleep(200_000) }
            }
            """, "Sources/App/System.swift")
        #expect(try lint([folder.path]) == ["System.swift:6", "System.swift:10", "System.swift:14"])
    }
}

/// Files a project no longer compiles: an old copy beside the files a target lists is not built, so a run
/// of the whole project reports nothing in it; a file the project lists in other letter case is built
/// (a Mac's volumes ignore case).
@Suite struct NotCompiledFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-not-compiled-\(UUID().uuidString)")

    static let project = """
        { objects = {
            PRJ = { isa = PBXProject; mainGroup = MAIN; targets = (APP); buildConfigurationList = PL; };
            MAIN = { isa = PBXGroup; children = (GRP); sourceTree = "<group>"; };
            GRP = { isa = PBXGroup; children = (F1, F2); path = App; sourceTree = "<group>"; };
            F1 = { isa = PBXFileReference; path = Screen.swift; sourceTree = "<group>"; };
            F2 = { isa = PBXFileReference; path = HELP.swift; sourceTree = "<group>"; };
            B1 = { isa = PBXBuildFile; fileRef = F1; };
            B2 = { isa = PBXBuildFile; fileRef = F2; };
            SRC = { isa = PBXSourcesBuildPhase; files = (B1, B2); };
            APP = { isa = PBXNativeTarget; name = App; buildPhases = (SRC); buildConfigurationList = PL;
                    productType = "com.apple.product-type.application"; };
            PL = { isa = XCConfigurationList; buildConfigurations = (PD); };
            PD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; }; };
        }; rootObject = PRJ; }
        """

    static func screen(_ name: String) -> String {
        """
        import UIKit

        final class \(name): UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                usleep(200_000)
            }
        }

        func make\(name)() -> UIViewController { \(name)() }
        """
    }

    func lint(_ paths: [String]) throws -> [String] {
        try TeamLinter(configurations: NestedConfigurations(root: Configuration()), cache: nil, sourceRoot: folder.path, threads: 2)
            .lint(paths: paths).lint.findings.map { "\(PathParts.name($0.file)):\($0.line)" }.sorted()
    }

    @Test func anOldCopyBesideTheListedFilesIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try folder.writeFile("App.xcodeproj/project.pbxproj", Self.project)
        try folder.writeFile("App/Screen.swift", Self.screen("ScreenViewController"))
        try folder.writeFile("App/Help.swift", Self.screen("HelpViewController"))
        try folder.writeFile("App/OldScreen.swift", Self.screen("OldScreenViewController"))
        #expect(try lint([folder.path]) == ["Help.swift:6", "Screen.swift:6"])
        // A run of one file cannot tell what the project builds: the copy is linted like any file.
        #expect(try lint([folder.appendingPathComponent("App/OldScreen.swift").path]) == ["OldScreen.swift:6"])
    }

    /// Files left at the top of the folders the project builds, where no file is listed, are not built either;
    /// a script in a folder beside them, above no listed file, is still linted.
    @Test func anOldCopyAboveTheListedFilesIsNotReported() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = Self.project.replacingOccurrences(of: "path = App;", with: "path = App/Scenes;")
        try folder.writeFile("App.xcodeproj/project.pbxproj", project)
        try folder.writeFile("App/Scenes/Screen.swift", Self.screen("ScreenViewController"))
        try folder.writeFile("App/Scenes/Help.swift", Self.screen("HelpViewController"))
        try folder.writeFile("App/OldScreen.swift", Self.screen("OldScreenViewController"))
        try folder.writeFile("Scripts/Release.swift", Self.screen("ReleaseViewController"))
        #expect(try lint([folder.path]) == ["Help.swift:6", "Release.swift:6", "Screen.swift:6"])
    }
}
