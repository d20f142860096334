import Foundation
import MainGuard
import MainGuardExamples
import MainGuardExamplesSwift62
import XCTest

/// Watches every sample workload with `mainguard watch NAME --format json` and checks that the
/// measurement shows what the workload's summary promises. Margins are generous: the machine is
/// shared, so only robust differences (a 300 ms hang, frames twice the budget) are asserted.
final class SampleWorkloadTests: XCTestCase {
    func testHangLaterHangsInDoLongRunningWork() throws {
        let report = try watch("hang-later")
        XCTAssertGreaterThanOrEqual(report.hangs, 1, TextReport.render(report))
        let hang = try XCTUnwrap(report.stalls.first { $0.durationMilliseconds >= 100 })
        XCTAssertGreaterThanOrEqual(hang.durationMilliseconds, 250, "the work computes for ~300 ms")
        let attribution = hang.attribution.frames.joined(separator: "\n") + "\n" + hang.attribution.summary
        XCTAssertTrue(attribution.contains("doLongRunningWork"), attribution)
    }

    func testNoHangAndDetachedButtonsDoNotHang() throws {
        for name in ["no-hang", "detached"] {
            let report = try watch(name)
            XCTAssertEqual(report.hangs, 0, "\(name):\n\(TextReport.render(report))")
        }
    }

    func testSwift62ButtonHangsAndConcurrentFixesIt() throws {
        let hang = try watch("swift62-hang")
        XCTAssertGreaterThanOrEqual(hang.hangs, 1, TextReport.render(hang))
        XCTAssertGreaterThanOrEqual(hang.longestStallMilliseconds, 250)
        let fixed = try watch("swift62-concurrent")
        XCTAssertEqual(fixed.hangs, 0, TextReport.render(fixed))
    }

    func testFormatterPerCellMissesFramesAndCachedFormattersDoNot() throws {
        let perCell = try watch("scroll-formatters")
        let cached = try watch("scroll-cached")
        // 120 frames of at least twice the frame time each: most frames must be missed.
        let missed = StallCategory.allCases.filter { $0 >= .missedFrame }.reduce(0) { $0 + (perCell.stallCounts[$1] ?? 0) }
        XCTAssertGreaterThanOrEqual(missed, 60, TextReport.render(perCell))
        // Cached frames cost well under a millisecond; allow the odd preempted frame on a busy machine.
        XCTAssertLessThanOrEqual(cached.overBudget * 10, perCell.overBudget, TextReport.render(cached))
        XCTAssertGreaterThanOrEqual(cached.mainActorJobs, 120, "one main-actor job per frame at least")
    }

    func testPrioritiesKeepTheMainThreadFreeAndFavourUserInitiatedWork() throws {
        let (report, standardError) = try watchWithStandardError("priorities")
        XCTAssertEqual(report.hangs, 0, TextReport.render(report))
        XCTAssertTrue(standardError.contains("priorities: "), standardError)
        if report.mode == .executor {
            XCTAssertTrue(standardError.contains("all 4 userInitiated tasks finished before the first background task"),
                          standardError)
        }
    }

    func testEveryListedWorkloadIsCovered() {
        let names = Set((SampleWorkloads.all + Swift62Workloads.all).map(\.name))
        XCTAssertEqual(names, ["hang-later", "no-hang", "detached", "swift62-hang", "swift62-concurrent",
                               "scroll-formatters", "scroll-cached", "priorities"])
    }

    private func watch(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> WatchdogReport {
        try watchWithStandardError(name, file: file, line: line).report
    }

    private func watchWithStandardError(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> (report: WatchdogReport, standardError: String) {
        let result = try MainGuardCLI.run(["watch", name, "--format", "json", "--timeout", "60"], file: file, line: line)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let report = try JSONReport.decode(Data(result.standardOutput.utf8))
        XCTAssertEqual(report.workload, name, file: file, line: line)
        XCTAssertNil(report.note, "the run should end normally", file: file, line: line)
        return (report, result.standardError)
    }
}
