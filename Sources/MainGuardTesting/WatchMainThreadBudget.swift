import XCTest

extension XCTestCase {
    /// XCTest's `.mainThreadBudget` trait: call it in `setUp()` and the whole test, with what it
    /// leaves on the main actor, is watched; the test fails when any single main-thread stall
    /// exceeds `budget`, with the same message as `assertNoHang`.
    ///
    /// The watch starts here and is judged in a teardown block, which runs after the test method
    /// returned: it waits until no main-actor job has been queued or running for `settle` (at most
    /// `timeout` after the test returned), so a `Task { }` the test's code started on the main actor
    /// is caught even when it runs after the test. The failure is recorded at the running test,
    /// pointing at this call. An `assertNoHang` inside the test judges its own stretch with its own
    /// budget, and those stalls are left out of this check.
    ///
    /// ```swift
    /// final class SaveButtonTests: XCTestCase {
    ///     override func setUp() {
    ///         super.setUp()
    ///         watchMainThreadBudget(.discreteInteraction)
    ///     }
    ///
    ///     // Synchronous on XCTest's main thread: the Task the tap starts runs after the test returns.
    ///     func testTappingSaveDoesNotHang() {
    ///         MainActor.assumeIsolated { SaveButton().tapped() }
    ///     }
    /// }
    /// ```
    ///
    /// Threads: on Linux XCTest runs test methods on the main thread and awaits asynchronous
    /// teardown blocks while running the main run loop, so the main-actor work a synchronous test
    /// queued runs, and is measured, while this check waits off the main thread. XCTest runs one
    /// test at a time, so nothing else is needed; call it once per test.
    public func watchMainThreadBudget(_ budget: MainThreadBudget, settle: Duration = .milliseconds(200),
                                      timeout: Duration = .seconds(10),
                                      fileID: String = #fileID, filePath: StaticString = #filePath,
                                      line: UInt = #line, column: UInt = #column) {
        let location = AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard MainThreadGate.shared.enclosingWindow == nil else {
            // A second session would wait for the first, on the main thread, until it gave up.
            FailureReporter.report(AssertionFailure(message: "watchMainThreadBudget: this test is already watched; "
                                                        + "call it once per test (in setUp(), not in a subclass's setUp() too).",
                                                    location: location))
            return
        }
        let scaled = resolveScale(at: location).apply(to: budget)
        let window = WatchedWindow(name: "test \(name)", budget: scaled, settle: settle, timeout: timeout, enclosing: true)
        // The teardown block runs in a task of its own: a failure sink bound here (the library's own
        // tests) must still receive the failure.
        let sink = FailureReporter.sink
        addTeardownBlock {
            let verdict = await window.finish(timeoutFromNow: true)
            if !verdict.passed {
                FailureReporter.$sink.withValue(sink) {
                    FailureReporter.report(AssertionFailure(message: verdict.failureMessage(userMessage: ""), location: location))
                }
            }
        }
    }
}
