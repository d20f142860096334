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

/// `assertNoHang` inside a test that sends every global job to the main actor, as pointfreeco's
/// `withMainSerialExecutor` (swift-concurrency-extras) does, and with it The Composable
/// Architecture's tests that wrap `invokeTest` in it. The assertion's own waiting must not count as
/// the main actor's activity, or the main actor never looks quiet and every assertion times out.
final class AssertNoHangMainSerialExecutorTests: XCTestCase {
    @MainActor
    func testPassesWhileGlobalJobsRunOnTheMainActor() async {
        let started = ContinuousClock.now
        let (report, failures) = await capturingFailures {
            await withGlobalJobsOnTheMainActor {
                await assertNoHang(settle: .milliseconds(100), timeout: .seconds(3)) { await Task { @MainActor in }.value }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertLessThan(started.duration(to: .now), .seconds(3), "the assertion waited for its timeout")
        XCTAssertLessThan(report.mainActorJobs, 100, "MainGuard's own waiting was recorded as main-actor jobs")
    }

    /// A hung operation still fails there: the quiet check is the same, only the waiting changed.
    @MainActor
    func testStillCatchesAHangWhileGlobalJobsRunOnTheMainActor() async {
        let (report, failures) = await capturingFailures {
            await withGlobalJobsOnTheMainActor {
                await assertNoHang(settle: .milliseconds(100), timeout: .seconds(3)) { HangLaterButton().tapped() }
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertGreaterThanOrEqual(report.hangs, 1)
    }
}

/// What `withMainSerialExecutor` in swift-concurrency-extras 1.4.3 does, without the package: the
/// runtime's `swift_task_enqueueGlobal_hook` sends every global job to the main actor while
/// `operation` runs. The same ten lines keep the runtime-side test targets free of package
/// dependencies, which the sanitizer builds (`MAINGUARD_RUNTIME_ONLY=1`) rely on.
@MainActor
func withGlobalJobsOnTheMainActor<T>(_ operation: @MainActor () async throws -> T) async rethrows -> T {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void
    let hook = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!.assumingMemoryBound(to: Hook?.self)
    let saved = hook.pointee
    defer { hook.pointee = saved }
    hook.pointee = { job, _ in MainActor.shared.enqueue(job) }
    return try await operation()
}
