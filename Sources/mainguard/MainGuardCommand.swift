import ArgumentParser
import Foundation
import MainGuardLint

/// The `mainguard` command: keeps Swift apps responsive.
@main
struct MainGuardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mainguard",
        abstract: "Finds synchronous work that will run on the main actor, and measures main-thread stalls.",
        // New subcommands (e.g. `watch`) are added to this list, each in its own file.
        subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, WatchCommand.self, SettingsCommand.self]
    )

    /// Runs the chosen subcommand. Usage errors exit 1 rather than ArgumentParser's 64, so the exit
    /// codes are 0 (clean), 1 (usage or input error), 2 (error findings), as in SwiftLint.
    static func main() {
        ProcessAllocator.prepareForLinting()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }
}
