import Foundation
import MainGuard

/// One process run under the agent: started, waited for, and its report read back.
struct WatchedProcessRun {
    var agent: Agent
    var thresholds: Thresholds
    var heartbeat: Bool
    var timeout: Double?

    /// Runs `command` under the agent. The report always comes back: when the agent could not
    /// watch, it is empty and `process.agentProblem` says why.
    func run(_ command: [String], workload: String, captureOutput: Bool = false) throws -> (WatchdogReport, output: String) {
        let executable = try Self.resolve(command[0])
        if let mismatch = agent.runtimeMismatch(with: executable) { throw WatchError(mismatch) }
        let reportPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("mainguard-agent-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: reportPath) }
        let environment = agent.environment(report: reportPath, thresholds: thresholds, heartbeat: heartbeat)
        let (ending, output) = try Subprocess.run([executable] + command.dropFirst(), environment: environment,
                                                  timeout: timeout, captureOutput: captureOutput)
        var report = Self.readReport(at: reportPath, workload: workload, thresholds: thresholds)
        var process = report.process ?? WatchedProcess(command: command)
        process.command = command
        process.exitStatus = ending.status
        process.signal = ending.signal
        report.process = process
        return (report, output)
    }

    /// The report the agent wrote, or an empty one that says why there is none.
    static func readReport(at path: String, workload: String, thresholds: Thresholds) -> WatchdogReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            return empty(workload: workload, thresholds: thresholds, problem: """
                the agent wrote no report: it was not loaded (a set-user-ID or statically linked program ignores \
                the preload variable), or the process was killed with SIGKILL before it could write one.
                """)
        }
        if let report = try? JSONReport.decode(data) { return report }
        struct Disabled: Decodable { var agent_problem: String }
        let problem = (try? JSONDecoder().decode(Disabled.self, from: data))?.agent_problem
            ?? "the agent's report could not be read (\(data.count) bytes)."
        return empty(workload: workload, thresholds: thresholds, problem: problem)
    }

    static func empty(workload: String, thresholds: Thresholds, problem: String) -> WatchdogReport {
        var report = WatchdogReport(
            workload: workload, mode: .executor, durationMilliseconds: 0, thresholds: thresholds, mainActorJobs: 0,
            longestStallMilliseconds: 0, stalls: [], hangs: 0, overBudget: 0, stallCounts: [:],
            hitchTimeRatioMillisecondsPerSecond: 0, jobDurationMilliseconds: DurationPercentiles(p50: 0, p95: 0, p99: 0, max: 0),
            timeline: [], note: "MainGuard measured nothing: \(problem)")
        report.process = WatchedProcess(command: [], agentProblem: problem)
        return report
    }

    /// A command name without a slash is looked up in PATH, as a shell would.
    static func resolve(_ name: String) throws -> String {
        if name.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: name) else { throw WatchError("\(name) is not an executable file.") }
            return name
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw WatchError("\(name): command not found in PATH.")
    }
}
