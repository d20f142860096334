import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every `swift build` (and Xcode build) and prints the findings
/// in compiler format, which SwiftPM and Xcode show as warnings and errors at the source line.
///
/// The command declares no outputs, so the build system runs it on every build and the findings
/// do not vanish on an incremental build; the linter's cache keeps that cheap. Warnings never fail
/// the build (the linter exits 0 for them); findings with severity error do, as compiler errors would.
@main
struct MainGuardBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        // The target's folder, so nested .mainguard.yml files in it apply; the linter reads the
        // target's Swift settings from the package's Package.swift above it.
        return [try lintCommand(
            tool: context.tool(named: "mainguard").url, name: target.name, lintedPaths: [target.directoryURL.path],
            sources: sources, projectDirectory: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL
        )]
    }
}

/// The one command SwiftPM and Xcode targets both run.
private func lintCommand(
    tool: URL, name: String, lintedPaths: [String], sources: [URL], projectDirectory: URL, workDirectory: URL
) -> Command {
    let configuration = projectDirectory.appendingPathComponent(".mainguard.yml")
    let configurationArguments = FileManager.default.fileExists(atPath: configuration.path) ? ["--config", configuration.path] : []
    return .buildCommand(
        displayName: "MainGuard: linting \(name)",
        executable: tool,
        arguments: ["lint", "--reporter", "xcode", "--quiet",
                    "--cache-path", workDirectory.appendingPathComponent("cache").path]
            + configurationArguments + lintedPaths,
        inputFiles: sources + (configurationArguments.isEmpty ? [] : [configuration]),
        outputFiles: []
    )
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MainGuardBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        // The linter reads the project's build settings from the .xcodeproj next to the sources.
        return [try lintCommand(
            tool: context.tool(named: "mainguard").url, name: target.displayName, lintedPaths: sources.map(\.path),
            sources: sources, projectDirectory: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL
        )]
    }
}
#endif
