/// The main thread's busy/idle signal in a session that measures without executors, and the one
/// place its monitors (``HeartbeatMonitor``, and on Apple platforms ``RunLoopObserverMonitor``)
/// report to.
///
/// Without executors MainGuard sees no main-actor jobs, only stretches of main-thread work: a
/// heartbeat that took long to answer, or a long pass of the main run loop. Each stretch is written
/// to the *session's own* recorder as if it were a job, so the watchdog and the report treat it like
/// one (the stall is the time the main thread could not answer). The installation's job recorder,
/// which says whether the main actor is quiet in executor mode, is never fed from here: a heartbeat
/// every 2 ms would make the main actor look busy for ever. Quiet here means no stretch of at
/// least ``busyNanoseconds`` is going on and none has ended for the settle time.
///
/// One stretch at a time: the monitor that starts one first owns it until it ends, so a heartbeat
/// answered inside a run-loop pass is not counted twice.
final class MainThreadPulse: Sendable {
    /// A stretch shorter than this is the main thread answering promptly, not work: a heartbeat on an
    /// idle main queue is answered within a millisecond or two even on a loaded machine.
    static let busyNanoseconds: UInt64 = 4_000_000

    enum Source: Sendable { case heartbeat, runLoop }

    /// Where the stretches are recorded (the session's recorder, never the installation's).
    let recorder: MainActorRecorder
    private let state: Protected<State>

    private struct State {
        var owner: Source?
        var sequence: UInt64 = 0
        var start: UInt64 = 0
        var lastBusyEnd: UInt64
        var sawRunLoop = false
    }

    init(recorder: MainActorRecorder, now: UInt64 = MonotonicClock.now()) {
        self.recorder = recorder
        // The window starts busy-ended now: work queued just before the session must still be seen.
        state = Protected(State(lastBusyEnd: now))
    }

    /// A stretch of main-thread work may have begun at `start` on `thread`; returns `false` when
    /// another source already owns the current stretch.
    @discardableResult
    func begin(_ source: Source, at start: UInt64, thread: UInt) -> Bool {
        state.withLock { state in
            if source == .runLoop { state.sawRunLoop = true }
            guard state.owner == nil else { return false }
            let info = EnqueuedJobInfo(taskID: 0, priority: 0, origin: .unknown, enqueuedNanoseconds: start)
            state.owner = source
            state.start = start
            state.sequence = recorder.jobWillStart(at: start, info: info, thread: thread)
            return true
        }
    }

    /// The stretch `source` began has ended; call on the thread that did the work (it reads that
    /// thread's CPU clock when the stretch was a stall).
    func end(_ source: Source, at end: UInt64) {
        state.withLock { state in
            guard state.owner == source else { return }
            let info = EnqueuedJobInfo(taskID: 0, priority: 0, origin: .unknown, enqueuedNanoseconds: state.start)
            recorder.jobDidEnd(sequence: state.sequence, info: info, start: state.start, end: end)
            if end &- min(state.start, end) >= Self.busyNanoseconds { state.lastBusyEnd = max(state.lastBusyEnd, end) }
            state.owner = nil
        }
    }

    /// `true` while a stretch of at least ``busyNanoseconds`` is going on.
    func isBusy(now: UInt64) -> Bool {
        state.withLock { $0.owner != nil && now &- min($0.start, now) >= Self.busyNanoseconds }
    }

    /// `true` when no stretch is going on past ``busyNanoseconds`` and none ended within `duration`.
    func isQuiet(since duration: UInt64, now: UInt64) -> Bool {
        state.withLock { state in
            let busy = state.owner != nil && now &- min(state.start, now) >= Self.busyNanoseconds
            return !busy && now &- min(state.lastBusyEnd, now) >= duration
        }
    }

    /// What measured: the run loop's observer once it has seen the main run loop run, else the heartbeat.
    var mode: MeasurementMode { state.withLock { $0.sawRunLoop ? .runLoop : .heartbeat } }
}

/// Something that watches the main thread from outside and reports to a ``MainThreadPulse``.
protocol MainThreadMonitor: Sendable {
    func start()
    /// Stops watching; returns once the monitor will report nothing more.
    func stop()
}
