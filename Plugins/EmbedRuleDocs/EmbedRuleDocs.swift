import Foundation
import PackagePlugin

/// Embeds `Rules/*.md` into the target as Swift string literals, so `mainguard explain` works from any
/// directory while the documents in `Rules/` stay the only source of truth.
@main
struct EmbedRuleDocs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appending(path: "Rules")
        let documents = try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleDocuments.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(documents.count) rule documents",
                executable: try context.tool(named: "embed-rule-docs").url,
                arguments: [output.path] + documents.map(\.path),
                inputFiles: documents,
                outputFiles: [output]
            ),
        ]
    }
}
