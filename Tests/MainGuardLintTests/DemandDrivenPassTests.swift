@testable import MainGuardLint
import SwiftParser
import XCTest

/// The lint run's first pass reads only declarations and walks bodies on demand; these tests pin
/// that it sees what the full walk sees and that findings that depend on other files still appear.
final class DemandDrivenPassTests: XCTestCase {
    private func lint(_ sources: [String: String], settings: ModuleSettings = .classic) -> [String] {
        let inputs = sources.sorted { $0.key < $1.key }.map { Linter.SourceInput(path: $0.key, text: $0.value, settings: settings) }
        return Linter(configuration: LintConfiguration(threads: 2)).lint(inputs).findings.map { "\($0.file):\($0.line):\($0.ruleID)" }
    }

    private func declarations(_ text: String, full: Bool) -> (types: [String], functions: [String]) {
        let tree = Parser.parse(source: text)
        let facts = full ? FactCollector.collect(tree, fileIndex: 0, settings: .classic)
            : DeclarationCollector.collect(tree, text: text, fileIndex: 0, settings: .classic)
        return (facts.types.map(\.name), facts.functions.map { "\($0.enclosingType ?? "-").\($0.signature)" })
    }

    func testTheDeclarationPassFindsTheSameDeclarationsAsTheFullWalkIncludingLocalOnes() {
        let text = """
        struct Outer {
            var handler: () -> Void = {
                func insideInitialValue() {}
            }
            var computed: Int {
                struct LocalInAccessor { init(x: Int) {} }
                return 1
            }
            func method() {
                let items = [1, 2].enumerated().map { pair in
                    func insideClosure(_ value: Int) -> Int { value }
                    return insideClosure(pair.offset)
                }
                _ = items.map(Outer.init)
                class LocalClass { func localMethod() {} }
            }
            init() { self.init(other: 1) }
            init(other: Int) {}
        }
        let topLevel = { () -> Int in
            func insideTopLevelClosure() -> Int { 1 }
            return insideTopLevelClosure()
        }()
        if true { enum InsideStatement { case a } }
        """
        let full = declarations(text, full: true)
        let firstPass = declarations(text, full: false)
        XCTAssertEqual(firstPass.types, full.types)
        XCTAssertEqual(firstPass.functions, full.functions)
        // The getter of `computed` is a function too, listed before the initializer its body declares.
        XCTAssertEqual(full.functions.count, 9, "\(full.functions)")
        XCTAssertEqual(full.functions[1...2], ["Outer.computed", "LocalInAccessor.LocalInAccessor(x:)"])
    }

    func testThePrefilterSkipsOnlyRangesWithoutADeclarationKeyword() {
        let check = { (text: String) in SourcePrefilter.withPrefilter(over: text) { $0.mayDeclare(in: 0..<text.utf8.count) } }
        XCTAssertFalse(check("items.enumerated().map(Foo.init); self.init(x: 1); let functional = initial + classic"))
        XCTAssertTrue(check("func local() {}"))
        XCTAssertTrue(check("x\n  struct S {}"))
        XCTAssertTrue(check("{ init?(x: Int) {} }"))
        XCTAssertTrue(check("// a comment saying enum\n"), "a keyword in a comment only means the subtree is walked")
    }

    func testALineCommentIsToldFromCodeAndStrings() {
        let check = { (text: String, word: String) in
            SourcePrefilter.withPrefilter(over: text) { prefilter in prefilter.offsets(ofWord: word).map(prefilter.isInLineComment) }
        }
        XCTAssertEqual(check("    // setUpTor()\n", "setUpTor"), [true])
        XCTAssertEqual(check("/// We do not call start() here.\n", "start"), [true])
        XCTAssertEqual(check("tor.start() // start()\n", "start"), [false, true])
        XCTAssertEqual(check("let url = \"https://x\" + start\n", "start"), [false], "a // in a string opens no comment")
        XCTAssertEqual(check("let s = \"a \\\" b\"; start() // x\n", "start"), [false], "an escaped quote")
        XCTAssertEqual(check("/* start() */ run()\n", "start"), [false], "a block comment counts as a mention")
    }

    func testALaterPartOfADottedKeyInAStringIsToldFromCodeAndSelectors() {
        let check = { (text: String, word: String) in
            SourcePrefilter.withPrefilter(over: text) { prefilter in prefilter.offsets(ofWord: word).map(prefilter.isInADottedKey) }
        }
        XCTAssertEqual(check("Text(\"more.backup.restoreBackup\".localized)\n", "restoreBackup"), [true])
        XCTAssertEqual(check("manager.restoreBackup()\n", "restoreBackup"), [false], "a call")
        XCTAssertEqual(check("perform(Selector(\"restoreBackup:\"))\n", "restoreBackup"), [false], "a selector")
        XCTAssertEqual(check("let s = \"a\" + x.restoreBackup\n", "restoreBackup"), [false], "after the string closed")
        XCTAssertEqual(check("let action = \"BackupManager.restoreBackup\"\n", "restoreBackup"), [false], "a type's member")
    }

