import Foundation
import MainGuard
import MainGuardExamples
import MainGuardExamplesSwift62
import XCTest

/// The linter predicts hangs, the watchdog measures them: on the sample workloads they must agree.
///
/// Every finding of a hang-predicting rule names the call that will stall the main thread (the
/// finding points at the called name). Watching every workload, that call must show up in the
/// stack of a measured hang, and every measured hang must be one the linter predicted.
final class LintWatchAgreementTests: XCTestCase {
    /// Rules whose findings say "this call will stall the main thread". (Rule ids as strings:
    /// this test target doesn't link the linter, it runs the CLI like a user.)
    static let hangPredictingRules: Set = [
        "sync_work_in_main_actor_task", "async_function_runs_on_main_actor", "blocking_call_on_main_actor",
    ]

    func testEveryPredictedHangIsMeasuredAndEveryMeasuredHangWasPredicted() throws {
        let predictedCalls = try predictedHangCalls()
        XCTAssertFalse(predictedCalls.isEmpty, "the examples contain hangs the linter should predict")

        var measuredHangs: [String: [String]] = [:]   // workload → frames of its hangs
        var severeHangs: [String: [String]] = [:]     // the same, for hangs of 250 ms or more
        for workload in SampleWorkloads.all + Swift62Workloads.all {
            let result = try MainGuardCLI.run(["watch", workload.name, "--format", "json", "--timeout", "60"])
            XCTAssertEqual(result.status, 0, "\(workload.name): \(result.standardError)")
            let report = try JSONReport.decode(Data(result.standardOutput.utf8))
            let hangs = report.stalls.filter { $0.durationMilliseconds >= report.thresholds.hangMilliseconds }
            if !hangs.isEmpty { measuredHangs[workload.name] = hangs.flatMap(\.attribution.frames) }
            let severe = hangs.filter { $0.durationMilliseconds >= report.thresholds.severeHangMilliseconds }
            if !severe.isEmpty { severeHangs[workload.name] = severe.flatMap(\.attribution.frames) }
        }

        for call in predictedCalls {
            let catching = measuredHangs.filter { _, frames in frames.contains { $0.hasPrefix(call + "(") } }
            XCTAssertEqual(catching.count, 1, "the linter predicts a hang in \(call)(); hangs measured: \(measuredHangs)")
        }
        // Only severe hangs count as unpredicted: on an overloaded machine a 20 ms scrolling frame
        // can stretch past 100 ms, but no workload the linter passes computes for 250 ms at once.
        for (workload, frames) in severeHangs {
            XCTAssertTrue(predictedCalls.contains { call in frames.contains { $0.hasPrefix(call + "(") } },
                          "\(workload) hangs in \(frames) but the linter predicted no hang there (predicted: \(predictedCalls))")
        }
    }

    /// The names of the calls hang-predicting findings point at, read from the source at each finding.
    private func predictedHangCalls() throws -> [String] {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let result = try MainGuardCLI.run(["lint", examples.path, "--reporter", "json"])
        XCTAssertNotEqual(result.status, 1, result.standardError)
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(result.standardOutput.utf8))
        return try findings.filter { Self.hangPredictingRules.contains($0.ruleID) }.map { finding in
            let lines = try String(contentsOfFile: finding.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(lines[finding.line - 1])
            let name = line.dropFirst(finding.character - 1).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            XCTAssertFalse(name.isEmpty, "finding at \(finding.file):\(finding.line):\(finding.character) points at no name")
            return String(name)
        }
    }

    /// The fields of the linter's JSON reporter this test reads.
    private struct LintFinding: Decodable {
        var file: String
        var line: Int
        var character: Int
        var ruleID: String

        enum CodingKeys: String, CodingKey {
            case file, line, character
            case ruleID = "rule_id"
        }
    }
}
