/// One report of several watched runs of the same suite: `mainguard watch --tests` runs XCTest's
/// tests and Swift Testing's in separate processes, as `swift test` does.
///
/// Stalls, counts and timelines are added up, with times moved onto the earliest run's clock
/// (`startedAt`); the duration is the runs' total, and the hitch-time ratio is recomputed from the
/// runs' hitch time over it. Job-duration percentiles cannot be combined from percentiles: the
/// merged report gives the larger of the runs' figures.
///
/// ```swift
/// let report = ReportMerge.merge([xctestReport, swiftTestingReport], workload: "tests of MyPackage")
/// ```
package enum ReportMerge {
    package static func merge(_ reports: [WatchdogReport], workload: String) -> WatchdogReport? {
        guard var merged = reports.first else { return nil }
        let base = reports.compactMap(\.startedAt).min()
        func offset(_ report: WatchdogReport) -> Double {
            guard let base, let start = report.startedAt else { return 0 }
            return (start - base) * 1000
        }
        merged.workload = workload
        merged.startedAt = base
        merged.stalls = []
        merged.timeline = []
        merged.stallCounts = [:]
        var hitchMilliseconds = 0.0
        for (index, report) in reports.enumerated() {
            let shift = offset(report)
            merged.stalls += report.stalls.map { stall in
                var moved = stall
                moved.startMilliseconds += shift
                moved.taskStartMilliseconds = stall.taskStartMilliseconds.map { $0 + shift }
                return moved
            }
            merged.timeline += report.timeline.map { job in
                var moved = job
                moved.startMilliseconds += shift
                return moved
            }
            merged.stallCounts.merge(report.stallCounts, uniquingKeysWith: +)
            hitchMilliseconds += report.hitchTimeRatioMillisecondsPerSecond * report.durationMilliseconds / 1000
            guard index > 0 else { continue }
            merged.durationMilliseconds += report.durationMilliseconds
            merged.mainActorJobs += report.mainActorJobs
            merged.longestStallMilliseconds = max(merged.longestStallMilliseconds, report.longestStallMilliseconds)
            merged.hangs += report.hangs
            merged.overBudget += report.overBudget
            merged.jobDurationMilliseconds = DurationPercentiles(
                p50: max(merged.jobDurationMilliseconds.p50, report.jobDurationMilliseconds.p50),
                p95: max(merged.jobDurationMilliseconds.p95, report.jobDurationMilliseconds.p95),
                p99: max(merged.jobDurationMilliseconds.p99, report.jobDurationMilliseconds.p99),
                max: max(merged.jobDurationMilliseconds.max, report.jobDurationMilliseconds.max))
            let notes = [merged.note, report.note].compactMap { $0 }
            merged.note = notes.isEmpty ? nil : notes.joined(separator: " ")
            merged.tests = (merged.tests ?? []) + (report.tests ?? [])
        }
        merged.hitchTimeRatioMillisecondsPerSecond = merged.durationMilliseconds > 0
            ? hitchMilliseconds / merged.durationMilliseconds * 1000 : 0
        merged.stalls.sort { $0.startMilliseconds < $1.startMilliseconds }
        merged.timeline.sort { $0.startMilliseconds < $1.startMilliseconds }
        return merged
    }
}
