extension Reporter {
    /// A count of findings per rule, most frequent first, with the number of files each rule
    /// fires in: where to start when adopting MainGuard on an existing app.
    ///
    /// ```swift
    /// print(Reporter.summary.render(findings, context))
    /// ```
    public static let summary = Reporter(name: "summary", purpose: "Table of finding counts per rule") { findings, context in
        let rows = Dictionary(grouping: findings, by: \.ruleID)
            .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
            .map { ruleID, ruleFindings in countRow(ruleID, ruleFindings) }
        let total = countRow("Total", findings)
        return textTable(header: ["rule identifier", "warnings", "errors", "findings", "files"], rows: rows, footer: total)
    }
}

/// The rule's name, then its warnings, errors, findings and the files they are in.
private func countRow(_ label: String, _ findings: [Finding]) -> [String] {
    let warnings = findings.filter { $0.severity == .warning }.count
    let files = Set(findings.map(\.file)).count
    return [label, String(warnings), String(findings.count - warnings), String(findings.count), String(files)]
}

/// A plain-text table with `+---+` rules, numbers right-aligned.
private func textTable(header: [String], rows: [[String]], footer: [String]) -> String {
    let widths = header.indices.map { column in ([header, footer] + rows).map { $0[column].count }.max()! }
    func line(_ cells: [String]) -> String {
        "| " + cells.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: widths[column] - cell.count)
            return column == 0 ? cell + padding : padding + cell
        }.joined(separator: " | ") + " |"
    }
    let rule = "+" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "+") + "+"
    return ([rule, line(header), rule] + rows.map(line) + [rule, line(footer), rule]).joined(separator: "\n") + "\n"
}
