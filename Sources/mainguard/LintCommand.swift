import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard lint [PATH...]`: runs every rule and prints findings; exit 2 with an error finding.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find synchronous work that will run on the main actor.",
        discussion: """
        Reads .mainguard.yml from the working directory (or --config) and nested .mainguard.yml files below \
        the linted folders. Exit status: 0 without error findings, 2 with one (--strict or strict: true: any \
        finding), 1 for usage errors, configuration errors and unreadable paths.
        """
    )

    enum DefaultIsolation: String, ExpressibleByArgument, CaseIterable {
        case mainActor = "MainActor"
        case nonisolated
    }

    enum UpcomingFeature: String, ExpressibleByArgument, CaseIterable {
        case nonisolatedNonsendingByDefault = "NonisolatedNonsendingByDefault"
    }

    @Argument(help: "Swift files or directories to lint (default: the working directory).")
    var paths: [String] = []

    @Option(help: "The configuration file (default: .mainguard.yml in the working directory, when present).")
    var config: String?

    @Option(help: "Skip paths matching this fnmatch glob (repeatable), e.g. '*/Generated/*'.")
    var exclude: [String] = []

    @Option(help: "Output format: \(ReporterRegistry.names.joined(separator: ", ")) (default: the configuration's, else xcode).")
    var reporter: String?

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(help: "Treat warnings as errors for the exit status.")
    var strict = false

    @Option(help: "Override the detected default isolation: MainActor or nonisolated.")
    var defaultIsolation: DefaultIsolation?

    @Option(help: "Treat every file as compiled with this upcoming feature: NonisolatedNonsendingByDefault.")
    var upcomingFeature: [UpcomingFeature] = []

    @Option(help: "Report only findings not recorded in this baseline file.")
    var baseline: String?

    @Option(help: "Record today's findings in this baseline file.")
    var writeBaseline: String?

    @Option(help: "Cache folder (default: \(LintCache.defaultDirectory)).")
    var cachePath: String?

    @Flag(help: "Lint every file afresh, neither reading nor writing the cache.")
    var noCache = false

    @Flag(help: "Print only findings: no summary on standard error.")
    var quiet = false

    @Flag(help: "Also say on standard error which files no target claims (they get the fallback settings).")
    var verbose = false

    @Option(help: "Worker threads (default: all cores).")
    var threads: Int?

    @Flag(help: "Lint test code too: test targets and files that import XCTest or Testing (config: include_tests: true).")
    var includeTests = false

    @Flag(help: "Report in SwiftUI previews too: #Preview, PreviewProvider types, static preview fixtures (config: include_previews: true).")
    var includePreviews = false

    @Flag(help: "Report work whose cost the code does not show to be large too: single file, keychain and database calls, one pass over a collection, formatters in body (config: include_low_cost: true).")
    var includeLowCost = false

    func run() throws {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let lintPaths = paths.isEmpty ? ["."] : paths
        let configurations = try loadConfigurations(paths: lintPaths)
        let reporterName = reporter ?? configurations.root.reporter ?? ReporterRegistry.defaultName
        guard let chosenReporter = ReporterRegistry.reporter(named: reporterName) else {
            fail("error: unknown reporter '\(reporterName)'; known reporters: \(ReporterRegistry.names.joined(separator: ", "))")
        }
        var linter = TeamLinter(
            configurations: configurations, excludes: exclude,
            overrides: SettingsOverrides(
                defaultIsolationMainActor: defaultIsolation.map { $0 == .mainActor },
                nonisolatedNonsendingByDefault: upcomingFeature.contains(.nonisolatedNonsendingByDefault) ? true : nil),
            cache: noCache ? nil : LintCache(directory: URL(fileURLWithPath: cachePath ?? LintCache.defaultDirectory),
                                             toolVersion: ToolVersion.cacheIdentity),
            sourceRoot: workingDirectory, threads: threads,
            scope: LintScope(includeTests: includeTests, includePreviews: includePreviews, includeLowCost: includeLowCost))
        let knownBaseline = try baseline.map(readBaseline)
        // A baseline being written records every finding, so it is applied only afterwards.
        if writeBaseline == nil { linter.baseline = knownBaseline }
        var result: TeamLinter.Result
        do {
            result = try linter.lint(paths: lintPaths)
        } catch let error as LintInputError {
            fail("error: \(error.description)")
        }
        if let writeBaseline {
            try Baseline(findings: result.lint.findings, sourceRoot: workingDirectory).write(to: URL(fileURLWithPath: writeBaseline))
            if let knownBaseline {
                let fresh = knownBaseline.newFindings(in: result.lint.findings, sourceRoot: workingDirectory)
                result.baselinedCount = result.lint.findings.count - fresh.count
                result.lint.findings = fresh
            }
        }
        let report = chosenReporter.render(result.lint.findings, ReportContext(
            rules: RuleCatalog.metadata, toolVersion: ToolVersion.current, sourceRoot: workingDirectory))
        if let output {
            try report.write(toFile: output, atomically: true, encoding: .utf8)
        } else {
            print(report, terminator: "")
        }
        printDiagnostics(result)
        let status = result.exitCode(strict: strict || configurations.root.strict == true)
        if status != 0 { throw ExitCode(status) }
    }

    /// The root configuration (given, or found in the working directory) and the nested ones.
    private func loadConfigurations(paths: [String]) throws -> NestedConfigurations {
        let vocabulary = RuleCatalog.vocabulary
        let rootFile = config ?? (FileManager.default.fileExists(atPath: ConfigurationLoader.fileName) ? ConfigurationLoader.fileName : nil)
        do {
            let root = try rootFile.map { try ConfigurationLoader.load(file: $0, vocabulary: vocabulary) } ?? Configuration()
            let folders = paths.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
            return try NestedConfigurations.discover(root: root, rootFile: rootFile, under: folders, vocabulary: vocabulary)
        } catch let error as ConfigurationError {
            fail(error.description)
        }
    }

    private func readBaseline(_ path: String) throws -> Baseline {
        do {
            return try Baseline.read(from: URL(fileURLWithPath: path))
        } catch {
            fail("\(path):1: error: cannot read the baseline (\(error.localizedDescription)); write one with --write-baseline")
        }
    }

    private func printDiagnostics(_ result: TeamLinter.Result) {
        for skipped in result.lint.skipped {
            FileHandle.standardError.write(Data("skipped \(skipped.path): \(skipped.reason)\n".utf8))
        }
        if let warning = result.cacheWarning {
            FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
        }
        if verbose {
            FileHandle.standardError.write(Data(UnclaimedFiles.summary(result.unclaimedFiles).utf8))
        }
        guard !quiet else { return }
        var summary = result.lint.summary
        if result.baselinedCount > 0 { summary += "; \(result.baselinedCount) more in the baseline" }
        if result.filesFromCache > 0 { summary += "; \(result.filesFromCache) \(result.filesFromCache == 1 ? "file" : "files") from the cache" }
        if result.testFilesLeftOut > 0 { summary += "; \(result.testFilesLeftOut) test \(result.testFilesLeftOut == 1 ? "file" : "files") not linted (--include-tests)" }
        FileHandle.standardError.write(Data((summary + "\n").utf8))
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(1)
    }
}
