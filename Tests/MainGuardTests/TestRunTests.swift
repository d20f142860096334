import Foundation
import XCTest
@testable import MainGuard

/// `mainguard watch --tests`: reading the test frameworks' reports, matching stalls to tests, and
/// merging the XCTest and Swift Testing runs into one report.
final class TestRunTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC")!
    /// 2026-11-25 04:37:47.448 UTC.
    private let start = 1_795_581_467.448

    // MARK: XCTest's console lines

    func testReadsXCTestStartTimesAndResults() {
        let output = """
            Test Suite 'ButtonXCTests' started at 2026-11-25 04:37:47.447
            Test Case 'ButtonXCTests.testGood' started at 2026-11-25 04:37:47.448
            Test Case 'ButtonXCTests.testGood' passed (0.101 seconds)
            /tmp/x/Tests/T.swift:9: error: ButtonXCTests.testBad : XCTAssertTrue failed
            Test Case 'ButtonXCTests.testBad' started at 2026-11-25 04:37:47.550
            Test Case 'ButtonXCTests.testBad' failed (0.0 seconds)
            Test Suite 'ButtonXCTests' failed at 2026-11-25 04:37:47.551
            """
        let spans = XCTestOutput.spans(from: output, timeZone: utc)
        XCTAssertEqual(spans.map(\.name), ["ButtonXCTests.testGood", "ButtonXCTests.testBad"])
        XCTAssertEqual(spans.map(\.passed), [true, false])
        XCTAssertEqual(spans[0].start, start, accuracy: 0.000_5)
        XCTAssertEqual(spans[0].end, start + 0.101, accuracy: 0.000_5)
        XCTAssertEqual(spans[1].end, spans[1].start, accuracy: 0.000_5)
        XCTAssertTrue(spans.allSatisfy { $0.library == .xctest })
    }

    func testIgnoresXCTestLinesWithoutAStart() {
        XCTAssertEqual(XCTestOutput.spans(from: "Test Case 'A.testB' passed (0.1 seconds)\nrandom output", timeZone: utc), [])
    }

    // MARK: Swift Testing's event stream

    private func eventStream(issue: String? = nil) -> Data {
        var lines = [
            #"{"kind":"test","payload":{"id":"M.Suite","kind":"suite","name":"Suite"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"M.Suite/hang()/T.swift:4:6","kind":"function","name":"hang()"},"version":0}"#,
            #"{"kind":"event","payload":{"instant":{"absolute":1,"since1970":100.0},"kind":"testStarted","testID":"M.Suite"},"version":0}"#,
            #"{"kind":"event","payload":{"instant":{"absolute":1,"since1970":100.5},"kind":"testStarted","testID":"M.Suite/hang()/T.swift:4:6"},"version":0}"#,
        ]
        if let issue { lines.append(issue) }
        lines += [
            #"{"kind":"event","payload":{"instant":{"absolute":2,"since1970":100.9},"kind":"testEnded","testID":"M.Suite/hang()/T.swift:4:6"},"version":0}"#,
            #"{"kind":"event","payload":{"instant":{"absolute":2,"since1970":101.0},"kind":"testEnded","testID":"M.Suite"},"version":0}"#,
            "not json",
        ]
        return Data(lines.joined(separator: "\n").utf8)
    }

    func testReadsSwiftTestingFunctionsNotSuites() {
        let spans = SwiftTestingEventStream.spans(fromJSONLines: eventStream())
        XCTAssertEqual(spans, [TestSpan(name: "M.Suite/hang()", library: .swiftTesting, start: 100.5, end: 100.9, passed: true)])
    }

    func testAnIssueFailsTheTestUnlessItIsKnown() {
        let issue = #"{"kind":"event","payload":{"instant":{"absolute":1,"since1970":100.6},"kind":"issueRecorded","testID":"M.Suite/hang()/T.swift:4:6","issue":{"isKnown":%@}},"version":0}"#
        let failing = SwiftTestingEventStream.spans(fromJSONLines: eventStream(issue: issue.replacingOccurrences(of: "%@", with: "false")))
        XCTAssertEqual(failing.map(\.passed), [false])
        let known = SwiftTestingEventStream.spans(fromJSONLines: eventStream(issue: issue.replacingOccurrences(of: "%@", with: "true")))
        XCTAssertEqual(known.map(\.passed), [true])
    }

    func testDisplayNamesDropTheSourceLocationOnly() {
        XCTAssertEqual(SwiftTestingEventStream.displayName("M.S/f()/File.swift:4:6"), "M.S/f()")
        XCTAssertEqual(SwiftTestingEventStream.displayName("M.S/f(x:)"), "M.S/f(x:)")
    }

    // MARK: Matching stalls to tests

    private func stall(at start: Double, taskStart: Double? = nil, duration: Double = 300) -> Stall {
        Stall(startMilliseconds: start, durationMilliseconds: duration, cpuMilliseconds: duration,
              category: StallCategory(durationMilliseconds: duration, thresholds: Thresholds()) ?? .overBudget,
              attribution: Attribution(frames: ["work()"], summary: "work()"), taskStartMilliseconds: taskStart)
    }

    private func report(stalls: [Stall], startedAt: Double? = 1_000) -> WatchdogReport {
        var report = WatchdogReport(
            workload: "tests", mode: .executor, durationMilliseconds: 3_000, thresholds: Thresholds(), mainActorJobs: 10,
            longestStallMilliseconds: stalls.map(\.durationMilliseconds).max() ?? 0, stalls: stalls,
            hangs: stalls.filter { $0.durationMilliseconds >= 100 }.count, overBudget: stalls.count,
            stallCounts: [:], hitchTimeRatioMillisecondsPerSecond: 0,
            jobDurationMilliseconds: DurationPercentiles(p50: 1, p95: 2, p99: 3, max: 300), timeline: [])
        report.startedAt = startedAt
        return report
    }

    private let spans = [
        TestSpan(name: "A.first", library: .xctest, start: 1_000.1, end: 1_000.2, passed: true),
        TestSpan(name: "A.second", library: .xctest, start: 1_000.3, end: 1_001.5, passed: false),
    ]

    func testAStallBelongsToTheTestThatStartedItsTaskEvenWhenItHangsLater() {
        // The task began during `first` (150 ms in) and stalled during `second` (400 ms in).
        let attributed = TestAttribution.attribute(report(stalls: [stall(at: 400, taskStart: 150)]), spans: spans)
        XCTAssertEqual(attributed.stalls.map(\.test), ["A.first"])
        XCTAssertEqual(attributed.tests?.map(\.hangs), [1, 0])
        XCTAssertEqual(attributed.tests?.map(\.worstStallMilliseconds), [300, 0])
        XCTAssertEqual(attributed.tests?.map(\.passed), [true, false])
    }

    func testWithoutATaskStartTheRunningTestIsBlamed() {
        let attributed = TestAttribution.attribute(report(stalls: [stall(at: 400, duration: 20)]), spans: spans)
        XCTAssertEqual(attributed.stalls.map(\.test), ["A.second"])
        XCTAssertEqual(attributed.tests?.map(\.overBudget), [0, 1])
        XCTAssertEqual(attributed.tests?.map(\.hangs), [0, 0])
    }

    func testATaskStartedBetweenTestsFallsBackToTheStallsStart() {
        let attributed = TestAttribution.attribute(report(stalls: [stall(at: 400, taskStart: 250)]), spans: spans)
        XCTAssertEqual(attributed.stalls.map(\.test), ["A.second"])
    }

    func testATestRunningAtTheTimeBeatsOneThatStartsWithinTheRoundingMargin() {
        // Swift Testing's back-to-back tests: the next one starts 0.2 ms after the first ends.
        let tight = [
            TestSpan(name: "S/first()", library: .swiftTesting, start: 1_000.000_1, end: 1_000.000_4, passed: true),
            TestSpan(name: "S/second()", library: .swiftTesting, start: 1_000.000_6, end: 1_000.7, passed: true),
        ]
        XCTAssertEqual(TestAttribution.test(at: 1_000.000_3, in: tight)?.name, "S/first()")
        XCTAssertEqual(TestAttribution.test(at: 1_000.000_5, in: tight)?.name, "S/first()")
        XCTAssertEqual(TestAttribution.test(at: 1_000.000_58, in: tight)?.name, "S/second()")
        XCTAssertNil(TestAttribution.test(at: 1_000.002, in: [tight[0]]))
    }

    func testBackToBackXCTestTestsGiveTheMarginToTheNextOne() {
        // Printed to the millisecond: the next test's printed start can be a little after the task it began.
        let xctests = [
            TestSpan(name: "A.testDetached", library: .xctest, start: 1_000.003_8, end: 1_000.409_8, passed: true),
            TestSpan(name: "A.testHangLater", library: .xctest, start: 1_000.409_8, end: 1_000.710, passed: true),
        ]
        XCTAssertEqual(TestAttribution.test(at: 1_000.409_69, in: xctests)?.name, "A.testHangLater")
        XCTAssertEqual(TestAttribution.test(at: 1_000.2, in: xctests)?.name, "A.testDetached")
    }

    func testAStallOutsideEveryTestBelongsToNone() {
        let attributed = TestAttribution.attribute(report(stalls: [stall(at: 2_000)]), spans: spans)
        XCTAssertEqual(attributed.stalls.map(\.test), [nil])
        XCTAssertEqual(attributed.tests?.map(\.overBudget), [0, 0])
    }

    // MARK: Merging the two runs

    func testMergingMovesTheLaterRunOntoTheFirstRunsClock() throws {
        var first = report(stalls: [stall(at: 10, taskStart: 5)], startedAt: 1_000)
        first.hitchTimeRatioMillisecondsPerSecond = 100   // 300 ms of hitches in 3 s
        first.stallCounts = [.severeHang: 1]
        first.tests = [TestOutcome(name: "A.first", library: .xctest, passed: true)]
        var second = report(stalls: [stall(at: 20, duration: 50)], startedAt: 1_004)
        second.hitchTimeRatioMillisecondsPerSecond = 0
        second.stallCounts = [.hang: 0, .missedFrame: 1]
        second.jobDurationMilliseconds = DurationPercentiles(p50: 4, p95: 1, p99: 1, max: 50)
        second.tests = [TestOutcome(name: "S/t()", library: .swiftTesting, passed: true)]
        let merged = try XCTUnwrap(ReportMerge.merge([first, second], workload: "tests of P"))
        XCTAssertEqual(merged.workload, "tests of P")
        XCTAssertEqual(merged.startedAt, 1_000)
        XCTAssertEqual(merged.stalls.map(\.startMilliseconds), [10, 4_020])
        XCTAssertEqual(merged.stalls.map(\.taskStartMilliseconds), [5, nil])
        XCTAssertEqual(merged.durationMilliseconds, 6_000)
        XCTAssertEqual(merged.hitchTimeRatioMillisecondsPerSecond, 50, accuracy: 0.001)
        XCTAssertEqual(merged.stallCounts, [.severeHang: 1, .hang: 0, .missedFrame: 1])
        XCTAssertEqual(merged.hangs, 1)
        XCTAssertEqual(merged.overBudget, 2)
        XCTAssertEqual(merged.mainActorJobs, 20)
        XCTAssertEqual(merged.jobDurationMilliseconds, DurationPercentiles(p50: 4, p95: 2, p99: 3, max: 300))
        XCTAssertEqual(merged.tests?.map(\.name), ["A.first", "S/t()"])
        XCTAssertNil(merged.note)
        XCTAssertNil(ReportMerge.merge([], workload: "none"))
    }

    // MARK: Reports

    func testTheNewFieldsRoundTripAndOldReportsStillDecode() throws {
        var attributed = TestAttribution.attribute(report(stalls: [stall(at: 400, taskStart: 150)]), spans: spans)
        attributed.process = WatchedProcess(command: ["/tmp/T.xctest"], exitStatus: 1)
        let json = try JSONReport.render(attributed)
        XCTAssertEqual(try JSONReport.decode(Data(json.utf8)), attributed)
        for key in ["\"test\" : \"A.first\"", "\"task_start_ms\" : 150", "\"started_at\" : 1000", "\"exit_status\" : 1",
                    "\"worst_stall_ms\" : 300", "\"library\" : \"xctest\""] {
            XCTAssertTrue(json.contains(key), "\(key) missing from\n\(json)")
        }
        let old = try JSONReport.render(ReportFixtures.quiet)
        XCTAssertFalse(old.contains("\"tests\""))
        XCTAssertNil(try JSONReport.decode(Data(old.utf8)).process)
    }

    func testTheTextReportNamesTheProcessAndTheTestsOverBudget() {
        var attributed = TestAttribution.attribute(report(stalls: [stall(at: 400, taskStart: 150)]), spans: spans)
        attributed.process = WatchedProcess(command: ["/tmp/T.xctest"], signal: 15)
        let text = TextReport.render(attributed)
        XCTAssertTrue(text.contains("process     /tmp/T.xctest: ended by signal 15"), text)
        XCTAssertTrue(text.contains("tests  2 tests, 1 failed; 1 with a hang, 1 over budget"), text)
        XCTAssertTrue(text.contains("  A.first  worst 300 ms · 1 hang, 1 over budget · passed"), text)
        XCTAssertTrue(text.contains("  A.second  FAILED (no stall over budget)"), text)
        XCTAssertTrue(text.contains("  test         A.first"), text)
        let html = HTMLReport.render(attributed)
        XCTAssertTrue(html.contains("<h2>Tests</h2>"))
        XCTAssertTrue(html.contains("<code>A.first</code>"))
    }
}
