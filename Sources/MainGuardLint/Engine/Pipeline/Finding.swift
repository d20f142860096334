import Foundation

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
    /// What one fix removes, when findings in several places share it (a blocking helper's signature):
    /// a run reports each cause once (`FindingsByCause`).
    public var cause: String?
    /// The other places with the same cause (`path:line:column`), for the JSON reporter.
    public var otherSites: [String]?
    /// The SwiftUI view the finding is written in, found while the file's syntax tree is at hand, so a
    /// cached run's preview pass (`PreviewOnlyViews`) need not parse the file again; nil when not known.
    /// Not part of a finding's identity.
    var enclosingView: EnclosingView?
    /// The method the finding is written in, when its own file calls it only from background code
    /// (`BackgroundOnlyMethods`), so a cached run need not parse the file again. Not part of a finding's identity.
    var backgroundOnlyMethod: BackgroundOnlyMethods.Method?
    /// The functions the finding runs only through, when its own file never calls them
    /// (`UncalledElsewhere`), so a cached run need not parse the file again. Not part of a finding's identity.
    var uncalledRoots: [UncalledElsewhere.Root]?

    /// A top-level, non-public SwiftUI view or view modifier (or an extension of one) of the finding's file,
    /// or none (`PreviewOnlyViews.topLevelViews(in:)`).
    enum EnclosingView: Sendable, Hashable, Codable {
        case none
        case view(String)

        var name: String? {
            if case .view(let name) = self { name } else { nil }
        }
    }

    public init(ruleID: String, severity: Severity, message: String, file: String, line: Int, column: Int,
                cause: String? = nil, otherSites: [String]? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.cause = cause
        self.otherSites = otherSites
    }

    public static func == (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.ruleID, lhs.severity, lhs.message, lhs.file) == (rhs.ruleID, rhs.severity, rhs.message, rhs.file)
            && (lhs.line, lhs.column, lhs.cause) == (rhs.line, rhs.column, rhs.cause) && lhs.otherSites == rhs.otherSites
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ruleID)
        hasher.combine(severity)
        hasher.combine(message)
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(cause)
        hasher.combine(otherSites)
    }
}

/// One finding per cause: a blocking helper called from thirteen main-actor places is one problem with
/// one fix (make the helper async, off the main actor), not thirteen warnings. The first place in
/// reporting order keeps the finding, its message counts the others, and `otherSites` lists them.
///
/// ```swift
/// let findings = FindingsByCause.oneFindingPerCause(result.findings)
/// ```
public enum FindingsByCause {
    public static func oneFindingPerCause(_ findings: [Finding]) -> [Finding] {
        oneFindingPerCause(findings, rules: RuleRegistry.rules)
    }

