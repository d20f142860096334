/// Turns a frozen ``Recording`` into the ``WatchdogReport`` value (a pure function: no clocks, no
/// threads), so every number in a report can be tested on synthetic recordings.
enum ReportBuilder {
    static func report(from recording: Recording, note: String? = nil) -> WatchdogReport {
        let thresholds = recording.thresholds
        let runMilliseconds = MonotonicClock.milliseconds(recording.endNanoseconds &- recording.startNanoseconds)
        let listed = listedStalls(recording)
        let stalls = listed.map { stall(from: $0, recording: recording) }
        let histogram = recording.histogram
        return WatchdogReport(
            workload: recording.workload,
            mode: recording.mode,
            durationMilliseconds: runMilliseconds,
            thresholds: thresholds,
            mainActorJobs: recording.mainActorJobs,
            longestStallMilliseconds: recording.tally.longestMilliseconds,
            stalls: stalls,
            hangs: recording.tally.hangs,
            overBudget: recording.tally.overBudget,
            stallCounts: recording.tally.counts,
            hitchTimeRatioMillisecondsPerSecond: recording.tally.hitchTimeRatio(runMilliseconds: runMilliseconds),
            jobDurationMilliseconds: DurationPercentiles(
                p50: histogram.percentileMilliseconds(0.50), p95: histogram.percentileMilliseconds(0.95),
                p99: histogram.percentileMilliseconds(0.99), max: MonotonicClock.milliseconds(histogram.maxNanoseconds)),
            timeline: timeline(recording, stalls: listed),
            note: [recording.note, note].compactMap { $0 }.joined(separator: " ").nilIfEmpty)
    }

    /// The longest stalls, longest first; an ongoing stall is always listed.
    private static func listedStalls(_ recording: Recording) -> [StallRecord] {
        let sorted = recording.stalls.sorted { $0.durationNanoseconds > $1.durationNanoseconds }
        var listed = Array(sorted.prefix(recording.maxListedStalls))
        if let ongoing = sorted.first(where: \.ongoing), !listed.contains(where: \.ongoing) {
            listed.append(ongoing)
        }
        return listed
    }

    private static func stall(from record: StallRecord, recording: Recording) -> Stall {
        let duration = MonotonicClock.milliseconds(record.durationNanoseconds)
        let frames = record.capture?.frames ?? []
        var summary = StallAttribution.summary(frames: frames, taskName: record.capture?.taskName, origin: record.job.origin)
        if record.cpuNanoseconds == nil { summary += " (CPU time not sampled: the stall ended before the watchdog's next poll)" }
        return Stall(
            startMilliseconds: relative(record.job.startNanoseconds, recording),
            durationMilliseconds: duration,
            cpuMilliseconds: record.cpuNanoseconds.map(MonotonicClock.milliseconds) ?? 0,
            cpuWaitMilliseconds: record.cpuWaitNanoseconds.map(MonotonicClock.milliseconds),
            category: StallCategory(durationMilliseconds: duration, thresholds: recording.thresholds) ?? .overBudget,
            delayImposedMilliseconds: MonotonicClock.milliseconds(record.delayImposedNanoseconds),
            ongoing: record.ongoing,
            attribution: Attribution(frames: frames, taskName: record.capture?.taskName, origin: record.job.origin,
                                     summary: summary),
            taskStartMilliseconds: record.job.taskFirstSeenNanoseconds == 0 ? nil
                : relative(record.job.taskFirstSeenNanoseconds, recording))
    }

    /// The listed stalls (up to half the timeline) plus an even sample of all jobs, in time order.
    private static func timeline(_ recording: Recording, stalls: [StallRecord]) -> [TimelineJob] {
        let limit = recording.maxTimelineJobs
        let stallJobs = stalls.prefix(limit / 2 + limit % 2).map { ($0.job, $0.capture?.frames.first) }
        let stallSequences = Set(stallJobs.map { $0.0.sequence })
        let sampled = recording.sampledJobs.filter { !stallSequences.contains($0.sequence) }
            .prefix(max(0, limit - stallJobs.count)).map { ($0, String?.none) }
        return (stallJobs + sampled)
            .sorted { $0.0.startNanoseconds < $1.0.startNanoseconds }
            .map { job, topFrame in
                let duration = job.durationMilliseconds
                let origin = job.origin == .unknown ? nil : job.origin.rawValue.replacingUnderscores
                let label = [topFrame, origin, "task \(job.taskID)", String(format3: duration) + " ms"]
                    .compactMap { $0 }.joined(separator: " · ")
                return TimelineJob(startMilliseconds: relative(job.startNanoseconds, recording),
                                   durationMilliseconds: duration,
                                   category: StallCategory(durationMilliseconds: duration, thresholds: recording.thresholds),
                                   label: label)
            }
    }

    private static func relative(_ time: UInt64, _ recording: Recording) -> Double {
        MonotonicClock.milliseconds(time &- min(recording.startNanoseconds, time))
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
    var replacingUnderscores: String { split(separator: "_").joined(separator: " ") }
    /// A duration with three decimals, without Foundation's formatters.
    init(format3 value: Double) {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        self = "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
