import Foundation

/// Apple's bands for the hitch-time ratio (milliseconds of hitch per second of scrolling or animation).
///
/// ```swift
/// HitchTimeBand(millisecondsPerSecond: 3.2)   // .good
/// HitchTimeBand(millisecondsPerSecond: 12)    // .poor
/// ```
public enum HitchTimeBand: String, Sendable, Hashable, CaseIterable {
    /// Under 5 ms/s: hitches are rare enough that people don't notice them.
    case good
    /// 5–10 ms/s: some hitches are noticeable.
    case fair
    /// Over 10 ms/s: hitches disrupt the experience.
    case poor

    public init(millisecondsPerSecond ratio: Double) {
        switch ratio {
        case ..<5: self = .good
        case ...10: self = .fair
        default: self = .poor
        }
    }

    /// The band's range in words, for legends ("< 5 ms/s").
    public var range: String {
        switch self {
        case .good: "< 5 ms/s"
        case .fair: "5–10 ms/s"
        case .poor: "> 10 ms/s"
        }
    }
}

/// Words and numbers shared by the text and HTML renderings, so both say the same thing the same way.
enum ReportVocabulary {
    /// A duration a person reads at a glance: "0.04 ms", "8.3 ms", "312 ms", "1.25 s".
    static func milliseconds(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if value >= 10_000 { return trimmed(String(format: "%.1f", value / 1000)) + " s" }
        if value >= 1000 { return trimmed(String(format: "%.2f", value / 1000)) + " s" }
        if value >= 100 { return String(format: "%.0f", value) + " ms" }
        if value >= 1 { return trimmed(String(format: "%.1f", value)) + " ms" }
        return trimmed(String(format: "%.2f", value)) + " ms"
    }

    /// A plain number with at most one decimal: "120", "4.2".
    static func number(_ value: Double) -> String {
        value.isFinite ? trimmed(String(format: "%.1f", value)) : "–"
    }

    /// Drops a fractional part that is all zeros: "5.0" → "5", "0.50" → "0.5".
    private static func trimmed(_ number: String) -> String {
        guard number.contains(".") else { return number }
        var text = Substring(number)
        while text.hasSuffix("0") { text = text.dropLast() }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }

    static func name(of category: StallCategory) -> String {
        switch category {
        case .overBudget: "over budget"
        case .missedFrame: "missed frame"
        case .hang: "hang"
        case .severeHang: "severe hang"
        }
    }

    /// "1 severe hang", "3 missed frames".
    static func count(_ count: Int, of category: StallCategory) -> String {
        "\(count) \(name(of: category))\(count == 1 ? "" : "s")"
    }

    /// The lower bound of a category under these thresholds.
    static func threshold(of category: StallCategory, in thresholds: Thresholds) -> Double {
        switch category {
        case .overBudget: thresholds.budgetMilliseconds
        case .missedFrame: thresholds.frameMilliseconds
        case .hang: thresholds.hangMilliseconds
        case .severeHang: thresholds.severeHangMilliseconds
        }
    }

    static func origin(_ origin: JobOrigin) -> String {
        switch origin {
        case .inheritedMainActor: "Task { } that inherited the main actor"
        case .explicitMainActor: "explicit @MainActor code"
        case .mainActorRun: "hop with MainActor.run { }"
        case .mainQueue: "DispatchQueue.main"
        case .unknown: "unknown origin"
        }
    }

    static func mode(_ mode: MeasurementMode) -> String {
        switch mode {
        case .executor: "executor (every main-actor job timed by MainGuard's executors)"
        case .heartbeat: "heartbeat (main-queue delay sampled; no custom executors)"
        case .runLoop: "run loop (each pass of the main run loop timed by an observer; no custom executors)"
        }
    }

    /// Busy or blocked, with the evidence: "busy (cpu 310 ms of 312 ms)", or on an overloaded machine
    /// "busy (cpu 150 ms of 300 ms, waited 140 ms for a CPU)".
    static func activity(of stall: Stall) -> String {
        let waited = stall.cpuWaitMilliseconds.flatMap { $0 >= 0.5 ? ", waited \(milliseconds($0)) for a CPU" : nil } ?? ""
        return "\(stall.isBusy ? "busy" : "blocked") (cpu \(milliseconds(stall.cpuMilliseconds)) of \(milliseconds(stall.durationMilliseconds))\(waited))"
    }

    /// The code a stall was in: the runtime's one-line summary, else the innermost frame.
    static func culprit(of stall: Stall) -> String {
        let summary = stall.attribution.summary.trimmingCharacters(in: .whitespacesAndNewlines)
        if !summary.isEmpty { return summary }
        return stall.attribution.frames.first ?? "unattributed code"
    }

    /// The longest stall listed; the report keeps them longest first, but a hand-built one may not.
    static func longestStall(in report: WatchdogReport) -> Stall? {
        report.stalls.max { $0.durationMilliseconds < $1.durationMilliseconds }
    }

    /// The first line of every rendering: the worst thing that happened, and where.
    ///
    /// "1 severe hang (312 ms) — main thread busy in doLongRunningWork()", "No stall over 5 ms".
    static func verdict(of report: WatchdogReport) -> String {
        let worst = StallCategory.allCases.reversed().first { (report.stallCounts[$0] ?? 0) > 0 }
        guard let worst, let count = report.stallCounts[worst] else {
            return "No stall over \(milliseconds(report.thresholds.budgetMilliseconds))"
        }
        let length = milliseconds(report.longestStallMilliseconds)
        var verdict = count == 1 ? "\(self.count(1, of: worst)) (\(length))" : "\(self.count(count, of: worst)) (longest \(length))"
        if let longest = longestStall(in: report) {
            verdict += " — main thread \(longest.isBusy ? "busy" : "blocked") in \(culprit(of: longest))"
            if longest.ongoing { verdict += ", still stalled when the run ended" }
        }
        return verdict
    }

    /// `./tool --fast: exited with status 0` / `…: ended by signal 15`.
    static func process(_ process: WatchedProcess) -> String {
        let command = process.command.joined(separator: " ")
        let ending = if let signal = process.signal { "ended by signal \(signal)" }
            else if let status = process.exitStatus { "exited with status \(status)" }
            else { "still running" }
        return command.isEmpty ? ending : "\(command): \(ending)"
    }

    /// `3 tests, 1 failed; 1 with a hang, 2 over budget`.
    static func testSummary(_ tests: [TestOutcome]) -> String {
        let failed = tests.filter { !$0.passed }.count
        let hanging = tests.filter { $0.hangs > 0 }.count
        let over = tests.filter { $0.overBudget > 0 }.count
        return "\(tests.count) test\(tests.count == 1 ? "" : "s"), \(failed) failed; "
            + "\(hanging) with a hang, \(over) over budget"
    }

    /// The tests worth a look: those with a stall over budget, worst first.
    static func testsOverBudget(_ tests: [TestOutcome]) -> [TestOutcome] {
        tests.filter { $0.overBudget > 0 }.sorted { $0.worstStallMilliseconds > $1.worstStallMilliseconds }
    }

    /// The tests that failed without a stall over budget (the others are in ``testsOverBudget(_:)``).
    static func testsFailedWithoutStall(_ tests: [TestOutcome]) -> [TestOutcome] {
        tests.filter { !$0.passed && $0.overBudget == 0 }
    }
}
