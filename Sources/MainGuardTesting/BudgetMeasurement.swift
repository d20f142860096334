/// One run of the measured body.
///
/// ```swift
/// let measurement = measureMainThread(within: .continuousInteraction) { cell.configure(with: item) }
/// let slowest = measurement.iterations.max { $0.wallMilliseconds < $1.wallMilliseconds }
/// ```
public struct IterationTiming: Sendable, Hashable {
    /// Wall-clock time the run took.
    public var wallMilliseconds: Double
    /// CPU time of the thread that ran it: close to the wall time when computing, close to zero when blocked.
    public var cpuMilliseconds: Double
    /// Time the thread was ready to run but waited for a CPU (an overloaded machine), where the
    /// platform says (Linux); `nil` elsewhere.
    public var waitingForCPUMilliseconds: Double?

    /// What the budget is checked against: the wall time minus the time the thread waited for a
    /// CPU. Waiting for a CPU is the test machine's load (other processes, parallel builds), not the
    /// measured code's work, and counting it made budget checks fail on a busy CI machine; time spent
    /// computing or blocked (sleeps, locks, I/O) still counts in full. Equal to the wall time where
    /// the platform does not report the wait.
    public var chargedMilliseconds: Double {
        max(cpuMilliseconds, wallMilliseconds - (waitingForCPUMilliseconds ?? 0))
    }

    public init(wallMilliseconds: Double, cpuMilliseconds: Double, waitingForCPUMilliseconds: Double? = nil) {
        self.wallMilliseconds = wallMilliseconds
        self.cpuMilliseconds = cpuMilliseconds
        self.waitingForCPUMilliseconds = waitingForCPUMilliseconds
    }

    static func measure<T>(_ body: () throws -> T) rethrows -> (IterationTiming, T) {
        let clock = ContinuousClock()
        let timesBefore = ThreadTimes.current()
        let start = clock.now
        let value = try body()
        let wall = clock.now - start
        let times = ThreadTimes.current() - timesBefore
        return (IterationTiming(wallMilliseconds: wall.milliseconds, cpuMilliseconds: times.onCPU.milliseconds,
                                waitingForCPUMilliseconds: times.waitingForCPU?.milliseconds), value)
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

    /// The statistic of the iterations' charged times (wall time minus waiting for a CPU: see
    /// ``IterationTiming/chargedMilliseconds``), which the budget is checked against.
    public var statisticMilliseconds: Double { statistic.value(of: iterations.map(\.chargedMilliseconds)) }

    /// The statistic of the iterations' wall times, waits for a CPU included.
    public var statisticWallMilliseconds: Double { statistic.value(of: iterations.map(\.wallMilliseconds)) }

    /// The same statistic of the iterations' CPU times.
    public var statisticCPUMilliseconds: Double { statistic.value(of: iterations.map(\.cpuMilliseconds)) }

    /// `true` when the statistic does not exceed the budget.
    public var isWithinBudget: Bool { statisticMilliseconds <= budget.milliseconds }

    /// The same statistic of the time spent waiting for a CPU, where known.
    var statisticWaitingForCPUMilliseconds: Double? {
        let waits = iterations.compactMap(\.waitingForCPUMilliseconds)
        return waits.count == iterations.count ? statistic.value(of: waits) : nil
    }

    func failureMessage(userMessage: String) -> String {
        let wall = statisticWallMilliseconds
        let clocks = MainThreadActivity.Clocks(wall: wall, cpu: statisticCPUMilliseconds,
                                               waitingForCPU: statisticWaitingForCPUMilliseconds, load: MachineLoad.current())
        let activity = MainThreadActivity(clocks)
        var lines = [
            "Main-thread work over budget: \(statistic) \(statisticMilliseconds.milliseconds) per run is over the \(budget) budget.",
            "The main thread was \(MainThreadActivity.describe(clocks)).",
        ]
        if activity == .blocked {
            lines.append("Lint rule blocking_call_on_main_actor flags such calls in main-actor code.")
        }
        lines.append(activity.advice)
        lines.append("Iterations (wall / cpu; one warm-up run not counted):")
        for (index, timing) in iterations.enumerated() {
            let over = timing.chargedMilliseconds > budget.milliseconds ? "  over budget" : ""
            lines.append("  #\(index + 1): \(timing.wallMilliseconds.milliseconds) / \(timing.cpuMilliseconds.milliseconds)\(over)")
        }
        if !userMessage.isEmpty { lines.append(userMessage) }
        return lines.joined(separator: "\n")
    }
}

extension BudgetMeasurement: Sendable where T: Sendable {}
