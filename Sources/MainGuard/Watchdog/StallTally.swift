/// Running totals over every stall of a run: counts per category and the hitch time beyond one frame.
///
/// Kept separately from the bounded list of worst stalls so that counts and the hitch-time ratio
/// stay exact however many stalls a long run has.
///
/// ```swift
/// var tally = StallTally(thresholds: Thresholds())
/// tally.add(durationMilliseconds: 120)   // one hang, 111.7 ms of hitch time at 120 Hz
/// ```
public struct StallTally: Sendable, Hashable {
    public var thresholds: Thresholds
    public private(set) var counts: [StallCategory: Int] = [:]
    /// Sum over stalls of (duration − one frame), in milliseconds: the numerator of the hitch-time ratio.
    public private(set) var hitchMilliseconds: Double = 0
    public private(set) var longestMilliseconds: Double = 0

    public init(thresholds: Thresholds) {
        self.thresholds = thresholds
    }

    /// Counts a main-thread stall of this length; returns its category (`nil`: within budget, not counted).
    @discardableResult
    public mutating func add(durationMilliseconds: Double) -> StallCategory? {
        guard let category = StallCategory(durationMilliseconds: durationMilliseconds, thresholds: thresholds) else {
            return nil
        }
        counts[category, default: 0] += 1
        hitchMilliseconds += max(0, durationMilliseconds - thresholds.frameMilliseconds)
        longestMilliseconds = max(longestMilliseconds, durationMilliseconds)
        return category
    }

    /// Stalls of at least the hang threshold.
    public var hangs: Int { (counts[.hang] ?? 0) + (counts[.severeHang] ?? 0) }
    /// Stalls of at least the continuous-interaction budget: every counted stall.
    public var overBudget: Int { counts.values.reduce(0, +) }

    /// Hitch time per second of run (ms/s): Apple's hitch-time ratio.
    public func hitchTimeRatio(runMilliseconds: Double) -> Double {
        runMilliseconds > 0 ? hitchMilliseconds / (runMilliseconds / 1000) : 0
    }
}
