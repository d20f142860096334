
/// Works out how each task's main-actor work got onto the main actor, from what the executors see.
///
/// Observable facts and what they mean:
/// - a task first seen when its job is enqueued on the main executor *from inside a running
///   main-actor job* was created in main-actor code: a `Task { }` that inherited the main actor
///   (an explicit `Task { @MainActor in }` written in main-actor code looks the same);
/// - a task first seen on the main executor from another thread was created as main-actor work
///   outside main-actor code: an explicit `@MainActor` closure or function;
/// - a task that already ran on the global executor and then reaches the main executor hopped
///   there: `MainActor.run { }` or a call to an `@MainActor` async function (they look the same).
/// What cannot be known: the source line that created a task, and `MainActor.run` versus an
/// `@MainActor` call. Memory stays bounded: both tables are cleared when they reach their limit,
/// after which a task's origin is rediscovered (and may read as a hop).
final class TaskOriginTracker: Sendable {
    private struct State {
        /// Each task's origin, and when either executor first saw it (for a `Task { }`, about when it
        /// was created).
        var mainActorOrigins: [UInt64: (origin: JobOrigin, firstSeen: UInt64)] = [:]
        /// When each task was first seen on the global executor.
        var tasksSeenOnGlobalExecutor: [UInt64: UInt64] = [:]
        var globalTasks: [GlobalTaskRecord] = []
    }
    private static let tableLimit = 65_536
    private static let globalTaskListLimit = 1_024
    private let state = Protected(State())

    /// How the task's main-actor job got there, and when the task was first seen (monotonic
    /// nanoseconds; `now` for a task never seen before, 0 for a job that is not a task).
    func mainActorOrigin(taskID: UInt64, enqueuedFromMainActorJob: Bool, now: UInt64) -> (origin: JobOrigin, firstSeen: UInt64) {
        guard taskID != 0 else { return (.unknown, 0) }
        return state.withLock { state in
            if let known = state.mainActorOrigins[taskID] { return known }
            let seen: (origin: JobOrigin, firstSeen: UInt64)
            if let seenOnGlobalExecutor = state.tasksSeenOnGlobalExecutor[taskID] {
                seen = (.mainActorRun, seenOnGlobalExecutor)
            } else {
                seen = (enqueuedFromMainActorJob ? .inheritedMainActor : .explicitMainActor, now)
            }
            if state.mainActorOrigins.count >= Self.tableLimit { state.mainActorOrigins.removeAll() }
            state.mainActorOrigins[taskID] = seen
            return seen
        }
    }

    func noteGlobalJob(taskID: UInt64, priority: UInt8, enqueuedFromMainActorJob: Bool) {
        guard taskID != 0 else { return }
        state.withLock { state in
            guard state.tasksSeenOnGlobalExecutor[taskID] == nil else { return }
            if state.tasksSeenOnGlobalExecutor.count >= Self.tableLimit { state.tasksSeenOnGlobalExecutor.removeAll() }
            state.tasksSeenOnGlobalExecutor[taskID] = MonotonicClock.now()
            let record = GlobalTaskRecord(taskID: taskID, priority: priority,
                                          inheritedMainActor: state.mainActorOrigins[taskID] != nil,
                                          createdInMainActorJob: enqueuedFromMainActorJob)
            if state.globalTasks.count >= Self.globalTaskListLimit { state.globalTasks.removeFirst() }
            state.globalTasks.append(record)
        }
    }

    func recentGlobalTasks() -> [GlobalTaskRecord] { state.withLock { $0.globalTasks } }
}

/// A task as the global executor first saw it.
///
/// ```swift
/// for task in Runtime.recentGlobalTasks() where task.createdInMainActorJob {
///     print(task.taskID, task.taskPriority)   // e.g. a Task.detached started from a button handler
/// }
/// ```
public struct GlobalTaskRecord: Sendable, Hashable {
    public var taskID: UInt64
    /// Priority of the task's first job on the global executor (a `TaskPriority` raw value).
    public var priority: UInt8
    /// The task ran on the main actor before it reached the global executor (it started as main-actor work).
    public var inheritedMainActor: Bool
    /// The task's first job was enqueued from inside a main-actor job but did not inherit the main
    /// actor: typically `Task.detached { }` (or a `@concurrent` closure) started from main-actor code.
    public var createdInMainActorJob: Bool
    public var taskPriority: TaskPriority { TaskPriority(rawValue: priority) }
}
