import Foundation
import XCTest
@testable import MainGuard

final class ReportsJSONTests: XCTestCase {
    func testRoundTripsThroughTheDecoder() throws {
        for report in [ReportFixtures.hangThenScroll, ReportFixtures.quiet, ReportFixtures.hostileNames] {
            let json = try JSONReport.render(report)
            XCTAssertEqual(try JSONReport.decode(Data(json.utf8)), report)
        }
    }

    func testHasTheDocumentedKeys() throws {
        let object = try jsonObject(ReportFixtures.hangThenScroll)
        XCTAssertEqual(Set(object.keys), [
            "schema_version", "workload", "mode", "duration_ms", "thresholds", "main_actor_jobs", "longest_stall_ms",
            "stalls", "hangs", "over_budget", "stall_counts", "hitch_time_ratio_ms_per_s", "job_duration_ms", "timeline",
        ])
        XCTAssertEqual(object["schema_version"] as? Int, JSONReport.schemaVersion)
        let thresholds = try XCTUnwrap(object["thresholds"] as? [String: Any])
        XCTAssertEqual(Set(thresholds.keys), ["hang_ms", "budget_ms", "severe_hang_ms", "refresh_rate_hz"])
        let stall = try XCTUnwrap((object["stalls"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(stall.keys), ["start_ms", "duration_ms", "cpu_ms", "category", "delay_imposed_ms", "ongoing", "attribution"])
        XCTAssertEqual(stall["category"] as? String, "severe_hang")
        let attribution = try XCTUnwrap(stall["attribution"] as? [String: Any])
        XCTAssertEqual(Set(attribution.keys), ["frames", "task_name", "origin", "summary"])
        XCTAssertEqual(attribution["origin"] as? String, "inherited_main_actor")
        let percentiles = try XCTUnwrap(object["job_duration_ms"] as? [String: Any])
        XCTAssertEqual(Set(percentiles.keys), ["p50", "p95", "p99", "max"])
        XCTAssertEqual(object["stall_counts"] as? [String: Int], ["severe_hang": 1, "missed_frame": 6, "over_budget": 6])
        let job = try XCTUnwrap((object["timeline"] as? [[String: Any]])?[1])
        XCTAssertEqual(Set(job.keys), ["start_ms", "duration_ms", "category", "label"])
    }

    func testRunQueueWaitAppearsOnlyWhereThePlatformSaysAndCountsAsBusy() throws {
        var report = ReportFixtures.hangThenScroll
        let stalls = { (report: WatchdogReport) throws -> [[String: Any]] in try XCTUnwrap(self.jsonObject(report)["stalls"] as? [[String: Any]]) }
        XCTAssertNil(try stalls(report)[0]["cpu_wait_ms"], "absent where it was not measured")
        report.stalls[0].cpuMilliseconds = 120
        XCTAssertFalse(report.stalls[0].isBusy, "120 ms of CPU in a 312 ms stall, nothing else known: blocked")
        report.stalls[0].cpuWaitMilliseconds = 170
        XCTAssertEqual(try stalls(report)[0]["cpu_wait_ms"] as? Double, 170)
        XCTAssertTrue(report.stalls[0].isBusy, "it computed whenever it had a core")
        XCTAssertTrue(TextReport.render(report).contains("busy (cpu 120 ms of 312 ms, waited 170 ms for a CPU)"), TextReport.render(report))
        XCTAssertEqual(try JSONReport.decode(Data(try JSONReport.render(report).utf8)), report)
    }

    func testNoteAppearsOnlyWhenSet() throws {
        XCTAssertNil(try jsonObject(ReportFixtures.quiet)["note"])
        var report = ReportFixtures.quiet
        report.note = "the workload threw"
        XCTAssertEqual(try jsonObject(report)["note"] as? String, "the workload threw")
    }

    func testKeysAreSortedAndPrettyPrinted() throws {
        let json = try JSONReport.render(ReportFixtures.quiet)
        let topLevelKeys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        XCTAssertEqual(topLevelKeys, topLevelKeys.sorted())
        XCTAssertGreaterThan(topLevelKeys.count, 10)
        XCTAssertTrue(json.hasSuffix("}\n"))
    }

    func testRefusesANewerSchema() throws {
        var object = try jsonObject(ReportFixtures.quiet)
        object["schema_version"] = JSONReport.schemaVersion + 1
        let data = try JSONSerialization.data(withJSONObject: object)
        XCTAssertThrowsError(try JSONReport.decode(data)) { error in
            XCTAssertTrue(error is JSONReport.UnsupportedSchemaVersion, "\(error)")
        }
    }

    private func jsonObject(_ report: WatchdogReport) throws -> [String: Any] {
        let json = try JSONReport.render(report)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
