import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard rules`: lists every rule with its default severity and summary.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the lint rules.")

    @Flag(help: "Print the list as the Markdown table README.md shows.")
    var markdown = false

    func run() {
        guard !markdown else {
            print(RuleCatalog.markdownTable, terminator: "")
            return
        }
        let width = RuleCatalog.descriptions.map(\.id.count).max() ?? 0
        for rule in RuleCatalog.descriptions {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            print("\(id)  \(severity)  \(rule.isOptIn ? "(opt-in) " : "")\(rule.summary)")
        }
    }
}
