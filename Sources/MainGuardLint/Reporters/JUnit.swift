extension Reporter {
    /// JUnit XML, shaped like SwiftLint's `junit` reporter: one `<testcase>` per finding with a
    /// `<failure>`, so CI systems that show test results list each main-actor risk.
    ///
    /// ```swift
    /// let xml = Reporter.junit.render(findings, context)
    /// ```
    public static let junit = Reporter(name: "junit", purpose: "JUnit XML (CI test result views)") { findings, context in
        let sorted = findings.sorted()
        let errorCount = sorted.filter { $0.severity == .error }.count
        let counts = "tests=\"\(sorted.count)\" failures=\"\(sorted.count - errorCount)\" errors=\"\(errorCount)\""
        let cases = sorted.map { finding in
            let file = context.relativePath(finding.file)
            let location = "\(file):\(finding.line):\(finding.column)"
            return """
            \t\t<testcase classname="\(file.xmlEscaped)" name="\(finding.ruleID.xmlEscaped) at \(location.xmlEscaped)">
            \t\t\t<failure message="\(finding.message.xmlEscaped)" type="\(finding.severity.rawValue)">\(finding.severity.rawValue): \(finding.ruleID.xmlEscaped)&#10;\(location.xmlEscaped)</failure>
            \t\t</testcase>
            """
        }
        return ([
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<testsuites name=\"MainGuard\" \(counts)>",
            "\t<testsuite name=\"MainGuard\" \(counts)>",
        ] + cases + ["\t</testsuite>", "</testsuites>"]).joined(separator: "\n") + "\n"
    }
}
