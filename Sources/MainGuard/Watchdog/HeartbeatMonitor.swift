import Dispatch
import Foundation

/// Watches the main thread where MainGuard's executors are not installed: a thread posts a
/// heartbeat to `DispatchQueue.main` every few milliseconds and measures how long the main queue
/// took to run it.
///
/// Each heartbeat is a stretch of main-thread time reported to the session's ``MainThreadPulse``,
/// from when it was posted to when the main queue ran it, so a late heartbeat reads like a long job:
/// the stall is the time the main thread could not answer. Individual jobs are not seen in this
/// mode (reports say `mode: heartbeat`; job counts and percentiles are heartbeat delays). It works
/// on every platform; on Apple platforms it covers the times the main run loop does not run.
final class HeartbeatMonitor: MainThreadMonitor {
    private let pulse: MainThreadPulse
    /// The thread that ran the last heartbeat: the one draining the main queue, whose stack and CPU
    /// clock the watchdog reads during a stall. Kept by the installation, so a session starting
    /// off the main thread knows it from earlier sessions. Where the main queue is drained by
    /// Dispatch worker threads (`dispatch_main`, a Swift Testing process) it can change between two
    /// heartbeats; a stall on another thread is then reported without its stack.
    private let mainQueueThread: AtomicValue<UInt>
    private let intervalNanoseconds: UInt64
    private let stopRequested = AtomicValue<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(pulse: MainThreadPulse, mainQueueThread: AtomicValue<UInt>, intervalMilliseconds: Double = 2) {
        self.pulse = pulse
        self.mainQueueThread = mainQueueThread
        intervalNanoseconds = UInt64(intervalMilliseconds * 1_000_000)
    }

    func start() {
        if MainThread.isCurrent {
            mainQueueThread.store(ThreadHandle.current(), ordering: .relaxed)
        } else if mainQueueThread.load(ordering: .relaxed) == 0 {
            // First session, started off the main thread: learn which thread drains the main queue
            // before the work to measure is queued behind it (bounded: the main thread may be busy).
            let answered = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { [mainQueueThread] in
                mainQueueThread.store(ThreadHandle.current(), ordering: .relaxed)
                answered.signal()
            }
            _ = answered.wait(timeout: .now() + .milliseconds(50))
        }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "MainGuard heartbeat"
        thread.start()
    }

    func stop() {
        guard !stopRequested.exchange(true, ordering: .acquiringAndReleasing) else { return }
        finished.wait()
    }

    private func run() {
        while !stopRequested.load(ordering: .acquiring) {
            let beat = DispatchSemaphore(value: 0)
            let posted = MonotonicClock.now()
            pulse.begin(.heartbeat, at: posted, thread: mainQueueThread.load(ordering: .relaxed))
            DispatchQueue.main.async { [self] in
                mainQueueThread.store(ThreadHandle.current(), ordering: .relaxed)
                pulse.end(.heartbeat, at: MonotonicClock.now())
                beat.signal()
            }
            // Wait for the beat (however long the main thread takes), checking for stop now and then.
            while beat.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
                if stopRequested.load(ordering: .acquiring) { return }
            }
            usleep(useconds_t(intervalNanoseconds / 1_000))
        }
    }
}
