// How to guard main-thread responsiveness in XCTest with MainGuardTesting (the same assertions as
// ResponsivenessTests.swift). Every test here passes; the failing case is shown commented out below.

import MainGuardExamples
import MainGuardTesting
import XCTest

final class ResponsivenessXCTests: XCTestCase {
    /// `async`, so that while the assertion watches, XCTest's run loop is free to run on the main
    /// thread the main-actor work the tap schedules. (A synchronous test blocks the main thread: work
    /// queued during it runs only after it returns.)
    func testTappingTheAsyncButtonDoesNotHang() async {
        let report = await assertNoHang(.discreteInteraction) {
            NoHangButton().tapped()
        }
        XCTAssertEqual(report.hangs, 0)
    }

    func testTappingTheDetachedButtonDoesNotHang() async {
        await assertNoHang {
            DetachedButton().tapped()
        }
    }

    /// A synchronous XCTest test runs on the main thread; `MainActor.assumeIsolated` says so
    /// (on Linux, XCTest cannot run a synchronous test method marked `@MainActor`).
    func testSmallComputationFitsContinuousInteraction() {
        let checksum = MainActor.assumeIsolated {
            assertMainThreadBudget(.continuousInteraction) {
                spin(milliseconds: 1)
            }
        }
        XCTAssertNotEqual(checksum, 0)
    }

    // This one fails, with the failure reported at the assertion's line:
    //
    // func testTappingTheHangLaterButton() async {
    //     await assertNoHang { HangLaterButton().tapped() }
    // }
    //
    // Main-thread stall over budget: 300.4 ms is over the 100 ms (discrete interaction) budget (severe hang, …).
    // The main thread was busy computing (cpu 299.8 ms of 300.4 ms).
    // Where: doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()
    // Lint rule sync_work_in_main_actor_task predicts this: …
}

/// XCTest's `.mainThreadBudget`: `watchMainThreadBudget` in `setUp()` watches each whole test and
/// judges it after the test returned, when the main actor is quiet. The tests need no assertion,
/// and may stay synchronous: the Task a tap starts runs after the test, and is watched then.
final class WatchedResponsivenessXCTests: XCTestCase {
    override func setUp() {
        super.setUp()
        watchMainThreadBudget(.discreteInteraction)
    }

    func testTappingTheAsyncButton() {
        MainActor.assumeIsolated { NoHangButton().tapped() }
    }

    // This one fails, with the failure reported at the test, naming doLongRunningWork():
    //
    // func testTappingTheHangLaterButton() {
    //     MainActor.assumeIsolated { HangLaterButton().tapped() }
    // }
}
