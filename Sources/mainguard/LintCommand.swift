import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard lint PATH...`: runs every rule and prints findings; exit 2 with an error finding.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find synchronous work that will run on the main actor.",
        discussion: "Exit status: 0 without error findings, 2 with one (--strict: any finding), 1 for usage errors and unreadable paths."
    )

    enum Reporter: String, ExpressibleByArgument, CaseIterable {
        case xcode, json
    }

    enum DefaultIsolation: String, ExpressibleByArgument, CaseIterable {
        case mainActor = "MainActor"
        case nonisolated
    }

    enum UpcomingFeature: String, ExpressibleByArgument, CaseIterable {
        case nonisolatedNonsendingByDefault = "NonisolatedNonsendingByDefault"
    }

    @Argument(help: "Swift files or directories to lint.")
    var paths: [String]

    @Option(help: "Skip paths matching this fnmatch glob (repeatable), e.g. '*/Generated/*'.")
    var exclude: [String] = []

    @Option(help: "Output format: xcode or json.")
    var reporter: Reporter = .xcode

    @Flag(help: "Treat warnings as errors for the exit status.")
    var strict = false

    @Option(help: "Override the detected default isolation: MainActor or nonisolated.")
    var defaultIsolation: DefaultIsolation?

    @Option(help: "Treat every file as compiled with this upcoming feature: NonisolatedNonsendingByDefault.")
    var upcomingFeature: [UpcomingFeature] = []

    @Option(help: "Worker threads (default: all cores).")
    var threads: Int?

    func run() throws {
        let configuration = LintConfiguration(
            excludes: exclude,
            overrides: SettingsOverrides(
                defaultIsolationMainActor: defaultIsolation.map { $0 == .mainActor },
                nonisolatedNonsendingByDefault: upcomingFeature.contains(.nonisolatedNonsendingByDefault) ? true : nil),
            threads: threads)
        let result: LintResult
        do {
            result = try Linter(configuration: configuration).lint(paths: paths)
        } catch let error as LintInputError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        switch reporter {
        case .xcode: print(XcodeReporter.render(result.findings), terminator: "")
        case .json: print(JSONReporter.render(result.findings), terminator: "")
        }
        for skipped in result.skipped {
            FileHandle.standardError.write(Data("skipped \(skipped.path): \(skipped.reason)\n".utf8))
        }
        FileHandle.standardError.write(Data((result.summary + "\n").utf8))
        let status = result.exitCode(strict: strict)
        if status != 0 { throw ExitCode(status) }
    }
}
