import Foundation

extension Reporter {
    /// SARIF 2.1.0 for GitHub code scanning: the rules that fired or were given in the context,
    /// with their documents as help, and one result per finding located relative to `SRCROOT`
    /// (the run's source root).
    ///
    /// ```swift
    /// let sarif = Reporter.sarif.render(findings, context) // upload with github/codeql-action/upload-sarif
    /// ```
    public static let sarif = Reporter(name: "sarif", purpose: "SARIF 2.1.0 (GitHub code scanning)") { findings, context in
        let log = SARIFLog(findings: findings.sorted(), context: context)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The model holds only strings and integers, which always encode.
        let data = try! encoder.encode(log)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The subset of the SARIF 2.1.0 object model that code scanning reads.
private struct SARIFLog: Encodable {
    let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    let version = "2.1.0"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    init(findings: [Finding], context: ReportContext) {
        let known = Set(context.rules.map(\.id))
        // A finding whose rule was not described still gets a rule entry, so ruleIndex is always valid.
        let undescribed = Set(findings.map(\.ruleID)).subtracting(known).sorted().map {
            RuleMetadata(id: $0, name: $0, summary: $0, defaultSeverity: .warning, helpMarkdown: $0)
        }
        let rules = context.rules + undescribed
        let indexByID = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        runs = [Run(
            tool: Tool(driver: Driver(
                name: "MainGuard", version: context.toolVersion, informationUri: context.informationURI,
                rules: rules.map(ReportingDescriptor.init)
            )),
            originalUriBaseIds: ["SRCROOT": ArtifactLocation(uri: URL(fileURLWithPath: context.sourceRoot, isDirectory: true).absoluteString, uriBaseId: nil)],
            results: findings.map { Result(finding: $0, ruleIndex: indexByID[$0.ruleID]!, context: context) }
        )]
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: ArtifactLocation]
        let results: [Result]
    }

    struct Tool: Encodable {
        let driver: Driver
    }

    struct Driver: Encodable {
        let name: String
        let version: String
        /// Omitted when the run has no project page to link to.
        let informationUri: String?
        let rules: [ReportingDescriptor]
    }

    struct Message: Encodable {
        let text: String
    }

    struct MultiformatMessage: Encodable {
        let text: String
        let markdown: String
    }

    struct ReportingDescriptor: Encodable {
        let id: String
        let name: String
        let shortDescription: Message
        let fullDescription: Message
        let help: MultiformatMessage
        let defaultConfiguration: Configuration

        struct Configuration: Encodable {
            let level: String
        }

        init(_ rule: RuleMetadata) {
            id = rule.id
            name = rule.name
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: rule.summary)
            help = MultiformatMessage(text: rule.helpMarkdown, markdown: rule.helpMarkdown)
            defaultConfiguration = Configuration(level: rule.defaultSeverity.rawValue)
        }
    }

    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]

        init(finding: Finding, ruleIndex: Int, context: ReportContext) {
            ruleId = finding.ruleID
            self.ruleIndex = ruleIndex
            level = finding.severity.rawValue
            message = Message(text: finding.message)
            locations = [Location(physicalLocation: PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: context.relativePath(finding.file), uriBaseId: "SRCROOT"),
                region: Region(startLine: finding.line, startColumn: finding.column)
            ))]
        }
    }

    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }

    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }

    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
}
