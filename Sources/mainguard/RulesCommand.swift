import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard rules`: lists every rule with its default severity and summary.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the lint rules.")

    func run() {
        let width = RuleRegistry.descriptions.map(\.id.count).max() ?? 0
        for rule in RuleRegistry.descriptions {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            print("\(id)  \(severity)  \(rule.summary)")
        }
    }
}
