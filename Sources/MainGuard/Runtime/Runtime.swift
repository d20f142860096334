import Dispatch
import Foundation

/// MainGuard's scheduler runtime: run a workload with the main thread measured, or install the
/// runtime in a test process, and read what the executors recorded.
///
/// ```swift
/// let report = Runtime.run(Workload(name: "tap", summary: "parses on tap") {
///     let model = DocumentModel()
///     model.tapped()
/// })
/// print(report.hangs, report.longestStallMilliseconds)
/// ```
public enum Runtime {
    /// Runs `workload` with MainGuard's executors owning the main thread and returns what the
    /// watchdog measured.
    ///
    /// Call it from the main thread of a process that has not run main-actor work yet, such as a
    /// command-line tool's synchronous top-level code (in a test process, call
    /// ``installForTesting()`` first; the run then borrows the main thread the same way). It
    /// installs the executors (main actor = main thread, also on Linux), runs `workload.body` on the
    /// main actor, and waits until the body has returned and the main actor has been quiet for
    /// `options.settle`, or until `options.timeout` passes. It never loses the report: a body that
    /// throws ends the run with the error in the report's note; a timeout ends it with the stall
    /// still going on listed as ongoing. If the main thread is stuck inside a job when the timeout
    /// passes, this function cannot return until that job does, so the report is also handed to
    /// `options.onTimeout` right away (a CLI prints it there and exits).
    ///
    /// Calling `run` from inside a running workload is a programming error and stops with a clear
    /// message rather than deadlocking. So is a process that installs executors of its own
    /// (`_createExecutors(factory:)`, a `DefaultExecutorFactory`) before or after MainGuard: executors
    /// are process-wide and installed once, and the run stops with a message naming them.
    ///
    /// ```swift
    /// var options = WatchOptions(timeout: .seconds(5))
    /// options.onTimeout = { report in print(report.note ?? ""); exit(2) }
    /// let report = Runtime.run(workload, options: options)
    /// ```
    public static func run(_ workload: Workload, options: WatchOptions = WatchOptions()) -> WatchdogReport {
        precondition(MainThread.isCurrent, """
            Runtime.run must be called on the main thread: it makes the main thread run the main actor's jobs. \
            Call it from your tool's top-level code (not from a Task or a background queue).
            """)
        let installed = ExecutorInstallation.shared.installation(for: options.measurement, flavour: .runLoop)
        #if MAINGUARD_EXECUTOR_SPI
        if options.measurement == .automatic,
           #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *),
           let main = installed.mainExecutor as? RecordingMainExecutor {
            return WorkloadRun(workload: workload, options: options, installed: installed).run(on: main)
        }
        #endif
        return WorkloadRun(workload: workload, options: options, installed: installed).runWithHeartbeat()
    }

    /// Installs MainGuard's executors in a test process (XCTest or Swift Testing) and says how
    /// the main thread will be measured. Idempotent and thread-safe; call it before the first
    /// watch session, ideally in a test's setup. It stops with a clear message if the process
    /// installed executors of its own (see ``run(_:options:)``).
    ///
    /// Main-actor jobs stay on `DispatchQueue.main` (so `RunLoop.main`, XCTest's waits and timers
    /// keep working) and are recorded on the way; the platform's global executor keeps running
    /// everything else. Returns `.heartbeat` where the custom-executor SPI is unavailable (Apple
    /// OS versions before 26.4): sessions then measure with a main-queue heartbeat.
    ///
    /// Findings that shaped this: XCTest on Linux runs test methods on the main thread and drains
    /// the main queue while it waits (`wait(for:)`, between tests), so main-actor jobs started by a
    /// test run there; Swift Testing runs tests on the global executor, never on the main thread,
    /// and XCTest's runner drains the main queue meanwhile. Installing after either framework has
    /// run main-actor work is fine: the runtime reads `MainActor.executor` on every enqueue, so
    /// later jobs go through MainGuard's executor and earlier ones finish on the main queue.
    ///
    /// ```swift
    /// override func setUp() {
    ///     XCTAssertEqual(Runtime.installForTesting(), .executor)
    /// }
    /// ```
    /// With the environment variable `MAINGUARD_MEASUREMENT=heartbeat` it installs no executors and
    /// returns `.heartbeat`, as on a platform without them: how CI tests that path on Linux.
    @discardableResult
    public static func installForTesting() -> MeasurementMode {
        ExecutorInstallation.shared.install(.testing).mode
    }

    /// Set to the process id in a process that `mainguard watch` preloaded its agent into, once the
    /// agent has installed its executors and started watching. Executors are process-wide and can be
    /// installed once, so another copy of MainGuard in that process (a test target's
    /// `MainGuardTesting`) then measures without them, as `MAINGUARD_MEASUREMENT=heartbeat` would make
    /// it. Child processes inherit the variable with their parent's id, which does not apply to them.
    ///
    /// ```swift
    /// let underAgent = ProcessInfo.processInfo.environment[Runtime.agentEnvironmentVariable] == "\(getpid())"
    /// ```
    public static let agentEnvironmentVariable = "MAINGUARD_AGENT_ACTIVE"

    /// How the main thread is measured in this process, or `nil` before anything was installed.
    ///
    /// ```swift
    /// if Runtime.measurementMode == .heartbeat { print("jobs are not recorded individually") }
    /// ```
    public static var measurementMode: MeasurementMode? {
        ExecutorInstallation.shared.current?.mode
    }

