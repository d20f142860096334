#if MAINGUARD_EXECUTOR_SPI
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif
import Foundation

/// The process-wide installation of MainGuard's executors: the one piece of global mutable state.
///
/// It has to be global because Swift's main and default executors are process-wide: the runtime
/// asks `MainActor.executor` / `Task.defaultExecutor` for every enqueue, and
/// `_createExecutors(factory:)` replaces them for the whole process. One type, one lock: the lock
/// guards the installation (done at most once) and the "one watch session at a time" rule, since a
/// process has one main thread to measure.
///
/// When `_createExecutors` runs late. It only stores the two executors in the runtime's
/// statics, and the runtime reads them on every enqueue, so a late install takes effect for every
/// job enqueued afterwards; jobs already handed to the platform executors still run there. What
/// does not work (and is not relied on): the runtime hooks `swift_task_enqueueMainExecutor_hook`
/// and the delay hooks. Swift 6.3 implements the executors in Swift and routes main-executor and
/// delayed enqueues through `MainActor.executor` / `Task.defaultExecutor` directly, never through
/// those hooks (only `swift_task_enqueueGlobal_hook` still fires), so hooking them would observe nothing.
final class ExecutorInstallation: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only while holding `lock`.
    static let shared = ExecutorInstallation()

    enum Flavour: Sendable {
        /// For a process whose main thread MainGuard will own (`Runtime.run`, the CLI): the
        /// priority-ordered fixed global pool.
        case runLoop
        /// For test processes: the platform's global executor, observed.
        case testing
    }

    /// What got installed; immutable once made.
    struct Installed: Sendable {
        var mode: MeasurementMode
        var flavour: Flavour
        var recorder: MainActorRecorder
        var tracker: TaskOriginTracker
        /// Symbol tables read so far, kept for the process's lifetime (reading one can take a while).
        var symbolicator: Symbolicator
        /// The main executor (type-erased so the struct needs no availability annotation).
        var mainExecutor: (any Sendable)?
        /// The thread the heartbeat last saw draining the main queue (`ThreadHandle`; 0 unknown).
        var mainQueueThread = AtomicValue<UInt>(0)
    }

    private let lock = ConditionLock()
    private var installed: Installed?
    private var sessionActive = false
    /// The running session's own busy/idle signal when it measures without executors (heartbeat,
    /// run-loop observer): what "is the main actor quiet?" asks then.
    private var sessionPulse: MainThreadPulse?

    // The executors handed to the runtime while `_createExecutors` runs (under `lock`): an
    // `ExecutorFactory` is a type with static properties, so it cannot carry them itself.
    nonisolated(unsafe) fileprivate static var handoff: (main: AnyObject, global: AnyObject)?

    /// Installs the executors the first time; afterwards returns what is installed. The global
    /// executor is chosen by the first install; the main executor serves both flavours (it owns
    /// the main thread only while `Runtime.run` runs its loop).
    ///
    /// MainGuard's own installs are idempotent, but a second *installation of executors* is an
    /// error: executors another component installed (its own `_createExecutors(factory:)` call, or
    /// a `DefaultExecutorFactory` on the `@main` type) before MainGuard, or that replaced
    /// MainGuard's afterwards. Two installations fight over the main actor: main-actor jobs would
    /// run past whichever executor lost, and a report would show a main thread that looks idle.
    /// Both stop with a message that says which executors are in the way.
    func install(_ flavour: Flavour) -> Installed {
        lock.withLock {
            if let installed {
                #if MAINGUARD_EXECUTOR_SPI
                if let problem = ExecutorConflict.afterInstall(ours: installed.mainExecutor) {
                    preconditionFailure(problem.message)
                }
                #endif
                return installed
            }
            let recorder = MainActorRecorder()
            let tracker = TaskOriginTracker()
            var result = Installed(mode: .heartbeat, flavour: flavour, recorder: recorder, tracker: tracker,
                                   symbolicator: Symbolicator(), mainExecutor: nil)
            #if MAINGUARD_EXECUTOR_SPI
            if MeasurementRequest.environment != .withoutExecutors,
               #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
                if let problem = ExecutorConflict.beforeInstall() { preconditionFailure(problem.message) }
                let main = RecordingMainExecutor(recorder: recorder, tracker: tracker)
                let global: any TaskExecutor = switch flavour {
                case .runLoop:
                    PriorityGlobalExecutor(threadCount: ProcessInfo.processInfo.activeProcessorCount,
                                           tracker: tracker, recorder: recorder)
                case .testing:
                    ObservingGlobalExecutor(platform: Task.defaultExecutor, tracker: tracker, recorder: recorder)
                }
                Self.handoff = (main, global)
                _createExecutors(factory: InstallingFactory.self)
                Self.handoff = nil
                result.mode = .executor
                result.mainExecutor = main
            }
            #endif
            installed = result
            return result
        }
    }

    /// What is installed, if anything.
    var current: Installed? { lock.withLock { installed } }

    /// What a run or session asking for `request` measures with: the installation (made the first
    /// time, as ``install(_:)``), or, for `.withoutExecutors` before anything was installed, a record
    /// that installs nothing, so a session that asks for the heartbeat does not decide for the whole
    /// process that later sessions cannot have executors.
    func installation(for request: MeasurementRequest, flavour: Flavour) -> Installed {
        guard request == .withoutExecutors else { return install(flavour) }
        return lock.withLock {
            if let installed { return installed }
            return Self.withoutExecutors
        }
    }

    private static let withoutExecutors = Installed(mode: .heartbeat, flavour: .testing, recorder: MainActorRecorder(),
                                                    tracker: TaskOriginTracker(), symbolicator: Symbolicator(), mainExecutor: nil)

    /// Claims the right to watch the main thread, waiting up to `timeout` for another session to end.
    func beginSession(timeout: Duration) -> Bool {
        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(timeout)
        return lock.withLock {
            while sessionActive {
                if MonotonicClock.now() >= deadline { return false }
                lock.wait(untilMonotonicNanoseconds: deadline)
            }
            sessionActive = true
            return true
        }
    }

    func endSession() {
        lock.withLock {
            sessionActive = false
            sessionPulse = nil
            lock.broadcast()
        }
    }

    /// The running session's busy/idle signal, set by a session that measures without executors.
    var pulse: MainThreadPulse? {
        get { lock.withLock { sessionPulse } }
        set { lock.withLock { sessionPulse = newValue } }
    }
}

