import Foundation
import PackagePlugin

/// `swift package mainguard [--target NAME ...] [lint options]`: lints every Swift source target
/// of the package (or the named ones), each with its own Swift settings, and fails when a
/// finding is an error.
///
/// The settings come from each target itself: the linter reads the package's `Package.swift`
/// (default isolation, upcoming features) for every target whose sources it lints, and the
/// package's `.mainguard.yml` applies as on the command line (the linter runs in the package folder).
@main
struct MainGuardCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let directories = targets.compactMap { $0 as? SwiftSourceModuleTarget }.map(\.directoryURL.path)
        guard !directories.isEmpty else {
            Diagnostics.remark("MainGuard: the package has no Swift source targets to lint")
            return
        }
        let tool = try context.tool(named: "mainguard")
        let process = Process()
        process.executableURL = tool.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = ["lint", "--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
            + extractor.remainingArguments + directories
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("MainGuard found errors (exit status \(process.terminationStatus))")
            throw MainGuardFailed(status: process.terminationStatus)
        }
    }
}

struct MainGuardFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "mainguard lint exited with status \(status)" }
}
