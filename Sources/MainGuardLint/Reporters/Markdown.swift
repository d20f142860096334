import Foundation

extension Reporter {
    /// A Markdown table like SwiftLint's `markdown` reporter, for pull-request comments.
    /// `|` in cells is escaped so a message cannot break the table.
    ///
    /// ```swift
    /// let table = Reporter.markdown.render(findings, context)
    /// ```
    public static let markdown = Reporter(name: "markdown", purpose: "Markdown table (pull-request comments)") { findings, context in
        let header = ["| file | line | severity | reason | rule_id |", "| --- | --- | --- | --- | --- |"]
        let rows = findings.sorted().map { finding in
            let cells = [
                context.relativePath(finding.file), String(finding.line), ":\(finding.severity.rawValue):",
                finding.message, finding.ruleID,
            ]
            return "| " + cells.map(\.markdownCellEscaped).joined(separator: " | ") + " |"
        }
        return (header + rows).joined(separator: "\n") + "\n"
    }
}

extension String {
    /// Table cells cannot hold `|` or line breaks.
    fileprivate var markdownCellEscaped: String {
        replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
