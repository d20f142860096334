import XCTest
@testable import MainGuard

final class ReportsHTMLTests: XCTestCase {
    func testIsOneSelfContainedPage() {
        let html = HTMLReport.render(ReportFixtures.hangThenScroll)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(occurrences(of: "<svg", in: html), 1)
        XCTAssertEqual(occurrences(of: "</svg>", in: html), 1)
        for element in ["html", "head", "body", "table", "section", "details", "title"] {
            let opened = occurrences(of: "<\(element)>", in: html) + occurrences(of: "<\(element) ", in: html)
            XCTAssertEqual(opened, occurrences(of: "</\(element)>", in: html), element)
        }
        for external in ["<script", "<link", "src=", "href=", "@import", "url("] {
            XCTAssertFalse(html.contains(external), "external asset \(external)")
        }
    }

    func testDrawsOneBarPerTimelineJobColouredByCategory() {
        let report = ReportFixtures.hangThenScroll
        let html = HTMLReport.render(report)
        XCTAssertEqual(occurrences(of: "<rect class=\"job ", in: html), report.timeline.count)
        XCTAssertEqual(occurrences(of: "<rect class=\"job c-severe_hang\"", in: html), 1)
        XCTAssertEqual(occurrences(of: "<rect class=\"job c-missed_frame\"", in: html), 6)
        XCTAssertEqual(occurrences(of: "<rect class=\"job c-over_budget\"", in: html), 6)
        XCTAssertEqual(occurrences(of: "<rect class=\"job c-ok\"", in: html), report.timeline.count - 13)
        XCTAssertEqual(occurrences(of: "<rect class=\"stall ", in: html), report.stalls.count)
    }

    func testDrawsTheThresholdLines() {
        var report = ReportFixtures.quiet
        report.thresholds.hangMilliseconds = 150
        let html = HTMLReport.render(report)
        for category in StallCategory.allCases {
            XCTAssertEqual(occurrences(of: "<line class=\"threshold t-\(category.rawValue)\"", in: html), 1, "\(category)")
        }
        for label in ["budget 5 ms", "frame 8.3 ms", "hang 150 ms", "severe 250 ms"] {
            XCTAssertTrue(html.contains(">\(label)</text>"), label)
        }
    }

    func testHoverTextCarriesTheAttribution() {
        let html = HTMLReport.render(ReportFixtures.hangThenScroll)
        XCTAssertTrue(html.contains("<title>severe hang: 312 ms at +1.1 ms\nmain thread busy (cpu 310 ms of 312 ms)\n"
            + "doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()\n"
            + "task &quot;tap&quot;, Task { } that inherited the main actor\n  doLongRunningWork()"))
    }

    func testEscapesEveryStringFromTheWorkload() {
        let html = HTMLReport.render(ReportFixtures.hostileNames)
        for raw in ["<script", "<img", "<b>", "</title><script>", "Foo<Bar>"] {
            XCTAssertFalse(html.contains(raw), "unescaped \(raw)")
        }
        for escaped in ["&lt;script&gt;alert(&#39;w&#39;)&lt;/script&gt;", "&lt;img src=x onerror=alert(1)&gt;",
                        "Foo&lt;Bar&gt;.run() &amp; friends", "&lt;b&gt;after&lt;/b&gt;"] {
            XCTAssertTrue(html.contains(escaped), "missing \(escaped)")
        }
    }

    func testQuietRunSaysSo() {
        let html = HTMLReport.render(ReportFixtures.quiet)
        XCTAssertTrue(html.contains("<h1 class=\"verdict v-ok\">No stall over 5 ms</h1>"))
        XCTAssertTrue(html.contains("No main-actor job reached the 5 ms budget."))
        XCTAssertEqual(occurrences(of: "<rect class=\"stall ", in: html), 0)
    }

    func testTimeTicksFallOnRoundNumbers() {
        XCTAssertEqual(HTMLTimeline.niceStep(82), 100)
        XCTAssertEqual(HTMLTimeline.niceStep(31), 50)
        XCTAssertEqual(HTMLTimeline.niceStep(0.15), 0.2)
        XCTAssertEqual(HTMLTimeline.niceStep(1000), 1000)
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
