import ArgumentParser

/// The `mainguard` command: keeps Swift apps responsive.
@main
struct MainGuardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mainguard",
        abstract: "Finds synchronous work that will run on the main actor, and measures main-thread stalls.",
        // New subcommands (e.g. `watch`) are added to this list, each in its own file.
        subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self]
    )
}
