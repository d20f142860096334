import Foundation
import MainGuard
import MainGuardExamples
import Testing
@testable import MainGuardTesting

/// The `.mainThreadBudget` trait, on Apple's buttons. The tests return as soon as they tapped: the
/// hang of `HangLaterButton` happens after the test's code returned, in the Task the tap started.
@Suite struct MainThreadBudgetTraitTests {
    @Test(.mainThreadBudget(.discreteInteraction)) @MainActor
    func aTestWhoseTaskLeavesTheMainActorPasses() {
        NoHangButton().tapped()
    }

    @Test(.mainThreadBudget(.discreteInteraction)) @MainActor
    func aTestThatDetachesItsWorkPasses() {
        DetachedButton().tapped()
    }

    /// The real trait on a test that hangs later: `ExpectingOneIssue` (outside it) takes the issue as
    /// known, and fails the test unless exactly one was recorded, naming the synchronous work.
    /// Tests that provoke a hang after they return settle for a second, not the default 200 ms: on a
    /// loaded two-core machine the tap's Task can reach the main actor later than 200 ms, and its stall
    /// then lands in the next watched test instead of this one.
    @Test(ExpectingOneIssue(naming: "over the 100 ms (discrete interaction) budget", "doLongRunningWork()"),
          .mainThreadBudget(.discreteInteraction, settle: .seconds(1))) @MainActor
    func aTestThatHangsLaterRecordsOneIssue() {
        HangLaterButton().tapped()
    }

    /// The trait implies `.mainThreadExclusive`; both together hold the main thread once.
    @Test(.mainThreadExclusive, .mainThreadBudget(.discreteInteraction)) @MainActor
    func composesWithMainThreadExclusive() {
        NoHangButton().tapped()
    }

    @Test(.mainThreadBudget(.discreteInteraction), .mainThreadExclusive) @MainActor
    func composesWithMainThreadExclusiveInEitherOrder() {
        NoHangButton().tapped()
    }

    /// The same message as `assertNoHang`, at the test's source location.
    @Test func theIssueHasAssertNoHangsMessageAtTheTest() async throws {
        let test = try #require(Test.current)
        let trait = MainThreadBudgetTrait.mainThreadBudget(.discreteInteraction, settle: .seconds(1))
        let (_, failures) = try await capturingFailuresWithLocations {
            try await trait.provideScope(for: test, testCase: Test.Case.current) { await HangLaterButton().tapped() }
        }
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.location.filePath == test.sourceLocation.filePath)
        #expect(failure.location.line == UInt(test.sourceLocation.line))
        let message = failure.message
        #expect(message.hasPrefix("Main-thread stall over budget: "), "\(message)")
        #expect(message.contains("over the 100 ms (discrete interaction) budget"), "\(message)")
        if !isThreadSanitizerActive {
            #expect(message.contains("its body called doLongRunningWork() synchronously"), "\(message)")
        }
        #expect(message.contains("sync_work_in_main_actor_task"), "\(message)")
        #expect(message.contains("Watched "), "\(message)")
    }

    /// Work that is over the budget but not long: a custom budget catches it.
    @Test func aSmallerBudgetCatchesShorterStalls() async throws {
        let test = try #require(Test.current)
        let trait = MainThreadBudgetTrait.mainThreadBudget(.milliseconds(50), settle: .seconds(1))
        let (_, failures) = try await capturingFailuresWithLocations {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                Task { @MainActor in _ = spin(milliseconds: 150) }
            }
        }
        let message = try #require(failures.first?.message)
        #expect(failures.count == 1)
        #expect(message.contains("over the 50 ms budget"), "\(message)")
    }

    /// A test may run long: the timeout bounds the wait after it returned, not the test.
    @Test func theTimeoutCountsFromTheTestsReturn() async throws {
        let test = try #require(Test.current)
        let trait = MainThreadBudgetTrait.mainThreadBudget(.discreteInteraction, settle: .milliseconds(50),
                                                           timeout: .milliseconds(200))
        let (_, failures) = try await capturingFailuresWithLocations {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                try await Task.sleep(for: .milliseconds(400))
                // Within budget, but the main actor is not quiet yet when the test returns.
                Task { @MainActor in _ = spin(milliseconds: 30) }
            }
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    @Test func anErrorTheTestThrowsIsRethrownAfterTheWatch() async throws {
        struct Failure: Error {}
        let test = try #require(Test.current)
        let trait = MainThreadBudgetTrait.mainThreadBudget(.discreteInteraction)
        let (_, failures) = await capturingFailuresWithLocations {
            await #expect(throws: Failure.self) {
                try await trait.provideScope(for: test, testCase: Test.Case.current) { throw Failure() }
            }
        }
        #expect(failures.isEmpty)
    }

    /// An `assertNoHang` inside a watched test judges its own stretch, and the test's watch leaves
    /// that stall out: had the trait judged it too, this test would record an issue.
    @Test(.mainThreadBudget(.discreteInteraction))
    func anAssertNoHangInsideJudgesItsOwnStretchOnce() async throws {
        let (report, failures) = await capturingFailures {
            await assertNoHang { HangLaterButton().tapped() }
        }
        #expect(failures.count == 1)
        let message = try #require(failures.first)
        #expect(message.contains("over the 100 ms (discrete interaction) budget"), "\(message)")
        #expect(report.stalls.count { $0.durationMilliseconds > 100 } == 1)
    }
}