    func testBracketRunsSurvivingTheByteCheckAreStillFoundByTheLexer() {
        let deep = String(repeating: "[", count: 13) + "1" + String(repeating: "]", count: 13)
        XCTAssertEqual(ParserLimits.excessiveBracketRun(in: "let a = \(deep)"), 13)
        let spaced = (0..<13).map { _ in "[ /* [ */" }.joined(separator: "\n// x\n") + "1"
        XCTAssertEqual(ParserLimits.excessiveBracketRun(in: "let a = \(spaced)"), 13)
        let afterString = "let s = \"[ /*\"; let a = \(deep)"
        XCTAssertEqual(ParserLimits.excessiveBracketRun(in: afterString), 13, "a comment start inside a string hides nothing")
        XCTAssertNil(ParserLimits.excessiveBracketRun(in: String(repeating: "let x = [[1]]\n", count: 20)))
        let inString = "let s = \"\(String(repeating: "[", count: 20))\""
        XCTAssertNil(ParserLimits.excessiveBracketRun(in: inString), "the lexer, not the bytes, decides")
    }

    func testCodeMadeMainActorByATypeInAnotherFileIsChecked() {
        let findings = lint([
            "Base.swift": "@MainActor class Screen {}\n@MainActor final class Model {}\n",
            "Sub.swift": "import Foundation\nfinal class Detail: Screen {\n    func load() {\n        Thread.sleep(forTimeInterval: 1)\n    }\n}\n",
            "Model+Load.swift": "import Foundation\nextension Model {\n    func refresh() {\n        usleep(500_000)\n    }\n}\n",
        ])
        XCTAssertEqual(findings, ["Model+Load.swift:4:blocking_call_on_main_actor", "Sub.swift:4:blocking_call_on_main_actor"])
    }

    func testHeavinessIsFollowedIntoFilesWhoseBodiesWereNotWalked() {
        let findings = lint([
            "Job.swift": "import Foundation\nfunc start() {\n    DispatchQueue.main.async {\n        rebuild()\n    }\n}\n",
            "Rebuild.swift": "func rebuild() {\n    index()\n}\n",
            "Index.swift": "func index() {\n    for _ in 0..<1_000 {}\n}\n",
        ])
        XCTAssertEqual(findings, ["Job.swift:4:sync_work_in_main_actor_task"])
    }

    func testMutualRecursionIsHeavyWhicheverFunctionIsAskedFirst() {
        let sources = ["func ping() { pong() }", "func pong() { ping() }", "func start() { ping() }"]
        var lowCost = ModuleSettings.classic
        lowCost.includesLowCost = true
        for order in [sources, sources.reversed()] {
            XCTAssertNil(ModuleIndex(sources: Array(order)).functions.first { $0.signature == "start()" }?.heaviness,
                         "recursion is low cost by default")
            let index = ModuleIndex(sources: Array(order), settings: lowCost)
            let reasons = Dictionary(uniqueKeysWithValues: index.functions.map { ($0.signature, $0.heaviness) })
            XCTAssertEqual(reasons["ping()"], "recurses")
            XCTAssertEqual(reasons["pong()"], "recurses")
            XCTAssertEqual(reasons["start()"], "calls ping(), which recurses")
        }
    }

    func testMentionsInCommentsDoNotCountButMentionsInCodeAndStringsDo() {
        func mentions(_ text: String) -> (mainActor: Bool, detached: Bool) {
            let found = SourceMentions(text: text, tree: Parser.parse(source: text))
            return (found.mainActor, found.detached)
        }
        let commentsOnly = mentions("/// Use `@MainActor` or `DispatchQueue.main`, not `Task.detached`.\n/* MainActor */ struct Plain {}\n")
        XCTAssertEqual(commentsOnly.mainActor, false)
        XCTAssertEqual(commentsOnly.detached, false)
        XCTAssertEqual(mentions("@MainActor final class Screen {}").mainActor, true)
        XCTAssertEqual(mentions("func f() { DispatchQueue.main.async {} } // no MainActor here").mainActor, true)
        XCTAssertEqual(mentions("func f() { Task.detached { } }").detached, true)
        XCTAssertEqual(mentions("let name = \"MainActor\"").mainActor, true, "a string can only make the answer \"may\"")
        XCTAssertEqual(mentions("func f() { Task<Void, Never>.detached { } }").detached, true)
        XCTAssertEqual(mentions("func f() { _Concurrency.Task\n    .detached(priority: .low) { } }").detached, true)
        XCTAssertEqual(mentions("let copy = node.detached\nswitch state { case .detached: break }").detached, false)
    }

    func testManyMentionsInCommentsEndInMayAfterABoundedNumberOfChecks() {
        let text = String(repeating: "// MainActor\n", count: 100) + "struct Plain {}\n"
        XCTAssertTrue(SourceMentions(text: text, tree: Parser.parse(source: text)).mainActor)
        let few = String(repeating: "// MainActor\n", count: 10) + "struct Plain {}\n"
        XCTAssertFalse(SourceMentions(text: few, tree: Parser.parse(source: few)).mainActor)
    }

    func testAFileWhoseCommentsNameTheMainActorStillGetsFindingsFromItsCode() {
        let findings = lint([
            "Docs.swift": "// Runs on the MainActor via DispatchQueue.main.\nimport Foundation\nfinal class Loader {\n    func load() {\n        Thread.sleep(forTimeInterval: 1)\n    }\n}\n",
            "Screen.swift": "import Foundation\n/// Not `@MainActor`.\nfinal class Screen {\n    func show() { Task.detached { } }\n}\n",
            "Main.swift": "import Foundation\n@MainActor func tap() {\n    Thread.sleep(forTimeInterval: 1)\n}\n",
        ])
        XCTAssertEqual(findings, ["Main.swift:3:blocking_call_on_main_actor", "Screen.swift:4:detached_task_default_priority"])
    }

    /// Issue 17, item 6: no file-level check may hide a finding. A main-actor call into a helper that does
    /// blocking work in another file is reported whether or not the calling file names a catalogue API.
    func testAMainActorCallIntoABlockingHelperIsReportedWithoutACatalogueCallInTheCallersFile() {
        let helper = """
            import Foundation
            enum AccountStore {
                static func loadAll(in folder: URL) -> [Data] {
                    let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
                    return files.compactMap { try? Data(contentsOf: $0) }
                }
            }
            """
        let screen = """
            import UIKit
            final class AccountsViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    _ = AccountStore.loadAll(in: URL(fileURLWithPath: "/tmp"))
                }
            }
            """
        let expected = ["Screen.swift:5:blocking_call_on_main_actor"]
        XCTAssertEqual(lint(["Helper.swift": helper, "Screen.swift": screen]), expected)
        // An unrelated, never-called catalogue call in the caller's file changes nothing.
        let withUnrelatedRead = screen + "\nfunc unused() -> Data? { try? Data(contentsOf: URL(fileURLWithPath: \"/tmp\")) }\n"
        XCTAssertEqual(lint(["Helper.swift": helper, "Screen.swift": withUnrelatedRead]), expected)
    }

    /// Round AM (safedrive): a sleep written in a closure handed to another file's background helper runs on
    /// that helper's queue. Only the index knows the helper, so the body keeps the call aside until then.
    func testACatalogueCallInAClosureHandedToAnotherFilesBackgroundHelperIsNotTheCallersWork() {
        let helpers = """
            func background(_ work: @escaping () -> Void) {
                DispatchQueue.global(qos: .utility).async { work() }
            }
            func inline(_ work: () -> Void) { work() }
            """
        let watcher = """
            final class MountWatcher {
                func waitInBackground() {
                    background { Thread.sleep(forTimeInterval: 1) }
                }
                func waitHere() {
                    inline { Thread.sleep(forTimeInterval: 1) }
                }
            }
            """
        let screen = """
            @MainActor final class SyncScreen {
                let watcher = MountWatcher()
                func start() { watcher.waitInBackground() }
                func startHere() { watcher.waitHere() }
            }
            """
        // Either order of files: the watcher's body may be walked before or after the helper's file.
        XCTAssertEqual(lint(["Helpers.swift": helpers, "Watcher.swift": watcher, "Screen.swift": screen]),
                       ["Screen.swift:4:blocking_call_on_main_actor"])
        XCTAssertEqual(lint(["Z.swift": helpers, "B.swift": watcher, "A.swift": screen]), ["A.swift:4:blocking_call_on_main_actor"])
        // Every body walked in the first pass (a cache's first run): the same.
        let inputs = [("Helpers.swift", helpers), ("Watcher.swift", watcher), ("Screen.swift", screen)]
            .map { Linter.SourceInput(path: $0.0, text: $0.1, settings: .classic) }
        let module = Linter(configuration: LintConfiguration(threads: 2)).prepare(inputs, walkingEveryBody: true)
        XCTAssertEqual(inputs.indices.flatMap { module.findings(ofFileAt: $0) }.map { "\($0.file):\($0.line):\($0.ruleID)" },
                       ["Screen.swift:4:blocking_call_on_main_actor"])
    }
}
