import Foundation

/// Today's findings, recorded so that a team adopting MainGuard on an existing app is told only
/// about new ones (`--write-baseline FILE`, then `--baseline FILE`).
///
/// A finding is matched by rule, file and the trimmed text of its line, never by line number, so
/// inserting code above an old finding does not bring it back. Matching counts: two identical
/// recorded findings absorb two current ones, a third is new.
///
/// ```swift
/// let baseline = Baseline(findings: findings, sourceRoot: cwd)
/// try baseline.write(to: URL(fileURLWithPath: "mainguard-baseline.json"))
/// let fresh = try Baseline.read(from: url).newFindings(in: laterFindings, sourceRoot: cwd)
/// ```
public struct Baseline: Sendable, Hashable, Codable {
    /// One recorded finding.
    public struct Entry: Sendable, Hashable, Codable {
        public var rule: String
        /// Relative to the source root of the run that wrote it.
        public var file: String
        /// The finding's source line, whitespace-trimmed.
        public var lineText: String
        /// For people reading the file; not used for matching, so rewording a message keeps the baseline.
        public var message: String

        enum CodingKeys: String, CodingKey {
            case rule, file, lineText = "line_text", message
        }

        var matchKey: MatchKey { MatchKey(rule: rule, file: file, lineText: lineText) }
    }

    struct MatchKey: Hashable {
        var rule: String
        var file: String
        var lineText: String
    }

    /// The format version, so a later format can read (or refuse) an old file.
    public var version = 1
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Records findings, reading each finding's line from its file.
    public init(findings: [Finding], sourceRoot: String) {
        var lines = SourceLines()
        entries = findings.sorted().map { Self.entry(for: $0, sourceRoot: sourceRoot, lines: &lines) }
    }

    /// The findings the baseline does not account for.
    public func newFindings(in findings: [Finding], sourceRoot: String) -> [Finding] {
        var remaining = entries.reduce(into: [MatchKey: Int]()) { $0[$1.matchKey, default: 0] += 1 }
        var lines = SourceLines()
        return findings.sorted().filter { finding in
            let key = Self.entry(for: finding, sourceRoot: sourceRoot, lines: &lines).matchKey
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    /// Reads a baseline file written by ``write(to:)``.
    public static func read(from url: URL) throws -> Baseline {
        try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: url))
    }

    /// Writes stable, diff-friendly JSON (sorted keys, one entry per line block).
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    private static func entry(for finding: Finding, sourceRoot: String, lines: inout SourceLines) -> Entry {
        Entry(
            rule: finding.ruleID,
            file: relativePath(finding.file, to: sourceRoot),
            lineText: lines.text(ofLine: finding.line, in: finding.file, sourceRoot: sourceRoot),
            message: finding.message
        )
    }
}

/// Source files' lines, each file read once per baseline operation.
private struct SourceLines {
    private var linesByFile: [String: [Substring]] = [:]

    mutating func text(ofLine line: Int, in file: String, sourceRoot: String) -> String {
        let path = file.hasPrefix("/") ? file : URL(fileURLWithPath: sourceRoot).appendingPathComponent(file).path
        if linesByFile[path] == nil {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            linesByFile[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        let lines = linesByFile[path]!
        guard lines.indices.contains(line - 1) else { return "" }
        return lines[line - 1].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