/// The trait on a suite and on one of its tests: the test's own, inner, budget judges the test,
/// and the suite's leaves that stretch to it (one watch session at a time, and one issue).
@Suite(.mainThreadBudget(.milliseconds(1_000))) struct MainThreadBudgetOnASuiteAndATestTests {
    @Test(ExpectingOneIssue(naming: "over the 50 ms budget"), .mainThreadBudget(.milliseconds(50))) @MainActor
    func theTestsOwnBudgetJudgesIt() {
        Task { @MainActor in _ = spin(milliseconds: 150) }
    }

    @Test @MainActor func aTestWithoutItsOwnGetsTheSuites() {
        Task { @MainActor in _ = spin(milliseconds: 150) }
    }
}

/// The failures recorded while `body` ran, with where each was reported.
private func capturingFailuresWithLocations<T>(isolation: isolated (any Actor)? = #isolation,
                                               _ body: () async throws -> T) async rethrows -> (T, [AssertionFailure]) {
    let sink = FailureSink()
    let value = try await BudgetScale.$environmentOverride.withValue([:]) {
        try await FailureReporter.$sink.withValue(sink, operation: body)
    }
    return (value, sink.recorded)
}

/// Test-only: expects the traits inside it to record exactly one issue that contains each of
/// `texts` (stack frames only where ThreadSanitizer lets the watchdog capture them), takes it as a
/// known issue, and records a failure otherwise.
private struct ExpectingOneIssue: TestTrait, TestScoping {
    var texts: [String]

    init(naming texts: String...) {
        self.texts = texts
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let messages = Messages()
        try await BudgetScale.$environmentOverride.withValue([:]) {
            try await withKnownIssue("The test goes over its main-thread budget on purpose") {
                try await function()
            } matching: { issue in
                messages.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
                return true
            }
        }
        let recorded = messages.all
        #expect(recorded.count == 1, "\(recorded)")
        if let message = recorded.first {
            for text in texts where !(isThreadSanitizerActive && text.hasSuffix("()")) {
                #expect(message.contains(text), "\(message)")
            }
        }
    }
}

private final class Messages: @unchecked Sendable {
    // @unchecked: `messages` is only touched while `lock` is held.
    private let lock = NSLock()
    private var messages: [String] = []
    var all: [String] { lock.withLock { messages } }
    func append(_ message: String) { lock.withLock { messages.append(message) } }
}
