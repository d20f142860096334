/// The rule documents of `Rules/*.md`, embedded in the binary at build time by the `EmbedRuleDocs` plugin.
///
/// ```swift
/// print(RuleDocumentation.document(forID: "detached_task_default_priority") ?? "unknown rule")
/// ```
public enum RuleDocumentation {
    /// The ids `document(forID:)` answers: every rule, plus `catalogue` (the blocking-API catalogue).
    public static var ruleIDs: [String] { RuleCatalog.descriptions.map(\.id) + ["catalogue"] }

    /// The Markdown document of a rule (or `catalogue`), nil for an unknown id.
    public static func document(forID id: String) -> String? {
        guard ruleIDs.contains(id) else { return nil }
        return EmbeddedRuleDocuments.documents[id]
    }
}