    /// The most recent main-actor jobs (up to 4096, oldest first) since the current or last watch
    /// session began; empty before anything was installed.
    ///
    /// ```swift
    /// let waits = Runtime.recentMainActorJobs().map(\.waitMilliseconds)
    /// ```
    public static func recentMainActorJobs() -> [MainActorJobRecord] {
        ExecutorInstallation.shared.current?.recorder.recentJobs() ?? []
    }

    /// Tasks the global executor has seen (up to 1024, oldest first) with their priority and
    /// whether they started on the main actor or were started from main-actor code without it.
    ///
    /// ```swift
    /// let background = Runtime.recentGlobalTasks().filter { $0.taskPriority == .background }
    /// ```
    public static func recentGlobalTasks() -> [GlobalTaskRecord] {
        ExecutorInstallation.shared.current?.tracker.recentGlobalTasks() ?? []
    }
}

/// One `Runtime.run`: starts the body, runs the main loop until done/timeout, makes the report.
private struct WorkloadRun {
    let workload: Workload
    let options: WatchOptions
    let installed: ExecutorInstallation.Installed

    private final class Outcome: Sendable {
        let finished = AtomicValue<Bool>(false)
        let failure = Protected<String?>(nil)
        let timeoutReport = Protected<WatchdogReport?>(nil)
    }

    #if MAINGUARD_EXECUTOR_SPI
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    func run(on main: RecordingMainExecutor) -> WatchdogReport {
        precondition(!main.isRunningLoop.load(ordering: .acquiring), """
            Runtime.run was called while another Runtime.run is running (from inside a workload?). \
            A nested run would deadlock the main thread: await the work directly instead.
            """)
        let session = Watchdog.start(workload: workload.name, options: options)
        let outcome = Outcome()
        let start = MonotonicClock.now()
        let deadline = options.timeout.map { start &+ MonotonicClock.nanoseconds($0) }
        let timer = deadline.map { scheduleTimeoutCheck(at: $0, session: session, outcome: outcome, main: main) }
        main.prepareToOwnMainThread()
        startBody(outcome)
        let settle = MonotonicClock.nanoseconds(options.settle)
        let recorder = installed.recorder
        try? main.runUntil({ now in
            if let deadline, now >= deadline { return true }
            return outcome.finished.load(ordering: .acquiring) && recorder.isQuiet(since: settle, now: now)
        }, recheckAt: { checkedAt in
            // Idle, the loop needs waking only for the timeout and for the end of the settle time.
            // A settle time that had passed when the condition still failed means something other
            // than time keeps the main actor busy (a job queued or running): only a job changes that.
            guard outcome.finished.load(ordering: .acquiring) else { return deadline }
            let quietAt = recorder.lastActivity.load(ordering: .relaxed) &+ settle
            guard quietAt > checkedAt else { return deadline }
            return min(quietAt, deadline ?? .max)
        })
        timer?.cancel()
        if let report = outcome.timeoutReport.withLock({ $0 }) {
            session.stop()
            return report
        }
        return session.stop(note: note(outcome, timedOut: deadline.map { MonotonicClock.now() >= $0 } ?? false))
    }
    #endif

    /// The fallback without executors: the body runs on the main actor, drained by `RunLoop.main`.
    func runWithHeartbeat() -> WatchdogReport {
        let session = Watchdog.startHeartbeat(workload: workload.name, options: options)
        let outcome = Outcome()
        let deadline = options.timeout.map { MonotonicClock.now() &+ MonotonicClock.nanoseconds($0) }
        startBody(outcome)
        var timedOut = false
        while !outcome.finished.load(ordering: .acquiring) {
            if let deadline, MonotonicClock.now() >= deadline { timedOut = true; break }
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.002))
        }
        if !timedOut { RunLoop.main.run(until: Date().addingTimeInterval(Double(MonotonicClock.nanoseconds(options.settle)) / 1e9)) }
        return session.stop(note: note(outcome, timedOut: timedOut))
    }

    private func startBody(_ outcome: Outcome) {
        let body = workload.body
        Task { @MainActor in
            do {
                try await body()
            } catch {
                outcome.failure.withLock { $0 = "\(error)" }
            }
            outcome.finished.store(true, ordering: .releasing)
        }
    }

    #if MAINGUARD_EXECUTOR_SPI
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    private func scheduleTimeoutCheck(at deadline: UInt64, session: WatchSession, outcome: Outcome,
                                      main: RecordingMainExecutor) -> DispatchWorkItem {
        let recorder = installed.recorder
        let timeout = options.timeout ?? .zero
        let onTimeout = options.onTimeout
        let item = DispatchWorkItem {
            // Only a main thread stuck inside a job needs this thread's help; otherwise the run
            // loop notices the deadline itself within a millisecond.
            guard recorder.runningJob() != nil else { return }
            let report = session.report(note: """
                Timed out after \(timeout) while the main thread was still inside a main-actor job \
                (listed as an ongoing stall): the workload never gave the main thread back.
                """)
            outcome.timeoutReport.withLock { $0 = report }
            main.stop()
            onTimeout?(report)
        }
        let delay = deadline &- min(deadline, MonotonicClock.now())
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay)), execute: item)
        return item
    }
    #endif

    private func note(_ outcome: Outcome, timedOut: Bool) -> String? {
        if let failure = outcome.failure.withLock({ $0 }) {
            return "The workload threw an error: \(failure). Measurements up to the error are reported."
        }
        if timedOut, !outcome.finished.load(ordering: .acquiring) {
            return "Timed out after \(options.timeout ?? .zero): the workload had not finished; measurements up to the timeout are reported."
        }
        return nil
    }
}
