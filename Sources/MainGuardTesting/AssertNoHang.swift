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
func waitUntilMainActorIsQuiet(for settle: Duration, deadline: ContinuousClock.Instant,
                               clock: ContinuousClock) async -> Bool {
    if Watchdog.isMainActorQuiet(for: settle) { return true }
    let wait = QuietWait(settle: settle, deadline: deadline, clock: clock)
    return await withTaskCancellationHandler {
        await withCheckedContinuation { wait.start($0) }
    } onCancel: {
        wait.finish(quiet: false)
    }
}

/// One wait of ``waitUntilMainActorIsQuiet(for:deadline:clock:)``: a Dispatch timer polls the
/// recorder and resumes the waiting task once, when the main actor is quiet, at the deadline, or
/// on cancellation (whichever comes first).
private final class QuietWait: @unchecked Sendable {
    // @unchecked: `continuation`, `timer` and `finished` are only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?
    private var timer: DispatchSourceTimer?
    private var finished = false
    private let settle: Duration
    private let deadline: ContinuousClock.Instant
    private let clock: ContinuousClock

    init(settle: Duration, deadline: ContinuousClock.Instant, clock: ContinuousClock) {
        self.settle = settle
        self.deadline = deadline
        self.clock = clock
    }

    func start(_ continuation: CheckedContinuation<Bool, Never>) {
        // A tenth of a millisecond at least: a zero settle must not make a timer that never stops firing.
        let interval = max(min(settle / 4, .milliseconds(10)), .microseconds(100))
        let poll = DispatchTimeInterval.nanoseconds(Int(interval / .nanoseconds(1)))
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .userInitiated))
        timer.schedule(deadline: .now() + poll, repeating: poll)
        timer.setEventHandler { [self] in
            if Watchdog.isMainActorQuiet(for: settle) {
                finish(quiet: true)
            } else if clock.now >= deadline {
                finish(quiet: false)
            }
        }
        let cancelled = lock.withLock {
            guard !finished else { return true }
            self.continuation = continuation
            self.timer = timer
            return false
        }
        if cancelled {
            continuation.resume(returning: false)
        } else {
            timer.resume()
        }
    }

    func finish(quiet: Bool) {
        let (continuation, timer) = lock.withLock {
            defer { self.continuation = nil; self.timer = nil; finished = true }
            return (self.continuation, self.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: quiet)
    }
}
