/// Which summary of the iteration timings ``assertMainThreadBudget(_:iterations:statistic:_:fileID:filePath:line:column:_:)``
/// compares with the budget.
///
/// The median (the default) is what a noisy machine measures most reliably: one iteration
/// slowed by the scheduler does not fail the test. Use ``max`` when every single run must fit,
/// for example code that runs once per frame.
///
/// ```swift
/// assertMainThreadBudget(.frame(hz: 120), statistic: .percentile(90)) { list.configureVisibleCells() }
/// ```
public enum BudgetStatistic: Sendable, Hashable, CustomStringConvertible {
    /// The middle timing (the mean of the two middle ones for an even count).
    case median
    /// The arithmetic mean.
    case mean
    /// The slowest iteration.
    case max
    /// The timing below which `p` percent of the iterations fall (nearest-rank), `p` in 0...100.
    case percentile(Double)

    /// The statistic of `milliseconds` (which must not be empty).
    public func value(of milliseconds: [Double]) -> Double {
        precondition(!milliseconds.isEmpty, "A statistic needs at least one timing")
        let sorted = milliseconds.sorted()
        switch self {
        case .median:
            let middle = sorted.count / 2
            return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        case .mean:
            return sorted.reduce(0, +) / Double(sorted.count)
        case .max:
            return sorted[sorted.count - 1]
        case .percentile(let p):
            precondition((0...100).contains(p), "A percentile must be within 0...100, got \(p)")
            let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
            return sorted[Swift.max(rank, 1) - 1]
        }
    }

    /// "median", "mean", "max", "p90".
    public var description: String {
        switch self {
        case .median: "median"
        case .mean: "mean"
        case .max: "max"
        case .percentile(let p): "p\(p.formatted(maxFractionDigits: 1))"
        }
    }
}
