/// Gives each stall of a `mainguard watch --tests` run the test it belongs to, and builds the
/// per-test rows.
///
/// A stall belongs to the test that started its task, where the executors saw the task begin
/// (`Stall.taskStartMilliseconds`): a `Task { }` that a test starts and that hangs after the test
/// returned is the test's. Otherwise (a job that is not a task, heartbeat mode) it belongs to the
/// test that was running when the stall began. Both are matched by time against the times the test
/// framework printed, to the millisecond, so with tests running in parallel the match is a guess:
/// `watch --tests` runs Swift Testing's tests one at a time unless asked otherwise.
///
/// ```swift
/// let attributed = TestAttribution.attribute(report, spans: spans)
/// for row in attributed.tests ?? [] where row.hangs > 0 { print(row.name) }
/// ```
package enum TestAttribution {
    package static func attribute(_ report: WatchdogReport, spans: [TestSpan]) -> WatchdogReport {
        var report = report
        let origin = report.startedAt ?? 0
        for index in report.stalls.indices {
            let stall = report.stalls[index]
            let began = origin + stall.startMilliseconds / 1000
            let taskBegan = stall.taskStartMilliseconds.map { origin + $0 / 1000 }
            report.stalls[index].test = (taskBegan.flatMap { test(at: $0, in: spans) } ?? test(at: began, in: spans))?.name
        }
        report.tests = spans.sorted { $0.start < $1.start }.map { span in
            let own = report.stalls.filter { $0.test == span.name }
            return TestOutcome(name: span.name, library: span.library, passed: span.passed,
                               worstStallMilliseconds: own.map(\.durationMilliseconds).max() ?? 0,
                               overBudget: own.count,
                               hangs: own.filter { $0.durationMilliseconds >= report.thresholds.hangMilliseconds }.count)
        }
        return report
    }

    /// The test running at `time`; the latest started when several were. XCTest prints its times to
    /// the millisecond, so an XCTest test counts as running half a millisecond either side of its
    /// printed times (back to back, the next test wins); Swift Testing's times are exact. Without a
    /// running test, one that ended or began within half a millisecond, nearest first.
    static func test(at time: Double, in spans: [TestSpan]) -> TestSpan? {
        func margin(_ span: TestSpan) -> Double { span.library == .xctest ? 0.000_5 : 0 }
        if let running = spans.filter({ $0.start - margin($0) <= time && time <= $0.end + margin($0) })
            .max(by: { $0.start < $1.start }) {
            return running
        }
        func distance(_ span: TestSpan) -> Double { max(span.start - time, time - span.end) }
        return spans.filter { distance($0) <= 0.000_5 }.min { distance($0) < distance($1) }
    }
}
