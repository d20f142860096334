#if MAINGUARD_EXECUTOR_SPI  // Linux toolchains only: see Package.swift
@_spi(ExperimentalCustomExecutors) import _Concurrency
import Dispatch
import Foundation

/// MainGuard's main executor: runs every main-actor job on the real main thread and records it.
///
/// Two ways of delivering jobs to the main thread, switched at run time:
/// - **pass-through** (the default, and the flavour for test processes): each job is forwarded to
///   `DispatchQueue.main`, so whatever drains the main queue (`RunLoop.main`, XCTest's waits,
///   `dispatchMain()`) keeps running main-actor work and timers keep firing;
/// - **run loop** (while ``runUntil(_:recheckAt:)`` runs, as `Runtime.run` does): the executor owns the main
///   thread, jobs wait in its own queue and run in order. That makes the main actor *be* the main
///   thread on Linux, which the default executor only gives while something drains the main queue.
/// When the run loop stops, jobs still waiting are handed to `DispatchQueue.main`, in order, so no
/// main-actor work is lost when a run ends.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class RecordingMainExecutor: MainExecutor, @unchecked Sendable {
    // @unchecked: `owningMainThread`, `runLoopParked` and `queue` are only touched under `lock`,
    // `wakeTimer` only on the main thread; everything else is immutable or atomic.
    let recorder: MainActorRecorder
    let tracker: TaskOriginTracker
    private let lock = ConditionLock()
    private var owningMainThread = false
    /// The run loop is asleep in `RunLoop.main`: only then does an enqueue wake it.
    private var runLoopParked = false
    private let stopRequested = AtomicValue<Bool>(false)
    private var queue = FIFO<(UnownedJob, EnqueuedJobInfo)>()
    /// See ``mainThreadWakeTimer``: main thread only.
    private var wakeTimer: Timer?
    /// Set while the run loop is running, to turn a nested run into a clear error instead of a deadlock.
    let isRunningLoop = AtomicValue<Bool>(false)

    init(recorder: MainActorRecorder, tracker: TaskOriginTracker) {
        self.recorder = recorder
        self.tracker = tracker
    }

    // MARK: SerialExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        let now = MonotonicClock.now()
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        let taskID = _swiftTaskIdentifier(unowned)
        let fromMainActorJob = recorder.isInsideJobOnCurrentThread
        let seen = tracker.mainActorOrigin(taskID: taskID, enqueuedFromMainActorJob: fromMainActorJob, now: now)
        let info = EnqueuedJobInfo(taskID: taskID, priority: priority, origin: seen.origin,
                                   enqueuedNanoseconds: now, taskFirstSeenNanoseconds: seen.firstSeen)
        recorder.jobEnqueued(at: now)
        let delivery: Delivery = lock.withLock {
            guard owningMainThread else { return .toMainQueue }
            queue.push((unowned, info))
            guard runLoopParked else { return .queued }
            runLoopParked = false   // signalled once, however many jobs arrive before it wakes
            return .queuedForParkedLoop
        }
        switch delivery {
        case .queued: break
        // Woken after unlocking, so the woken loop does not block on the lock at once.
        case .queuedForParkedLoop: Self.wakeParkedLoop()
        case .toMainQueue: forwardToMainQueue(unowned, info)
        }
    }

    private enum Delivery { case queued, queuedForParkedLoop, toMainQueue }

    var isMainExecutor: Bool { true }

    func checkIsolated() {
        // Pass-through jobs run wherever the main queue is drained: the main thread, or a Dispatch
        // worker under `dispatchMain()` (an async `main`, Swift Testing's runner).
        if MainThread.isCurrent { return }
        dispatchPrecondition(condition: .onQueue(.main))
    }

    // MARK: RunLoopExecutor

    func run() throws {
        try runUntil { _ in false }
    }

    /// Owns the main thread and runs main-actor jobs until `condition` holds or ``stop()`` is called.
    ///
    /// `condition` gets the monotonic time (the end of the job just run, so checking it costs no
    /// clock read) and is checked between jobs and whenever the loop wakes. Idle, the loop sleeps
    /// without ticking until a job arrives, ``stop()`` is called, or the time `recheckAt` returns
    /// (when `condition` could next hold without any job running, such as a timeout; `nil`: never).
    /// `recheckAt` gets the same time `condition` was last checked with, so the two agree even when
    /// the loop reaches its wait late (a settle time that passed meanwhile is a time in the past,
    /// which makes the loop check again at once, not a reason to wait for the next job).
    func runUntil(_ condition: (_ now: UInt64) -> Bool, recheckAt: (_ now: UInt64) -> UInt64? = { _ in nil }) throws {
        precondition(MainThread.isCurrent, "MainGuard's run loop must run on the main thread")
        guard isRunningLoop.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            preconditionFailure("""
                MainGuard's main run loop is already running: Runtime.run was called from inside a workload \
                (or while another Runtime.run was in progress). A nested run would deadlock the main thread; \
                await the work directly instead.
                """)
        }
        stopRequested.store(false, ordering: .relaxed)
        lock.withLock { owningMainThread = true }
        // Jobs are taken from the shared queue in batches (one lock per batch, not per job); a
        // batch's unrun jobs go back in front of the queue's when the loop stops.
        var batch = FIFO<(UnownedJob, EnqueuedJobInfo)>()
        defer { leaveRunLoop(unrun: &batch) }
        var now = MonotonicClock.now()
        var justWorked = false
        var spin = BriefSpin()
        // Spinning pays only while a core is free: with MainGuard's pool, while one of its workers sleeps.
        let pool = Task.defaultExecutor as? PriorityGlobalExecutor
        while !condition(now), !stopRequested.load(ordering: .acquiring) {
            if let (job, info) = batch.pop() {
                now = runJob(job, info)
                justWorked = true
                continue
            }
            if justWorked, pool?.hasSleepingWorker ?? true { _ = spin.until { recorder.queuedJobs.load(ordering: .relaxed) > 0 } }
            justWorked = false
            let parks = lock.withLock {
                guard queue.isEmpty, !stopRequested.load(ordering: .relaxed) else {
                    swap(&batch, &queue)
                    return false
                }
                runLoopParked = true
                return true
            }
            if parks {
                sleepInMainRunLoop(until: idleWakeTime(recheckAt(now)))
                lock.withLock {
                    runLoopParked = false
                    swap(&batch, &queue)
                }
            }
            if batch.isEmpty { drainMainQueue() }
            now = MonotonicClock.now()
        }
    }

    /// Sleeps in `RunLoop.main` until `time` (monotonic nanoseconds; `nil`: no deadline): whatever is
    /// sent to `DispatchQueue.main` meanwhile (plain blocks, `asyncAfter`, a completion handler a
    /// workload awaits) and timers of `RunLoop.main` run here as they arrive, and a main-actor job,
    /// ``stop()`` or the deadline ends the sleep with an empty main-queue block (``wakeParkedLoop()``).
    /// A condition variable would sleep through main-queue work, and a workload awaiting it would
    /// wait for the run's timeout.
    ///
    /// The run loop itself is always run without a limit: given a finite one, CoreFoundation creates
    /// and cancels a Dispatch timer source per call, and their cancel handlers spawn Dispatch
    /// threads (thousands of timers and dozens of threads in a run with a timeout, 2-4x slower
    /// AsyncAlgorithms operators). The deadline is one long-lived `RunLoop.main` timer instead,
    /// re-armed in place (a `timerfd` on Linux, no allocation, no thread).
    private func sleepInMainRunLoop(until time: UInt64?) {
        let wakeTimer = mainThreadWakeTimer
        wakeTimer.fireDate = time.map {
            Date(timeIntervalSinceNow: Double(Int64(bitPattern: $0 &- MonotonicClock.now())) / 1e9)
        } ?? .distantFuture
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        wakeTimer.fireDate = .distantFuture
    }

    /// The idle loop's deadline timer, created on first use; touched only on the main thread.
    private var mainThreadWakeTimer: Timer {
        if let timer = wakeTimer { return timer }
        // Repeating with a period no run reaches, so firing re-arms it far away instead of invalidating it.
        let timer = Timer(fire: .distantFuture, interval: 1e9, repeats: true) { _ in Self.wakeParkedLoop() }
        RunLoop.main.add(timer, forMode: .default)
        wakeTimer = timer
        return timer
    }

    /// Ends ``sleepInMainRunLoop(until:)``: the main queue's port wakes the run loop, which runs the block and returns.
    private static func wakeParkedLoop() {
        DispatchQueue.main.async {}
    }

    /// When the idle loop must wake without being signalled: at `recheck`, and every 20 ms while
    /// main-actor jobs are counted as queued but are not in this loop's queue (forwarded to
    /// `DispatchQueue.main` before the loop took the main thread, or an enqueue half done), so
    /// ``drainMainQueue()`` runs them. Otherwise an idle loop does not tick at all.
    private func idleWakeTime(_ recheck: UInt64?) -> UInt64? {
        guard recorder.queuedJobs.load(ordering: .relaxed) > 0 else { return recheck }
        return min(recheck ?? .max, MonotonicClock.now() &+ 20_000_000)
    }

    /// Runs what waits on `DispatchQueue.main` whenever the loop wakes with no job of its own: main-actor
    /// jobs forwarded there before this loop took the main thread (in a test process that used the
    /// pass-through flavour first; ``idleWakeTime(_:)`` wakes the loop for them at most 20 ms late),
    /// plain main-queue blocks and timers (an idle loop runs these as they come, asleep in
    /// `RunLoop.main`; this catches those that arrived while it was busy). Left waiting, those jobs
    /// would keep the main actor from ever going quiet and the run from ending.
    private func drainMainQueue() {
        _ = RunLoop.main.run(mode: .default, before: Date())
    }

    /// Starts queueing main-actor jobs for the run loop that is about to run on this (main) thread,
    /// so work started just before ``runUntil(_:recheckAt:)`` waits for it instead of going to the main queue.
    func prepareToOwnMainThread() {
        precondition(MainThread.isCurrent, "MainGuard's run loop must run on the main thread")
        lock.withLock { owningMainThread = true }
    }

    func stop() {
        stopRequested.store(true, ordering: .releasing)
        let parked = lock.withLock {
            defer { runLoopParked = false }
            return runLoopParked
        }
        if parked { Self.wakeParkedLoop() }
    }

    // MARK: Running jobs

    /// Runs one job, recorded; returns when it ended (monotonic nanoseconds).
    @discardableResult
    private func runJob(_ job: UnownedJob, _ info: EnqueuedJobInfo) -> UInt64 {
        let start = MonotonicClock.now()
        let sequence = recorder.jobWillStart(at: start, info: info, thread: ThreadHandle.current())
        job.runSynchronously(on: asUnownedSerialExecutor())
        let end = MonotonicClock.now()
        recorder.jobDidEnd(sequence: sequence, info: info, start: start, end: end)
        return end
    }

    private func forwardToMainQueue(_ job: UnownedJob, _ info: EnqueuedJobInfo) {
        DispatchQueue.main.async { [self] in
            runJob(job, info)
        }
    }

    private func leaveRunLoop(unrun batch: inout FIFO<(UnownedJob, EnqueuedJobInfo)>) {
        let leftovers = batch.drain() + lock.withLock {
            owningMainThread = false
            return queue.drain()
        }
        stopRequested.store(false, ordering: .relaxed)
        for (job, info) in leftovers { forwardToMainQueue(job, info) }
        isRunningLoop.store(false, ordering: .releasing)
    }
}
#endif
