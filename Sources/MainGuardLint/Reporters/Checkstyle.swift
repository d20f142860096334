extension Reporter {
    /// Checkstyle XML, as SwiftLint's `checkstyle` reporter writes it: one `<file>` per file, one
    /// `<error>` per finding, `source` = `mainguard.rules.<rule id>`. Jenkins and Danger read it.
    ///
    /// ```swift
    /// let xml = Reporter.checkstyle.render(findings, context)
    /// ```
    public static let checkstyle = Reporter(name: "checkstyle", purpose: "Checkstyle XML (Jenkins, Danger)") { findings, context in
        let byFile = Dictionary(grouping: findings.sorted(), by: { context.relativePath($0.file) })
        let files = byFile.keys.sorted().map { file in
            let errors = byFile[file]!.map { finding in
                "\t\t<error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(finding.severity.rawValue)\" message=\"\(finding.message.xmlEscaped)\" source=\"mainguard.rules.\(finding.ruleID.xmlEscaped)\"/>"
            }
            return (["\t<file name=\"\(file.xmlEscaped)\">"] + errors + ["\t</file>"]).joined(separator: "\n")
        }
        return (["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<checkstyle version=\"4.3\">"] + files + ["</checkstyle>"])
            .joined(separator: "\n") + "\n"
    }
}
