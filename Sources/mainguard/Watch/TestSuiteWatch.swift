import Foundation
import MainGuard

/// `mainguard watch --tests`: builds a package's tests and runs its test binary under the agent,
/// once for XCTest and once for Swift Testing (as `swift test` does), then names each stall's test.
///
/// What is exact and what is inferred (README, "Watch your own tests"): stall lengths, stacks and
/// task origins are measured; the test a stall belongs to is matched by time against the times the
/// test frameworks report (XCTest's console lines, Swift Testing's event stream), through the stalled
/// task's start where the executors saw it. Swift Testing's tests run one at a time (`--no-parallel`)
/// so that the match is unambiguous, unless `--parallel` is given.
struct TestSuiteWatch {
    var packagePath: String
    var configuration: String
    var filter: String?
    var parallel: Bool
    var processRun: WatchedProcessRun

    func run() throws -> WatchdogReport {
        let binary = try buildTests()
        var reports: [WatchdogReport] = []
        if let xctest = try xctestPass(binary) { reports.append(xctest) }
        if let swiftTesting = try swiftTestingPass(binary) { reports.append(swiftTesting) }
        let name = "tests of \(URL(fileURLWithPath: packagePath).standardizedFileURL.lastPathComponent)"
        guard var report = ReportMerge.merge(reports, workload: name) else {
            throw WatchError("no tests in \(binary)\(filter.map { " match --filter \($0)" } ?? "")")
        }
        let statuses = reports.compactMap(\.process)
        let problems = statuses.compactMap(\.agentProblem)
        report.process = WatchedProcess(command: [binary],
                                        exitStatus: statuses.allSatisfy { $0.signal == nil } ? statuses.compactMap(\.exitStatus).max() : nil,
                                        signal: statuses.compactMap(\.signal).first,
                                        agentProblem: problems.isEmpty ? nil : problems.joined(separator: " "))
        return report
    }

    /// `swift build --build-tests`, then the test binary's path.
    private func buildTests() throws -> String {
        FileHandle.standardError.write(Data("mainguard: building the tests of \(packagePath) (swift build --build-tests -c \(configuration))\n".utf8))
        let arguments = ["-c", configuration, "--package-path", packagePath]
        let build = try Subprocess.output(of: ["swift", "build", "--build-tests"] + arguments)
        guard build.status == 0 else {
            throw WatchError("swift build --build-tests failed:\n" + build.text.split(separator: "\n").suffix(30).joined(separator: "\n"))
        }
        let binPath = try Subprocess.output(of: ["swift", "build", "--show-bin-path"] + arguments)
        let directory = binPath.text.split(separator: "\n").last.map(String.init) ?? ""
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard let bundle = contents.first(where: { $0.hasSuffix("PackageTests.xctest") }) else {
            throw WatchError("no test binary (*PackageTests.xctest) in \(directory): does the package have a test target?")
        }
        let path = "\(directory)/\(bundle)"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WatchError("""
                \(path) is a test bundle, as on Apple platforms: `watch --tests` runs a test executable, as \
                SwiftPM builds on Linux. On macOS, run the tests with the agent through \
                `mainguard watch -- xcrun xctest \(path)` (not verified: no Mac was available).
                """)
        }
        return path
    }

    /// XCTest's tests (those matching the filter), when there are any.
    private func xctestPass(_ binary: String) throws -> WatchdogReport? {
        let listing = try Subprocess.output(of: [binary, "--list-tests"])
        var names = listing.text.split(separator: "\n").map(String.init).filter { $0.contains("/") && !$0.contains(" ") }
        if let filter {
            let pattern = try Regex(filter)
            names = names.filter { $0.contains(pattern) }
        }
        guard !names.isEmpty else { return nil }
        let selection = filter == nil ? [] : [names.joined(separator: ",")]
        let (report, output) = try processRun.run([binary] + selection, workload: "XCTest", captureOutput: true)
        return TestAttribution.attribute(report, spans: XCTestOutput.spans(from: output))
    }

    /// Swift Testing's tests, with their event stream, when there are any (a binary without them
    /// exits 69, EX_UNAVAILABLE, as SwiftPM expects).
    private func swiftTestingPass(_ binary: String) throws -> WatchdogReport? {
        var listing = [binary, "--testing-library", "swift-testing", "--list-tests"]
        if let filter { listing += ["--filter", filter] }
        let listed = try Subprocess.output(of: listing)
        guard listed.status == 0, listed.text.contains("/") else { return nil }
        let events = FileManager.default.temporaryDirectory
            .appendingPathComponent("mainguard-events-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: events) }
        var command = [binary, "--testing-library", "swift-testing",
                       "--event-stream-output-path", events, "--event-stream-version", "0"]
        if !parallel { command.append("--no-parallel") }
        if let filter { command += ["--filter", filter] }
        let (report, _) = try processRun.run(command, workload: "Swift Testing")
        let spans = SwiftTestingEventStream.spans(fromJSONLines: FileManager.default.contents(atPath: events) ?? Data())
        // The listing does not apply --filter: a filter that leaves nothing ends the run with 69 too.
        if spans.isEmpty, report.process?.exitStatus == 69 { return nil }
        return TestAttribution.attribute(report, spans: spans)
    }
}
