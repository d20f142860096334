import Dispatch
import Foundation

/// The watchdog thread: notices a main-thread stall while it is still going on.
///
/// It sleeps while the main actor is quiet (no periodic wake-ups: an idle process pays nothing) and
/// is woken by the executor when a job starts, which costs the executor one atomic load per job
/// while the watchdog is awake and a wake-up only when it is parked (``Parking``). While the main
/// actor is busy it looks every `min(budget / 2, 10 ms)` instead of parking between jobs.
/// Seeing a job running, it sleeps until that job would have run for half the budget; if the job
/// is still running then, it is a stall in the making: the watchdog then — once per job — reads the
/// main thread's CPU clock and captures, symbolicates and demangles the main thread's stack, and
/// hands both to the recorder, then waits for the next job (a job that never returns costs nothing
/// more once the rest of the program is quiet). Exact durations still come from the executor's timestamps; the watchdog only adds
/// what can be learnt only *during* a stall.
final class WatchdogMonitor: Sendable {
    private let recorder: MainActorRecorder
    private let inspectAfterNanoseconds: UInt64
    /// How often it looks while the main actor is busy: `min(budget / 2, 10 ms)`.
    private let busyPollNanoseconds: UInt64
    private let symbolicator: Symbolicator
    private let stopRequested = AtomicValue<Bool>(false)
    /// Where the watchdog waits for a running job to reach half the budget; ``stop()`` signals it.
    private let timedSleep = ConditionLock()
    private let finished = DispatchSemaphore(value: 0)
    /// Held while a stall is being inspected, so a report made meanwhile can wait for its attribution.
    private let inspecting = ConditionLock()

    init(recorder: MainActorRecorder, symbolicator: Symbolicator, thresholds: Thresholds) {
        self.recorder = recorder
        self.symbolicator = symbolicator
        let budget = UInt64(max(thresholds.budgetMilliseconds, 0.2) * 1_000_000)
        inspectAfterNanoseconds = budget / 2
        busyPollNanoseconds = min(budget / 2, 10_000_000)
    }

    func start() {
        // Read the executable's symbols before the first stall rather than during it, without
        // delaying the first polls (a large debug binary takes a while).
        let anchor = UInt(bitPattern: unsafeBitCast(Self.symbolAnchor, to: Int.self))
        DispatchQueue.global(qos: .utility).async { [symbolicator] in symbolicator.prepare(imageContaining: anchor) }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "MainGuard watchdog"
        thread.start()
    }

    /// Waits until any stall inspection in progress (stack capture, symbolication) has finished.
    func waitForInspection() {
        inspecting.withLock {}
    }

    /// Stops the thread and waits until it has finished any capture in progress.
    func stop() {
        guard !stopRequested.exchange(true, ordering: .sequentiallyConsistent) else { return }
        recorder.jobStarts.unparkIfParked()
        timedSleep.withLock { timedSleep.signal() }
        finished.wait()
    }

    private func run() {
        var inspectedSequence: UInt64 = 0
        while !stopRequested.load(ordering: .acquiring) {
            let now = MonotonicClock.now()
            guard let running = recorder.runningJob(), running.sequence != inspectedSequence else {
                // Nothing to learn until another job starts: the main thread is between jobs, or
                // the running job has been inspected already. While the main actor is busy, more
                // jobs are coming and waking a parked watchdog would cost the main thread a system
                // call each time, so it looks again shortly instead; once it is quiet, it parks.
                if now &- min(recorder.lastActivity.load(ordering: .relaxed), now) < busyPollNanoseconds {
                    sleep(until: now &+ busyPollNanoseconds)
                } else {
                    recorder.jobStarts.park(untilMonotonicNanoseconds: nil) {
                        stopRequested.load(ordering: .sequentiallyConsistent)
                            || recorder.isRunningJob(otherThan: inspectedSequence)
                    }
                }
                continue
            }
            let stallsAt = running.start &+ inspectAfterNanoseconds
            guard now >= stallsAt else {
                // Not parked here either: at thousands of jobs per second, waking on each job start
                // would cost the main thread a system call per job.
                sleep(until: stallsAt)
                continue
            }
            inspectedSequence = running.sequence
            inspecting.withLock { inspect(sequence: running.sequence, thread: running.thread, at: now) }
        }
    }

    private func sleep(until deadline: UInt64) {
        timedSleep.withLock {
            if !stopRequested.load(ordering: .acquiring) { timedSleep.wait(untilMonotonicNanoseconds: deadline) }
        }
    }

    private func inspect(sequence: UInt64, thread handle: UInt, at now: UInt64) {
        recorder.noteStallDetected(sequence: sequence, at: now, mainThreadCPU: ThreadHandle.cpuNanoseconds(handle) ?? 0,
                                   mainThreadWait: RunQueue.waitNanoseconds(ofThread: recorder.runningKernelThread.load(ordering: .relaxed)))
        guard let thread = ThreadHandle.pthread(handle), let sampler = PlatformThreads.stackCapture,
              let sample = sampler.capture(thread: thread, timeoutMilliseconds: 200) else { return }
        // The capture belongs to this job only if the same job is still running after it.
        guard recorder.runningJob()?.sequence == sequence else { return }
        let frames = StallAttribution.userFrames(symbolicator.symbolicate(sample.addresses))
        recorder.attach(StackCapture(frames: frames, taskName: sample.taskName), toSequence: sequence)
    }

    /// Any function of this module's image, to find the image whose symbols to preload. Main-actor
    /// code usually lives in the executable that links MainGuard statically.
    private static let symbolAnchor: @convention(c) () -> Void = {}
}
