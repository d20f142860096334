/// Runs `body` on the main thread `iterations` times, after one warm-up run that is not counted
/// (like XCTest's `measure`), and fails the test when the chosen statistic of the timings exceeds
/// `budget`. Returns what the last run of `body` returned.
///
/// Use it for code that runs synchronously on the main actor and must fit a budget every time:
/// a cell's configuration while scrolling, a view model's reaction to a key press. The failure
/// message gives the statistic against the budget (and the original budget when
/// `MAINGUARD_BUDGET_SCALE` scales it), whether the main thread was computing or blocked, and
/// every iteration's wall and CPU time. To check the timings yourself, call
/// ``measureMainThread(within:iterations:statistic:_:fileID:filePath:line:column:_:)``, which asserts the same and
/// returns the whole ``BudgetMeasurement``.
///
/// ```swift
/// // Swift Testing
/// @Test @MainActor func configuringACellFitsAFrame() {
///     let cell = ContactCell()
///     assertMainThreadBudget(.continuousInteraction) { cell.configure(with: .sample) }
/// }
///
/// // XCTest on Linux: a synchronous test already runs on the main thread
/// func testConfiguringACellFitsAFrame() {
///     MainActor.assumeIsolated {
///         assertMainThreadBudget(.continuousInteraction) { ContactCell().configure(with: .sample) }
///     }
/// }
/// ```
///
/// Threads: the function is `@MainActor`, so `body` runs wherever the main actor runs. Under XCTest
/// that is the main thread. Under Swift Testing on Linux the test process runs `dispatch_main()`,
/// which parks the main thread and lets libdispatch drain the main queue, and with it the main
/// actor, on a worker thread; the main actor stays serial, so its timing is what the main thread
/// of an app would see. CPU time is read from the thread that actually runs `body`.
///
/// - Parameters:
///   - budget: the most `statistic` of the timings may be.
///   - iterations: counted runs of `body` (at least 1).
///   - statistic: which summary of the timings is compared with the budget; the median by default.
///   - message: added to the failure message.
///   - body: the main-thread work to measure.
@MainActor
@discardableResult
public func assertMainThreadBudget<T>(_ budget: MainThreadBudget, iterations: Int = 10,
                                      statistic: BudgetStatistic = .median,
                                      _ message: @autoclosure () -> String = "",
                                      fileID: String = #fileID, filePath: StaticString = #filePath,
                                      line: UInt = #line, column: UInt = #column,
                                      _ body: () throws -> T) rethrows -> T {
    try measureMainThread(within: budget, iterations: iterations, statistic: statistic, message(),
                          fileID: fileID, filePath: filePath, line: line, column: column, body).result
}

/// Like ``assertMainThreadBudget(_:iterations:statistic:_:fileID:filePath:line:column:_:)`` (and failing the test
/// in the same way), but returns the whole measurement: every iteration's timing, the statistic and
/// the budget it was checked against, for tests that want to assert more.
///
/// ```swift
/// @Test @MainActor func sortingStaysFlat() {
///     let small = measureMainThread(within: .continuousInteraction) { sort(rows(100)) }
///     let large = measureMainThread(within: .continuousInteraction) { sort(rows(1_000)) }
///     #expect(large.statisticMilliseconds < small.statisticMilliseconds * 20)
/// }
/// ```
@MainActor
@discardableResult
public func measureMainThread<T>(within budget: MainThreadBudget, iterations: Int = 10,
                                 statistic: BudgetStatistic = .median,
                                 _ message: @autoclosure () -> String = "",
                                 fileID: String = #fileID, filePath: StaticString = #filePath,
                                 line: UInt = #line, column: UInt = #column,
                                 _ body: () throws -> T) rethrows -> BudgetMeasurement<T> {
    precondition(iterations >= 1, "assertMainThreadBudget needs at least one iteration, got \(iterations)")
    let location = AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let scaled = resolveScale(at: location).apply(to: budget)

    _ = try IterationTiming.measure(body)
    var timings: [IterationTiming] = []
    timings.reserveCapacity(iterations)
    var result: T?
    for _ in 0..<iterations {
        let (timing, value) = try IterationTiming.measure(body)
        timings.append(timing)
        result = value
    }
    let measurement = BudgetMeasurement(result: result!, iterations: timings, budget: scaled, statistic: statistic)
    if !measurement.isWithinBudget {
        FailureReporter.report(AssertionFailure(message: measurement.failureMessage(userMessage: message()),
                                                location: location))
    }
    return measurement
}

/// The budget scale of this process; an invalid `MAINGUARD_BUDGET_SCALE` is reported as a failure
/// (a typo must not silently change what CI checks) and leaves budgets unscaled.
func resolveScale(at location: AssertionLocation) -> BudgetScale {
    do {
        return try BudgetScale.current()
    } catch {
        FailureReporter.report(AssertionFailure(message: error.description, location: location))
        return .unscaled
    }
}
