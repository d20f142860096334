import Foundation
@testable import MainGuardLint
import XCTest

/// Every example of every `Rules/<rule_id>.md`: findings of that rule exactly at the `↓` markers.
final class RuleDocumentTests: XCTestCase {
    func testEveryRuleHasADocumentWithEnoughExamples() throws {
        for rule in RuleRegistry.descriptions {
            let document = try RuleDocumentFixture.load(rule.id)
            XCTAssertGreaterThanOrEqual(document.triggering.count, 5, rule.id)
            XCTAssertGreaterThanOrEqual(document.nonTriggering.count, 5, rule.id)
            XCTAssertTrue(document.triggering.allSatisfy { !$0.markers.isEmpty }, "\(rule.id): a triggering example without ↓")
            XCTAssertTrue(document.nonTriggering.allSatisfy { $0.markers.isEmpty }, "\(rule.id): ↓ in a non-triggering example")
            for threshold in ["100 ms", "250 ms"] {
                XCTAssertTrue(document.text.contains(threshold), "\(rule.id) must cite Apple's \(threshold)")
            }
        }
    }

    func testTriggeringAndNonTriggeringExamples() throws {
        for rule in RuleRegistry.descriptions {
            let document = try RuleDocumentFixture.load(rule.id)
            for (number, example) in (document.triggering + document.nonTriggering).enumerated() {
                let findings = Linter().lint(source: example.source, settings: example.settings)
                    .filter { $0.ruleID == rule.id }
                let found = findings.map { RuleDocumentFixture.Position(line: $0.line, column: $0.column) }
                XCTAssertEqual(Set(found), Set(example.markers),
                               "\(rule.id) example \(number + 1):\n\(example.source)\nfindings: \(findings.map(\.message))")
                XCTAssertEqual(found.count, example.markers.count, "\(rule.id) example \(number + 1): duplicate findings")
            }
        }
    }

    func testEmbeddedDocumentsAreTheFilesInRules() throws {
        for id in RuleDocumentation.ruleIDs {
            let onDisk = try String(contentsOf: RuleDocumentFixture.rulesDirectory.appendingPathComponent("\(id).md"), encoding: .utf8)
            XCTAssertEqual(RuleDocumentation.document(forID: id), onDisk, id)
        }
        XCTAssertNil(RuleDocumentation.document(forID: "no_such_rule"))
    }

    func testCatalogueDocumentListsEveryEntry() throws {
        let document = try String(contentsOf: RuleDocumentFixture.rulesDirectory.appendingPathComponent("catalogue.md"), encoding: .utf8)
        for entry in APICatalogue.entries {
            let name = entry.display.split(separator: "(").first.map(String.init) ?? entry.display
            XCTAssertTrue(document.contains(name) || document.contains(name.split(separator: ".").last.map { ".\($0)" } ?? name),
                          "Rules/catalogue.md does not mention \(entry.display)")
        }
    }
}

/// A rule document split into its examples; `↓` markers become expected positions (UTF-8 columns, as findings use).
struct RuleDocumentFixture {
    struct Position: Hashable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    struct Example {
        var source: String
        var markers: [Position]
        var settings: ModuleSettings
    }

    var text: String
    var triggering: [Example]
    var nonTriggering: [Example]

    static var rulesDirectory: URL {
        URL(fileURLWithPath: PackageRoot.path).appendingPathComponent("Rules")
    }

    static func load(_ id: String) throws -> RuleDocumentFixture {
        let text = try String(contentsOf: rulesDirectory.appendingPathComponent("\(id).md"), encoding: .utf8)
        return RuleDocumentFixture(text: text, triggering: examples(in: section("## Triggering examples", of: text)),
                                   nonTriggering: examples(in: section("## Non-triggering examples", of: text)))
    }

    private static func section(_ heading: String, of text: String) -> String {
        guard let start = text.range(of: heading + "\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    private static func examples(in section: String) -> [Example] {
        section.components(separatedBy: "```swift\n").dropFirst().compactMap { block in
            block.components(separatedBy: "\n```").first.map { example($0 + "\n") }
        }
    }

    private static func example(_ marked: String) -> Example {
        var markers: [Position] = []
        var lines: [String] = []
        for (number, line) in marked.components(separatedBy: "\n").enumerated() {
            var clean = ""
            for character in line {
                if character == "↓" {
                    markers.append(Position(line: number + 1, column: clean.utf8.count + 1))
                } else {
                    clean.append(character)
                }
            }
            lines.append(clean)
        }
        return Example(source: lines.joined(separator: "\n"), markers: markers, settings: settings(from: lines.first ?? ""))
    }

    /// `// mainguard-settings: default-isolation=MainActor upcoming=NonisolatedNonsendingByDefault include=low-cost language-mode=5`.
    static func settings(from firstLine: String) -> ModuleSettings {
        var settings = ModuleSettings(targetName: "Example")
        guard firstLine.hasPrefix("// mainguard-settings:") else { return settings }
        for pair in firstLine.dropFirst("// mainguard-settings:".count).split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch (parts[0], parts[1]) {
            case ("default-isolation", "MainActor"): settings.defaultIsolationMainActor = true
            case ("upcoming", "NonisolatedNonsendingByDefault"): settings.nonisolatedNonsendingByDefault = true
            case ("include", "low-cost"): settings.includesLowCost = true
            case ("language-mode", let mode) where Int(mode) != nil: settings.languageMode = Int(mode)
            default: XCTFail("unknown example setting \(pair)")
            }
        }
        return settings
    }
}
