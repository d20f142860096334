import Dispatch
import Foundation
import Synchronization

/// The watchdog thread: notices a main-thread stall while it is still going on.
///
/// Every `min(budget / 2, 10 ms)` it reads the running job's sequence and start (two atomics, no
/// lock). A job seen running for at least half the budget is a stall in the making: the watchdog
/// then — once per job — reads the main thread's CPU clock and captures, symbolicates and
/// demangles the main thread's stack, and hands both to the recorder. Exact durations still come
/// from the executor's timestamps; the watchdog only adds what can be learnt only *during* a stall.
/// Idle, it costs one wake-up and two atomic loads per poll.
final class WatchdogMonitor: Sendable {
    private let recorder: MainActorRecorder
    private let mainThread: MainThread
    private let pollNanoseconds: UInt64
    private let inspectAfterNanoseconds: UInt64
    private let symbolicator: Symbolicator
    private let stopRequested = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(recorder: MainActorRecorder, mainThread: MainThread, symbolicator: Symbolicator, thresholds: Thresholds) {
        self.recorder = recorder
        self.symbolicator = symbolicator
        self.mainThread = mainThread
        let budget = UInt64(max(thresholds.budgetMilliseconds, 0.2) * 1_000_000)
        pollNanoseconds = min(budget / 2, 10_000_000)
        inspectAfterNanoseconds = budget / 2
    }

    /// How often the watchdog polls the main thread.
    var pollMilliseconds: Double { MonotonicClock.milliseconds(pollNanoseconds) }

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

    /// Stops the thread and waits until it has finished any capture in progress.
    func stop() {
        guard !stopRequested.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wakeUp.signal()
        finished.wait()
    }

    private func run() {
        var inspectedSequence: UInt64 = 0
        while !stopRequested.load(ordering: .acquiring) {
            _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(pollNanoseconds)))
            guard let running = recorder.runningJob() else { continue }
            let now = MonotonicClock.now()
            guard running.sequence != inspectedSequence, now &- running.start >= inspectAfterNanoseconds else { continue }
            inspectedSequence = running.sequence
            inspect(sequence: running.sequence, at: now)
        }
    }

    private func inspect(sequence: UInt64, at now: UInt64) {
        recorder.noteStallDetected(sequence: sequence, at: now, mainThreadCPU: mainThread.cpuClock?.nanoseconds() ?? 0)
        guard let thread = mainThread.pthread, let sampler = StackSampler.shared,
              let sample = sampler.capture(thread: thread) else { return }
        // The capture belongs to this job only if the same job is still running after it.
        guard recorder.runningJob()?.sequence == sequence else { return }
        let frames = StallAttribution.userFrames(symbolicator.symbolicate(sample.addresses))
        recorder.attach(StackCapture(frames: frames, taskName: sample.taskName), toSequence: sequence)
    }

    /// Any function of this module's image, to find the image whose symbols to preload. Main-actor
    /// code usually lives in the executable that links MainGuard statically.
    private static let symbolAnchor: @convention(c) () -> Void = {}
}
