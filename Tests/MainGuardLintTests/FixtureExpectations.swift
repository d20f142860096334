import SwiftParser
import SwiftSyntax

/// The `// expect: rule_id [rule_id ...]` comments of a fixture file, read from the syntax tree's trivia:
/// each announces a finding of that rule on the comment's line. `marker` reads other comments of the
/// same shape, such as `// known-false-positive: rule_id`.
enum FixtureExpectations {
    static func expectations(in source: String, marker: String = "// expect: ") -> [(line: Int, rule: String)] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "fixture.swift", tree: tree)
        var expectations: [(Int, String)] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for piece in token.trailingTrivia {
                guard case .lineComment(let text) = piece, text.hasPrefix(marker) else { continue }
                let line = token.startLocation(converter: converter).line
                for rule in text.dropFirst(marker.count).split(separator: " ") { expectations.append((line, String(rule))) }
            }
        }
        return expectations
    }
}
