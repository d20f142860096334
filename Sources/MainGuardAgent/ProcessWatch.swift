import CMainGuardAgent
import Foundation
import MainGuard

/// The agent's whole-process watch session: started before `main`, reported once, when the process
/// exits or a signal ends it.
///
/// What `mainguard watch` passes in the environment:
/// - `MAINGUARD_AGENT_REPORT`: the file the JSON report goes to (required);
/// - `MAINGUARD_HANG_MS`, `MAINGUARD_BUDGET_MS`: the thresholds;
/// - `MAINGUARD_MEASUREMENT=heartbeat`: measure without custom executors.
///
/// The agent must never make the process fail: it starts nothing it cannot stop, and when it cannot
/// watch it writes a report that says why instead.
enum ProcessWatch {
    private struct Running: Sendable {
        var session: WatchSession
        var reportPath: String
        var command: [String]
    }

    /// The session until the report is written: the first `finish` takes it.
    private static let running = Protected<Running?>(nil)

    static func start(environment: [String: String]) {
        guard let reportPath = environment["MAINGUARD_AGENT_REPORT"], !reportPath.isEmpty else { return }
        // Processes this one starts inherit the environment; the agent is not preloaded into them
        // (the constructor took it out of LD_PRELOAD), and they must not overwrite this report.
        unsetenv("MAINGUARD_AGENT_REPORT")
        var options = WatchOptions()
        if let hang = environment["MAINGUARD_HANG_MS"].flatMap(Double.init), hang > 0 { options.thresholds.hangMilliseconds = hang }
        if let budget = environment["MAINGUARD_BUDGET_MS"].flatMap(Double.init), budget > 0 { options.thresholds.budgetMilliseconds = budget }
        options.maxListedStalls = 500
        options.measurement = MeasurementRequest.environment
        if options.measurement == .automatic { Runtime.installForTesting() }
        // Another copy of MainGuard in this process (a test target's MainGuardTesting) must not try
        // to install executors of its own: it measures in heartbeat mode instead.
        setenv(Runtime.agentEnvironmentVariable, "\(getpid())", 1)
        let session = Watchdog.start(workload: CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "process",
                                     options: options)
        running.withLock { $0 = Running(session: session, reportPath: reportPath, command: CommandLine.arguments) }
        atexit { ProcessWatch.finish(signal: nil) }
        let signals = mainguard_agent_watch_signals(3_000)
        if signals >= 0 {
            let thread = Thread {
                var byte: UInt8 = 0
                while read(signals, &byte, 1) != 1 { if errno != EINTR { return } }
                ProcessWatch.finish(signal: Int32(byte))
                mainguard_agent_report_written()
            }
            thread.name = "MainGuard agent signals"
            thread.start()
        }
    }

    /// Stops the session and writes the report; the first call wins, later ones return at once.
    static func finish(signal: Int32?) {
        guard let state = running.withLock({ running in
            defer { running = nil }
            return running
        }) else { return }
        var report = state.session.stop(note: signal.map { "The process received signal \($0)." })
        report.process = WatchedProcess(command: state.command, signal: signal)
        do {
            try JSONReport.render(report).write(toFile: state.reportPath, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("mainguard agent: could not write the report to \(state.reportPath): \(error)\n".utf8))
        }
    }
}
