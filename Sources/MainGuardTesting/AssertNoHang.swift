import Dispatch
import Foundation
import MainGuard

/// Runs `operation` on the main actor, keeps watching until the main actor is quiet, and fails the
/// test if any single main-thread stall in that window exceeded `budget`. Returns the watchdog's
/// report of the window, for tests that want to assert more.
///
/// A plain wall-clock check around a call misses the worst case: work that the call schedules
/// with `Task { }` inherits the main actor and hangs *later*, after the call has returned. So after
/// `operation` returns, the assertion keeps watching until no main-actor job has been queued or
/// running for `settle`, bounded by `timeout`. An operation whose work never settles fails at
/// `timeout`, with the stall that was still going on reported with its time so far.
///
/// The failure message gives the worst stall against the budget (and the original budget when
/// `MAINGUARD_BUDGET_SCALE` scales it), whether the main thread was computing or blocked, the
/// watchdog's attribution (stack frames, task name, how the work got onto the main actor), and
/// the `mainguard lint` rule that flags such code, when one does.
///
/// ```swift
/// // Swift Testing
/// @Test func tappingSaveDoesNotHang() async {
///     await assertNoHang { SaveButton().tapped() }
/// }
///
/// // XCTest: an async test, so the main thread is free to run the work the tap schedules
/// func testTappingSaveDoesNotHang() async {
///     let report = await assertNoHang(.discreteInteraction) { SaveButton().tapped() }
///     XCTAssertEqual(report.hangs, 0)
/// }
/// ```
///
/// Inside a test watched as a whole (``MainThreadBudgetTrait``, `watchMainThreadBudget` in XCTest)
/// the assertion judges the stalls that begin in its own stretch of that test's watch, against its
/// own budget, and the test's check leaves them out; the report it returns is then the test's watch
/// so far, listing only those stalls.
///
/// No setup is needed: the first assertion installs MainGuard's test runtime
/// (`Runtime.installForTesting()`), or a main-queue heartbeat where executors cannot be installed;
/// the report's `mode` says which one measured.
///
/// Threads: the assertion itself is `@concurrent` and waits off the main actor, so it never stalls
/// what it measures, whatever the isolation of the test that calls it.
/// XCTest on Linux runs a synchronous test on the main thread: main-actor work queued during it
/// runs only once the test returns, which is why this assertion is `async`. An async XCTest test
/// runs on a worker thread while XCTest's run loop drains the main queue on the main thread.
/// Swift Testing never runs tests on the main thread; on Linux its process sits in
/// `dispatch_main()`, which parks the main thread and drains the main queue, and with it the main
/// actor, on one worker thread at a time. The main actor stays serial, so a stall measured there
/// is the stall an app's main thread would suffer.
///
/// - Parameters:
///   - budget: the longest a single main-thread stall may last.
///   - settle: how long the main actor must stay quiet (no job queued or running) before the watch ends.
///   - timeout: the longest the watch lasts, counted from the start; the assertion fails when it is reached.
///   - message: added to the failure message.
///   - operation: the interaction under test, run on the main actor.
@discardableResult
@concurrent
public func assertNoHang(_ budget: MainThreadBudget = .discreteInteraction,
                         settle: Duration = .milliseconds(200), timeout: Duration = .seconds(10),
                         _ message: @autoclosure () -> String = "",
                         fileID: String = #fileID, filePath: StaticString = #filePath,
                         line: UInt = #line, column: UInt = #column,
                         _ operation: @MainActor () async throws -> Void) async rethrows -> WatchdogReport {
    let location = AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let scaled = resolveScale(at: location).apply(to: budget)
    let verdict = try await MainThreadGate.shared.withExclusiveAccess {
        try await watch(operation, budget: scaled, settle: settle, timeout: timeout, name: "assertNoHang at \(fileID):\(line)")
    }
    if !verdict.passed {
        FailureReporter.report(AssertionFailure(message: verdict.failureMessage(userMessage: message()), location: location))
    }
    return verdict.report
}

/// Watches `operation` and what it leaves on the main actor, and judges the window against `budget`;
/// inside a test watched as a whole (`.mainThreadBudget`, `watchMainThreadBudget`), judges its
/// stretch of that test's window instead (one watch session at a time).
private func watch(_ operation: @MainActor () async throws -> Void, budget: ScaledBudget,
                   settle: Duration, timeout: Duration, name: String) async rethrows -> HangVerdict {
    if let enclosing = MainThreadGate.shared.enclosingWindow {
        return try await enclosing.judgeNested({ try await operation() }, budget: budget, settle: settle, timeout: timeout)
    }
    let window = WatchedWindow(name: name, budget: budget, settle: settle, timeout: timeout, enclosing: false)
    // Stopping is idempotent: this only matters when `operation` throws.
    defer { window.stop(note: "The operation threw; the window ended there.") }
    try await operation()
    return await window.finish()
}

