import Dispatch
import Foundation
import Synchronization

/// The fallback measurement where MainGuard's executors cannot be installed (Apple OS versions
/// before 26.4): a thread posts a heartbeat to `DispatchQueue.main` every few milliseconds and
/// measures how long the main queue took to run it.
///
/// A heartbeat is recorded as if it were a main-actor job that started when it was posted and
/// ended when the main thread ran it, so the watchdog and the report treat a late heartbeat like a
/// long job: the stall is the time the main thread could not answer. Individual jobs are not seen
/// in this mode (reports say `mode: heartbeat`; job counts and percentiles are heartbeat delays).
final class HeartbeatMonitor: Sendable {
    private let recorder: MainActorRecorder
    private let mainThread: MainThread
    private let intervalNanoseconds: UInt64
    private let stopRequested = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(recorder: MainActorRecorder, mainThread: MainThread, intervalMilliseconds: Double = 2) {
        self.recorder = recorder
        self.mainThread = mainThread
        intervalNanoseconds = UInt64(intervalMilliseconds * 1_000_000)
    }

    func start() {
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
            recorder.jobEnqueued(at: posted)
            let info = EnqueuedJobInfo(taskID: 0, priority: 0, origin: .unknown, enqueuedNanoseconds: posted)
            let sequence = recorder.jobWillStart(at: posted, info: info)
            DispatchQueue.main.async { [recorder, mainThread] in
                mainThread.noteCurrentIfMain()
                recorder.jobDidEnd(sequence: sequence, info: info, start: posted, end: MonotonicClock.now())
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
