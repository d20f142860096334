import MainGuard
import MainGuardExamples
import XCTest
@testable import MainGuardTesting

/// `watchMainThreadBudget` in `setUp`, checked in `tearDown` (which XCTest runs after the helper's
/// teardown block): the helper's failures go to a sink bound in `setUp`, and each test says what
/// it expects. Most tests are synchronous, as most XCTest tests are: on Linux they run on the main
/// thread, so the Task a tap starts runs only after the test returned, while the helper waits.
final class WatchMainThreadBudgetXCTests: XCTestCase {
    private let sink = FailureSink()
    /// How many failures the helper must record, and what each must name.
    private var expectedFailures = 0
    private var failureMustName: [String] = []

    override func setUp() {
        super.setUp()
        BudgetScale.$environmentOverride.withValue([:]) {
            FailureReporter.$sink.withValue(sink) { watchMainThreadBudget(.discreteInteraction) }
        }
    }

    override func tearDown() {
        let failures = sink.recorded
        XCTAssertEqual(failures.count, expectedFailures, "\(failures.map(\.message))")
        for failure in failures {
            XCTAssertTrue(failure.location.filePath.hasSuffix("WatchMainThreadBudgetXCTests.swift"), failure.location.filePath)
            for name in failureMustName {
                XCTAssertTrue(failure.message.contains(name), failure.message)
            }
        }
        super.tearDown()
    }

    func testASynchronousTestThatHangsLaterFailsOnceNamingTheSynchronousWork() {
        expectedFailures = 1
        failureMustName = ["over the 100 ms (discrete interaction) budget"]
        // The stack names the work. (The Task is created on the main thread outside any main-actor
        // job, so the executors cannot tell it inherited the main actor: its origin reads as
        // `@MainActor` code, with no lint rule.)
        if !isThreadSanitizerActive { failureMustName += ["doLongRunningWork()", "closure #1 in HangLaterButton.tapped()"] }
        MainActor.assumeIsolated { HangLaterButton().tapped() }
    }

    func testAnAsyncTestThatHangsLaterFailsOnce() async {
        expectedFailures = 1
        // The tap runs as a main-actor job, so the Task it starts is known to inherit the main actor.
        failureMustName = ["over the 100 ms (discrete interaction) budget", "sync_work_in_main_actor_task"]
        if !isThreadSanitizerActive { failureMustName.append("doLongRunningWork()") }
        await HangLaterButton().tapped()
    }

    func testATestWhoseTaskLeavesTheMainActorPasses() {
        MainActor.assumeIsolated { NoHangButton().tapped() }
    }

    func testATestThatDetachesItsWorkPasses() async {
        await DetachedButton().tapped()
    }

    /// The assertion judges its stretch; the helper leaves that stall out, so it fails the test once.
    func testAnAssertNoHangInsideJudgesItsOwnStretchOnce() async {
        let (_, failures) = await capturingFailures {
            await assertNoHang { HangLaterButton().tapped() }
        }
        XCTAssertEqual(failures.count, 1)
    }
}