    /// `rules`: the rules whose hit policies apply. Rules about what `body` does (`HitPolicy.describesViewBody`)
    /// say how to fix it there: at the same place, a general main-actor warning (`yieldsToViewBodyRules`)
    /// adds nothing (a file written in `body` is one problem, not two).
    static func oneFindingPerCause(_ findings: [Finding], rules: [any Rule.Type]) -> [Finding] {
        var firstOfCause: [String: Int] = [:]
        var merged: [Finding] = []
        // Sites merged by this call: a finding merged before (the list given again) keeps its message.
        var mergedNow: Set<Int> = []
        let policies = RuleSet.idsByPolicy(of: rules)
        let viewBodyRules = policies[.describesViewBody] ?? [], yielding = policies[.yieldsToViewBodyRules] ?? []
        let sharing = policies[.sharesCausesAcrossRules] ?? []
        let viewBodyPlaces = Set(findings.filter { viewBodyRules.contains($0.ruleID) }.map(\.place))
        for finding in findings.sorted() {
            if yielding.contains(finding.ruleID), finding.severity == .warning, viewBodyPlaces.contains(finding.place) { continue }
            guard let cause = finding.cause else {
                merged.append(finding)
                continue
            }
            // A function's own hits (`oneFunctionPrefix`) stay per rule: each rule's message names its own fix.
            let key = (sharing.contains(finding.ruleID) && !cause.hasPrefix(oneFunctionPrefix) ? "shared" : finding.ruleID) + "\u{0}" + cause
            if let first = firstOfCause[key] {
                // Appended in place: thirty thousand sites of one cause (a minified line) stay linear.
                merged[first].otherSites = merged[first].otherSites ?? []
                merged[first].otherSites?.append("\(finding.file):\(finding.line):\(finding.column)")
                mergedNow.insert(first)
            } else {
                firstOfCause[key] = merged.count
                merged.append(finding)
            }
        }
        return merged.enumerated().map { position, finding in
            guard mergedNow.contains(position), let others = finding.otherSites, !others.isEmpty else { return finding }
            var counted = finding
            let cause = finding.cause ?? ""
            counted.message += cause.hasPrefix(oneFunctionPrefix) ? otherLines(others, of: finding.line, after: finding.message)
                : cause.hasPrefix(oneTypePrefix) ? otherLines(others, of: finding.line, after: finding.message, scope: "type")
                : otherCallers(others, after: finding.message)
            return counted
        }
    }

    /// Begins the cause of hits that are one cause because one function makes them (`Linter.oneCausePerFunction`).
    static let oneFunctionPrefix = "function|"
    /// Begins the cause of hits that are one cause because one type makes them (`RuleHit.sharesCauseWithItsType`).
    static let oneTypePrefix = "type|"

    /// " (also at lines 502, 514 and 4 more)" for the other places of one function (`line` is the finding's),
    /// fewer lines, then none, when the message would run past `MessageBudget.characters`; places on the
    /// finding's own line (minified code) are counted, not listed.
    static func otherLines(_ sites: [String], of line: Int, after message: String, scope: String = "function") -> String {
        var lines: [String] = []
        for site in sites {
            guard lines.count < 2 else { break }
            guard let number = site.split(separator: ":").dropLast().last.map(String.init), number != String(line),
                  !lines.contains(number) else { continue }
            lines.append(number)
        }
        let candidates = (0...lines.count).reversed().map { named in
            let more = sites.count - named
            guard named > 0 else {
                return lines.isEmpty ? " (and \(more) more on this line)" : " (and \(more) more in this \(scope))"
            }
            let listed = lines.prefix(named).joined(separator: ", ")
            return " (also at \(named == 1 && more == 0 ? "line" : "lines") \(listed)\(more > 0 ? " and \(more) more" : ""))"
        }
        return candidates.first { message.count + $0.count <= MessageBudget.characters } ?? candidates.last!
    }

    /// " (also called from A.swift:12, B.swift:40 and 3 more)", naming fewer places, then none, when the
    /// message would run past `MessageBudget.characters`: JSON lists every place (`otherSites`).
    static func otherCallers(_ sites: [String], after message: String) -> String {
        let places = sites.prefix(2).map { site in
            let parts = site.split(separator: ":")
            return "\(PathParts.name(parts.dropLast(2).joined(separator: ":"))):\(parts.dropLast().last ?? "")"
        }
        let candidates = (0...places.count).reversed().map { named in
            let more = sites.count - named
            guard named > 0 else { return " (and \(more) other \(more == 1 ? "caller" : "callers"))" }
            return " (also called from \(places.prefix(named).joined(separator: ", "))\(more > 0 ? " and \(more) more" : ""))"
        }
        return candidates.first { message.count + $0.count <= MessageBudget.characters } ?? candidates.last!
    }
}

private extension Finding {
    var place: String { "\(file):\(line):\(column)" }
}

extension Finding: Comparable {
    /// Findings sort by file, then position, then rule id: the order every reporter prints.
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.ruleID) < (rhs.file, rhs.line, rhs.column, rhs.ruleID)
    }
}
