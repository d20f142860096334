import Foundation
@testable import MainGuardLint
import XCTest

final class LinterTests: XCTestCase {
    func testExamplesProduceExactlyTheThreeButtonFindingsAndTheSevenRenderLoopProblems() throws {
        let result = try Linter().lint(paths: [PackageRoot.path + "/Examples"])
        let summary = result.findings.map { "\(($0.file as NSString).lastPathComponent):\($0.line):\($0.ruleID)" }
        XCTAssertEqual(summary, [
            "Swift62Button.swift:17:async_function_runs_on_main_actor",
            "RenderLoopScreen.swift:53:state_mutation_in_view_body",
            "RenderLoopScreen.swift:74:side_effect_in_view_body",
            "RenderLoopScreen.swift:97:expensive_work_in_view_body",
            "RenderLoopScreen.swift:124:task_missing_id",
            "RenderLoopScreen.swift:147:unstable_view_identity",
            "RenderLoopScreen.swift:174:equatable_view_ignores_property",
            "RenderLoopScreen.swift:216:onchange_mutates_observed_value",
            "ButtonCases.swift:16:sync_work_in_main_actor_task",
            "ButtonCases.swift:52:detached_task_default_priority",
        ])
        let hangLater = result.findings.first { $0.ruleID == "sync_work_in_main_actor_task" }
        XCTAssertTrue(hangLater?.message.contains("this Task inherits @MainActor from @MainActor class HangLaterButton") ?? false)
    }

    func testBrokenFilesNeverCrashTheRun() throws {
        let directory = try TemporaryDirectory(self)
        try directory.write("Empty.swift", "")
        try directory.write("Latin1.swift", data: Data([0x2F, 0x2F, 0x20, 0xE9, 0xFF, 0x0A]))
        try directory.write("Broken.swift", """
            @MainActor final class Model {
                func tapped() {
                    sleep(1)
                    let x = (((
                }
            """)
        let result = try Linter().lint(paths: [directory.path])
        XCTAssertEqual(result.fileCount, 2)
        XCTAssertEqual(result.skipped.map { ($0.path as NSString).lastPathComponent }, ["Latin1.swift"])
        XCTAssertEqual(result.skipped.first?.reason, "file is not valid UTF-8, so it is not Swift source; re-save it as UTF-8 or exclude it with --exclude")
        XCTAssertEqual(result.findings.map(\.ruleID), ["blocking_call_on_main_actor"], "the parseable part is still linted")
        XCTAssertEqual(result.summary, "Found 1 finding (1 error, 0 warnings) in 2 files; skipped 1 file")
    }

    func testExitCodes() {
        let warning = Finding(ruleID: "r", severity: .warning, message: "m", file: "f", line: 1, column: 1)
        let error = Finding(ruleID: "r", severity: .error, message: "m", file: "f", line: 1, column: 1)
        let result = { (findings: [Finding]) in LintResult(findings: findings, skipped: [], fileCount: 1, lineCount: 1) }
        XCTAssertEqual(result([]).exitCode(strict: true), 0)
        XCTAssertEqual(result([warning]).exitCode(strict: false), 0)
        XCTAssertEqual(result([warning]).exitCode(strict: true), 2)
        XCTAssertEqual(result([warning, error]).exitCode(strict: false), 2)
    }

    /// Issue 13: a rule the configuration turns off is not run (`SourceInput.ruleIDs`), not run and filtered.
    func testOnlyTheRulesNamedForAFileRun() {
        let source = """
            @MainActor func load() {
                Thread.sleep(forTimeInterval: 1)
                Task.detached { print("later") }
            }
            """
        let run = { (ruleIDs: Set<String>?) in
            Linter().lint([Linter.SourceInput(path: "a.swift", text: source, settings: .classic, ruleIDs: ruleIDs)]).findings.map(\.ruleID).sorted()
        }
        XCTAssertEqual(run(nil), ["blocking_call_on_main_actor", "detached_task_default_priority"])
        XCTAssertEqual(run(["blocking_call_on_main_actor"]), ["blocking_call_on_main_actor"])
        XCTAssertEqual(run([]), [])
    }

    func testSeverityFollowsTheCatalogueKind() {
        let findings = Linter().lint(source: """
            @MainActor func load() {
                Thread.sleep(forTimeInterval: 1)
                _ = try? Data(contentsOf: videoURL, options: [])
            }
            """)
        XCTAssertEqual(findings.map(\.severity), [.error, .warning])
        XCTAssertEqual(findings.map(\.column), [12, 14])
    }

