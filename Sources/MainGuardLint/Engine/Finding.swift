/// How seriously a finding should be taken. Mirrors the compiler's and SwiftLint's vocabulary.
///
/// ```swift
/// let severity: Severity = .warning
/// print(severity.rawValue) // "warning"
/// ```
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One problem a rule found: a plain value that reporters render and baselines store.
///
/// `line` and `column` are 1-based and point at the token the rule names in its document
/// (for a call, the called name).
///
/// ```swift
/// let finding = Finding(ruleID: "detached_task_default_priority", severity: .warning,
///                       message: "Task.detached without a priority runs at .medium ...",
///                       file: "Sources/App/Model.swift", line: 12, column: 9)
/// ```
public struct Finding: Sendable, Hashable, Codable {
    /// The stable rule identifier users write in configuration and suppression comments.
    public var ruleID: String
    public var severity: Severity
    /// What is wrong, why it matters for responsiveness, and how to fix it.
    public var message: String
    /// The file's path as the user gave it (relative paths stay relative).
    public var file: String
    public var line: Int
    public var column: Int

    public init(ruleID: String, severity: Severity, message: String, file: String, line: Int, column: Int) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }
}

extension Finding: Comparable {
    /// Findings sort by file, then position, then rule id: the order every reporter prints.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.ruleID) < (rhs.file, rhs.line, rhs.column, rhs.ruleID)
    }
}
