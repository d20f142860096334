/// Renders a ``WatchdogReport`` as a summary a person reads in a terminal.
///
/// The first line is the verdict (the worst stall and where the main thread was), then the
/// run, the counts per category, the longest stall with its attribution, main-actor job
/// percentiles and the hitch-time ratio with Apple's band.
///
/// ```swift
/// let report = Runtime.run(workload)
/// print(TextReport.render(report))
/// // 1 severe hang (312 ms) — main thread busy in doLongRunningWork()
/// // ...
/// ```
public enum TextReport {
    public static func render(_ report: WatchdogReport) -> String {
        var sections = [[ReportVocabulary.verdict(of: report)], run(report), counts(report)]
        if let longest = ReportVocabulary.longestStall(in: report) {
            sections.append(longestStall(longest, thresholds: report.thresholds))
        }
        if let tests = report.tests { sections.append(testTable(tests)) }
        sections.append(jobs(report))
        if let note = report.note { sections.append(["note: \(note)"]) }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    private typealias Vocabulary = ReportVocabulary

    private static func run(_ report: WatchdogReport) -> [String] {
        let thresholds = report.thresholds
        return [
            "workload    \(report.workload)",
        ] + (report.process.map { ["process     \(Vocabulary.process($0))"] } ?? []) + [
            "mode        \(Vocabulary.mode(report.mode))",
            "duration    \(Vocabulary.milliseconds(report.durationMilliseconds)), \(report.mainActorJobs) main-actor job\(report.mainActorJobs == 1 ? "" : "s")",
            "thresholds  budget \(Vocabulary.milliseconds(thresholds.budgetMilliseconds))"
                + " · frame \(Vocabulary.milliseconds(thresholds.frameMilliseconds)) (\(Vocabulary.number(thresholds.refreshRateHz)) Hz)"
                + " · hang \(Vocabulary.milliseconds(thresholds.hangMilliseconds))"
                + " · severe hang \(Vocabulary.milliseconds(thresholds.severeHangMilliseconds))",
        ]
    }

    private static func counts(_ report: WatchdogReport) -> [String] {
        let rows = StallCategory.allCases.reversed().map { category in
            let name = Vocabulary.name(of: category).padding(toLength: 14, withPad: " ", startingAt: 0)
            let bound = "≥ " + Vocabulary.milliseconds(Vocabulary.threshold(of: category, in: report.thresholds))
            return "  \(name)\(bound.padding(toLength: 12, withPad: " ", startingAt: 0))\(report.stallCounts[category] ?? 0)"
        }
        return ["stalls (\(report.overBudget) over budget, \(report.hangs) \(report.hangs == 1 ? "hang" : "hangs"))"] + rows
    }

    private static func testTable(_ tests: [TestOutcome]) -> [String] {
        let worst = Vocabulary.testsOverBudget(tests)
        let width = min(60, (worst.map(\.name.count).max() ?? 0) + 2)
        return ["tests  \(Vocabulary.testSummary(tests))"] + worst.map { test in
            let name = test.name.padding(toLength: max(width, test.name.count + 1), withPad: " ", startingAt: 0)
            let result = test.passed ? "passed" : "FAILED"
            return "  \(name)worst \(Vocabulary.milliseconds(test.worstStallMilliseconds)) · \(test.hangs) hang\(test.hangs == 1 ? "" : "s"), "
                + "\(test.overBudget) over budget · \(result)"
        } + Vocabulary.testsFailedWithoutStall(tests).map { "  \($0.name)  FAILED (no stall over budget)" }
    }

    private static func longestStall(_ stall: Stall, thresholds: Thresholds) -> [String] {
        let attribution = stall.attribution
        var lines = [
            "longest stall  \(Vocabulary.milliseconds(stall.durationMilliseconds)) \(Vocabulary.name(of: stall.category))"
                + " at +\(Vocabulary.milliseconds(stall.startMilliseconds))\(stall.ongoing ? ", still going when the run ended" : "")",
            "  main thread  \(Vocabulary.activity(of: stall))",
            "  code         \(Vocabulary.culprit(of: stall))",
            "  task         \(attribution.taskName.map { "\"\($0)\"" } ?? "unnamed"), \(Vocabulary.origin(attribution.origin))",
        ]
        if let test = stall.test { lines.append("  test         \(test)") }
        if stall.delayImposedMilliseconds > 0 {
            lines.append("  delayed      jobs queued behind it by \(Vocabulary.milliseconds(stall.delayImposedMilliseconds))")
        }
        if !attribution.frames.isEmpty {
            lines.append("  stack (innermost first)")
            lines += attribution.frames.prefix(12).map { "    \($0)" }
            if attribution.frames.count > 12 { lines.append("    … \(attribution.frames.count - 12) more") }
        }
        return lines
    }

    private static func jobs(_ report: WatchdogReport) -> [String] {
        let percentiles = report.jobDurationMilliseconds
        let ratio = report.hitchTimeRatioMillisecondsPerSecond
        let band = HitchTimeBand(millisecondsPerSecond: ratio)
        return [
            "main-actor job durations  p50 \(Vocabulary.milliseconds(percentiles.p50))"
                + " · p95 \(Vocabulary.milliseconds(percentiles.p95))"
                + " · p99 \(Vocabulary.milliseconds(percentiles.p99))"
                + " · max \(Vocabulary.milliseconds(percentiles.max))",
            "hitch-time ratio          \(Vocabulary.number(ratio)) ms/s — \(band.rawValue)"
                + " (Apple's bands: good < 5, fair 5–10, poor > 10 ms/s)",
        ]
    }
}
