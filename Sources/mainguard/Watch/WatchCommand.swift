import ArgumentParser
import Foundation
import MainGuard
import MainGuardExamples
import MainGuardExamplesSwift62

/// `mainguard watch WORKLOAD`: runs a sample workload under MainGuard's runtime and reports
/// every moment the main thread could not respond.
///
/// Synchronous on purpose: `Runtime.run` must own the main thread before the first main-actor
/// job, which an `AsyncParsableCommand` would already have started.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Runs your tests, any Swift program, or a sample workload, and reports main-thread stalls.",
        usage: """
            mainguard watch --tests [--package-path DIR] [--filter PATTERN] [options]
            mainguard watch [options] -- EXECUTABLE [ARGUMENTS...]
            mainguard watch [options] WORKLOAD
            """,
        discussion: """
            Every main-actor job is timed; a stall of 5 ms or more is over the continuous-interaction \
            budget, one of 100 ms or more is a hang. The report names the code that stalled, whether \
            the main thread was computing or blocked, and the hitch-time ratio. \
            --tests and `-- EXECUTABLE` preload MainGuard's agent (libMainGuardAgent, built beside this \
            binary by `swift build`) into the program: no code change. --tests also names the test each \
            stall belongs to. Exit status: 2 when --fail-on is met, else the program's own (1 when a test \
            failed). See `mainguard watch --list` for the workloads and Docs/report-schema.md for the JSON schema.
            """
    )

    @Argument(help: "The sample workload to run (see --list).")
    var workload: String?

    @Argument(parsing: .postTerminator, help: "After --: a Swift program and its arguments, run with the agent.")
    var command: [String] = []

    @Flag(help: "Build the package's tests (swift build --build-tests) and run them with the agent.")
    var tests = false

    @Option(help: "With --tests: the package's directory.")
    var packagePath: String = "."

    @Option(help: "With --tests: run only tests whose id matches this regular expression (as swift test --filter).")
    var filter: String?

    @Option(name: .customLong("configuration"), help: "With --tests: debug or release.")
    var buildConfiguration: String = "debug"

    @Flag(help: "With --tests: let Swift Testing run tests in parallel (stalls are then matched to tests less surely).")
    var parallel = false

    @Flag(help: "With --tests or an executable: measure without custom executors (a heartbeat on the main queue).")
    var heartbeat = false

    @Option(help: "Exit with status 2 when a stall reaches: hang (the hang threshold), budget (the budget), or never. Default: hang for --tests and programs, never for the sample workloads (they stall on purpose).")
    var failOn: FailOn?

    @Flag(help: "List the sample workloads with what each shows, and exit.")
    var list = false

    @Option(help: "The report's format: text (a terminal summary), json (schema in Docs/report-schema.md) or html (a page with a timeline).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "End the run after this many seconds (a workload's default: 60; a program's: none); a stall still going on is reported as ongoing.")
    var timeout: Double?

    @Option(name: .customLong("hang-ms"), help: "A stall at least this long is a hang (Apple: 100 ms for a discrete interaction).")
    var hangMilliseconds: Double = 100

    @Option(name: .customLong("budget-ms"), help: "A stall at least this long is over budget (Apple: 5 ms for per-frame work).")
    var budgetMilliseconds: Double = 5

    /// Every sample workload: the classic-settings ones and the Swift 6.2-settings ones.
    static var workloads: [Workload] { SampleWorkloads.all + Swift62Workloads.all }

    func validate() throws {
        let modes = [list, workload != nil, !command.isEmpty, tests].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError(modes == 0
                ? "Say what to watch: --tests, -- EXECUTABLE [ARGUMENTS...], or a sample workload (--list shows them)."
                : "Watch one thing at a time: --tests, -- EXECUTABLE, a workload, or --list.")
        }
        guard timeout.map({ $0 > 0 }) ?? true, hangMilliseconds > 0, budgetMilliseconds > 0 else {
            throw ValidationError("--timeout, --hang-ms and --budget-ms must be greater than zero.")
        }
        guard ["debug", "release"].contains(buildConfiguration) else {
            throw ValidationError("--configuration must be debug or release.")
        }
    }

    private var thresholds: Thresholds {
        var thresholds = Thresholds()
        thresholds.hangMilliseconds = hangMilliseconds
        thresholds.budgetMilliseconds = budgetMilliseconds
        return thresholds
    }

    func run() throws {
        if list {
            print(Self.listing(Self.workloads))
            return
        }
        if tests || !command.isEmpty {
            try watchProcess()
            return
        }
        guard let name = workload, let chosen = Self.workloads.first(where: { $0.name == name }) else {
            throw UnknownWorkload(name: workload ?? "", known: Self.workloads.map(\.name))
        }
        let delivery = ReportDelivery(format: format, output: output)
        var options = WatchOptions()
        options.thresholds.hangMilliseconds = hangMilliseconds
        options.thresholds.budgetMilliseconds = budgetMilliseconds
        options.timeout = .seconds(timeout ?? 60)
        // A main thread stuck for good never lets `Runtime.run` return: the watchdog hands over
        // the report at the timeout instead, and the process ends once it is written.
        // One report per run: if the stuck job ends while the timeout's report is being written,
        // `Runtime.run` returns the same report; the lock, never released by the handler (it exits),
        // keeps the main thread from writing it a second time.
        let oneReport = NSLock()
        options.onTimeout = { report in
            oneReport.lock()
            do {
                try delivery.deliver(report)
                Foundation.exit(ExitCode.success.rawValue)
            } catch {
                FileHandle.standardError.write(Data("mainguard: \(error)\n".utf8))
                Foundation.exit(ExitCode.failure.rawValue)
            }
        }
        let report = Runtime.run(chosen, options: options)
        oneReport.lock()
        try delivery.deliver(report)
        if (failOn ?? .never).isMet(by: report) { throw ExitCode(2) }
    }

    /// `--tests` or `-- EXECUTABLE`: the program runs under the agent; the report is delivered, then
    /// the exit status says whether `--fail-on` was met, or else how the program ended.
    private func watchProcess() throws {
        let processRun = WatchedProcessRun(agent: try Agent.locate(), thresholds: thresholds, heartbeat: heartbeat, timeout: timeout)
        let report: WatchdogReport
        if tests {
            let suite = TestSuiteWatch(packagePath: packagePath, configuration: buildConfiguration, filter: filter,
                                       parallel: parallel, processRun: processRun)
            report = try suite.run()
        } else {
            report = try processRun.run(command, workload: (command[0] as NSString).lastPathComponent).0
        }
        try ReportDelivery(format: format, output: output).deliver(report)
        if let problem = report.process?.agentProblem {
            FileHandle.standardError.write(Data("mainguard: \(problem)\n".utf8))
        }
        if (failOn ?? .hang).isMet(by: report) { throw ExitCode(2) }
        guard let ending = report.process, !ending.succeeded else { return }
        if tests { throw ExitCode(1) }
        throw ExitCode(ending.exitStatus ?? (128 + (ending.signal ?? 0)))
    }

    /// One line per workload: its name, then what it does and what a correct measurement shows.
    static func listing(_ workloads: [Workload]) -> String {
        let width = (workloads.map(\.name.count).max() ?? 0) + 2
        return workloads.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}

/// The three renderings of a report, as `--format` spells them.
/// When `mainguard watch` exits with status 2.
enum FailOn: String, ExpressibleByArgument, CaseIterable {
    case hang, budget, never

    func isMet(by report: WatchdogReport) -> Bool {
        switch self {
        case .hang: report.hangs > 0
        case .budget: report.overBudget > 0
        case .never: false
        }
    }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, html

    func render(_ report: WatchdogReport) throws -> String {
        switch self {
        case .text: TextReport.render(report)
        case .json: try JSONReport.render(report)
        case .html: HTMLReport.render(report)
        }
    }
}

/// Where and how a report goes: rendered in one format, to a file or standard output.
struct ReportDelivery: Sendable {
    var format: ReportFormat
    var output: String?

    func deliver(_ report: WatchdogReport) throws {
        let rendered = try format.render(report)
        if let output {
            try rendered.write(toFile: output, atomically: true, encoding: .utf8)
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
    }
}

/// A workload name that is not one of the samples; says which names exist.
struct UnknownWorkload: Error, CustomStringConvertible {
    var name: String
    var known: [String]

    var description: String {
        "no sample workload is named '\(name)'. Known workloads: \(known.joined(separator: ", ")) (see `mainguard watch --list`)."
    }
}
