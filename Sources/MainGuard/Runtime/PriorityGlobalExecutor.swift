@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Foundation
import Synchronization

/// MainGuard's global (default) executor: a fixed pool of one thread per core that runs the
/// highest-priority ready job first (oldest first within a priority), with aging so that no
/// priority starves (``PriorityFIFO``), and supports delayed jobs so `Task.sleep` works.
///
/// With every thread busy, a `Task.detached(priority: .background)` job really waits behind
/// `.userInitiated` work, which the default Linux executor does not guarantee, but not for ever:
/// after 10 ms it gets one pick in four. Each task is noted on first sight for origin attribution
/// (``TaskOriginTracker``).
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class PriorityGlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // @unchecked: `ready`, `delayed` and `wakeupsInFlight` are only touched under `lock`.
    private let lock = ConditionLock()
    private var ready = PriorityFIFO<UnownedJob>()
    private var delayed = DeadlineHeap<(UnownedJob, UInt8)>()
    /// Workers waiting on `lock`'s condition (changed only under `lock`): an enqueue signals one only
    /// if some are, and threads spin only while some are (a core is free then).
    private let sleepingWorkers = Atomic<Int>(0)
    /// Sleepers signalled and not yet awake: they are not signalled twice (each signal is a system call).
    private var wakeupsInFlight = 0
    private let tracker: TaskOriginTracker
    private let recorder: MainActorRecorder
    /// Ready jobs, readable without the lock (for the brief spin of a worker that just finished a job).
    private let readyCount = Atomic<Int>(0)
    /// At most one worker spins at a time; the others sleep. A spinning worker takes the next job
    /// itself, so an enqueue then wakes nobody (the worker clears this before it takes the lock,
    /// so an enqueue that still sees it set is seen by the worker under the lock).
    private let spinning = Atomic<Bool>(false)
    let threadCount: Int

    init(threadCount: Int, tracker: TaskOriginTracker, recorder: MainActorRecorder) {
        self.threadCount = max(2, threadCount)
        self.tracker = tracker
        self.recorder = recorder
        for index in 0..<self.threadCount {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "MainGuard global executor \(index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        note(unowned, priority: priority)
        let now = MonotonicClock.now()
        let wake = lock.withLock {
            ready.push(unowned, priority: priority, at: now)
            readyCount.add(1, ordering: .relaxed)
            return claimASleeperIfNoneIsComing()
        }
        // Signalled after unlocking, so the woken worker does not block on the lock at once.
        if wake { lock.signal() }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        note(unowned, priority: priority)
        // The runtime only schedules with the continuous and suspending clocks, whose durations are
        // `Swift.Duration`; a custom clock's job runs without delay rather than never.
        let wait = (delay as? Duration).map(MonotonicClock.nanoseconds) ?? 0
        let deadline = MonotonicClock.now() &+ wait
        lock.withLock {
            let earliest = delayed.earliestDeadline
            delayed.push((unowned, priority), deadline: deadline)
            // Every sleeping worker waits until the earliest deadline it knew of, so none misses a
            // due job while another is busy; an earlier deadline has them all recompute it.
            if sleepingWorkers.load(ordering: .relaxed) > 0, earliest.map({ deadline < $0 }) ?? true { lock.broadcast() }
        }
    }

    /// Picks a sleeping worker to signal, unless a spinning or already signalled one will take the
    /// work; returns whether to signal. Call under `lock`.
    private func claimASleeperIfNoneIsComing() -> Bool {
        guard sleepingWorkers.load(ordering: .relaxed) > wakeupsInFlight, !spinning.load(ordering: .relaxed) else {
            return false
        }
        wakeupsInFlight += 1
        return true
    }

    private func note(_ job: UnownedJob, priority: UInt8) {
        tracker.noteGlobalJob(taskID: _swiftTaskIdentifier(job), priority: priority,
                              enqueuedFromMainActorJob: recorder.isInsideJobOnCurrentThread)
    }

    private func workerLoop() {
        var justWorked = false
        var spin = BriefSpin()
        while true {
            if justWorked, hasSleepingWorker, spinning.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                _ = spin.until { readyCount.load(ordering: .relaxed) > 0 }
                spinning.store(false, ordering: .releasing)
            }
            justWorked = true
            let (job, wakeAnother) = nextJob()
            if wakeAnother { lock.signal() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// `true` while a worker sleeps, so the cores are not all busy: only then is spinning for the
    /// next job worth it (on a machine as small as two cores, a thread spinning while every worker
    /// computes takes a core from them).
    var hasSleepingWorker: Bool { sleepingWorkers.load(ordering: .relaxed) > 0 }

    /// The next job, and whether to signal a sleeper for the work left behind it.
    private func nextJob() -> (UnownedJob, Bool) {
        lock.withLock {
            while true {
                if delayed.earliestDeadline != nil {
                    let now = MonotonicClock.now()
                    while let (due, priority) = delayed.popDue(now: now) {
                        ready.push(due, priority: priority, at: now)
                        readyCount.add(1, ordering: .relaxed)
                    }
                }
                if let next = ready.popNext(now: MonotonicClock.now) {
                    readyCount.subtract(1, ordering: .relaxed)
                    // Enqueues skipped waking anyone while a worker spun; pass the rest of the work on.
                    return (next, !ready.isEmpty && claimASleeperIfNoneIsComing())
                }
                sleepingWorkers.add(1, ordering: .relaxed)
                if let deadline = delayed.earliestDeadline {
                    lock.wait(untilMonotonicNanoseconds: deadline)
                } else {
                    lock.wait()
                }
                sleepingWorkers.subtract(1, ordering: .relaxed)
                // Awake by signal, timeout or spuriously: either way one sleeper fewer to wait for.
                wakeupsInFlight = max(0, wakeupsInFlight - 1)
            }
        }
    }
}

/// The global executor for test processes: the platform's own executor, observed.
///
/// Test frameworks (Swift Testing in particular) run many tasks that block waiting for each other;
/// the platform executor adds threads when they do, a fixed pool would deadlock. So in a test
/// process MainGuard keeps the platform executor and only notes each task for origin attribution.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class ObservingGlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // @unchecked: both stored properties are immutable references to Sendable executors/trackers.
    private let platform: any TaskExecutor
    private let tracker: TaskOriginTracker
    private let recorder: MainActorRecorder

    init(platform: any TaskExecutor, tracker: TaskOriginTracker, recorder: MainActorRecorder) {
        self.platform = platform
        self.tracker = tracker
        self.recorder = recorder
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        note(unowned, priority: priority)
        platform.enqueue(unowned)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        note(unowned, priority: priority)
        if let scheduling = platform as? any SchedulingExecutor {
            scheduling.enqueue(ExecutorJob(unowned), after: delay, tolerance: tolerance, clock: clock)
        } else {
            platform.enqueue(unowned)
        }
    }

    private func note(_ job: UnownedJob, priority: UInt8) {
        tracker.noteGlobalJob(taskID: _swiftTaskIdentifier(job), priority: priority,
                              enqueuedFromMainActorJob: recorder.isInsideJobOnCurrentThread)
    }
}
