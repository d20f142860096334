import Foundation
import MainGuard
import XCTest

/// The `watch` command's own behaviour: listing, formats, output files, errors.
final class WatchCommandTests: XCTestCase {
    func testListShowsEveryWorkloadWithItsSummary() throws {
        let result = try MainGuardCLI.run(["watch", "--list"])
        XCTAssertEqual(result.status, 0)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 8, result.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("hang-later ") && $0.contains("doLongRunningWork()") }, result.standardOutput)
    }

    func testUnknownWorkloadIsAnErrorNamingTheKnownOnes() throws {
        let result = try MainGuardCLI.run(["watch", "no-such-thing"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("no sample workload is named 'no-such-thing'"), result.standardError)
        XCTAssertTrue(result.standardError.contains("hang-later, no-hang, detached"), result.standardError)
        XCTAssertEqual(result.standardOutput, "")
    }

    func testTextIsTheDefaultAndThresholdsAreApplied() throws {
        let result = try MainGuardCLI.run(["watch", "no-hang", "--hang-ms", "150", "--budget-ms", "7"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("thresholds  budget 7 ms · frame 8.3 ms (120 Hz) · hang 150 ms · "),
                      result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("workload    no-hang"), result.standardOutput)
    }

    func testTimeoutReportsTheStallStillGoingOn() throws {
        // hang-later's main-actor job computes for ~300 ms: a 150 ms timeout ends the run inside it.
        let result = try MainGuardCLI.run(["watch", "hang-later", "--format", "json", "--timeout", "0.15"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let report = try JSONReport.decode(Data(result.standardOutput.utf8))
        XCTAssertTrue(report.note?.contains("Timed out") == true, String(describing: report.note))
        XCTAssertTrue(report.stalls.contains { $0.ongoing && $0.durationMilliseconds >= 100 }, TextReport.render(report))
    }

    func testHTMLGoesToTheOutputFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try MainGuardCLI.run(["watch", "hang-later", "--format", "html", "--output", file.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        let html = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<rect class=\"job c-severe_hang\""), "the 300 ms job is drawn as a severe hang")
    }
}
