import Foundation
import MainGuard
import Testing
import MainGuardTesting
import XCTest

/// `installForTesting()` + a watch session in an XCTest test method. XCTest on Linux runs test
/// methods on the main thread; main-actor jobs a test starts run when the main queue is drained,
/// which `Watchdog.waitUntilMainActorIsQuiet` does while it waits on the main thread.
final class XCTestSessionTests: XCTestCase {
    override func setUp() {
        XCTAssertEqual(Runtime.installForTesting(), installedMode)
    }

    func testBusyMainActorJobOf150MillisecondsIsAHang() {
        let session = Watchdog.start(workload: "xctest-150ms")
        Task { @MainActor in spinForTest(milliseconds: 150) }
        XCTAssertTrue(Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(30), timeout: .seconds(10)))
        let report = session.stop()
        XCTAssertEqual(report.mode, installedMode)
        XCTAssertEqual(report.hangs, 1, "\(report.stalls)")
        XCTAssertTrue(report.stalls.first?.attribution.frames.contains { $0.contains("spinForTest") } == true,
                      "\(report.stalls)")
    }

    func testOneMillisecondJobIsNotAHang() {
        let session = Watchdog.start(workload: "xctest-1ms")
        Task { @MainActor in spinForTest(milliseconds: 1) }
        XCTAssertTrue(Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(30), timeout: .seconds(10)))
        let report = session.stop()
        XCTAssertEqual(report.hangs, 0, "\(report.stalls)")
        XCTAssertGreaterThanOrEqual(report.mainActorJobs, 1)
    }

    func testStoppingWhileTheMainThreadIsStuckReportsAnOngoingStall() {
        let session = Watchdog.start(workload: "stuck")
        let report = Box<WatchdogReport?>(nil)
        // The test method itself is the main thread's stuck code; another thread stops the session.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) { report.value = session.stop() }
        Task { @MainActor in spinForTest(milliseconds: 600) }
        XCTAssertTrue(Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(30), timeout: .seconds(10)))
        let stopped = try! XCTUnwrap(report.value)
        let stall = try! XCTUnwrap(stopped.stalls.first { $0.ongoing }, "\(stopped.stalls)")
        XCTAssertGreaterThanOrEqual(stall.durationMilliseconds, 100)
        XCTAssertLessThan(stall.durationMilliseconds, 590)
        XCTAssertEqual(stopped.hangs, 1)
    }

    func testHeartbeatSessionMeasuresABlockedMainQueue() {
        let session = Watchdog.startHeartbeat(workload: "heartbeat")
        RunLoop.main.run(until: Date().addingTimeInterval(0.02))
        spinForTest(milliseconds: 150)   // the test method holds the main thread
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        let report = session.stop()
        XCTAssertEqual(report.mode, .heartbeat)
        XCTAssertEqual(report.hangs, 1, "\(report.stalls)")
        XCTAssertGreaterThanOrEqual(report.longestStallMilliseconds, 140)
        XCTAssertTrue(report.stalls.first?.attribution.frames.contains { $0.contains("testHeartbeatSession") } == true,
                      "\(report.stalls)")
    }
}

/// What `installForTesting()` gives here: executors, unless `MAINGUARD_MEASUREMENT=heartbeat` (CI
/// runs these tests both ways) or the platform has no executor API.
private let installedMode: MeasurementMode = {
    #if MAINGUARD_EXECUTOR_SPI
    return MeasurementRequest.environment == .withoutExecutors ? .heartbeat : .executor
    #else
    return .heartbeat
    #endif
}()

/// The same in Swift Testing, which never runs tests on the main thread. Its runner process drains
/// the main queue with `dispatchMain()`, so main-actor jobs run on a Dispatch worker thread (the
/// process's main thread has exited): the watchdog samples whichever thread runs the job.
/// Other suites of the same process put heavy work on the main actor in parallel (the examples'
/// `assertMainThreadBudget` tests): `.mainThreadExclusive` keeps it out of these sessions' windows.
@Suite(.serialized, .mainThreadExclusive)
struct SwiftTestingSessionTests {
    init() {
        #expect(Runtime.installForTesting() == installedMode)
    }

    @Test func busyMainActorJobOf150MillisecondsIsAHang() async {
        let session = Watchdog.start(workload: "swift-testing-150ms")
        // A task started after the install runs on the observed global executor first, so its
        // hop onto the main actor is recognised as such (the test's own task predates the install).
        await Task.detached { await MainActor.run { spinForTest(milliseconds: 150) } }.value
        #expect(Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(30), timeout: .seconds(10)))
        let report = session.stop()
        #expect(report.hangs == 1, "\(report.stalls)")
        // Only executors see how a job got onto the main actor.
        #expect(report.stalls.first?.attribution.origin == (installedMode == .executor ? .mainActorRun : .unknown))
        #expect(report.stalls.first?.attribution.frames.contains { $0.contains("spinForTest") } == true, "\(report.stalls)")
    }

    @Test func oneMillisecondJobIsNotAHang() async {
        let session = Watchdog.start(workload: "swift-testing-1ms")
        await MainActor.run { spinForTest(milliseconds: 1) }
        #expect(Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(30), timeout: .seconds(10)))
        let report = session.stop()
        #expect(report.hangs == 0, "\(report.stalls)")
        #expect(report.mainActorJobs >= 1)
    }
}
