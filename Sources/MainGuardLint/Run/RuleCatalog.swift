/// The rule-derived vocabulary the team features share: ids for configuration and suppression,
/// metadata with documents for SARIF. Built from the engine's `RuleRegistry` and the embedded
/// `Rules/*.md`, so a new rule needs no change here.
///
/// ```swift
/// let vocabulary = RuleCatalog.vocabulary
/// let sarifRules = RuleCatalog.metadata
/// ```
public enum RuleCatalog {
    /// The rules' descriptions plus `superfluous_disable_command`, which the suppression step reports.
    public static var descriptions: [RuleDescription] {
        RuleRegistry.descriptions + [RuleDescription(
            id: superfluousDisableCommandRuleID, name: "Superfluous disable command", severity: .warning,
            summary: "A mainguard:disable comment suppresses no finding; a stale suppression would hide the next real main-actor stall"
        )]
    }

    /// What `.mainguard.yml` may name: rule ids and reporter names.
    public static var vocabulary: ConfigurationVocabulary {
        ConfigurationVocabulary(ruleIDs: Set(descriptions.map(\.id)), reporterNames: Set(ReporterRegistry.names))
    }

    /// Every rule with its document, for reporters that describe rules (SARIF).
    public static var metadata: [RuleMetadata] {
        descriptions.map { rule in
            RuleMetadata(id: rule.id, name: rule.name, summary: rule.summary, defaultSeverity: rule.severity,
                         helpMarkdown: RuleDocumentation.document(forID: rule.id) ?? rule.summary)
        }
    }

    /// The rules as a Markdown table linking each document in `Rules/`: README's rules list is
    /// this text (`mainguard rules --markdown`), and a test keeps the two equal.
    ///
    /// ```swift
    /// print(RuleCatalog.markdownTable)
    /// ```
    public static var markdownTable: String {
        let rows = descriptions.map { "| [`\($0.id)`](Rules/\($0.id).md) | \($0.severity.rawValue)\($0.isOptIn ? " (opt-in)" : "") | \($0.summary) |" }
        return (["| Rule | Default severity | What it finds |", "| --- | --- | --- |"] + rows).joined(separator: "\n") + "\n"
    }
}
