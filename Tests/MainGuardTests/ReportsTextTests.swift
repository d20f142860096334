import XCTest
@testable import MainGuard

final class ReportsTextTests: XCTestCase {
    func testVerdictNamesTheWorstStallAndItsCodeFirst() {
        let text = TextReport.render(ReportFixtures.hangThenScroll)
        let firstLine = text.split(separator: "\n").first.map(String.init)
        XCTAssertEqual(firstLine, "1 severe hang (312 ms) — main thread busy in "
            + "doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()")
    }

    func testQuietRunSaysNoStallOverTheBudget() {
        var report = ReportFixtures.quiet
        XCTAssertTrue(TextReport.render(report).hasPrefix("No stall over 5 ms\n"))
        report.thresholds.budgetMilliseconds = 2
        XCTAssertTrue(TextReport.render(report).hasPrefix("No stall over 2 ms\n"))
    }

    func testSeveralStallsOfTheWorstKindShowTheLongest() {
        var report = ReportFixtures.hangThenScroll
        report.stallCounts = [.hang: 3]
        report.longestStallMilliseconds = 180
        report.stalls = [Stall(startMilliseconds: 10, durationMilliseconds: 180, cpuMilliseconds: 1, category: .hang,
                               attribution: Attribution(frames: ["pthread_cond_wait", "Store.load()"], summary: ""))]
        XCTAssertTrue(TextReport.render(report).hasPrefix("3 hangs (longest 180 ms) — main thread blocked in pthread_cond_wait\n"))
    }

    func testOngoingStallIsCalledOut() {
        var report = ReportFixtures.hangThenScroll
        report.stalls[0].ongoing = true
        report.note = "timed out after 5 s with the main thread still stalled"
        let text = TextReport.render(report)
        XCTAssertTrue(text.split(separator: "\n")[0].hasSuffix("still stalled when the run ended"))
        XCTAssertTrue(text.contains("still going when the run ended"))
        XCTAssertTrue(text.contains("note: timed out after 5 s"))
    }

    func testSummaryShowsCountsAttributionPercentilesAndBand() {
        let text = TextReport.render(ReportFixtures.hangThenScroll)
        for expected in [
            "severe hang   ≥ 250 ms    1", "missed frame  ≥ 8.3 ms    6", "over budget   ≥ 5 ms      6",
            "busy (cpu 310 ms of 312 ms)", "\"tap\", Task { } that inherited the main actor",
            "closure #1 in HangLaterButton.tapped()", "jobs queued behind it by 311 ms",
            "p50 1.2 ms · p95 11.5 ms · p99 312 ms · max 312 ms", "381.2 ms/s — poor",
            "budget 5 ms · frame 8.3 ms (120 Hz) · hang 100 ms · severe hang 250 ms",
        ] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
        }
    }

    func testHitchTimeBandsFollowApple() {
        XCTAssertEqual(HitchTimeBand(millisecondsPerSecond: 0), .good)
        XCTAssertEqual(HitchTimeBand(millisecondsPerSecond: 4.99), .good)
        XCTAssertEqual(HitchTimeBand(millisecondsPerSecond: 5), .fair)
        XCTAssertEqual(HitchTimeBand(millisecondsPerSecond: 10), .fair)
        XCTAssertEqual(HitchTimeBand(millisecondsPerSecond: 10.1), .poor)
    }

    func testDurationsReadAtAGlance() {
        XCTAssertEqual(ReportVocabulary.milliseconds(0.04), "0.04 ms")
        XCTAssertEqual(ReportVocabulary.milliseconds(5), "5 ms")
        XCTAssertEqual(ReportVocabulary.milliseconds(1000 / 120), "8.3 ms")
        XCTAssertEqual(ReportVocabulary.milliseconds(312.4), "312 ms")
        XCTAssertEqual(ReportVocabulary.milliseconds(1250), "1.25 s")
        XCTAssertEqual(ReportVocabulary.milliseconds(.nan), "–")
    }
}
