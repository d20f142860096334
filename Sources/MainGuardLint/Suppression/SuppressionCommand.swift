import Foundation

/// One `// mainguard:...` comment: what it turns off or on, for which rules, over which lines.
///
/// ```swift
/// let command = SuppressionCommand(commentText: "// mainguard:disable:next blocking_call_on_main_actor",
///                                  line: 4, column: 5)
/// command?.action   // .disable
/// command?.scope    // .nextLine
/// ```
public struct SuppressionCommand: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable {
        case disable, enable
    }

    /// SwiftLint's modifiers: no modifier reaches to the matching `enable` (or the end of the file).
    public enum Scope: String, Sendable, Hashable {
        case untilEnable = ""
        case previousLine = "previous"
        case thisLine = "this"
        case nextLine = "next"
    }

    /// The rules named, or every rule.
    public enum Rules: Sendable, Hashable {
        case all
        case named([String])
    }

    /// The word that makes a comment a command.
    public static let prefix = prefixBytes.description
    /// `prefix` as a literal, for a byte search of a file's text (`SourcePrefilter.contains`).
    static let prefixBytes: StaticString = "mainguard:"

    public var action: Action
    public var scope: Scope
    public var rules: Rules
    /// Where the comment starts, 1-based.
    public var line: Int
    public var column: Int

    public init(action: Action, scope: Scope, rules: Rules, line: Int, column: Int) {
        self.action = action
        self.scope = scope
        self.rules = rules
        self.line = line
        self.column = column
    }

    /// The command spelled by a comment, `nil` for an ordinary comment; throws
    /// ``MalformedCommand`` for a comment that starts like a command but is not one, so a typo
    /// cannot silently leave a finding unsuppressed.
    ///
    /// Text after ` - ` is a reason for people and is ignored, as in SwiftLint.
    public init?(commentText: String, line: Int, column: Int) throws(MalformedCommand) {
        guard let body = Self.body(ofComment: commentText), body.hasPrefix(Self.prefix) else { return nil }
        let withoutReason = body.components(separatedBy: " - ")[0]
        var words = withoutReason.split(whereSeparator: \.isWhitespace).map(String.init)
        let verb = words.removeFirst().dropFirst(Self.prefix.count).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(verb.count), let action = Action(rawValue: String(verb[0])),
              let scope = Scope(rawValue: verb.count == 2 ? String(verb[1]) : ""), verb.count == 1 || scope != .untilEnable
        else {
            throw MalformedCommand(line: line, column: column, problem: "'\(Self.prefix)\(verb.joined(separator: ":"))' is not a command; write mainguard:disable or mainguard:enable, optionally with :next, :this or :previous")
        }
        guard !words.isEmpty else {
            throw MalformedCommand(line: line, column: column, problem: "'\(Self.prefix)\(verb.joined(separator: ":"))' names no rule; add rule ids or 'all'")
        }
        self.init(action: action, scope: scope, rules: words.contains("all") ? .all : .named(words), line: line, column: column)
    }

    /// The lines a `:next`/`:this`/`:previous` command covers; `nil` for one reaching to `enable`.
    public var coveredLine: Int? {
        switch scope {
        case .untilEnable: nil
        case .previousLine: line - 1
        case .thisLine: line
        case .nextLine: line + 1
        }
    }

    /// Whether the command names this rule (or all rules).
    public func names(_ ruleID: String) -> Bool {
        switch rules {
        case .all: true
        case .named(let names): names.contains(ruleID)
        }
    }

    private static func body(ofComment text: String) -> Substring? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") {
            return trimmed.dropFirst(2).drop(while: \.isWhitespace)
        }
        if trimmed.hasPrefix("/*"), trimmed.hasSuffix("*/") {
            return trimmed.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)[...]
        }
        return nil
    }
}

/// A comment that starts with `mainguard:` but does not spell a command.
///
/// ```swift
/// catch let malformed as MalformedCommand { print(malformed.problem) }
/// ```
public struct MalformedCommand: Error, Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var problem: String
}
