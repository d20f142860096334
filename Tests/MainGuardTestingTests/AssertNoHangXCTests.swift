import MainGuard
import MainGuardExamples
import XCTest
@testable import MainGuardTesting

/// `assertNoHang` under XCTest. The tests are `async`: XCTest on Linux then runs them on a worker
/// thread while its run loop drains the main queue, so the work a tap schedules runs on the main
/// thread while the assertion watches.
final class AssertNoHangXCTests: XCTestCase {
    func testHangLaterFailsNamingTheSynchronousWork() async throws {
        let (report, failures) = await capturingFailures {
            await assertNoHang { HangLaterButton().tapped() }
        }
        XCTAssertEqual(failures.count, 1)
        let message = try XCTUnwrap(failures.first)
        if !isThreadSanitizerActive {
            XCTAssertTrue(message.contains("doLongRunningWork"), message)
        }
        XCTAssertTrue(message.contains("busy computing") || message.contains("overloaded machine"), message)
        XCTAssertTrue(message.contains("sync_work_in_main_actor_task"), message)
        XCTAssertGreaterThanOrEqual(report.hangs, 1)
    }

    func testNoHangAndDetachedButtonsPass() async {
        let (_, noHang) = await capturingFailures { await assertNoHang { NoHangButton().tapped() } }
        XCTAssertEqual(noHang, [])
        let (_, detached) = await capturingFailures { await assertNoHang { DetachedButton().tapped() } }
        XCTAssertEqual(detached, [])
    }

    func testAnOperationThatNeverSettlesFailsAtTheTimeout() async throws {
        let (report, failures) = await capturingFailures {
            await assertNoHang(settle: .milliseconds(100), timeout: .seconds(1)) {
                Task { @MainActor in usleepMilliseconds(2_000) }
            }
        }
        await MainActor.run {}
        let message = try XCTUnwrap(failures.first)
        XCTAssertTrue(message.contains("did not go quiet within the 1000 ms timeout"), message)
        XCTAssertTrue(message.contains("still going on"), message)
        XCTAssertTrue(report.stalls.contains { $0.ongoing })
    }
}
