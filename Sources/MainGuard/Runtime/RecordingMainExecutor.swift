@_spi(ExperimentalCustomExecutors) import _Concurrency
import Dispatch
import Foundation
import Synchronization

/// MainGuard's main executor: runs every main-actor job on the real main thread and records it.
///
/// Two ways of delivering jobs to the main thread, switched at run time:
/// - **pass-through** (the default, and the flavour for test processes): each job is forwarded to
///   `DispatchQueue.main`, so whatever drains the main queue (`RunLoop.main`, XCTest's waits,
///   `dispatchMain()`) keeps running main-actor work and timers keep firing;
/// - **run loop** (while ``runUntil(_:)`` runs, as `Runtime.run` does): the executor owns the main
///   thread, jobs wait in its own queue and run in order. That makes the main actor *be* the main
///   thread on Linux, which the default executor only gives while something drains the main queue.
/// When the run loop stops, jobs still waiting are handed to `DispatchQueue.main`, in order, so no
/// main-actor work is lost when a run ends.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class RecordingMainExecutor: MainExecutor, @unchecked Sendable {
    // @unchecked: the mutable queue is only touched under `lock`; everything else is immutable or atomic.
    let recorder: MainActorRecorder
    let tracker: TaskOriginTracker
    private let lock = ConditionLock()
    private var owningMainThread = false
    private var stopRequested = false
    private var queue = FIFO<(UnownedJob, EnqueuedJobInfo)>()
    /// Set while the run loop is running, to turn a nested run into a clear error instead of a deadlock.
    let isRunningLoop = Atomic<Bool>(false)

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
        let info = EnqueuedJobInfo(taskID: taskID, priority: priority,
                                   origin: tracker.mainActorOrigin(taskID: taskID, enqueuedFromMainActorJob: fromMainActorJob),
                                   enqueuedNanoseconds: now)
        recorder.jobEnqueued(at: now)
        let queued: Bool = lock.withLock {
            guard owningMainThread else { return false }
            queue.push((unowned, info))
            lock.signal()
            return true
        }
        if !queued { forwardToMainQueue(unowned, info) }
    }

    var isMainExecutor: Bool { true }

    func checkIsolated() {
        // Pass-through jobs run wherever the main queue is drained: the main thread, or a Dispatch
        // worker under `dispatchMain()` (an async `main`, Swift Testing's runner).
        if MainThread.isCurrent { return }
        dispatchPrecondition(condition: .onQueue(.main))
    }

    // MARK: RunLoopExecutor

    func run() throws {
        try runUntil { false }
    }

    /// Owns the main thread and runs main-actor jobs until `condition` holds or ``stop()`` is called.
    /// The condition is checked between jobs and at least every 20 ms while idle.
    func runUntil(_ condition: () -> Bool) throws {
        precondition(MainThread.isCurrent, "MainGuard's run loop must run on the main thread")
        guard isRunningLoop.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            preconditionFailure("""
                MainGuard's main run loop is already running: Runtime.run was called from inside a workload \
                (or while another Runtime.run was in progress). A nested run would deadlock the main thread; \
                await the work directly instead of starting another run.
                """)
        }
        lock.withLock { owningMainThread = true; stopRequested = false }
        defer { leaveRunLoop() }
        var justWorked = false
        while !condition() {
            if justWorked { _ = BriefSpin.until { recorder.queuedJobs.load(ordering: .relaxed) > 0 } }
            let next: (UnownedJob, EnqueuedJobInfo)?? = lock.withLock {
                if stopRequested { return .none }
                // Idle, the loop wakes every 20 ms to re-check `condition` (settle, timeout).
                if queue.isEmpty { lock.wait(untilMonotonicNanoseconds: MonotonicClock.now() + 20_000_000) }
                return .some(queue.pop())
            }
            guard let next else { break }
            justWorked = next != nil
            if let (job, info) = next { runJob(job, info) } else { drainMainQueue() }
        }
    }

    /// Runs what waits on `DispatchQueue.main` (after an idle wake, so at most ~20 ms late): plain
    /// main-queue blocks, timers, and main-actor jobs forwarded there before this loop took the
    /// main thread (in a test process that used the pass-through flavour first). Left waiting,
    /// those jobs would keep the main actor from ever going quiet and the run from ending.
    private func drainMainQueue() {
        _ = RunLoop.main.run(mode: .default, before: Date())
    }

    /// Starts queueing main-actor jobs for the run loop that is about to run on this (main) thread,
    /// so work started just before ``runUntil(_:)`` waits for it instead of going to the main queue.
    func prepareToOwnMainThread() {
        precondition(MainThread.isCurrent, "MainGuard's run loop must run on the main thread")
        lock.withLock { owningMainThread = true }
    }

    func stop() {
        lock.withLock {
            stopRequested = true
            lock.signal()
        }
    }

    // MARK: Running jobs

    private func runJob(_ job: UnownedJob, _ info: EnqueuedJobInfo) {
        let start = MonotonicClock.now()
        let sequence = recorder.jobWillStart(at: start, info: info, thread: ThreadHandle.current())
        job.runSynchronously(on: asUnownedSerialExecutor())
        recorder.jobDidEnd(sequence: sequence, info: info, start: start, end: MonotonicClock.now())
    }

    private func forwardToMainQueue(_ job: UnownedJob, _ info: EnqueuedJobInfo) {
        DispatchQueue.main.async { [self] in
            runJob(job, info)
        }
    }

    private func leaveRunLoop() {
        let leftovers = lock.withLock {
            owningMainThread = false
            stopRequested = false
            return queue.drain()
        }
        for (job, info) in leftovers { forwardToMainQueue(job, info) }
        isRunningLoop.store(false, ordering: .releasing)
    }
}
