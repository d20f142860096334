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

    @Option(help: "The configuration whose default_isolation and upcoming_features cover files no target claims (default: .mainguard.yml in the working directory, when present).")
    var config: String?

    func run() throws {
        let paths = paths.isEmpty ? ["."] : paths
        let report: SettingsReport
        do {
            report = try SettingsReport(paths: paths, excludes: exclude, configurations: try configurations(paths: paths))
        } catch let error as LintInputError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(1)
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(1)
        }
        print(format == .json ? report.json : report.text, terminator: "")
    }

    /// The root configuration (given, or in the working directory) and those nested under the folders, as `lint` reads them.
    private func configurations(paths: [String]) throws -> NestedConfigurations {
        let rootFile = config ?? (FileManager.default.fileExists(atPath: ConfigurationLoader.fileName) ? ConfigurationLoader.fileName : nil)
        let root = try rootFile.map { try ConfigurationLoader.load(file: $0, vocabulary: RuleCatalog.vocabulary) } ?? Configuration()
        let folders = paths.filter { (try? URL(fileURLWithPath: $0).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        return try NestedConfigurations.discover(root: root, rootFile: rootFile, under: folders, vocabulary: RuleCatalog.vocabulary)
    }
}
