import ArgumentParser
import Foundation
import MainGuardLint

/// `mainguard explain RULE`: prints the rule's document (embedded in the binary at build time).
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Print a rule's documentation.")

    @Argument(help: "A rule id, as listed by `mainguard rules`.")
    var rule: String

    func run() throws {
        guard let document = RuleDocumentation.document(forID: rule) else {
            let known = RuleDocumentation.ruleIDs.joined(separator: ", ")
            FileHandle.standardError.write(Data("error: unknown rule '\(rule)'; known rules: \(known)\n".utf8))
            throw ExitCode(1)
        }
        print(document, terminator: document.hasSuffix("\n") ? "" : "\n")
    }
}
