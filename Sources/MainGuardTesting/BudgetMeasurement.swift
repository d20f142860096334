/// One run of the measured body.
public struct IterationTiming: Sendable, Hashable {
    /// Wall-clock time the run took.
    public var wallMilliseconds: Double
    /// CPU time of the thread that ran it: close to the wall time when computing, close to zero when blocked.
    public var cpuMilliseconds: Double

    public init(wallMilliseconds: Double, cpuMilliseconds: Double) {
        self.wallMilliseconds = wallMilliseconds
        self.cpuMilliseconds = cpuMilliseconds
    }

    static func measure<T>(_ body: () throws -> T) rethrows -> (IterationTiming, T) {
        let clock = ContinuousClock()
        let cpuStart = ThreadCPUClock.now()
        let start = clock.now
        let value = try body()
        let wall = clock.now - start
        let cpu = ThreadCPUClock.now() - cpuStart
        return (IterationTiming(wallMilliseconds: wall.milliseconds, cpuMilliseconds: cpu.milliseconds), value)
    }
}

/// What ``measureMainThread(within:iterations:statistic:_:fileID:filePath:line:column:_:)`` measured.
///
/// ```swift
/// let measurement = measureMainThread(within: .frame(hz: 120)) { list.configureVisibleCells() }
/// print(measurement.iterations.map(\.wallMilliseconds), measurement.statisticMilliseconds)
/// ```
public struct BudgetMeasurement<T> {
    /// What the last run of the body returned.
    public var result: T
    /// The counted runs, in order (the warm-up run is not included).
    public var iterations: [IterationTiming]
    /// The budget the statistic was checked against, after `MAINGUARD_BUDGET_SCALE`.
    public var budget: ScaledBudget
    public var statistic: BudgetStatistic

    /// The statistic of the iterations' wall times.
    public var statisticMilliseconds: Double { statistic.value(of: iterations.map(\.wallMilliseconds)) }

    /// The same statistic of the iterations' CPU times.
    public var statisticCPUMilliseconds: Double { statistic.value(of: iterations.map(\.cpuMilliseconds)) }

    /// `true` when the statistic does not exceed the budget.
    public var isWithinBudget: Bool { statisticMilliseconds <= budget.milliseconds }

    func failureMessage(userMessage: String) -> String {
        let wall = statisticMilliseconds
        let activity = MainThreadActivity(cpuMilliseconds: statisticCPUMilliseconds, wallMilliseconds: wall)
        var lines = [
            "Main-thread work over budget: \(statistic) \(wall.milliseconds) per run is over the \(budget) budget.",
            "The main thread was \(activity.describe(cpuMilliseconds: statisticCPUMilliseconds, wallMilliseconds: wall)).",
        ]
        if activity == .blocked {
            lines.append("Lint rule blocking_call_on_main_actor flags such calls in main-actor code.")
        }
        lines.append(activity.advice)
        lines.append("Iterations (wall / cpu; one warm-up run not counted):")
        for (index, timing) in iterations.enumerated() {
            let over = timing.wallMilliseconds > budget.milliseconds ? "  over budget" : ""
            lines.append("  #\(index + 1): \(timing.wallMilliseconds.milliseconds) / \(timing.cpuMilliseconds.milliseconds)\(over)")
        }
        if !userMessage.isEmpty { lines.append(userMessage) }
        return lines.joined(separator: "\n")
    }
}

extension BudgetMeasurement: Sendable where T: Sendable {}
