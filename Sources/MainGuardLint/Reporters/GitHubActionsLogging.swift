import Foundation

extension Reporter {
    /// GitHub Actions workflow commands (`::warning file=...,line=...,col=...::message [rule]`), so
    /// findings appear as annotations on the pull request's diff.
    ///
    /// ```swift
    /// print(Reporter.githubActionsLogging.render(findings, context), terminator: "")
    /// ```
    public static let githubActionsLogging = Reporter(
        name: "github-actions-logging", purpose: "GitHub Actions annotations (::warning file=...::)"
    ) { findings, context in
        findings.sorted().map { finding in
            let properties = [
                "file=\(context.relativePath(finding.file).workflowPropertyEscaped)",
                "line=\(finding.line)",
                "col=\(finding.column)",
            ].joined(separator: ",")
            return "::\(finding.severity.rawValue) \(properties)::\("\(finding.message) [\(finding.ruleID)]".workflowDataEscaped)\n"
        }.joined()
    }
}

extension String {
    /// GitHub's escaping for a workflow command's message: `%`, CR and LF.
    fileprivate var workflowDataEscaped: String {
        replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping for a property value: the message's, plus `:` and `,` that separate properties.
    fileprivate var workflowPropertyEscaped: String {
        workflowDataEscaped
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
