@testable import MainGuard
import Testing

/// The busy/idle signal of a session without executors, driven with explicit timestamps.
@Suite struct MainThreadPulseTests {
    let millisecond: UInt64 = 1_000_000

    @Test func promptAnswersAreQuietAndALongStretchIsBusyUntilTheSettleTimeHasPassed() {
        let start: UInt64 = 1_000 * millisecond
        let pulse = MainThreadPulse(recorder: MainActorRecorder(), now: start)
        // The window starts as if work had just ended: nothing queued before the session is missed.
        #expect(!pulse.isQuiet(since: 200 * millisecond, now: start + 100 * millisecond))
        #expect(pulse.begin(.heartbeat, at: start + 10 * millisecond, thread: 0))
        pulse.end(.heartbeat, at: start + 11 * millisecond)          // answered within 1 ms: not work
        #expect(pulse.isQuiet(since: 200 * millisecond, now: start + 200 * millisecond))

        #expect(pulse.begin(.heartbeat, at: start + 300 * millisecond, thread: 0))
        #expect(!pulse.isBusy(now: start + 302 * millisecond))
        #expect(pulse.isBusy(now: start + 310 * millisecond))
        #expect(!pulse.isQuiet(since: 1, now: start + 310 * millisecond))
        pulse.end(.heartbeat, at: start + 450 * millisecond)          // a 150 ms stretch
        #expect(!pulse.isBusy(now: start + 451 * millisecond))
        #expect(!pulse.isQuiet(since: 200 * millisecond, now: start + 600 * millisecond))
        #expect(pulse.isQuiet(since: 200 * millisecond, now: start + 650 * millisecond))
    }

    @Test func oneSourceOwnsAStretchAndTheOtherCannotEndIt() {
        let pulse = MainThreadPulse(recorder: MainActorRecorder(), now: 0)
        #expect(pulse.mode == .heartbeat)
        #expect(pulse.begin(.runLoop, at: 10 * millisecond, thread: 0))
        #expect(!pulse.begin(.heartbeat, at: 11 * millisecond, thread: 0))
        pulse.end(.heartbeat, at: 12 * millisecond)
        #expect(pulse.isBusy(now: 20 * millisecond))
        pulse.end(.runLoop, at: 30 * millisecond)
        #expect(!pulse.isBusy(now: 31 * millisecond))
        #expect(pulse.mode == .runLoop)
    }

    @Test func stretchesAreRecordedAsJobsInTheSessionsRecorder() {
        let recorder = MainActorRecorder()
        let now = MonotonicClock.now()
        recorder.beginWindow(thresholds: Thresholds(), maxListedStalls: 10, maxTimelineJobs: 10)
        let pulse = MainThreadPulse(recorder: recorder, now: now)
        pulse.begin(.heartbeat, at: now + millisecond, thread: ThreadHandle.current())
        #expect(recorder.runningJob() != nil)
        pulse.end(.heartbeat, at: now + 2 * millisecond)
        #expect(recorder.runningJob() == nil)
        #expect(recorder.recentJobs().count == 1)
    }
}

@Suite struct AtomicValueTests {
    @Test func arithmeticWrapsAndExchangesReportWhatTheyFound() {
        let counter = AtomicValue<Int>(5)
        #expect(counter.add(3, ordering: .relaxed) == (oldValue: 5, newValue: 8))
        #expect(counter.subtract(10, ordering: .relaxed).newValue == -2)
        #expect(counter.load(ordering: .acquiring) == -2)
        let small = AtomicValue<UInt8>(255)
        #expect(small.add(1, ordering: .relaxed).newValue == 0)
        #expect(small.load(ordering: .relaxed) == 0)
        let flag = AtomicValue<Bool>(false)
        #expect(flag.exchange(true, ordering: .sequentiallyConsistent) == false)
        #expect(flag.compareExchange(expected: false, desired: false, ordering: .acquiringAndReleasing) == (false, true))
        #expect(flag.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing) == (true, true))
        #expect(flag.load(ordering: .relaxed) == false)
    }
}
