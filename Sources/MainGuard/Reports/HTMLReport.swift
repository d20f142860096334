/// Renders a ``WatchdogReport`` as one self-contained HTML page (no scripts, fonts or images
/// from elsewhere): the verdict, the key figures, an SVG timeline of the main thread with every
/// main-actor job as a bar coloured by category and the 5 ms / frame / 100 ms / 250 ms lines
/// drawn, the worst stalls with their attribution, and the text summary.
///
/// Every string from the workload (names, task names, stack frames) is escaped.
///
/// ```swift
/// let html = HTMLReport.render(Runtime.run(workload))
/// try html.write(toFile: "report.html", atomically: true, encoding: .utf8)
/// ```
public enum HTMLReport {
    public static func render(_ report: WatchdogReport) -> String {
        let escape = HTMLEscaping.escape
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>MainGuard: \(escape(report.workload))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
        <p class="eyebrow">MainGuard watch · \(escape(report.workload))</p>
        <h1 class="\(verdictClass(report))">\(escape(ReportVocabulary.verdict(of: report)))</h1>
        <p class="meta">\(escape(ReportVocabulary.mode(report.mode)))</p>
        \(report.process.map { "<p class=\"meta\">\(escape(ReportVocabulary.process($0)))</p>" } ?? "")
        \(report.note.map { "<p class=\"note\">\(escape($0))</p>" } ?? "")
        </header>
        \(figures(report))
        <section>
        <h2>Main thread</h2>
        \(HTMLTimeline(report: report).render())
        \(legend(report.thresholds))
        </section>
        \(stallTable(report))
        \(report.tests.map(testTable) ?? "")
        <section>
        <details>
        <summary>Text summary</summary>
        <pre>\(escape(TextReport.render(report)))</pre>
        </details>
        </section>
        </body>
        </html>

        """
    }

    private static func verdictClass(_ report: WatchdogReport) -> String {
        let worst = StallCategory.allCases.reversed().first { (report.stallCounts[$0] ?? 0) > 0 }
        return "verdict v-" + (worst?.rawValue ?? "ok")
    }

    private static func figures(_ report: WatchdogReport) -> String {
        let milliseconds = ReportVocabulary.milliseconds
        let band = HitchTimeBand(millisecondsPerSecond: report.hitchTimeRatioMillisecondsPerSecond)
        let percentiles = report.jobDurationMilliseconds
        let cells = [
            figure("hangs", "\(report.hangs)", "≥ \(milliseconds(report.thresholds.hangMilliseconds))"),
            figure("over budget", "\(report.overBudget)", "≥ \(milliseconds(report.thresholds.budgetMilliseconds))"),
            figure("longest stall", milliseconds(report.longestStallMilliseconds), ""),
            figure("hitch-time ratio", "\(ReportVocabulary.number(report.hitchTimeRatioMillisecondsPerSecond)) ms/s",
                   "\(band.rawValue) (\(band.range))", valueClass: "band-\(band.rawValue)"),
            figure("main-actor jobs", "\(report.mainActorJobs)", "in \(milliseconds(report.durationMilliseconds))"),
            figure("main-actor job p95", milliseconds(percentiles.p95),
                   "p50 \(milliseconds(percentiles.p50)) · p99 \(milliseconds(percentiles.p99)) · max \(milliseconds(percentiles.max))"),
        ]
        return "<section class=\"figures\">\n\(cells.joined(separator: "\n"))\n</section>"
    }

    private static func figure(_ name: String, _ value: String, _ detail: String, valueClass: String = "") -> String {
        let escape = HTMLEscaping.escape
        return "<div class=\"figure\"><div class=\"name\">\(escape(name))</div>"
            + "<div class=\"value \(valueClass)\">\(escape(value))</div><div class=\"detail\">\(escape(detail))</div></div>"
    }

    private static func legend(_ thresholds: Thresholds) -> String {
        let milliseconds = ReportVocabulary.milliseconds
        var entries = [("ok", "within budget", "< \(milliseconds(thresholds.budgetMilliseconds))")]
        entries += StallCategory.allCases.map { category in
            (category.rawValue, ReportVocabulary.name(of: category),
             "≥ \(milliseconds(ReportVocabulary.threshold(of: category, in: thresholds)))")
        }
        let items = entries.map { key, name, bound in
            "<li><span class=\"swatch c-\(key)\"></span>\(HTMLEscaping.escape(name)) <span class=\"bound\">\(HTMLEscaping.escape(bound))</span></li>"
        }
        let note = "<li class=\"hint\">hover a bar for its task and code · bar height in the lower lane is the job's duration (log scale)</li>"
        return "<ul class=\"legend\">\n\(items.joined(separator: "\n"))\n\(note)\n</ul>"
    }

    private static func stallTable(_ report: WatchdogReport) -> String {
        guard !report.stalls.isEmpty else {
            return "<section><h2>Stalls</h2><p class=\"empty\">No main-actor job reached the "
                + "\(ReportVocabulary.milliseconds(report.thresholds.budgetMilliseconds)) budget.</p></section>"
        }
        let escape = HTMLEscaping.escape
        let milliseconds = ReportVocabulary.milliseconds
        let rows = report.stalls.map { stall in
            let attribution = stall.attribution
            let frames = attribution.frames.isEmpty ? "" :
                "<details><summary>stack (\(attribution.frames.count) frames)</summary><ol>"
                + attribution.frames.map { "<li><code>\(escape($0))</code></li>" }.joined() + "</ol></details>"
            return """
            <tr><td class="num">+\(escape(milliseconds(stall.startMilliseconds)))</td>\
            <td class="num">\(escape(milliseconds(stall.durationMilliseconds)))\(stall.ongoing ? " <em>ongoing</em>" : "")</td>\
            <td><span class="pill c-\(stall.category.rawValue)">\(escape(ReportVocabulary.name(of: stall.category)))</span></td>\
            <td>\(escape(ReportVocabulary.activity(of: stall)))</td>\
            <td>\(escape(attribution.taskName.map { "\"\($0)\"" } ?? "unnamed"))<br><span class="origin">\(escape(ReportVocabulary.origin(attribution.origin)))</span></td>\
            <td><code>\(escape(ReportVocabulary.culprit(of: stall)))</code>\(frames)\
            \(stall.test.map { "<br><span class=\"origin\">test \(escape($0))</span>" } ?? "")</td></tr>
            """
        }
        let listed = report.stalls.count < report.overBudget ? " (the \(report.stalls.count) worst of \(report.overBudget))" : ""
        return """
        <section>
        <h2>Stalls\(escape(listed))</h2>
        <table>
        <thead><tr><th>start</th><th>duration</th><th>category</th><th>main thread</th><th>task</th><th>code</th></tr></thead>
        <tbody>
        \(rows.joined(separator: "\n"))
        </tbody>
        </table>
        </section>
        """
    }

    /// `mainguard watch --tests`: the tests with a stall over budget, worst first, and the failed ones.
    private static func testTable(_ tests: [TestOutcome]) -> String {
        let escape = HTMLEscaping.escape
        let shown = ReportVocabulary.testsOverBudget(tests) + ReportVocabulary.testsFailedWithoutStall(tests)
        let rows = shown.map { test in
            """
            <tr><td><code>\(escape(test.name))</code></td><td>\(escape(test.library.rawValue))</td>\
            <td>\(test.passed ? "passed" : "<strong>failed</strong>")</td>\
            <td class="num">\(escape(ReportVocabulary.milliseconds(test.worstStallMilliseconds)))</td>\
            <td class="num">\(test.hangs)</td><td class="num">\(test.overBudget)</td></tr>
            """
        }
        let table = rows.isEmpty ? "<p class=\"empty\">No test caused a stall over budget.</p>" : """
            <table>
            <thead><tr><th>test</th><th>framework</th><th>result</th><th>worst stall</th><th>hangs</th><th>over budget</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            """
        return "<section>\n<h2>Tests</h2>\n<p class=\"meta\">\(escape(ReportVocabulary.testSummary(tests)))</p>\n\(table)\n</section>"
    }

    /// Category colours run from calm to alarming; the same classes colour bars, pills and swatches.
    private static let style = """
    :root { --ok: #9fb3c8; --over_budget: #e9c46a; --missed_frame: #f4a261; --hang: #e76f51; --severe_hang: #9d0208;
            --ink: #1f2933; --muted: #616e7c; --rule: #e4e7eb; }
    body { font: 14px/1.45 -apple-system, system-ui, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink);
           max-width: 1360px; margin: 24px auto; padding: 0 24px; background: #fff; }
    h1 { font-size: 22px; margin: 4px 0 6px; padding-left: 12px; border-left: 6px solid var(--ok); }
    h2 { font-size: 15px; margin: 28px 0 8px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
    .eyebrow, .meta { color: var(--muted); margin: 0; }
    .note { background: #fff4e5; border: 1px solid #f4a261; padding: 6px 10px; border-radius: 4px; }
    .v-over_budget { border-color: var(--over_budget); } .v-missed_frame { border-color: var(--missed_frame); }
    .v-hang { border-color: var(--hang); } .v-severe_hang { border-color: var(--severe_hang); }
    .figures { display: grid; grid-template-columns: repeat(6, 1fr); gap: 12px; margin-top: 18px; }
    .figure { border: 1px solid var(--rule); border-radius: 6px; padding: 10px 12px; }
    .figure .name { color: var(--muted); font-size: 12px; }
    .figure .value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
    .figure .detail { color: var(--muted); font-size: 12px; }
    .band-good { color: #2f855a; } .band-fair { color: #b7791f; } .band-poor { color: #c53030; }
    svg.timeline { width: 100%; height: auto; font-size: 11px; }
    svg .lane { fill: #f5f7fa; }
    svg .lane-label { fill: var(--muted); font-weight: 600; }
    svg .grid { stroke: var(--rule); stroke-width: 1; }
    svg .axis { stroke: var(--rule); stroke-width: 1; }
    svg .tick { fill: var(--muted); font-size: 10px; }
    svg .threshold { stroke-width: 1.2; stroke-dasharray: 5 3; }
    svg .threshold-label { font-size: 10px; font-weight: 600; }
    svg .stall.ongoing { stroke: var(--ink); stroke-dasharray: 2 2; }
    svg .threshold-halo { stroke: #fff; stroke-width: 3; opacity: .8; }
    .t-over_budget { stroke: #c9a227; } .t-missed_frame { stroke: #e07b24; } .t-hang { stroke: #d1495b; } .t-severe_hang { stroke: #6a040f; }
    .l-over_budget { fill: #a6841a; } .l-missed_frame { fill: #c0651a; } .l-hang { fill: #c0392b; } .l-severe_hang { fill: #6a040f; }
    .c-ok { fill: var(--ok); background: var(--ok); }
    .c-over_budget { fill: var(--over_budget); background: var(--over_budget); }
    .c-missed_frame { fill: var(--missed_frame); background: var(--missed_frame); }
    .c-hang { fill: var(--hang); background: var(--hang); }
    .c-severe_hang { fill: var(--severe_hang); background: var(--severe_hang); color: #fff; }
    rect.job:hover, rect.duration:hover, rect.stall:hover { stroke: var(--ink); stroke-width: 1; }
    .legend { list-style: none; padding: 0; margin: 8px 0 0; display: flex; flex-wrap: wrap; gap: 18px; color: var(--ink); }
    .legend .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
    .legend .bound, .legend .hint { color: var(--muted); }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; vertical-align: top; padding: 6px 10px; border-bottom: 1px solid var(--rule); }
    th { color: var(--muted); font-weight: 600; font-size: 12px; }
    td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
    .pill { border-radius: 10px; padding: 1px 8px; font-size: 12px; white-space: nowrap; }
    .origin { color: var(--muted); font-size: 12px; }
    details summary { cursor: pointer; color: var(--muted); }
    ol { margin: 4px 0; padding-left: 22px; font-size: 12px; }
    pre { background: #f5f7fa; padding: 12px; border-radius: 6px; overflow-x: auto; }
    .empty { color: var(--muted); }
    """
}
