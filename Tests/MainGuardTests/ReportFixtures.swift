@testable import MainGuard

/// Hand-built reports with known contents, so renderer tests don't depend on a real run.
enum ReportFixtures {
    static let tapAttribution = Attribution(
        frames: ["doLongRunningWork()", "closure #1 in HangLaterButton.tapped()", "HangLaterButton.tapped()"],
        taskName: "tap", origin: .inheritedMainActor,
        summary: "doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()")

    /// A button tap whose inherited Task computes for 312 ms on the main actor, then scrolling
    /// frames at 120 Hz, a few of which miss their frame.
    static var hangThenScroll: WatchdogReport {
        let thresholds = Thresholds()
        var timeline = [
            TimelineJob(startMilliseconds: 0.2, durationMilliseconds: 0.05, category: nil, label: "workload body"),
            TimelineJob(startMilliseconds: 1.1, durationMilliseconds: 312.4, category: .severeHang,
                        label: "\"tap\" inherited main actor: doLongRunningWork()"),
        ]
        for frame in 0..<60 {
            let duration = frame % 10 == 3 ? 11.5 : (frame % 10 == 7 ? 6.1 : 1.2)
            timeline.append(TimelineJob(startMilliseconds: 320 + Double(frame) * 8.33, durationMilliseconds: duration,
                                        category: StallCategory(durationMilliseconds: duration, thresholds: thresholds),
                                        label: "frame \(frame): configure cells"))
        }
        let stalls = [
            Stall(startMilliseconds: 1.1, durationMilliseconds: 312.4, cpuMilliseconds: 309.8, category: .severeHang,
                  delayImposedMilliseconds: 311.0, attribution: tapAttribution),
            Stall(startMilliseconds: 345, durationMilliseconds: 11.5, cpuMilliseconds: 11.2, category: .missedFrame,
                  attribution: Attribution(frames: ["DateFormatter.init()", "Cell.configure(_:)"], origin: .explicitMainActor,
                                           summary: "DateFormatter.init() in Cell.configure(_:)")),
            Stall(startMilliseconds: 378, durationMilliseconds: 6.1, cpuMilliseconds: 0.3, category: .overBudget,
                  attribution: Attribution(frames: [], origin: .unknown, summary: "")),
        ]
        return WatchdogReport(
            workload: "hang-later", mode: .executor, durationMilliseconds: 820, thresholds: thresholds,
            mainActorJobs: timeline.count, longestStallMilliseconds: 312.4, stalls: stalls, hangs: 1, overBudget: 13,
            stallCounts: [.severeHang: 1, .missedFrame: 6, .overBudget: 6], hitchTimeRatioMillisecondsPerSecond: 381.2,
            jobDurationMilliseconds: DurationPercentiles(p50: 1.2, p95: 11.5, p99: 312.4, max: 312.4), timeline: timeline)
    }

    /// A run where every main-actor job stayed within budget.
    static var quiet: WatchdogReport {
        let timeline = (0..<20).map {
            TimelineJob(startMilliseconds: Double($0) * 5, durationMilliseconds: 0.04, category: nil, label: "job \($0)")
        }
        return WatchdogReport(
            workload: "no-hang", mode: .executor, durationMilliseconds: 310, thresholds: Thresholds(),
            mainActorJobs: 20, longestStallMilliseconds: 0, stalls: [], hangs: 0, overBudget: 0, stallCounts: [:],
            hitchTimeRatioMillisecondsPerSecond: 0,
            jobDurationMilliseconds: DurationPercentiles(p50: 0.04, p95: 0.05, p99: 0.06, max: 0.08), timeline: timeline)
    }

    /// A stall in code whose names look like markup: renderers must escape them.
    static var hostileNames: WatchdogReport {
        var report = hangThenScroll
        report.workload = "<script>alert('w')</script>"
        report.stalls[0].attribution = Attribution(
            frames: ["Foo<Bar>.run() & \"quoted\""], taskName: "<img src=x onerror=alert(1)>", origin: .mainActorRun,
            summary: "Foo<Bar>.run() & friends")
        report.timeline[1].label = "</title><script>alert(2)</script>"
        report.note = "timed out <b>after</b> 5 s"
        return report
    }
}
