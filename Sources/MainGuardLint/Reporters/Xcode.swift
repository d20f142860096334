/// Renders findings the way compilers do, so Xcode and editors turn them into inline diagnostics.
///
/// One line per finding, `path:line:col: severity: message [rule_id]`, in `Finding` order.
///
/// ```swift
/// print(XcodeReporter.render(result.findings), terminator: "")
/// ```
public enum XcodeReporter {
    public static func render(_ findings: [Finding]) -> String {
        findings.sorted().map { finding in
            "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
        }.joined()
    }
}
