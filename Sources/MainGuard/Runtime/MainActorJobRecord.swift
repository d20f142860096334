/// One main-actor job as MainGuard's main executor recorded it.
///
/// Times are monotonic nanoseconds (`CLOCK_MONOTONIC`), comparable with each other within one process.
///
/// ```swift
/// Runtime.installForTesting()
/// let slowest = Runtime.recentMainActorJobs().max { $0.durationMilliseconds < $1.durationMilliseconds }
/// print(slowest?.taskName ?? "-", slowest?.durationMilliseconds ?? 0)
/// ```
public struct MainActorJobRecord: Sendable, Hashable {
    /// Position of the job among all main-actor jobs the executor ran (starts at 1).
    public var sequence: UInt64
    /// The Swift task the job belongs to (the runtime's task id; 0 for jobs that are not tasks).
    public var taskID: UInt64
    /// The job's priority when it was enqueued (a `TaskPriority` raw value).
    public var priority: UInt8
    /// How the task came to run on the main actor, as far as the executors could observe.
    public var origin: JobOrigin
    public var enqueuedNanoseconds: UInt64
    public var startNanoseconds: UInt64
    public var endNanoseconds: UInt64
    /// When MainGuard's executors first saw the job's task (0 when unknown): for a `Task { }`, about
    /// when it was created. A job that stalls long after its task began still points back to the code
    /// (or the test) that started the task.
    public var taskFirstSeenNanoseconds: UInt64 = 0

    /// How long the job waited in the main actor's queue.
    public var waitMilliseconds: Double {
        MonotonicClock.milliseconds(startNanoseconds &- min(enqueuedNanoseconds, startNanoseconds))
    }
    /// How long the job kept the main thread.
    public var durationMilliseconds: Double {
        MonotonicClock.milliseconds(endNanoseconds &- min(startNanoseconds, endNanoseconds))
    }
    /// The job's priority as a `TaskPriority`.
    public var taskPriority: TaskPriority { TaskPriority(rawValue: priority) }
}

/// What the main executor knows about a job when it is enqueued.
struct EnqueuedJobInfo: Sendable {
    var taskID: UInt64
    var priority: UInt8
    var origin: JobOrigin
    var enqueuedNanoseconds: UInt64
    var taskFirstSeenNanoseconds: UInt64 = 0
}

// The runtime's own accessor for a job's task id (what `ExecutorJob.description` prints); it reads
// one field of the job and is cheaper than formatting the description.
@_silgen_name("swift_task_getJobTaskId")
func _swiftTaskIdentifier(_ job: UnownedJob) -> UInt64
