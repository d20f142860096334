import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every `swift build` (and Xcode build) and prints the findings
/// in compiler format, which SwiftPM and Xcode show as warnings and errors at the source line.
///
/// The command declares no outputs, so the build system runs it on every build and the findings
/// never vanish on an incremental build; the linter's own cache keeps that cheap. Warnings never
/// fail the build (`--build-tool-mode` exits 0 for them); findings with severity error do.
@main
struct MainGuardBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        return [try lintCommand(
            tool: context.tool(named: "mainguard").url, name: target.name, sources: sources,
            packageDirectory: context.package.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
            packageArguments: ["--package-path", context.package.directoryURL.path]
        )]
    }
}

/// The one command both SwiftPM and Xcode targets run.
private func lintCommand(
    tool: URL, name: String, sources: [URL], packageDirectory: URL, workDirectory: URL, packageArguments: [String]
) -> Command {
    .buildCommand(
        displayName: "MainGuard: linting \(name)",
        executable: tool,
        arguments: ["lint", "--reporter", "xcode", "--build-tool-mode", "--quiet",
                    "--config-search-path", packageDirectory.path,
                    "--cache-path", workDirectory.appendingPathComponent("cache").path]
            + packageArguments + sources.map(\.path),
        inputFiles: sources,
        outputFiles: []
    )
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MainGuardBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        // An Xcode project has no Package.swift to read; settings come from .mainguard.yml
        // (default_isolation, upcoming_features).
        return [try lintCommand(
            tool: context.tool(named: "mainguard").url, name: target.displayName, sources: sources,
            packageDirectory: context.xcodeProject.directoryURL, workDirectory: context.pluginWorkDirectoryURL,
            packageArguments: []
        )]
    }
}
#endif
