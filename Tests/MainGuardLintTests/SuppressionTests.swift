import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import MainGuardLint

@Suite struct SuppressionTests {
    /// Applies suppressions to findings placed at `(line, column, rule)` in `source`.
    func reported(_ source: String, _ placed: [(Int, Int, String)]) -> [Finding] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "File.swift", tree: tree)
        let findings = placed.map {
            Finding(ruleID: $0.2, severity: .warning, message: "m", file: "File.swift", line: $0.0, column: $0.1)
        }
        return applySuppressions(findings, in: tree, converter: converter)
    }

    func kept(_ findings: [Finding]) -> [String] {
        findings.filter { $0.ruleID != superfluousDisableCommandRuleID }.map { "\($0.line):\($0.ruleID)" }
    }

    func superfluous(_ findings: [Finding]) -> [String] {
        findings.filter { $0.ruleID == superfluousDisableCommandRuleID }.map { "\($0.line):\($0.message)" }
    }

    @Test func disableUntilEnable() {
        let source = """
        f()
        // mainguard:disable rule_a
        f()
        f()
        // mainguard:enable rule_a
        f()
        """
        let result = reported(source, [(1, 1, "rule_a"), (3, 1, "rule_a"), (4, 1, "rule_a"), (4, 1, "rule_b"), (6, 1, "rule_a")])
        #expect(kept(result) == ["1:rule_a", "4:rule_b", "6:rule_a"])
        #expect(superfluous(result).isEmpty)
    }

    @Test func disableWithoutEnableReachesTheEndOfTheFile() {
        let result = reported("// mainguard:disable rule_a\nf()\n\n\nf()\n", [(2, 1, "rule_a"), (5, 3, "rule_a")])
        #expect(kept(result).isEmpty)
    }

    @Test func trailingDisableDoesNotCoverCodeBeforeIt() {
        let result = reported("f() // mainguard:disable rule_a\nf()\n", [(1, 1, "rule_a"), (2, 1, "rule_a")])
        #expect(kept(result) == ["1:rule_a"])
    }

    @Test func nextThisAndPrevious() {
        let source = """
        // mainguard:disable:next rule_a
        f()
        f() // mainguard:disable:this rule_b
        f()
        // mainguard:disable:previous rule_c
        f()
        """
        let result = reported(source, [
            (2, 5, "rule_a"), (3, 1, "rule_b"), (4, 1, "rule_c"), (6, 1, "rule_a"), (6, 1, "rule_b"), (6, 1, "rule_c"),
        ])
        #expect(kept(result) == ["6:rule_a", "6:rule_b", "6:rule_c"])
        #expect(superfluous(result).isEmpty)
    }

    @Test func nextCoversOnlyTheNextLine() {
        let result = reported("// mainguard:disable:next rule_a\nf()\nf()\n", [(2, 1, "rule_a"), (3, 1, "rule_a")])
        #expect(kept(result) == ["3:rule_a"])
    }

    @Test func allCoversEveryRuleAndEndsAtEnableAll() {
        let source = """
        // mainguard:disable all
        f()
        // mainguard:enable rule_a
        f()
        // mainguard:enable all
        f()
        """
        let result = reported(source, [(2, 1, "rule_a"), (2, 1, "rule_b"), (4, 1, "rule_a"), (6, 1, "rule_b")])
        #expect(kept(result) == ["6:rule_b"])
    }

    @Test func severalRulesInOneCommandAndAReason() {
        let result = reported("// mainguard:disable:next rule_a rule_b - reviewed: runs once at launch\nf()\n",
                              [(2, 1, "rule_a"), (2, 1, "rule_b")])
        #expect(result.isEmpty)
    }

    @Test func unusedDisableIsReportedPerRuleAtTheComment() {
        let source = """
        struct S {
            // mainguard:disable:next rule_a rule_b
            func f() {}
        }
        """
        let result = reported(source, [(3, 5, "rule_a")])
        #expect(kept(result).isEmpty)
        let extra = result.filter { $0.ruleID == superfluousDisableCommandRuleID }
        #expect(extra.count == 1)
        #expect(extra.first?.line == 2)
        #expect(extra.first?.column == 5)
        #expect(extra.first?.severity == .warning)
        #expect(extra.first?.message.hasPrefix("mainguard:disable for rule_b did not suppress any finding; remove it") == true)
    }

    @Test func unusedDisableAllAndUnusedRegionAreReported() {
        let result = reported("// mainguard:disable all\nf()\n// mainguard:enable all\n// mainguard:disable rule_x\n", [])
        #expect(superfluous(result).map { $0.prefix(2) } == ["1:", "4:"])
        #expect(superfluous(result)[0].contains("for all"))
    }

    @Test func enableIsNeverSuperfluous() {
        #expect(reported("// mainguard:enable rule_a\nf()\n", []).isEmpty)
    }

    @Test func malformedCommandsAreReportedNotIgnored() {
        let result = reported("// mainguard:disabel rule_a\nf()\n// mainguard:disable:nxt rule_a\n// mainguard:disable\n", [(2, 1, "rule_a")])
        #expect(kept(result) == ["2:rule_a"])
        #expect(superfluous(result).count == 3)
        #expect(superfluous(result)[0].contains("'mainguard:disabel' is not a command"))
        #expect(superfluous(result)[2].contains("names no rule"))
    }

    @Test func blockCommentsAndOrdinaryCommentsInsideCode() {
        let source = """
        let x = 1 /* mainguard:disable:this rule_a */
        // a comment that mentions mainguard but is no command
        let s = "// mainguard:disable rule_b"
        """
        let result = reported(source, [(1, 1, "rule_a"), (3, 1, "rule_b")])
        #expect(kept(result) == ["3:rule_b"])
        #expect(superfluous(result).isEmpty)
    }

    @Test func commandTextParsing() throws {
        let command = try SuppressionCommand(commentText: "//mainguard:disable:previous  a  b", line: 3, column: 1)
        #expect(command == SuppressionCommand(action: .disable, scope: .previousLine, rules: .named(["a", "b"]), line: 3, column: 1))
        #expect(command?.coveredLine == 2)
        #expect(try SuppressionCommand(commentText: "// just words", line: 1, column: 1) == nil)
        #expect(throws: MalformedCommand.self) { try SuppressionCommand(commentText: "// mainguard:enable:", line: 1, column: 1) }
    }
}

/// The examples of `Rules/superfluous_disable_command.md`, through the engine and the suppression step.
@Suite struct SuperfluousDisableCommandDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Rules/superfluous_disable_command.md")

    func examples(under heading: String) throws -> [String] {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## ").first { $0.hasPrefix(heading) })
        return section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    func reported(_ source: String) -> [String] {
        let input = Linter.SourceInput(path: "Example.swift", text: source, settings: .classic)
        let module = Linter().prepare([input])
        return TeamLinter.refine(module.findings(ofFileAt: 0), tree: module.tree(ofFileAt: 0), input: input, configuration: Configuration())
            .map(\.ruleID)
    }

    @Test func triggeringExamplesAreReported() throws {
        let examples = try examples(under: "Triggering examples")
        #expect(examples.count == 2)
        for example in examples {
            #expect(reported(example).contains(superfluousDisableCommandRuleID), "\(example)")
        }
    }

    @Test func nonTriggeringExamplesAreNot() throws {
        let examples = try examples(under: "Non-triggering examples")
        #expect(examples.count == 1)
        for example in examples {
            #expect(reported(example).isEmpty, "\(example)")
        }
    }
}
