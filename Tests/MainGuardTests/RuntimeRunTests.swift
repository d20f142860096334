import Foundation
import MainGuard
import XCTest

/// `Runtime.run` end to end. XCTest on Linux runs test methods on the main thread, which is what
/// `Runtime.run` needs: it borrows the main thread as the main actor's run loop for the run.
final class RuntimeRunTests: XCTestCase {
    override func setUp() {
        XCTAssertEqual(Runtime.installForTesting(), .executor)
    }

    func testMainActorRunsOnTheMainThread() {
        let observations = Box<[Bool]>([])
        let report = Runtime.run(Workload(name: "main-thread", summary: "checks the thread") {
            observations.value.append(Thread.isMainThread)
            await Task { @MainActor in observations.value.append(Thread.isMainThread) }.value
            try await Task.sleep(for: .milliseconds(5))
            observations.value.append(Thread.isMainThread)
            await MainActor.run { observations.value.append(Thread.isMainThread) }
        }, options: WatchOptions(settle: .milliseconds(20)))
        XCTAssertEqual(observations.value, [true, true, true, true])
        XCTAssertGreaterThanOrEqual(report.mainActorJobs, 4)
        XCTAssertEqual(report.mode, .executor)
        XCTAssertNil(report.note)
    }

    func testTaskSleepWaitsAtLeastItsDuration() {
        let elapsed = Box<Duration>(.zero)
        _ = Runtime.run(Workload(name: "sleep", summary: "sleeps") {
            let start = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(60))
            elapsed.value = start.duration(to: .now)
        }, options: WatchOptions(settle: .milliseconds(5)))
        XCTAssertGreaterThanOrEqual(elapsed.value, .milliseconds(59))
    }

    func testSpinInInheritedTaskIsOneSevereHangAttributedToTheSpin() {
        let report = Runtime.run(Workload(name: "hang-later", summary: "300 ms spin in Task { }") {
            Task { spinForTest(milliseconds: 300) }
        }, options: WatchOptions(settle: .milliseconds(50)))
        XCTAssertEqual(report.hangs, 1, "\(report.stalls)")
        XCTAssertEqual(report.stallCounts[.severeHang], 1)
        let stall = try! XCTUnwrap(report.stalls.first)
        XCTAssertEqual(stall.category, .severeHang)
        XCTAssertGreaterThanOrEqual(stall.durationMilliseconds, 299)
        XCTAssertLessThan(stall.durationMilliseconds, 1_000)
        // Busy: the main thread's CPU clock advanced during the stall (other processes on this
        // machine may take the CPU for part of it, so only a generous fraction is required).
        XCTAssertGreaterThan(stall.cpuMilliseconds, stall.durationMilliseconds * 0.1)
        XCTAssertEqual(stall.attribution.origin, .inheritedMainActor)
        XCTAssertTrue(stall.attribution.frames.contains { $0.contains("spinForTest") }, "\(stall.attribution.frames)")
        XCTAssertTrue(stall.attribution.summary.contains("spinForTest"), stall.attribution.summary)
        XCTAssertTrue(stall.attribution.summary.contains("inherited @MainActor"), stall.attribution.summary)
        XCTAssertFalse(stall.ongoing)
        XCTAssertGreaterThanOrEqual(report.longestStallMilliseconds, 299)
    }

    func testBlockedMainThreadShowsAlmostNoCPU() {
        let report = Runtime.run(Workload(name: "blocked", summary: "waits on a semaphore") {
            blockForTest(milliseconds: 200)
        }, options: WatchOptions(settle: .milliseconds(20)))
        let stall = try! XCTUnwrap(report.stalls.first)
        XCTAssertEqual(stall.category, .hang)
        XCTAssertGreaterThanOrEqual(stall.durationMilliseconds, 199)
        XCTAssertLessThan(stall.cpuMilliseconds, stall.durationMilliseconds * 0.1)
        XCTAssertFalse(stall.isBusy)
        XCTAssertTrue(stall.attribution.frames.contains { $0.contains("blockForTest") }, "\(stall)")
    }

    #if os(Linux)
    /// More computing threads than cores: the main thread gets only part of a CPU while it computes,
    /// so its CPU time alone would look like a blocked thread. The time it waited for a CPU settles it.
    func testAComputingMainThreadOnAnOverloadedMachineIsBusyNotBlocked() throws {
        let stop = StopFlag()
        let hogs = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            let hog = Thread {
                var sink = 0
                while !stop.isSet { for step in 0..<100_000 { sink &+= step } }
                if sink == -1 { print(sink) }
            }
            hog.start()
            return hog
        }
        defer { stop.set() }
        let report = Runtime.run(Workload(name: "overloaded", summary: "computes while other threads take the cores") {
            spinCPUForTest(milliseconds: 100)
        }, options: WatchOptions(settle: .milliseconds(20)))
        stop.set()
        _ = hogs
        let stall = try XCTUnwrap(report.stalls.max { $0.durationMilliseconds < $1.durationMilliseconds })
        let waited = try XCTUnwrap(stall.cpuWaitMilliseconds, "Linux reports the run-queue wait: \(stall)")
        print("overloaded main thread: \(stall.durationMilliseconds) ms stall, cpu \(stall.cpuMilliseconds) ms, waited \(waited) ms for a CPU")
        XCTAssertGreaterThan(stall.cpuMilliseconds + waited, stall.durationMilliseconds * 0.8, "\(stall)")
        XCTAssertLessThanOrEqual(stall.cpuMilliseconds + waited, stall.durationMilliseconds + 1, "\(stall)")
        XCTAssertTrue(stall.isBusy, "\(stall)")
    }

    /// With a timeout, every idle stretch of the main actor sleeps until a deadline. Sleeping in
    /// `RunLoop.main` with a finite limit made CoreFoundation create and cancel a Dispatch timer per
    /// wake-up, whose handlers woke (and spawned) Dispatch threads: 2.9-3.9 voluntary context switches
    /// of the process per main-actor job here, and 4 to 258 more threads. With one long-lived timer
    /// re-armed in place it is the main thread's sleep and the waking thread's: 1.7 per job, 3-4 threads.
    /// Counts, not times, so a loaded machine does not change the verdict.
    func testIdleWakeUpsWithATimeoutDoNotWakeOtherThreads() {
        let wakeUps = 2_000
        let before = (threads: Self.threadCount(), switches: Self.voluntaryContextSwitches())
        let peak = Box(before.threads)
        let report = Runtime.run(Workload(name: "idle-wake-ups", summary: "2,000 main-actor jobs from a plain thread") {
            // A plain thread, not the global executor, wakes the idle main actor: nothing else in the
            // run has any reason to use a Dispatch thread.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    for _ in 0..<wakeUps {
                        usleep(100)
                        Task { @MainActor in
                            let now = Self.threadCount()
                            if now > peak.value { peak.value = now }
                        }
                    }
                    done.resume()
                }.start()
            }
        }, options: WatchOptions(timeout: .seconds(60), settle: .milliseconds(5)))
        XCTAssertNil(report.note)
        let perJob = Double(Self.voluntaryContextSwitches() - before.switches) / Double(max(1, report.mainActorJobs))
        print("idle wake-ups: threads \(before.threads) before, peak \(peak.value); \(perJob) voluntary context switches per main-actor job")
        XCTAssertLessThanOrEqual(perJob, 2.5, "threads other than the main thread and the one waking it woke up")
        XCTAssertLessThanOrEqual(peak.value - before.threads, 16, "threads spawned while the main actor slept between jobs")
    }

    /// Voluntary context switches of every thread the process has had (`getrusage`).
    private static func voluntaryContextSwitches() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_nvcsw
    }

    /// The process's thread count (`Threads:` in /proc/self/status).
    private static func threadCount() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    #endif

    /// Completion handlers delivered on the main queue, `asyncAfter` and `RunLoop.main` timers run while
    /// the loop is idle: a workload awaiting them must not wait for the run's timeout.
    func testMainQueueWorkTheWorkloadAwaitsRunsWhileTheLoopIsIdle() {
        let started = ContinuousClock.now
        let report = Runtime.run(Workload(name: "main-queue", summary: "awaits work delivered on the main queue") {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { DispatchQueue.main.async { continuation.resume() } }
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) { continuation.resume() }
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    let timer = Timer(timeInterval: 0.03, repeats: false) { _ in continuation.resume() }
                    RunLoop.main.add(timer, forMode: .default)
                    DispatchQueue.main.async {}   // a timer added from another thread is seen when the loop next wakes
                }
            }
        }, options: WatchOptions(timeout: .seconds(20), settle: .milliseconds(10)))
        XCTAssertNil(report.note, "the workload finished on its own")
        XCTAssertLessThan(started.duration(to: .now), .seconds(10), "not held until the timeout")
    }

    func testTimeoutWithStuckMainThreadStillReportsTheOngoingStall() {
        let delivered = Box<WatchdogReport?>(nil)
        var options = WatchOptions(timeout: .milliseconds(300), settle: .milliseconds(10))
        options.onTimeout = { report in delivered.value = report }
        let report = Runtime.run(Workload(name: "hang-forever", summary: "never gives the main thread back in time") {
            spinForTest(milliseconds: 1_200)
        }, options: options)
        let stall = try! XCTUnwrap(report.stalls.first { $0.ongoing }, "\(report.stalls)")
        XCTAssertGreaterThanOrEqual(stall.durationMilliseconds, 250)
        XCTAssertLessThan(stall.durationMilliseconds, 1_100, "the report is made at the timeout, not when the job returned")
        XCTAssertTrue(stall.attribution.frames.contains { $0.contains("spinForTest") }, "\(stall.attribution.frames)")
        XCTAssertTrue(report.note?.contains("Timed out") == true, report.note ?? "no note")
        XCTAssertEqual(delivered.value, report, "onTimeout receives the report while the main thread is stuck")
    }

    func testTimeoutWhileAwaitingEndsTheRunWithANote() {
        let report = Runtime.run(Workload(name: "waits-forever", summary: "awaits a long sleep") {
            try await Task.sleep(for: .seconds(30))
        }, options: WatchOptions(timeout: .milliseconds(200)))
        XCTAssertLessThan(report.durationMilliseconds, 5_000)
        XCTAssertTrue(report.note?.contains("Timed out") == true, report.note ?? "no note")
        XCTAssertEqual(report.hangs, 0)
    }

    func testThrowingWorkloadReturnsAReportWithANote() {
        let report = Runtime.run(Workload(name: "throws", summary: "throws after a stall") {
            spinForTest(milliseconds: 20)
            throw ExpectedFailure()
        }, options: WatchOptions(settle: .milliseconds(10)))
        XCTAssertTrue(report.note?.contains("the document could not be parsed") == true, report.note ?? "no note")
        XCTAssertEqual(report.stalls.count, 1)
        XCTAssertEqual(report.stalls.first?.category, .missedFrame)
    }

    func testShortJobsAreNotStalls() {
        let report = Runtime.run(Workload(name: "quick", summary: "many 1 ms jobs") {
            for _ in 0..<20 {
                await Task { @MainActor in spinForTest(milliseconds: 1) }.value
            }
        }, options: WatchOptions(settle: .milliseconds(10)))
        // A loaded machine can preempt a 1 ms job past the 5 ms budget, never to a hang.
        XCTAssertEqual(report.hangs, 0, "\(report.stalls)")
        XCTAssertGreaterThanOrEqual(report.mainActorJobs, 20)
        XCTAssertGreaterThan(report.jobDurationMilliseconds.p99, 0.5)
        XCTAssertLessThan(report.jobDurationMilliseconds.p50, 5)
    }
}
