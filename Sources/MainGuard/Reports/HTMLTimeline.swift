import Foundation

/// The SVG picture of the main thread inside ``HTMLReport``: a lane of stall markers, a lane with
/// one bar per main-actor job (x = start, width = duration), and a lane plotting each job's
/// duration on a log scale against the budget, frame, hang and severe-hang lines.
struct HTMLTimeline {
    let report: WatchdogReport

    // Geometry, in SVG user units (the picture scales to the page width).
    private let width = 1300.0
    private let left = 96.0
    private let right = 56.0
    private let stallLane = (top: 14.0, height: 16.0)
    private let jobLane = (top: 46.0, height: 34.0)
    private let durationLane = (top: 104.0, height: 200.0)
    private var axisTop: Double { durationLane.top + durationLane.height + 8 }
    private var height: Double { axisTop + 30 }
    /// Bars narrower than this disappear; a 20 µs job still deserves a hairline.
    private let minimumBarWidth = 1.5

    /// The time the picture spans: the run, or longer when a job or stall ran past its recorded end.
    private var spanMilliseconds: Double {
        let ends = report.timeline.map { $0.startMilliseconds + $0.durationMilliseconds }
            + report.stalls.map { $0.startMilliseconds + $0.durationMilliseconds }
        return max(report.durationMilliseconds, ends.max() ?? 0, 1)
    }

    /// The log scale's range: 10 µs up to at least one second, in whole decades.
    private var durationDecades: ClosedRange<Double> {
        let longest = max(report.timeline.map(\.durationMilliseconds).max() ?? 0, report.longestStallMilliseconds, 1000)
        return -2...ceil(log10(longest))
    }