#if MAINGUARD_EXECUTOR_SPI
/// Executors that are not the platform's and not MainGuard's: a second installation.
struct ExecutorConflict: Equatable {
    enum When: Equatable {
        /// Found before MainGuard installed: someone else installed executors first.
        case beforeInstall
        /// Found at a later install or session: MainGuard's executors were replaced.
        case afterInstall
    }
    var when: When
    var mainExecutor: String
    var globalExecutor: String

    /// The executors in place when MainGuard is about to install, if they are not the platform's.
    static func beforeInstall() -> ExecutorConflict? {
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) else { return nil }
        let main = MainActor.executor, global = Task.defaultExecutor
        if main as AnyObject === PlatformExecutorFactory.mainExecutor as AnyObject,
           global as AnyObject === PlatformExecutorFactory.defaultExecutor as AnyObject {
            return nil
        }
        return ExecutorConflict(when: .beforeInstall, mainExecutor: "\(type(of: main))", globalExecutor: "\(type(of: global))")
    }

    /// The main executor in place after MainGuard installed `ours`, if it is no longer MainGuard's.
    /// (`ours` is `nil` in heartbeat mode, where MainGuard installed nothing to replace.)
    static func afterInstall(ours: (any Sendable)?) -> ExecutorConflict? {
        guard #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *), let ours else { return nil }
        let main = MainActor.executor
        if main as AnyObject === ours as AnyObject { return nil }
        return ExecutorConflict(when: .afterInstall, mainExecutor: "\(type(of: main))",
                                globalExecutor: "\(type(of: Task.defaultExecutor))")
    }

    var message: String {
        let found = "main executor \(mainExecutor), global executor \(globalExecutor)"
        switch when {
        case .beforeInstall:
            return """
                MainGuard cannot install its executors: this process already installed its own (\(found)), \
                through _createExecutors(factory:) or a DefaultExecutorFactory on its @main type. Executors are \
                process-wide and can be installed once: a second installation would route main-actor jobs past the \
                watchdog and reports would show an idle main thread. Remove the other installation in the process \
                you measure (for example, only install your executors outside test runs).
                """
        case .afterInstall:
            return """
                MainGuard's executors were replaced after it installed them (now \(found)): something called \
                _createExecutors(factory:) again. Executors are process-wide and can be installed once: main-actor \
                jobs now bypass the watchdog and reports would show an idle main thread. Install your own executors \
                only in processes that do not use MainGuard's runtime.
                """
        }
    }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private enum InstallingFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor {
        ExecutorInstallation.handoff!.main as! RecordingMainExecutor
    }
    static var defaultExecutor: any TaskExecutor {
        ExecutorInstallation.handoff!.global as! any TaskExecutor
    }
}
#endif
