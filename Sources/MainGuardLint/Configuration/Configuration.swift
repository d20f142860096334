import Foundation

/// What `.mainguard.yml` says, as a plain value: which files and rules to lint and how seriously.
///
/// A configuration is loaded once per file on disk (``ConfigurationLoader``) and nested ones are
/// folded into their parent with ``refined(by:)``, the way SwiftLint's nested configurations work.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.disabledRules = ["detached_task_default_priority"]
/// configuration.isEnabled("detached_task_default_priority") // false
/// ```
public struct Configuration: Sendable, Hashable, Codable {
    /// The isolation that unannotated code gets when the linter cannot read the target's build
    /// settings (SE-0466 `.defaultIsolation`).
    public enum DefaultIsolation: String, Sendable, Hashable, Codable, CaseIterable {
        case mainActor = "MainActor"
        case nonisolated
    }

    /// Glob patterns (absolute, resolved against the configuration file's folder) of files to lint;
    /// `nil` means every Swift file below the linted path.
    public var included: [String]?
    /// Glob patterns (absolute) of files and folders never linted.
    public var excluded: [String] = []
    public var disabledRules: Set<String> = []
    /// When set, only these rules run.
    public var onlyRules: Set<String>?
    /// Opt-in rules (`mainguard rules` marks them) this configuration turns on.
    public var optInRules: Set<String> = []
    /// Per-rule severity and catalogue extensions, keyed by rule id.
    public var rules: [String: RuleConfiguration] = [:]
    /// Extra main-actor base classes or protocols of a team's own UI framework.
    public var mainActorTypes: Set<String> = []
    public var defaultIsolation: DefaultIsolation?
    /// Upcoming features such as `NonisolatedNonsendingByDefault`, for code whose build settings
    /// the linter cannot read.
    public var upcomingFeatures: Set<String>?
    /// The reporter name used when `--reporter` is not given.
    public var reporter: String?
    /// Treats every warning as an error, so CI fails on any finding.
    public var strict: Bool?
    /// Lints test code too (`include_tests: true`): SwiftPM test targets, Xcode test bundles and files
    /// that import a test framework. Off by default: a hang in a test is nobody's user's hang.
    public var includeTests: Bool?
    /// Reports in SwiftUI previews too (`include_previews: true`): `#Preview { }`, `PreviewProvider`
    /// types and declarations named for previews. Off by default.
    public var includePreviews: Bool?
    /// Reports work whose cost the code does not show to be large (`include_low_cost: true`): one read of a
    /// settings file, one keychain write, one pass over a collection of unknown size, a formatter created
    /// in `body`. Off by default: reviewers of real apps did not act on such findings.
    public var includeLowCost: Bool?

    public init() {}

    /// Whether a rule runs under this configuration: not disabled, not `severity: off`, and in
    /// `only_rules` when that list is given.
    ///
    /// ```swift
    /// Configuration().isEnabled("blocking_call_on_main_actor") // true
    /// ```
    public func isEnabled(_ ruleID: String) -> Bool {
        if let onlyRules, !onlyRules.contains(ruleID) { return false }
        if onlyRules == nil, RuleRegistry.optInRuleIDs.contains(ruleID), !optInRules.contains(ruleID) { return false }
        if disabledRules.contains(ruleID) { return false }
        return rules[ruleID]?.severity != .off
    }

    /// The ids of the rules this configuration runs (`isEnabled`): without one, every rule but the opt-in ones.
    ///
    /// ```swift
    /// Configuration().enabledRuleIDs.contains("side_effect_in_view_body") // false: opt-in
    /// ```
    public var enabledRuleIDs: Set<String> {
        Set(RuleRegistry.descriptions.map(\.id).filter(isEnabled))
    }

    /// The finding as this configuration wants it reported, or `nil` when its rule is turned off.
    /// Applies the rule's configured severity, then `strict`.
    ///
    /// ```swift
    /// var configuration = Configuration()
    /// configuration.strict = true
    /// configuration.adjusted(finding)?.severity // .error
    /// ```
    public func adjusted(_ finding: Finding) -> Finding? {
        guard isEnabled(finding.ruleID) else { return nil }
        var adjusted = finding
        if case .severity(let severity)? = rules[finding.ruleID]?.severity { adjusted.severity = severity }
        if strict == true { adjusted.severity = .error }
        return adjusted
    }

    /// What the run reports on: shipped code unless `include_tests` / `include_previews` say otherwise.
    public var scope: LintScope {
        LintScope(includeTests: includeTests == true, includePreviews: includePreviews == true)
    }

    /// Extra blocking APIs (`MyDB.fetchAll`, `loadSync`) configured for any rule.
    public var extraBlockingAPIs: Set<String> { rules.values.reduce(into: []) { $0.formUnion($1.extraBlockingAPIs) } }
    /// Extra heavy APIs configured for any rule.
    public var extraHeavyAPIs: Set<String> { rules.values.reduce(into: []) { $0.formUnion($1.extraHeavyAPIs) } }

