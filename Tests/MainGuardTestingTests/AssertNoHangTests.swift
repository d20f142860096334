import Foundation
import MainGuard
import MainGuardExamples
import Testing
@testable import MainGuardTesting

/// `assertNoHang` under Swift Testing, on Apple's three buttons. Swift Testing runs tests in
/// parallel and these put long main-actor work into one another's windows on purpose, so each
/// takes the main thread for itself.
@Suite(.mainThreadExclusive) struct AssertNoHangTests {
    @Test func hangLaterFailsNamingTheSynchronousWork() async throws {
        let (report, failures) = await capturingFailures {
            await assertNoHang { HangLaterButton().tapped() }
        }
        #expect(failures.count == 1)
        let message = try #require(failures.first)
        #expect(message.contains("over the 100 ms (discrete interaction) budget"), "\(message)")
        if !isThreadSanitizerActive {
            #expect(message.contains("its body called doLongRunningWork() synchronously"), "\(message)")
            // Without executors the job's origin is not recorded: the stack still shows the closure.
            let written = report.mode == .executor ? "a Task { } written in" : "a closure written in"
            #expect(message.contains("\(written) HangLaterButton.tapped()"), "\(message)")
        }
        // On an overloaded machine the main thread may get little CPU while it computes: the
        // message then says it cannot tell, rather than calling it blocked.
        #expect(message.contains("busy computing") || message.contains("overloaded machine"), "\(message)")
        #expect(message.contains("sync_work_in_main_actor_task"), "\(message)")
        #expect(report.hangs >= 1)
        #expect(report.longestStallMilliseconds >= 250)
    }

    @Test func noHangButtonPasses() async {
        let (report, failures) = await capturingFailures {
            await assertNoHang { NoHangButton().tapped() }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(report.hangs == 0)
    }

    @Test func detachedButtonPasses() async {
        let (report, failures) = await capturingFailures {
            await assertNoHang { DetachedButton().tapped() }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(report.hangs == 0)
    }

    @Test @MainActor func aMainActorTestCanCallItToo() async {
        // assertNoHang is @concurrent: it waits off the main actor even when its caller is on it.
        let (report, failures) = await capturingFailures {
            await assertNoHang { NoHangButton().tapped() }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(report.mainActorJobs >= 1)
    }

    /// The settle time must outlast the delay. A 60 ms sleep can end late when the tests running
    /// beside this one load both cores (a fresh-clone CI run saw the default 200 ms settle pass
    /// before the task woke), so this watch settles for a second.
    @Test func workThatStartsAfterADelayIsStillWatched() async throws {
        let (_, failures) = await capturingFailures {
            await assertNoHang(.milliseconds(50), settle: .seconds(1)) {
                Task { @MainActor in
                    try? await Task.sleep(for: .milliseconds(60))
                    _ = spin(milliseconds: 120)
                }
            }
        }
        let message = try #require(failures.first)
        #expect(message.contains("over the 50 ms budget"), "\(message)")
    }

    @Test func anOperationThatNeverSettlesFailsAtTheTimeoutWithTheOngoingStall() async throws {
        let (report, failures) = await capturingFailures {
            await assertNoHang(settle: .milliseconds(100), timeout: .seconds(1)) {
                Task { @MainActor in usleepMilliseconds(3_000) }
            }
        }
        // The blocked job outlives the assertion; wait for it so later tests get a free main actor.
        await MainActor.run {}
        // The watch ends at the timeout, not when the job ends. (When the assertion returns is up to
        // the global executor: other tests' synchronous work can hold its threads for seconds.)
        #expect(report.durationMilliseconds < 2_500, "watched \(report.durationMilliseconds) ms")
        let message = try #require(failures.first)
        #expect(message.contains("did not go quiet within the 1000 ms timeout"), "\(message)")
        #expect(message.contains("so far, still going on"), "\(message)")
        #expect(message.contains("blocked waiting"), "\(message)")
        #expect(report.stalls.contains { $0.ongoing })
    }

    /// Synchronous work elsewhere in the process (other tests) can hold every thread of the global
    /// executor, so the assertion's task cannot run at its timeout: the watch still ends there.
    @Test func theTimeoutHoldsWhileOtherWorkHoldsTheGlobalExecutorsThreads() async throws {
        let busy = DispatchGroup()
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            DispatchQueue.global().async(group: busy) { _ = spin(milliseconds: 2_500) }
        }
        let (report, failures) = await capturingFailures {
            await assertNoHang(settle: .milliseconds(100), timeout: .seconds(1)) {
                Task { @MainActor in usleepMilliseconds(2_000) }
            }
        }
        await MainActor.run {}
        #expect(report.durationMilliseconds < 1_800, "watched \(report.durationMilliseconds) ms")
        #expect(report.stalls.contains { $0.ongoing })
        let message = try #require(failures.first)
        #expect(message.contains("did not go quiet within the 1000 ms timeout"), "\(message)")
    }

    @Test func anErrorFromTheOperationPropagates() async {
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await assertNoHang { throw Failure() }
        }
    }

    @Test func theScaleAppliesToo() async throws {
        let (_, failures) = await capturingFailures(environment: ["MAINGUARD_BUDGET_SCALE": "0.5"]) {
            await assertNoHang(.milliseconds(100)) {
                Task { @MainActor in _ = spin(milliseconds: 80) }
            }
        }
        let message = try #require(failures.first)
        #expect(message.contains("50 ms (MAINGUARD_BUDGET_SCALE=0.5 × 100 ms)"), "\(message)")
    }
}
