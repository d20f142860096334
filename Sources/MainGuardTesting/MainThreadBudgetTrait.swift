import Testing

/// A Swift Testing trait that watches the main actor for a whole test and records an issue at the
/// test when any single main-thread stall exceeds `budget`: `assertNoHang` around everything the
/// test does, without changing its code.
///
/// The watch starts before the test's code and keeps going after the test returns, until no
/// main-actor job has been queued or running for `settle` (at most `timeout` after the test
/// returned), so a `Task { }` the
/// test's code started on the main actor, which hangs *after* the test returned, is caught too.
/// The issue has the same message as `assertNoHang`'s: the worst stall against the budget, busy or
/// blocked, the watchdog's attribution (the synchronous function and the Task it ran in) and the
/// lint rule that flags such code. An error the test throws is still reported as the test's
/// error, after the watch is judged.
///
/// ```swift
/// @Test(.mainThreadBudget(.discreteInteraction)) @MainActor
/// func tappingSaveDoesNotHang() {
///     SaveButton().tapped()   // its Task { } is watched after the test returns
/// }
///
/// // Every test of the suite, each watched on its own.
/// @Suite(.mainThreadBudget(.milliseconds(50))) struct ImportTests { … }
/// ```
///
/// The trait implies ``MainThreadExclusiveTrait`` (`.mainThreadExclusive`): Swift Testing runs
/// tests in parallel and never on the main thread, so while one test's whole run is watched,
/// another test's main-actor work would show up as its stalls; and a process watches one window at
/// a time. A watched test therefore holds the main thread for itself, and adding
/// `.mainThreadExclusive` as well changes nothing (the test already holds it). An `assertNoHang`
/// inside a watched test judges its own stretch with its own budget; the stalls it judged are left
/// out of the test's check, so a stall fails the test once.
///
/// Like the assertions, it honours `MAINGUARD_BUDGET_SCALE` and `MAINGUARD_MEASUREMENT`.
public struct MainThreadBudgetTrait: TestTrait, SuiteTrait, TestScoping {
    /// The longest a single main-thread stall may last.
    public var budget: MainThreadBudget
    /// How long the main actor must stay quiet after the test returned before the watch ends.
    public var settle: Duration
    /// How long, after the test returned, the watch waits at most for the main actor to go quiet;
    /// the test fails when it is reached.
    public var timeout: Duration

    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Each test case is watched on its own; a suite is not watched around its tests.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Holds the main thread for the test case, runs it inside a watch, waits for the main actor to
    /// go quiet and records an issue at the test when a stall went over the budget.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await MainThreadGate.shared.withExclusiveAccess {
            try await watchWholeTest(named: "test \(test.name)", budget: budget, settle: settle, timeout: timeout,
                                     location: AssertionLocation(test.sourceLocation), function)
        }
    }
}

extension Trait where Self == MainThreadBudgetTrait {
    /// Watches the whole test, and what it leaves on the main actor, for a stall over `budget`:
    /// see ``MainThreadBudgetTrait``.
    ///
    /// ```swift
    /// @Test(.mainThreadBudget(.discreteInteraction)) @MainActor func tappingSaveDoesNotHang() {
    ///     SaveButton().tapped()
    /// }
    /// ```
    public static func mainThreadBudget(_ budget: MainThreadBudget, settle: Duration = .milliseconds(200),
                                        timeout: Duration = .seconds(10)) -> Self {
        MainThreadBudgetTrait(budget: budget, settle: settle, timeout: timeout)
    }
}

/// Runs `body` inside one watched window published for nested assertions, waits for the main actor
/// to go quiet, and reports a failure at `location` when the window went over `budget`. An error
/// `body` throws is rethrown after the window is judged.
///
/// Inside another whole-test window (the trait on a suite and on one of its tests) the inner one
/// judges its stretch of the outer window, as a nested `assertNoHang` does: a process runs one
/// watch session at a time.
func watchWholeTest(named name: String, budget: MainThreadBudget, settle: Duration, timeout: Duration,
                    location: AssertionLocation, _ body: () async throws -> Void) async throws {
    let scaled = resolveScale(at: location).apply(to: budget)
    var thrown: (any Error)?
    func run() async {
        do {
            try await body()
        } catch {
            thrown = error
        }
    }
    let verdict: HangVerdict
    if let enclosing = MainThreadGate.shared.enclosingWindow {
        verdict = await enclosing.judgeNested(run, budget: scaled, settle: settle, timeout: timeout)
    } else {
        let window = WatchedWindow(name: name, budget: scaled, settle: settle, timeout: timeout, enclosing: true)
        await run()
        verdict = await window.finish(timeoutFromNow: true)
    }
    if !verdict.passed {
        FailureReporter.report(AssertionFailure(message: verdict.failureMessage(userMessage: ""), location: location))
    }
    if let thrown { throw thrown }
}