    /// This configuration refined by a nested one for files in the nested file's folder.
    ///
    /// The child extends what adds up (excluded patterns, disabled rules, main-actor types,
    /// catalogue extensions) and overrides what is a single choice (`only_rules`, `included`,
    /// severities, `default_isolation`, `upcoming_features`, `strict`). The reporter is a
    /// run-wide choice and stays the parent's.
    ///
    /// ```swift
    /// let forFeature = root.refined(by: featureFolderConfiguration)
    /// ```
    public func refined(by child: Configuration) -> Configuration {
        var result = self
        result.included = child.included ?? included
        result.excluded = excluded + child.excluded
        result.disabledRules = disabledRules.union(child.disabledRules)
        result.optInRules = optInRules.union(child.optInRules)
        if let childOnly = child.onlyRules {
            result.onlyRules = childOnly
            result.disabledRules.subtract(childOnly.subtracting(child.disabledRules))
        }
        for (ruleID, childRule) in child.rules {
            result.rules[ruleID] = (rules[ruleID] ?? RuleConfiguration()).refined(by: childRule)
        }
        result.mainActorTypes = mainActorTypes.union(child.mainActorTypes)
        result.defaultIsolation = child.defaultIsolation ?? defaultIsolation
        result.upcomingFeatures = child.upcomingFeatures ?? upcomingFeatures
        result.strict = child.strict ?? strict
        result.includeTests = child.includeTests ?? includeTests
        result.includePreviews = child.includePreviews ?? includePreviews
        result.includeLowCost = child.includeLowCost ?? includeLowCost
        return result
    }

    /// What decides findings, as text that is the same in every process (sets sorted, the
    /// run-wide `reporter` left out): part of the cache key of every file it applies to.
    public var fingerprint: String {
        let ruleBlocks = rules.keys.sorted().map { id in
            let rule = rules[id]!
            return "\(id):\(String(describing: rule.severity)):\(rule.extraBlockingAPIs.sorted()):\(rule.extraHeavyAPIs.sorted())"
        }
        return StableHash.combining([
            "\(included ?? [])", "\(included == nil)", "\(excluded)", "\(disabledRules.sorted())", "\(optInRules.sorted())", "\(onlyRules?.sorted() ?? [])",
            "\(onlyRules == nil)", "\(ruleBlocks)", "\(mainActorTypes.sorted())", "\(String(describing: defaultIsolation))",
            "\(upcomingFeatures?.sorted() ?? [])", "\(String(describing: strict))",
            "\(String(describing: includeTests))", "\(String(describing: includePreviews))",
            "\(String(describing: includeLowCost))",
        ])
    }

    /// Whether a file (absolute path) is linted: matched by `included` (when given) and by no
    /// `excluded` pattern. A pattern naming a folder covers everything below it.
    ///
    /// ```swift
    /// configuration.includes(path: "/app/Sources/View.swift")
    /// ```
    public func includes(path: String) -> Bool {
        if let included, !included.contains(where: { Glob($0).matchesPathOrAncestor(path) }) { return false }
        return !excluded.contains { Glob($0).matchesPathOrAncestor(path) }
    }
}

/// One rule's block in `.mainguard.yml`.
///
/// ```swift
/// let block = RuleConfiguration(severity: .severity(.error), extraBlockingAPIs: ["MyDB.fetchAll"])
/// ```
public struct RuleConfiguration: Sendable, Hashable, Codable {
    /// `warning`, `error`, or `off` (the rule does not run).
    public enum ConfiguredSeverity: Sendable, Hashable, Codable {
        case severity(Severity)
        case off
    }

    public var severity: ConfiguredSeverity?
    /// Calls (`Type.member` or a bare function name) that block the calling thread, added to the
    /// built-in catalogue.
    public var extraBlockingAPIs: Set<String>
    /// Calls that do heavy synchronous work, added to the built-in catalogue.
    public var extraHeavyAPIs: Set<String>

    public init(severity: ConfiguredSeverity? = nil, extraBlockingAPIs: Set<String> = [], extraHeavyAPIs: Set<String> = []) {
        self.severity = severity
        self.extraBlockingAPIs = extraBlockingAPIs
        self.extraHeavyAPIs = extraHeavyAPIs
    }

    func refined(by child: RuleConfiguration) -> RuleConfiguration {
        RuleConfiguration(
            severity: child.severity ?? severity,
            extraBlockingAPIs: extraBlockingAPIs.union(child.extraBlockingAPIs),
            extraHeavyAPIs: extraHeavyAPIs.union(child.extraHeavyAPIs)
        )
    }
}
