// How to guard main-thread responsiveness in Swift Testing with MainGuardTesting.
// `swift test --filter MainGuardExamplesTests` runs this file; every test passes. The failing case
// (Apple's "Hang later!" button) is wrapped in `withKnownIssue`, which shows the failure without failing.

import Foundation
import MainGuardExamples
import MainGuardTesting
import Testing

/// Swift Testing runs tests in parallel, but there is one main thread: `.mainThreadExclusive` keeps
/// the main-actor work of these tests out of one another's measurements (and out of other suites'
/// `assertNoHang`, which waits for its turn by itself).
@Suite(.mainThreadExclusive) struct ResponsivenessTests {
    /// A tap must answer within 100 ms, including the work its `Task { }` does after `tapped()` returns.
    @Test func tappingTheAsyncButtonDoesNotHang() async {
        await assertNoHang(.discreteInteraction) {
            NoHangButton().tapped()
        }
    }

    /// The report is returned for more specific checks.
    @Test func tappingTheDetachedButtonDoesNotHang() async {
        let report = await assertNoHang {
            DetachedButton().tapped()
        }
        #expect(report.hangs == 0)
    }

    /// `tapped()` itself returns at once; the hang comes later, when the Task it started runs
    /// `doLongRunningWork()` on the main actor it inherited. `assertNoHang` keeps watching until the
    /// main actor is quiet, so it catches it: the recorded issue names `doLongRunningWork()` and
    /// the lint rule `sync_work_in_main_actor_task`.
    @Test func tappingTheHangLaterButtonHangs() async {
        await withKnownIssue("HangLaterButton runs ~300 ms of synchronous work on the main actor") {
            await assertNoHang {
                HangLaterButton().tapped()
            }
        }
    }

    /// Per-frame work: a table configures its visible cells on the main actor every frame. The
    /// returned report allows checks beyond the worst stall: here, that the typical frame's work
    /// (the median main-actor job) fits a frame at 120 Hz with formatters made once.
    @Test func scrollingWithCachedFormattersKeepsUpWithTheDisplay() async throws {
        let configurator = await CachedFormatterConfigurator.make()
        let report = try await assertNoHang(.discreteInteraction) {
            try await ScrollingTable().scroll(frames: 30, configurator: configurator)
        }
        #expect(report.jobDurationMilliseconds.p50 < MainThreadBudget.frame(hz: 120).milliseconds)
    }

    /// Synchronous main-actor code measured directly: 10 counted runs after a warm-up, and the
    /// median must fit one frame at 120 Hz. A screenful of cells with formatters made once does.
    @Test @MainActor func configuringAScreenOfCellsWithCachedFormattersFitsAFrame() async {
        let configurator = await CachedFormatterConfigurator.make()
        let rows = Self.screenOfRows()
        let texts = assertMainThreadBudget(.frame(hz: 120)) {
            rows.map(configurator.text(for:))
        }
        #expect(texts.count == rows.count)
    }

    /// Making two formatters per cell does not fit: ~0.1 ms a cell, a frame's budget many times over.
    /// (Intermittent: a very fast machine might just make it.)
    @Test @MainActor func configuringAScreenOfCellsWithFormattersPerCellMissesTheFrame() {
        let configurator = FormatterPerCellConfigurator()
        let rows = Self.screenOfRows()
        withKnownIssue("a DateFormatter and NumberFormatters made for every cell", isIntermittent: true) {
            assertMainThreadBudget(.frame(hz: 120), iterations: 3) {
                _ = rows.map(configurator.text(for:))
            }
        }
    }

    /// The whole test watched, with no assertion in it: `.mainThreadBudget` keeps watching after the
    /// test returns, until the main actor is quiet, so the Task the tap starts is judged too. (On the
    /// HangLaterButton it records the same issue as `assertNoHang`, at the test.)
    @Test(.mainThreadBudget(.discreteInteraction)) @MainActor func tappingTheAsyncButtonStaysWithinBudget() {
        NoHangButton().tapped()
    }

    /// The timings of every run, for tests that compare them.
    @Test @MainActor func timingsAreAvailable() {
        let measurement = measureMainThread(within: .discreteInteraction, iterations: 5) {
            spin(milliseconds: 1)
        }
        #expect(measurement.iterations.count == 5)
        #expect(measurement.iterations.allSatisfy { $0.wallMilliseconds >= 1 })
    }

    /// The rows a screen of the sample table shows.
    static func screenOfRows() -> [TransactionRow] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<ScrollingTable.visibleCells).map { (index: Int) -> TransactionRow in
            let hours = Double(index) * 3600
            let amount = Double(index * 37 % 1000)
            return TransactionRow(date: start.addingTimeInterval(hours), amount: amount, change: Double(index % 7 - 3))
        }
    }
}