    func testXcodeReporterFormat() {
        let finding = Finding(ruleID: "detached_task_default_priority", severity: .warning, message: "Task.detached ...",
                              file: "Sources/A.swift", line: 3, column: 5)
        XCTAssertEqual(XcodeReporter.render([finding]), "Sources/A.swift:3:5: warning: Task.detached ... [detached_task_default_priority]\n")
    }

    func testJSONReporterUsesSwiftLintsKeys() throws {
        let finding = Finding(ruleID: "blocking_call_on_main_actor", severity: .error, message: "blocks", file: "Sources/A.swift",
                              line: 3, column: 5)
        let json = JSONReporter.render([finding])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 1)
        XCTAssertEqual(Set(objects[0].keys), ["file", "line", "character", "severity", "type", "rule_id", "reason"])
        XCTAssertEqual(objects[0]["severity"] as? String, "Error")
        XCTAssertEqual(objects[0]["type"] as? String, "Blocking Call on Main Actor")
        XCTAssertEqual(objects[0]["line"] as? Int, 3)
        XCTAssertEqual(objects[0]["character"] as? Int, 5)
        XCTAssertTrue((objects[0]["file"] as? String)?.hasPrefix("/") == true)
        XCTAssertTrue((objects[0]["file"] as? String)?.hasSuffix("/Sources/A.swift") == true)
        XCTAssertTrue(json.contains("\n  {\n    \"character\" : 5,"), "pretty-printed with sorted keys like SwiftLint")
        XCTAssertEqual(JSONReporter.render([]).trimmingCharacters(in: .whitespacesAndNewlines), "[\n\n]")
    }

    func testLintingThisPackagesSourcesDoesNotCrash() throws {
        let result = try Linter(configuration: LintConfiguration(threads: 2)).lint(paths: [PackageRoot.path + "/Sources"])
        XCTAssertGreaterThan(result.fileCount, 10)
        XCTAssertTrue(result.skipped.isEmpty)
    }

    func testThreadCountDoesNotChangeTheResult() throws {
        let examples = PackageRoot.path + "/Examples"
        let one = try Linter(configuration: LintConfiguration(threads: 1)).lint(paths: [examples])
        let four = try Linter(configuration: LintConfiguration(threads: 4)).lint(paths: [examples])
        XCTAssertEqual(one.findings, four.findings)
    }

    func testMessagesNameTheEnclosingDeclarationNotALocalVariable() {
        let source = """
            import SwiftUI
            struct RestoreView: View {
                @State private var picking = false
                var body: some View {
                    Button("Restore") { picking = true }
                        .fileImporter(isPresented: $picking, allowedContentTypes: [.json]) { result in
                            guard case .success(let url) = result else { return }
                            let backup = try? Data(contentsOf: url)
                            print(backup?.count ?? 0)
                        }
                }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map(\.line), [8])
        XCTAssertTrue(findings.first?.message.contains("(.fileImporter { } in RestoreView.body)") == true, findings.first?.message ?? "no finding")
    }

    /// Where the work sits in a helper of the awaited function, the fix names the awaited function: the
    /// helper is synchronous, and `@concurrent` marks only async functions.
    func testTheAsyncFixNamesTheAwaitedFunctionWhenTheWorkIsInAHelper() {
        let source = """
            import Foundation

            func score(_ path: String) -> Int {
                usleep(100_000)
                return 1
            }

            func rate(_ path: String) async -> Int {
                score(path)
            }

            func settle() async {
                usleep(200_000)
            }

            @MainActor final class ScanModel {
                func scan() async {
                    _ = await rate("a")
                    await settle()
                }
            }
            """
        let input = Linter.SourceInput(path: "Scan.swift", text: source, settings: ModuleSettings(nonisolatedNonsendingByDefault: true))
        let messages = Linter().lint([input]).findings.filter { $0.ruleID == "async_function_runs_on_main_actor" }.map(\.message)
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.first?.hasSuffix("mark rate(_:) `@concurrent`") == true, messages.first ?? "no finding")
        XCTAssertTrue(messages.last?.hasSuffix("mark it `@concurrent`") == true, messages.last ?? "no finding")
    }

    /// A capture session's start and stop move to one serial queue, as AVFoundation documents, not into an
    /// async function.
    func testACaptureSessionsFixIsItsOwnSerialQueue() {
        let source = """
            import AVFoundation
            import UIKit

            final class ScannerViewController: UIViewController {
                let session = AVCaptureSession()

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    session.startRunning()
                }
            }
            """
        let messages = Linter().lint(source: source).map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.hasSuffix("; start and stop the session on one serial queue of its own") == true, messages.first ?? "no finding")
    }
}