    func render() -> String {
        var svg = [
            #"<svg class="timeline" viewBox="0 0 \#(format(width)) \#(format(height))" role="img" xmlns="http://www.w3.org/2000/svg">"#,
            "<title>Main-thread timeline of \(HTMLEscaping.escape(report.workload))</title>",
        ]
        svg += laneLabels()
        svg += durationGrid()
        svg += timeAxis()
        svg += report.stalls.map(stallMarker)
        svg += report.timeline.map(jobBar)
        svg += report.timeline.map(durationBar)
        svg += thresholdLines()
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    // MARK: Scales

    private func x(_ milliseconds: Double) -> Double {
        left + (width - left - right) * milliseconds / spanMilliseconds
    }

    private func barWidth(_ milliseconds: Double) -> Double {
        max(minimumBarWidth, x(milliseconds) - x(0))
    }

    private func y(duration milliseconds: Double) -> Double {
        let decades = durationDecades
        let position = (log10(max(milliseconds, pow(10, decades.lowerBound))) - decades.lowerBound)
            / (decades.upperBound - decades.lowerBound)
        return durationLane.top + durationLane.height * (1 - min(position, 1))
    }

    // MARK: Marks

    private func stallMarker(_ stall: Stall) -> String {
        let attribution = stall.attribution
        var hover = [
            "\(ReportVocabulary.name(of: stall.category)): \(ReportVocabulary.milliseconds(stall.durationMilliseconds)) at +\(ReportVocabulary.milliseconds(stall.startMilliseconds))"
                + (stall.ongoing ? " (still going when the run ended)" : ""),
            "main thread \(ReportVocabulary.activity(of: stall))",
            ReportVocabulary.culprit(of: stall),
            "task \(attribution.taskName.map { "\"\($0)\"" } ?? "unnamed"), \(ReportVocabulary.origin(attribution.origin))",
        ]
        hover += attribution.frames.prefix(8).map { "  \($0)" }
        let ongoing = stall.ongoing ? " ongoing" : ""
        return #"<rect class="stall c-\#(stall.category.rawValue)\#(ongoing)" x="\#(format(x(stall.startMilliseconds)))" y="\#(format(stallLane.top))" "#
            + #"width="\#(format(barWidth(stall.durationMilliseconds)))" height="\#(format(stallLane.height))" rx="2">"#
            + "<title>\(HTMLEscaping.escape(hover.joined(separator: "\n")))</title></rect>"
    }

    private func jobBar(_ job: TimelineJob) -> String {
        #"<rect class="job \#(categoryClass(job.category))" x="\#(format(x(job.startMilliseconds)))" y="\#(format(jobLane.top))" "#
            + #"width="\#(format(barWidth(job.durationMilliseconds)))" height="\#(format(jobLane.height))">"#
            + "<title>\(hover(job))</title></rect>"
    }

    private func durationBar(_ job: TimelineJob) -> String {
        let top = min(y(duration: job.durationMilliseconds), durationLane.top + durationLane.height - 1)
        return #"<rect class="duration \#(categoryClass(job.category))" x="\#(format(x(job.startMilliseconds)))" y="\#(format(top))" "#
            + #"width="\#(format(barWidth(job.durationMilliseconds)))" height="\#(format(durationLane.top + durationLane.height - top))">"#
            + "<title>\(hover(job))</title></rect>"
    }

    private func hover(_ job: TimelineJob) -> String {
        let category = job.category.map(ReportVocabulary.name(of:)) ?? "within budget"
        return HTMLEscaping.escape(
            "\(job.label)\n\(ReportVocabulary.milliseconds(job.durationMilliseconds)) at +\(ReportVocabulary.milliseconds(job.startMilliseconds)) — \(category)")
    }

    private func categoryClass(_ category: StallCategory?) -> String {
        "c-" + (category?.rawValue ?? "ok")
    }

    // MARK: Guides and axes

    private func laneLabels() -> [String] {
        [
            label("stalls", y: stallLane.top + stallLane.height / 2),
            label("main thread", y: jobLane.top + jobLane.height / 2),
            label("job duration", y: durationLane.top - 10),
            #"<rect class="lane" x="\#(format(left))" y="\#(format(jobLane.top))" width="\#(format(width - left - right))" height="\#(format(jobLane.height))"/>"#,
        ]
    }

    private func label(_ text: String, y: Double) -> String {
        #"<text class="lane-label" x="\#(format(left - 8))" y="\#(format(y))" text-anchor="end" dominant-baseline="middle">\#(text)</text>"#
    }

    /// Faint lines at each decade (0.01 ms … 1 s) so a bar's height can be read off the scale.
    private func durationGrid() -> [String] {
        let decades = durationDecades
        return stride(from: decades.lowerBound, through: decades.upperBound, by: 1).flatMap { decade -> [String] in
            let milliseconds = pow(10, decade)
            let lineY = format(y(duration: milliseconds))
            return [
                #"<line class="grid" x1="\#(format(left))" x2="\#(format(width - right))" y1="\#(lineY)" y2="\#(lineY)"/>"#,
                #"<text class="tick" x="\#(format(width - right + 6))" y="\#(lineY)" dominant-baseline="middle">\#(ReportVocabulary.milliseconds(milliseconds))</text>"#,
            ]
        }
    }

    /// The thresholds that give a job's height its meaning, drawn over the bars.
    private func thresholdLines() -> [String] {
        let thresholds = report.thresholds
        // Budget (5 ms) and frame (8.3 ms) lie a fifth of a decade apart: their labels go below
        // and above their lines so they don't overprint.
        let lines: [(category: StallCategory, name: String, baseline: String)] = [
            (.overBudget, "budget", "hanging"),
            (.missedFrame, "frame", "auto"),
            (.hang, "hang", "hanging"),
            (.severeHang, "severe", "auto"),
        ]
        return lines.flatMap { category, name, baseline -> [String] in
            let milliseconds = ReportVocabulary.threshold(of: category, in: thresholds)
            let lineY = y(duration: milliseconds)
            // A white underlay keeps the dashed line visible where it crosses a bar of its own colour.
            return [
                #"<line class="threshold-halo" x1="\#(format(left))" x2="\#(format(width - right))" y1="\#(format(lineY))" y2="\#(format(lineY))"/>"#,
                #"<line class="threshold t-\#(category.rawValue)" x1="\#(format(left))" x2="\#(format(width - right))" y1="\#(format(lineY))" y2="\#(format(lineY))">"#
                    + "<title>\(name): \(ReportVocabulary.milliseconds(milliseconds))</title></line>",
                #"<text class="threshold-label l-\#(category.rawValue)" x="\#(format(left - 8))" y="\#(format(lineY))" text-anchor="end" dominant-baseline="\#(baseline)">\#(name) \#(ReportVocabulary.milliseconds(milliseconds))</text>"#,
            ]
        }
    }

    private func timeAxis() -> [String] {
        let step = Self.niceStep(spanMilliseconds / 10)
        let ticks = stride(from: 0, through: spanMilliseconds, by: step)
        return ticks.flatMap { milliseconds -> [String] in
            let tickX = format(x(milliseconds))
            return [
                #"<line class="axis" x1="\#(tickX)" x2="\#(tickX)" y1="\#(format(jobLane.top))" y2="\#(format(axisTop + 4))"/>"#,
                #"<text class="tick" x="\#(tickX)" y="\#(format(axisTop + 18))" text-anchor="middle">\#(ReportVocabulary.milliseconds(milliseconds))</text>"#,
            ]
        }
    }

    /// The 1, 2 or 5 × 10ⁿ step closest above `rough`, so ticks fall on round times.
    static func niceStep(_ rough: Double) -> Double {
        let magnitude = pow(10, floor(log10(max(rough, 1e-3))))
        return [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
    }

    private func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}

/// Escaping for text and attribute values in the HTML report: workload names, task names and
/// stack frames come from user code and must never become markup.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
