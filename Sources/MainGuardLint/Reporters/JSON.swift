import Foundation

/// Renders findings as SwiftLint's JSON reporter does, so tools that read SwiftLint JSON read ours.
///
/// An array of objects with the keys `character`, `file` (absolute path), `line`, `reason`, `rule_id`,
/// `severity` (`"Warning"`/`"Error"`) and `type` (the rule's name), pretty-printed with sorted keys.
///
/// ```swift
/// let json = JSONReporter.render(result.findings)
/// ```
public enum JSONReporter {
    private struct Entry: Encodable {
        var character: Int
        var file: String
        var line: Int
        var reason: String
        var rule_id: String
        var severity: String
        var type: String
        /// Added to SwiftLint's keys: the other places with the same cause, when there are any.
        var other_sites: [String]?
    }

    public static func render(_ findings: [Finding]) -> String {
        let entries = findings.sorted().map { finding in
            Entry(character: finding.column, file: absolutePath(finding.file), line: finding.line, reason: finding.message,
                  rule_id: finding.ruleID, severity: finding.severity == .error ? "Error" : "Warning",
                  type: RuleRegistry.description(forID: finding.ruleID)?.name ?? finding.ruleID,
                  other_sites: finding.otherSites.map { $0.map(absoluteSite) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `path:line:column` with the path made absolute like `file`.
    private static func absoluteSite(_ site: String) -> String {
        let parts = site.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return site }
        return absolutePath(parts.dropLast(2).joined(separator: ":")) + ":" + parts.suffix(2).joined(separator: ":")
    }

    private static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).standardizedFileURL.path
    }
}
