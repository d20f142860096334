import Foundation
import MainGuard

/// One watched stretch of main-actor time, judged against a budget once the main actor is quiet:
/// the machinery behind `assertNoHang`, the `.mainThreadBudget` trait and XCTest's
/// `watchMainThreadBudget`.
///
/// A process watches one window at a time (``Watchdog/start(workload:options:waitForOtherSession:)``
/// waits for the running session). A whole-test window (the trait, the XCTest helper) is therefore
/// published as the gate's ``MainThreadGate/enclosingWindow`` while it runs, and an `assertNoHang`
/// inside that test judges its own stretch from the enclosing session instead of starting a second
/// one: the stalls that begin inside it are its to judge, and the test's window leaves them out, so
/// one stall fails the test once.
final class WatchedWindow: @unchecked Sendable {
    // @unchecked: `claimed` is only touched while `lock` is held (an `NSLock`, which ThreadSanitizer
    // understands); the rest is immutable.
    let session: WatchSession
    let budget: ScaledBudget
    let settle: Duration
    let timeout: Duration
    private let clock = ContinuousClock()
    /// Taken just after the session began its window, so elapsed times never run ahead of the
    /// report's stall start times.
    private let started: ContinuousClock.Instant
    private let deadline: ContinuousClock.Instant
    private let publishedAsEnclosing: Bool
    /// Stops the session at an assertion's timeout (none for a whole test until `finish`).
    private let alarm: DeadlineAlarm?
    private let lock = NSLock()
    /// Milliseconds into the window that a nested `assertNoHang` judged.
    private var claimed: [Range<Double>] = []

    /// Starts watching. `enclosing`: publish the window on the gate for nested assertions (one whole test).
    init(name: String, budget: ScaledBudget, settle: Duration, timeout: Duration, enclosing: Bool) {
        // The budget is the watch's stall threshold, so the watchdog captures the stack of every job
        // that reaches half of it: exactly the jobs that can fail the check, and no others.
        session = Watchdog.start(workload: name, options: WatchOptions(thresholds: Thresholds(budgetMilliseconds: budget.milliseconds),
                                                                        timeout: timeout, settle: settle))
        started = clock.now
        deadline = started.advanced(by: timeout)
        self.budget = budget
        self.settle = settle
        self.timeout = timeout
        publishedAsEnclosing = enclosing
        // An assertion's timeout counts from here; a whole test's from its return (`finish`).
        let note = Self.timeoutNote(timeout)
        alarm = enclosing ? nil : DeadlineAlarm(after: timeout) { [session] in session.stop(note: note) }
        if enclosing { MainThreadGate.shared.publish(self) }
    }

    private static func timeoutNote(_ timeout: Duration) -> String {
        "The watch ended at its \(timeout.milliseconds.milliseconds) timeout."
    }

    private var timeoutNote: String { Self.timeoutNote(timeout) }

    /// Waits until the main actor has been quiet for `settle` (at most until the timeout), stops
    /// the session and judges it, leaving out the stalls a nested assertion judged.
    ///
    /// `timeoutFromNow`: count the timeout from this call (a whole test, which may run long by
    /// design) rather than from the window's start (an assertion's operation).
    ///
    /// The session stops at the timeout on the alarm's thread, whenever this task gets to run again.
    func finish(timeoutFromNow: Bool = false) async -> HangVerdict {
        let deadline = timeoutFromNow ? clock.now.advanced(by: timeout) : deadline
        let alarm = timeoutFromNow
            ? DeadlineAlarm(after: timeout) { [session, timeoutNote] in session.stop(note: timeoutNote) }
            : self.alarm
        let quiet = await waitUntilMainActorIsQuiet(for: settle, deadline: deadline, clock: clock)
        let settled = (alarm?.cancel() ?? true) && quiet
        var report = stop(note: settled ? nil : timeoutNote)
        let claimed = lock.withLock { self.claimed }
        report.stalls.removeAll { stall in claimed.contains { $0.contains(stall.startMilliseconds) } }
        return HangVerdict(report: report, budget: budget, timedOut: settled ? nil : timeout, machineLoad: MachineLoad.current())
    }

    /// Stops the session (idempotent) and withdraws the window from the gate.
    @discardableResult
    func stop(note: String?) -> WatchdogReport {
        alarm?.cancel()
        if publishedAsEnclosing { MainThreadGate.shared.withdraw(self) }
        return session.stop(note: note)
    }

    /// Judges `operation` and what it leaves on the main actor against `budget`, inside this
    /// enclosing window: the stalls that begin from the start of `operation` until the main actor
    /// is quiet again. The returned verdict's report is the enclosing window's so far, with only
    /// those stalls listed.
    func judgeNested(_ operation: () async throws -> Void, budget: ScaledBudget,
                     settle: Duration, timeout: Duration) async rethrows -> HangVerdict {
        let from = elapsedMilliseconds
        let nestedDeadline = clock.now.advanced(by: timeout)
        // The enclosing session goes on after the timeout: its report then is taken there and then.
        let atTimeout = Protected<(report: WatchdogReport, end: Double)?>(nil)
        let alarm = DeadlineAlarm(after: timeout) { [self, session, timeoutNote] in
            let end = elapsedMilliseconds
            let report = session.report(note: timeoutNote)
            atTimeout.withLock { $0 = (report, end) }
        }
        let quiet: Bool
        do {
            try await operation()
            quiet = await waitUntilMainActorIsQuiet(for: settle, deadline: nestedDeadline, clock: clock)
        } catch {
            alarm.cancel()
            claim(from..<elapsedMilliseconds)
            throw error
        }
        let taken = alarm.cancel() ? nil : atTimeout.withLock { $0 }
        let settled = taken == nil && quiet
        let window = from..<(taken?.end ?? elapsedMilliseconds)
        claim(window)
        var report = taken?.report ?? session.report(note: settled ? nil : timeoutNote)
        report.stalls.removeAll { !window.contains($0.startMilliseconds) }
        return HangVerdict(report: report, budget: budget, timedOut: settled ? nil : timeout, machineLoad: MachineLoad.current())
    }

    private var elapsedMilliseconds: Double { started.duration(to: clock.now).milliseconds }

    private func claim(_ window: Range<Double>) {
        lock.withLock { claimed.append(window) }
    }
}
