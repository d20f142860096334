import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard settings PATH...`: which target compiles each file, and the settings the linter uses for it.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the target, module and concurrency settings the linter assigns to each file.",
        discussion: """
        Folders whose files all get the same assignment print once. Each setting says where it came from: \
        a Package.swift target, an Xcode target's configuration, or the fallback for files no target claims.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Argument(help: "Swift files or directories (default: the working directory).")
    var paths: [String] = []

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: "Skip paths matching this fnmatch glob (repeatable).")
    var exclude: [String] = []

    func run() throws {
        let report: SettingsReport
        do {
            report = try SettingsReport(paths: paths.isEmpty ? ["."] : paths, excludes: exclude)
        } catch let error as LintInputError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        print(format == .json ? report.json : report.text, terminator: "")
    }
}
