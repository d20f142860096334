@testable import MainGuard
import XCTest

/// The report builder on synthetic recordings: no clocks, no threads, exact numbers.
final class ReportBuilderTests: XCTestCase {
    private let millisecond: UInt64 = 1_000_000

    private func job(_ sequence: UInt64, startMilliseconds: UInt64, durationMilliseconds: Double,
                     origin: JobOrigin = .inheritedMainActor) -> MainActorJobRecord {
        let start = startMilliseconds * millisecond
        return MainActorJobRecord(sequence: sequence, taskID: sequence, priority: 25, origin: origin,
                                  enqueuedNanoseconds: start, startNanoseconds: start,
                                  endNanoseconds: start + UInt64(durationMilliseconds * 1_000_000))
    }

    private func report(durations: [Double], maxListedStalls: Int = 50, runMilliseconds: UInt64 = 10_000) -> WatchdogReport {
        var state = RecordingState(thresholds: Thresholds(), maxListedStalls: maxListedStalls, maxTimelineJobs: 100,
                                   startNanoseconds: 0)
        for (index, duration) in durations.enumerated() {
            state.record(job(UInt64(index + 1), startMilliseconds: UInt64(index) * 400, durationMilliseconds: duration),
                         cpuAtEnd: nil)
        }
        let recording = state.recording(workload: "synthetic", mode: .executor, now: runMilliseconds * millisecond,
                                        running: nil, ongoingCPU: nil)
        return ReportBuilder.report(from: recording)
    }

    func testCategoriesCountsAndLongestStall() {
        let report = report(durations: Array(repeating: 1, count: 96) + [4.9, 6, 10, 120, 300])
        XCTAssertEqual(report.mainActorJobs, 101)
        XCTAssertEqual(report.stallCounts, [.overBudget: 1, .missedFrame: 1, .hang: 1, .severeHang: 1])
        XCTAssertEqual(report.hangs, 2)
        XCTAssertEqual(report.overBudget, 4)
        XCTAssertEqual(report.longestStallMilliseconds, 300, accuracy: 1e-6)
        XCTAssertEqual(report.stalls.map(\.category), [.severeHang, .hang, .missedFrame, .overBudget])
        XCTAssertEqual(report.durationMilliseconds, 10_000, accuracy: 1e-6)
    }

    func testHitchTimeRatioCountsTimeBeyondOneFrame() {
        // Beyond 8.333 ms: 10 → 1.667, 120 → 111.667, 300 → 291.667; 6 ms is within a frame. 405 ms over 10 s.
        let report = report(durations: [6, 10, 120, 300])
        XCTAssertEqual(report.hitchTimeRatioMillisecondsPerSecond, 40.5, accuracy: 0.01)
    }

    func testPercentilesFollowTheDistribution() {
        let report = report(durations: Array(repeating: 1, count: 90) + Array(repeating: 20, count: 9) + [250])
        XCTAssertEqual(report.jobDurationMilliseconds.p50, 1, accuracy: 0.1)
        XCTAssertEqual(report.jobDurationMilliseconds.p95, 20, accuracy: 2)
        XCTAssertEqual(report.jobDurationMilliseconds.p99, 20, accuracy: 2)
        XCTAssertEqual(report.jobDurationMilliseconds.max, 250, accuracy: 1e-6)
    }

    func testListedStallsAreTheLongestAndBounded() {
        let report = report(durations: (1...30).map { Double($0) + 5 }, maxListedStalls: 5)
        XCTAssertEqual(report.stalls.map(\.durationMilliseconds), [35, 34, 33, 32, 31])
        XCTAssertEqual(report.overBudget, 30)
    }

    func testDelayImposedOnQueuedJobsIsChargedToTheStall() {
        var state = RecordingState(thresholds: Thresholds(), maxListedStalls: 10, maxTimelineJobs: 10, startNanoseconds: 0)
        state.record(job(1, startMilliseconds: 100, durationMilliseconds: 200), cpuAtEnd: nil)
        // Enqueued at 150 ms, behind the stall until it ended at 300 ms: 150 ms of imposed delay.
        var queued = job(2, startMilliseconds: 300, durationMilliseconds: 1)
        queued.enqueuedNanoseconds = 150 * millisecond
        state.record(queued, cpuAtEnd: nil)
        let report = ReportBuilder.report(from: state.recording(workload: "w", mode: .executor, now: 1_000 * millisecond,
                                                                running: nil, ongoingCPU: nil))
        XCTAssertEqual(report.stalls.first?.delayImposedMilliseconds ?? 0, 150, accuracy: 1e-6)
    }

    func testOngoingStallIsListedWithTheTimeSoFar() {
        var state = RecordingState(thresholds: Thresholds(), maxListedStalls: 1, maxTimelineJobs: 10, startNanoseconds: 0)
        state.record(job(1, startMilliseconds: 0, durationMilliseconds: 400), cpuAtEnd: nil)
        var running = job(2, startMilliseconds: 500, durationMilliseconds: 0, origin: .explicitMainActor)
        running.endNanoseconds = 800 * millisecond
        let report = ReportBuilder.report(from: state.recording(workload: "w", mode: .executor, now: 800 * millisecond,
                                                                running: running, ongoingCPU: nil), note: "timed out")
        XCTAssertEqual(report.stalls.count, 2, "the ongoing stall is listed even past maxListedStalls")
        let ongoing = try! XCTUnwrap(report.stalls.first { $0.ongoing })
        XCTAssertEqual(ongoing.durationMilliseconds, 300, accuracy: 1e-6)
        XCTAssertEqual(ongoing.attribution.origin, .explicitMainActor)
        XCTAssertEqual(report.hangs, 2)
        XCTAssertEqual(report.note, "timed out")
    }

    func testCPUEstimateExtrapolatesTheUnobservedStart() {
        // Detected 10 ms into a 110 ms stall; 50 ms of CPU over the 100 ms observed: half busy throughout.
        let cpu = estimatedOverStall(start: 0, detectedAt: 10 * millisecond, atDetection: 1_000 * millisecond,
                                     end: 110 * millisecond, atEnd: 1_050 * millisecond)
        XCTAssertEqual(Double(cpu) / 1e6, 55, accuracy: 0.01)
    }

    func testAMillionJobsKeepMemoryBounded() {
        var state = RecordingState(thresholds: Thresholds(), maxListedStalls: 50, maxTimelineJobs: 500, startNanoseconds: 0)
        var start: UInt64 = 0
        for sequence in 1...1_000_000 as ClosedRange<UInt64> {
            let duration: UInt64 = sequence % 1_000 == 0 ? 10 * millisecond : 50_000
            state.record(MainActorJobRecord(sequence: sequence, taskID: sequence, priority: 25, origin: .unknown,
                                            enqueuedNanoseconds: start, startNanoseconds: start,
                                            endNanoseconds: start + duration), cpuAtEnd: nil)
            start += duration + 1_000
        }
        let recording = state.recording(workload: "million", mode: .executor, now: start, running: nil, ongoingCPU: nil)
        let report = ReportBuilder.report(from: recording)
        XCTAssertEqual(report.mainActorJobs, 1_000_000)
        XCTAssertEqual(report.stallCounts[.missedFrame], 1_000)
        XCTAssertEqual(report.stalls.count, 50)
        XCTAssertEqual(recording.sampledJobs.count, 500)
        XCTAssertLessThanOrEqual(report.timeline.count, 500)
        XCTAssertEqual(state.recentJobs().count, RecordingState.recentCapacity)
        XCTAssertEqual(state.recentJobs().last?.sequence, 1_000_000)
    }
}