/// Waits, without blocking a thread, until no main-actor job has been queued or running for `settle`.
/// Returns `false` at `deadline`, or when the waiting task is cancelled.
///
/// The polling runs on a Dispatch timer, not in this task: a `Task.sleep` per poll would make a task
/// job per poll, and a process may route those to the main actor (pointfreeco's
/// `withMainSerialExecutor` installs a `swift_task_enqueueGlobal_hook` that sends every global job
/// there), where they count as the very activity being waited out: the main actor then never looks
/// quiet and every assertion times out. This way the only job of the wait is its end.
///
/// The timer's thread is not held up when the global executor's threads are: synchronous work
/// elsewhere in the process (a synchronous test, a Dispatch worker that spins) can hold all of them
/// for seconds on a small machine while main-actor work is on its way through them (a task whose
/// `Task.sleep` ended, a `@concurrent` call returning to the main actor), not yet queued on the
/// main actor. So quiet counts only when the global queue keeps up: a block sent to it once the
/// main actor looked quiet ran promptly at least half a poll interval before the wait ends (what was
/// queued before it has started, and has had that long to reach the main actor), and this task's
/// own resumption, which goes through the same threads, ran promptly too; otherwise it waits again.
func waitUntilMainActorIsQuiet(for settle: Duration, deadline: ContinuousClock.Instant,
                               clock: ContinuousClock) async -> Bool {
    if Watchdog.isMainActorQuiet(for: settle) { return true }
    while true {
        let wait = QuietWait(settle: settle, deadline: deadline, clock: clock)
        let quietAt = await withTaskCancellationHandler {
            await withCheckedContinuation { wait.start($0) }
        } onCancel: {
            wait.finish(quietAt: nil)
        }
        guard let quietAt else { return false }
        if quietAt.duration(to: clock.now) <= wait.prompt { return true }
    }
}

/// One wait of ``waitUntilMainActorIsQuiet(for:deadline:clock:)``: a Dispatch timer polls the
/// recorder and probes the global queue, and resumes the waiting task once: with the time it found
/// the main actor quiet (and the global queue keeping up), or `nil` at the deadline or on
/// cancellation (whichever comes first).
private final class QuietWait: @unchecked Sendable {
    // @unchecked: `continuation`, `timer`, `finished`, `probeSent`, `answeredProbe` and `lastBusy`
    // are only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<ContinuousClock.Instant?, Never>?
    private var timer: DispatchSourceTimer?
    private var finished = false
    /// When the block probing the global queue was sent, while it has not run yet.
    private var probeSent: ContinuousClock.Instant?
    /// When the last probe that ran promptly was sent and when it ran.
    private var answeredProbe: (sent: ContinuousClock.Instant, ran: ContinuousClock.Instant)?
    /// When a poll last found the main actor busy.
    private var lastBusy: ContinuousClock.Instant?
    private let settle: Duration
    private let deadline: ContinuousClock.Instant
    private let clock: ContinuousClock
    /// Between polls. A tenth of a millisecond at least: a zero settle must not make a timer that
    /// never stops firing.
    private let interval: Duration
    /// How soon a block sent to the global queue must run for the queue to count as keeping up.
    let prompt: Duration

    init(settle: Duration, deadline: ContinuousClock.Instant, clock: ContinuousClock) {
        self.settle = settle
        self.deadline = deadline
        self.clock = clock
        interval = max(min(settle / 4, .milliseconds(10)), .microseconds(100))
        prompt = max(interval, .milliseconds(2))
    }

    func start(_ continuation: CheckedContinuation<ContinuousClock.Instant?, Never>) {
        let poll = DispatchTimeInterval.nanoseconds(Int(interval / .nanoseconds(1)))
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .userInitiated))
        timer.schedule(deadline: .now() + poll, repeating: poll)
        timer.setEventHandler { [self] in
            let now = clock.now
            if Watchdog.isMainActorQuiet(for: settle) {
                // An answer counts when its probe was sent after the main actor was last seen busy;
                // what was queued before the probe then needs half a poll to reach the main actor.
                let (answered, caughtUp) = lock.withLock { () -> (Bool, Bool) in
                    guard let probe = answeredProbe, lastBusy.map({ probe.sent > $0 }) ?? true else { return (false, false) }
                    return (true, probe.ran.duration(to: now) >= interval / 2)
                }
                if caughtUp { finish(quietAt: now) } else if !answered { probeGlobalQueue() }
            } else {
                lock.withLock { lastBusy = now }
            }
            if now >= deadline { finish(quietAt: nil) }
        }
        let cancelled = lock.withLock {
            guard !finished else { return true }
            self.continuation = continuation
            self.timer = timer
            return false
        }
        if cancelled {
            continuation.resume(returning: nil)
        } else {
            timer.resume()
        }
    }

    /// Sends a block to the global queue at the default QoS (where tasks of the default priority
    /// run), unless one is on its way; it is an answer when it runs within ``prompt``.
    private func probeGlobalQueue() {
        let sent = clock.now
        guard lock.withLock({ () -> Bool in
            guard probeSent == nil else { return false }
            probeSent = sent
            return true
        }) else { return }
        DispatchQueue.global().async { [self] in
            let ran = clock.now
            lock.withLock {
                probeSent = nil
                if sent.duration(to: ran) <= prompt { answeredProbe = (sent, ran) }
            }
        }
    }

    /// Resumes the waiting task (once) with `quietAt`: when the main actor was found quiet, `nil` otherwise.
    func finish(quietAt: ContinuousClock.Instant?) {
        let (continuation, timer) = lock.withLock {
            defer { self.continuation = nil; self.timer = nil; finished = true }
            return (self.continuation, self.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: quietAt)
    }
}
