import Foundation
import XCTest

/// The runtime and watchdog under load and under misbehaving workloads. Executors are process-wide,
/// so every scenario runs in its own `mainguard-stress` process; these tests check how each ends.
final class RuntimeStressTests: XCTestCase {
    func testMillionMainActorJobsKeepMemoryFlatAndReportEveryPlantedHangOnce() throws {
        // Sanitizer runs in `.ci/run` use fewer jobs: ThreadSanitizer slows every hop tenfold.
        let jobs = ProcessInfo.processInfo.environment["MAINGUARD_STRESS_JOBS"].flatMap { Int($0) } ?? 1_000_000
        let figures = try stress(["jobs", "\(jobs)"])
        XCTAssertEqual(figures["main-actor jobs run"], "\(jobs)")
        XCTAssertGreaterThanOrEqual(Int(figures["jobs recorded by the runtime"] ?? "") ?? 0, jobs)
        assertEveryPlantedHangReportedOnce(figures, planted: jobs / 100_000)
        assertMemoryFlat(figures, limitMB: 64)
    }

    func testTenThousandConcurrentTasksThatThrowAndCancel() throws {
        let figures = try stress(["tasks", "10000"])
        XCTAssertEqual(figures["tasks run"], "50000")
        let returned = Int(figures["tasks returned"] ?? "") ?? 0, threw = Int(figures["tasks threw"] ?? "") ?? 0
        let cancelled = Int(figures["tasks cancelled"] ?? "") ?? 0
        XCTAssertEqual(returned + threw + cancelled, 50_000)
        // Every 5th task is cancelled while it sleeps; the rest throw when their number is a multiple of 7.
        XCTAssertEqual(cancelled, 10_000)
        XCTAssertEqual(threw, (0..<10_000).count { $0 % 5 != 0 && $0 % 7 == 0 } * 5)
        assertEveryPlantedHangReportedOnce(figures, planted: 5)
        assertMemoryFlat(figures, limitMB: 64)
    }

    func testMainThreadBlockedForeverStillGetsAReportAtTheTimeout() throws {
        let run = try scenario(["blocked"])
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        XCTAssertEqual(run.termination, .exit(0), output + run.standardError)
        XCTAssertTrue(output.contains("stress: ongoing stalls: 1"), output)
        XCTAssertGreaterThanOrEqual(Int(figures(output)["ongoing stall ms"] ?? "") ?? 0, 1_500, output)
        XCTAssertLessThan(run.seconds, 30, "the report must arrive at the 2 s timeout, not whenever")
    }

    func testWorkloadThatCallsExitEndsTheProcessWithItsStatus() throws {
        let run = try scenario(["exit"])
        XCTAssertEqual(run.termination, .exit(3), run.standardError)
        XCTAssertLessThan(run.seconds, 30)
    }

    func testNestedRunStopsWithAClearErrorInsteadOfDeadlocking() throws {
        let run = try scenario(["nested"])
        XCTAssertFalse(run.timedOut, "a nested Runtime.run deadlocked")
        guard case .signal = run.termination else { return XCTFail("expected a precondition failure, got \(run.termination)") }
        XCTAssertTrue(run.standardError.contains("Runtime.run was called while another Runtime.run is running"), run.standardError)
        XCTAssertFalse(String(decoding: run.standardOutput, as: UTF8.self).contains("the nested run returned"))
    }

    func testInstallingTwiceIsHandledWithoutHangingOrLosingTheReport() throws {
        let run = try scenario(["install-twice"])
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        XCTAssertFalse(run.timedOut, "a second installation deadlocked")
        XCTAssertEqual(run.termination, .exit(0), output + run.standardError)
        XCTAssertTrue(output.contains("second installation ran; hangs: 1"), output)
    }

    func testExecutorsInstalledBeforeMainGuardAreAClearError() throws {
        try assertStopsWithClearError(["foreign-first"], saying: [
            "MainGuard cannot install its executors: this process already installed its own",
            "ForwardingMainExecutor",   // names the executor in the way
        ], neverPrints: "went ahead")
    }

    func testExecutorsReplacedAfterMainGuardInstalledAreAClearError() throws {
        try assertStopsWithClearError(["replaced"], saying: ["MainGuard's executors were replaced after it installed them"],
                                      neverPrints: "a session started")
    }

    /// The scenario ends promptly by a precondition failure whose message has every phrase.
    private func assertStopsWithClearError(_ arguments: [String], saying phrases: [String], neverPrints: String,
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try scenario(arguments)
        XCTAssertFalse(run.timedOut, "\(arguments) hung", file: file, line: line)
        guard case .signal = run.termination else {
            return XCTFail("expected a precondition failure, got \(run.termination)", file: file, line: line)
        }
        for phrase in phrases {
            XCTAssertTrue(run.standardError.contains(phrase), run.standardError, file: file, line: line)
        }
        XCTAssertFalse(String(decoding: run.standardOutput, as: UTF8.self).contains(neverPrints), file: file, line: line)
    }

    func testTaskThatTrapsEndsTheProcessWithoutAHang() throws {
        let run = try scenario(["crash"])
        XCTAssertFalse(run.timedOut, "a trapping task left the process hanging")
        guard case .signal = run.termination else { return XCTFail("expected the trap's signal, got \(run.termination)") }
        XCTAssertTrue(run.standardError.contains("stress: trapping now"), run.standardError)
    }

    // MARK: Helpers

    private func binary() throws -> String {
        // `.ci/run` points this at a sanitizer build of the same executable.
        if let override = ProcessInfo.processInfo.environment["MAINGUARD_STRESS_BINARY"] { return override }
        let mainguard = try Package.mainguard()
        return (mainguard as NSString).deletingLastPathComponent + "/mainguard-stress"
    }

    /// Runs one scenario; a sanitizer report (when `.ci/run` points at a sanitizer build) fails the test.
    private func scenario(_ arguments: [String], timeout: Double = 60, line: UInt = #line) throws -> ChildProcess {
        let run = try ChildProcess.run(try binary(), arguments, timeout: timeout)
        XCTAssertFalse(run.standardError.contains("Sanitizer:"), run.standardError, line: line)
        return run
    }

    private func stress(_ arguments: [String]) throws -> [String: String] {
        let run = try scenario(arguments, timeout: 600)
        let output = String(decoding: run.standardOutput, as: UTF8.self)
        XCTAssertEqual(run.termination, .exit(0), output + run.standardError)
        for line in output.split(separator: "\n") where line.hasPrefix("stress: ") { print("hardening: \(arguments[0]): \(line.dropFirst(8))") }
        print(String(format: "hardening: %@: peak RSS %.0f MB, %.1f s", arguments[0], run.peakMemoryMB, run.seconds))
        return figures(output)
    }

    private func figures(_ output: String) -> [String: String] {
        var figures: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("stress: ") {
            let parts = line.dropFirst(8).split(separator: ":", maxSplits: 1)
            if parts.count == 2 { figures[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return figures
    }

    private func assertEveryPlantedHangReportedOnce(_ figures: [String: String], planted: Int, line: UInt = #line) {
        XCTAssertEqual(figures["planted hangs"], "\(planted)", line: line)
        XCTAssertEqual(figures["planted hangs reported exactly once"], "\(planted)", "\(figures)", line: line)
    }

    private func assertMemoryFlat(_ figures: [String: String], limitMB: Double, line: UInt = #line) {
        let growth = Double(figures["resident MB growth after first planted hang"] ?? "") ?? .infinity
        XCTAssertLessThan(growth, limitMB, "resident memory grew \(growth) MB under steady load", line: line)
    }
}
