import Foundation
@testable import MainGuardLint
import XCTest

/// The engine skips the rules in files where none can fire and releases those files' syntax trees after
/// the single pass; these tests pin the cases where only other files (or the index) show that a rule
/// applies after all, so the file must be parsed again and checked like any other.
final class SkippedRulesTests: XCTestCase {
    private func lint(_ sources: [String: String]) -> [String] {
        let inputs = sources.sorted { $0.key < $1.key }.map { Linter.SourceInput(path: $0.key, text: $0.value, settings: .classic) }
        return Linter(configuration: LintConfiguration(threads: 2)).lint(inputs).findings.map { "\($0.file):\($0.line):\($0.ruleID)" }
    }

    func testAViewExtendedInAnotherFileIsStillCheckedByTheRenderLoopRules() {
        let findings = lint([
            "Row.swift": "import SwiftUI\nstruct Row: View {\n    let title: String\n}\n",
            "Row+Body.swift": "import SwiftUI\nextension Row {\n    var body: some View {\n        List { Text(title) }.id(UUID())\n    }\n}\n",
        ])
        XCTAssertEqual(findings, ["Row+Body.swift:4:unstable_view_identity"])
    }

    func testATaskCallingAHeavyFunctionDeclaredInAnotherFileIsStillReported() {
        let findings = lint([
            "Model.swift": "@MainActor final class Model {\n    func tapped() {\n        Task {\n            rebuild()\n        }\n    }\n}\n",
            "Work.swift": "func rebuild() {\n    for _ in 0..<1_000 {}\n}\n",
        ])
        XCTAssertEqual(findings, ["Model.swift:4:sync_work_in_main_actor_task"])
    }

    func testAFileWithoutTriggersHasNoFindingsAndItsTreeIsParsedAgainOnDemand() {
        let text = "struct Plain {\n    func add(_ a: Int, _ b: Int) -> Int { a + b }\n}\n"
        let module = Linter().prepare([Linter.SourceInput(path: "Plain.swift", text: text, settings: .classic)])
        XCTAssertEqual(module.findings(ofFileAt: 0), [])
        XCTAssertEqual(module.tree(ofFileAt: 0).description, text, "a released tree is rebuilt from the text")
    }

    func testSemaphoreNamesAreRecognisedWhateverTheirCase() {
        let source = { (name: String) in "@MainActor final class Loader {\n    func load() {\n        \(name).wait()\n    }\n}\n" }
        XCTAssertEqual(lint(["A.swift": source("ioSEMAPHORE")]), ["A.swift:3:blocking_call_on_main_actor"])
        XCTAssertEqual(lint(["A.swift": source("uploadSemaphore")]), ["A.swift:3:blocking_call_on_main_actor"])
        XCTAssertEqual(lint(["A.swift": source("sémaphoreIO")]), [], "only the ASCII spelling names a semaphore")
    }

    func testLargestItemsAreClaimedFirstAndResultsStayInInputOrder() {
        let claimed = ClaimOrder()
        let results = Parallel.map(count: 4, threads: 1, costs: [1, 40, 3, 20]) { position in
            claimed.record(position)
            return position * 10
        }
        XCTAssertEqual(results, [0, 10, 20, 30])
        XCTAssertEqual(claimed.positions, [1, 3, 2, 0])
        XCTAssertEqual(Parallel.chunkedMap(count: 2_000, threads: 2, chunkSize: 7) { $0 }, Array(0..<2_000))
    }
}

private final class ClaimOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed: [Int] = []

    var positions: [Int] { lock.withLock { claimed } }

    func record(_ position: Int) { lock.withLock { claimed.append(position) } }
}
