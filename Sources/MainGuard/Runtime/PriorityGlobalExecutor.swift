@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Foundation

/// MainGuard's global (default) executor: a fixed pool of one thread per core that always runs the
/// highest-priority ready job first (oldest first within a priority), and supports delayed jobs so
/// `Task.sleep` works.
///
/// With every thread busy, a `Task.detached(priority: .background)` job really waits behind
/// `.userInitiated` work, which the default Linux executor does not guarantee. Each task is noted
/// on first sight for origin attribution (``TaskOriginTracker``).
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class PriorityGlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    // @unchecked: `ready` and `delayed` are only touched under `lock`.
    private let lock = ConditionLock()
    private var ready = PriorityFIFO<UnownedJob>()
    private var delayed = DeadlineHeap<(UnownedJob, UInt8)>()
    private let tracker: TaskOriginTracker
    private let recorder: MainActorRecorder
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
        lock.withLock {
            ready.push(unowned, priority: priority)
            lock.signal()
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let priority = job.priority.rawValue
        let unowned = UnownedJob(job)
        note(unowned, priority: priority)
        // The runtime only schedules with the continuous and suspending clocks, whose durations are
        // `Swift.Duration`; a custom clock's job runs without delay rather than never.
        let wait = (delay as? Duration).map(MonotonicClock.nanoseconds) ?? 0
        lock.withLock {
            delayed.push((unowned, priority), deadline: MonotonicClock.now() &+ wait)
            // Every idle worker may be sleeping until a later deadline: wake them to recompute it.
            lock.broadcast()
        }
    }

    private func note(_ job: UnownedJob, priority: UInt8) {
        let fromMainActorJob = MainThread.isCurrent && recorder.runningSequence.load(ordering: .relaxed) != 0
        tracker.noteGlobalJob(taskID: _swiftTaskIdentifier(job), priority: priority,
                              enqueuedFromMainActorJob: fromMainActorJob)
    }

    private func workerLoop() {
        while true {
            let job: UnownedJob = lock.withLock {
                while true {
                    let now = MonotonicClock.now()
                    while let (due, priority) = delayed.popDue(now: now) { ready.push(due, priority: priority) }
                    if let next = ready.popHighest() { return next }
                    if let deadline = delayed.earliestDeadline {
                        lock.wait(untilMonotonicNanoseconds: deadline)
                    } else {
                        lock.wait()
                    }
                }
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
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
        let fromMainActorJob = MainThread.isCurrent && recorder.runningSequence.load(ordering: .relaxed) != 0
        tracker.noteGlobalJob(taskID: _swiftTaskIdentifier(job), priority: priority,
                              enqueuedFromMainActorJob: fromMainActorJob)
    }
}
