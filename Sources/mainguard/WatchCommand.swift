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
        abstract: "Runs a sample workload under MainGuard's runtime and reports main-thread stalls.",
        discussion: """
            Every main-actor job is timed; a stall of 5 ms or more is over the continuous-interaction \
            budget, one of 100 ms or more is a hang. The report names the code that stalled, whether \
            the main thread was computing or blocked, and the hitch-time ratio. \
            See `mainguard watch --list` for the workloads and Docs/report-schema.md for the JSON schema.
            """
    )

    @Argument(help: "The sample workload to run (see --list).")
    var workload: String?

    @Flag(help: "List the sample workloads with what each shows, and exit.")
    var list = false

    @Option(help: "The report's format: text (a terminal summary), json (schema in Docs/report-schema.md) or html (a page with a timeline).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "End the run after this many seconds; a stall still going on is reported as ongoing.")
    var timeout: Double = 60

    @Option(name: .customLong("hang-ms"), help: "A stall at least this long is a hang (Apple: 100 ms for a discrete interaction).")
    var hangMilliseconds: Double = 100

    @Option(name: .customLong("budget-ms"), help: "A stall at least this long is over budget (Apple: 5 ms for per-frame work).")
    var budgetMilliseconds: Double = 5

    /// Every sample workload: the classic-settings ones and the Swift 6.2-settings ones.
    static var workloads: [Workload] { SampleWorkloads.all + Swift62Workloads.all }

    func validate() throws {
        guard list || workload != nil else {
            throw ValidationError("Name a workload to watch, or pass --list to see them.")
        }
        guard timeout > 0, hangMilliseconds > 0, budgetMilliseconds > 0 else {
            throw ValidationError("--timeout, --hang-ms and --budget-ms must be greater than zero.")
        }
    }

    func run() throws {
        if list {
            print(Self.listing(Self.workloads))
            return
        }
        guard let name = workload, let chosen = Self.workloads.first(where: { $0.name == name }) else {
            throw UnknownWorkload(name: workload ?? "", known: Self.workloads.map(\.name))
        }
        let delivery = ReportDelivery(format: format, output: output)
        var options = WatchOptions()
        options.thresholds.hangMilliseconds = hangMilliseconds
        options.thresholds.budgetMilliseconds = budgetMilliseconds
        options.timeout = .seconds(timeout)
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
    }

    /// One line per workload: its name, then what it does and what a correct measurement shows.
    static func listing(_ workloads: [Workload]) -> String {
        let width = (workloads.map(\.name.count).max() ?? 0) + 2
        return workloads.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }
}

/// The three renderings of a report, as `--format` spells them.
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
