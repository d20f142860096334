import SwiftSyntax

/// The rule id of the finding reported for a `mainguard:disable` that suppressed nothing (or a
/// `mainguard:` comment that is not a command). Configurable like any rule.
public let superfluousDisableCommandRuleID = "superfluous_disable_command"

/// Every `mainguard:` command in a file, read from the comment trivia of the syntax tree, in
/// source order, plus the comments that look like commands but are not.
///
/// ```swift
/// let commands = SuppressionCommands(in: Parser.parse(source: text), converter: converter)
/// ```
public struct SuppressionCommands: Sendable, Hashable {
    public var commands: [SuppressionCommand] = []
    public var malformed: [MalformedCommand] = []

    public init(in file: SourceFileSyntax, converter: SourceLocationConverter) {
        for token in file.tokens(viewMode: .sourceAccurate) {
            read(token.leadingTrivia, startingAt: token.position, converter: converter)
            read(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia, converter: converter)
        }
    }

    private mutating func read(_ trivia: Trivia, startingAt start: AbsolutePosition, converter: SourceLocationConverter) {
        var position = start
        for piece in trivia {
            defer { position += piece.sourceLength }
            let text: String
            switch piece {
            case .lineComment(let comment), .blockComment(let comment): text = comment
            default: continue
            }
            let location = converter.location(for: position)
            do {
                if let command = try SuppressionCommand(commentText: text, line: location.line, column: location.column) {
                    commands.append(command)
                }
            } catch {
                malformed.append(error)
            }
        }
    }
}

/// Removes the findings that `mainguard:disable` comments suppress and adds a
/// `superfluous_disable_command` warning for each rule a disable command named without
/// suppressing anything, and for each malformed command. Unused suppressions hide future
/// regressions, so they are reported like SwiftLint does.
///
/// A plain `disable` covers from the comment's position to the next `enable` naming the rule
/// (or the end of the file); `:previous`, `:this` and `:next` cover one whole line.
///
/// ```swift
/// let tree = Parser.parse(source: text)
/// let converter = SourceLocationConverter(fileName: path, tree: tree)
/// let reported = applySuppressions(findings, in: tree, converter: converter)
/// ```
/// A command naming a rule that `ruleIsEnabled` turns off is not reported as superfluous: the
/// configuration, not the comment, is why it has nothing to suppress.
public func applySuppressions(
    _ findings: [Finding], in file: SourceFileSyntax, converter: SourceLocationConverter,
    ruleIsEnabled: (String) -> Bool = { _ in true }
) -> [Finding] {
    let parsed = SuppressionCommands(in: file, converter: converter)
    let path = converter.location(for: file.position).file
    let regions = SuppressionRegion.regions(for: parsed.commands).filter { $0.use.ruleName == "all" || ruleIsEnabled($0.use.ruleName) }
    var used = Set<SuppressionRegion.Use>()
    let kept = findings.filter { finding in
        let covering = regions.filter { $0.covers(finding) }
        used.formUnion(covering.map(\.use))
        return covering.isEmpty
    }
    let superfluous = regions.filter { !used.contains($0.use) }.map { region in
        Finding(ruleID: superfluousDisableCommandRuleID, severity: .warning,
                message: "mainguard:disable for \(region.use.ruleName) did not suppress any finding; remove it, since a stale suppression would hide the next real main-actor stall on these lines",
                file: path, line: region.command.line, column: region.command.column)
    }
    let malformed = parsed.malformed.map {
        Finding(ruleID: superfluousDisableCommandRuleID, severity: .warning,
                message: "\($0.problem); as written it suppresses nothing",
                file: path, line: $0.line, column: $0.column)
    }
    return kept + superfluous + malformed
}

/// The stretch of source one disable command covers for one rule name.
private struct SuppressionRegion {
    /// One rule name of one command: the unit that is reported when it suppresses nothing.
    struct Use: Hashable {
        var commandIndex: Int
        var ruleName: String
    }

    var command: SuppressionCommand
    var use: Use
    var start: (line: Int, column: Int)
    var end: (line: Int, column: Int)

    func covers(_ finding: Finding) -> Bool {
        guard use.ruleName == "all" || use.ruleName == finding.ruleID else { return false }
        let position = (finding.line, finding.column)
        return start <= position && position < end
    }

    static func regions(for commands: [SuppressionCommand]) -> [SuppressionRegion] {
        commands.enumerated().flatMap { index, command -> [SuppressionRegion] in
            guard command.action == .disable else { return [] }
            let names: [String] = switch command.rules {
            case .all: ["all"]
            case .named(let names): names
            }
            return names.map { name in
                let (start, end) = extent(of: command, index: index, ruleName: name, in: commands)
                return SuppressionRegion(command: command, use: Use(commandIndex: index, ruleName: name), start: start, end: end)
            }
        }
    }

    private static func extent(
        of command: SuppressionCommand, index: Int, ruleName: String, in commands: [SuppressionCommand]
    ) -> (start: (line: Int, column: Int), end: (line: Int, column: Int)) {
        if let line = command.coveredLine { return ((line, 0), (line + 1, 0)) }
        let enable = commands[(index + 1)...].first {
            $0.action == .enable && $0.scope == .untilEnable && (ruleName == "all" ? $0.rules == .all : $0.names(ruleName))
        }
        return ((command.line, command.column), enable.map { ($0.line, $0.column) } ?? (Int.max, Int.max))
    }
}
