import Foundation
import Yams

/// The words a `.mainguard.yml` may use that come from elsewhere: rule ids from the rule registry
/// and reporter names from ``ReporterRegistry``. Passed in so configuration knows no rule.
///
/// ```swift
/// let vocabulary = ConfigurationVocabulary(ruleIDs: ["blocking_call_on_main_actor"], reporterNames: ["xcode"])
/// ```
public struct ConfigurationVocabulary: Sendable, Hashable {
    public var ruleIDs: Set<String>
    public var reporterNames: Set<String>

    public init(ruleIDs: Set<String>, reporterNames: Set<String>) {
        self.ruleIDs = ruleIDs
        self.reporterNames = reporterNames
    }
}

/// Reads `.mainguard.yml` into a ``Configuration``, rejecting anything it does not understand
/// with a ``ConfigurationError`` that names the file, line and key: a typo in a rule id must not
/// silently leave a rule running (or not running) in CI.
///
/// ```swift
/// let configuration = try ConfigurationLoader.load(file: ".mainguard.yml", vocabulary: vocabulary)
/// ```
public enum ConfigurationLoader {
    /// The file name looked for in the working directory and, for nested configurations, in subfolders.
    public static let fileName = ".mainguard.yml"

    /// Swift upcoming features a team may list for code whose build settings the linter cannot read.
    public static let knownUpcomingFeatures: Set<String> = [
        "NonisolatedNonsendingByDefault", "InferIsolatedConformances", "InferSendableFromCaptures",
        "GlobalActorIsolatedTypesUsability", "DisableOutwardActorInference", "StrictConcurrency",
        "IsolatedDefaultValues", "RegionBasedIsolation", "DynamicActorIsolation", "GlobalConcurrency",
        "ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault", "ConciseMagicFile",
        "ForwardTrailingClosures", "BareSlashRegexLiterals", "DeprecateApplicationMain",
        "ImportObjcForwardDeclarations", "ImplicitOpenExistentials", "ImmutableWeakCaptures",
    ]

    /// Reads and parses a configuration file. Relative `included`/`excluded` patterns are resolved
    /// against the file's folder.
    public static func load(file path: String, vocabulary: ConfigurationVocabulary) throws(ConfigurationError) -> Configuration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError(file: path, line: 1, problem: "cannot read the configuration file (\(error.localizedDescription))")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        return try parse(yaml: text, file: path, baseDirectory: folder, vocabulary: vocabulary)
    }

    /// Parses configuration text; `file` only names the source in errors.
    ///
    /// ```swift
    /// let configuration = try ConfigurationLoader.parse(yaml: "strict: true", file: ".mainguard.yml",
    ///                                                   baseDirectory: "/app", vocabulary: vocabulary)
    /// ```
    public static func parse(
        yaml: String, file: String, baseDirectory: String, vocabulary: ConfigurationVocabulary
    ) throws(ConfigurationError) -> Configuration {
        let reader = NodeReader(file: file, baseDirectory: baseDirectory, vocabulary: vocabulary)
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw reader.syntaxError(error)
        }
        guard let root else { return Configuration() }
        return try reader.configuration(from: root)
    }
}

/// Walks the composed YAML tree; every node keeps its line mark for errors.
private struct NodeReader {
    let file: String
    let baseDirectory: String
    let vocabulary: ConfigurationVocabulary

    func configuration(from root: Node) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        for (keyNode, value) in try mapping(root, key: nil) {
            let key = try name(of: keyNode)
            switch key {
            case "included": configuration.included = try strings(value, key: key).map(resolvedPattern)
            case "excluded": configuration.excluded = try strings(value, key: key).map(resolvedPattern)
            case "disabled_rules": configuration.disabledRules = Set(try ruleIDs(value, key: key))
            case "only_rules": configuration.onlyRules = Set(try ruleIDs(value, key: key))
            case "opt_in_rules": configuration.optInRules = Set(try ruleIDs(value, key: key))
            case "main_actor_types": configuration.mainActorTypes = Set(try strings(value, key: key))
            case "default_isolation":
                configuration.defaultIsolation = try choice(value, key: key, from: Configuration.DefaultIsolation.allCases.map(\.rawValue))
                    .flatMap(Configuration.DefaultIsolation.init(rawValue:))
            case "upcoming_features": configuration.upcomingFeatures = Set(try upcomingFeatures(value, key: key))
            case "reporter": configuration.reporter = try choice(value, key: key, from: vocabulary.reporterNames.sorted())
            case "strict": configuration.strict = try bool(value, key: key)
            case "include_tests": configuration.includeTests = try bool(value, key: key)
            case "include_previews": configuration.includePreviews = try bool(value, key: key)
            case "include_low_cost": configuration.includeLowCost = try bool(value, key: key)
            case let ruleID where vocabulary.ruleIDs.contains(ruleID):
                configuration.rules[ruleID] = try ruleConfiguration(value, ruleID: ruleID)
            default:
                throw error(at: keyNode, key: key, "unknown key; expected one of \(Self.topLevelKeys.joined(separator: ", ")) or a rule id (\(vocabulary.ruleIDs.sorted().joined(separator: ", ")))")
            }
        }
        return configuration
    }

    static let topLevelKeys = [
        "included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "main_actor_types", "default_isolation",
        "upcoming_features", "reporter", "strict", "include_tests", "include_previews",
        "include_low_cost",
    ]

    static let ruleKeys = ["severity", "extra_blocking_apis", "extra_heavy_apis"]

    /// A rule block is a mapping, or SwiftLint's shorthand `rule_id: error`.
    private func ruleConfiguration(_ node: Node, ruleID: String) throws(ConfigurationError) -> RuleConfiguration {
        if node.scalar != nil {
            return RuleConfiguration(severity: try severity(node, key: ruleID))
        }
        var rule = RuleConfiguration()
        for (keyNode, value) in try mapping(node, key: ruleID) {
            let optionKey = try name(of: keyNode)
            let dotted = "\(ruleID).\(optionKey)"
            switch optionKey {
            case "severity": rule.severity = try severity(value, key: dotted)
            case "extra_blocking_apis": rule.extraBlockingAPIs = Set(try strings(value, key: dotted))
            case "extra_heavy_apis": rule.extraHeavyAPIs = Set(try strings(value, key: dotted))
            default: throw error(at: keyNode, key: dotted, "unknown rule option; expected one of \(Self.ruleKeys.joined(separator: ", "))")
            }
        }
        return rule
    }

    private func severity(_ node: Node, key: String) throws(ConfigurationError) -> RuleConfiguration.ConfiguredSeverity? {
        switch try choice(node, key: key, from: ["warning", "error", "off"]) {
        case "off": .off
        case let name?: Severity(rawValue: name).map(RuleConfiguration.ConfiguredSeverity.severity)
        case nil: nil
        }
    }

    private func ruleIDs(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        try strings(node, key: key, accepting: vocabulary.ruleIDs) { "'\($0)' is not a MainGuard rule; known rules: \(vocabulary.ruleIDs.sorted().joined(separator: ", "))" }
    }

    private func upcomingFeatures(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        try strings(node, key: key, accepting: ConfigurationLoader.knownUpcomingFeatures) { "'\($0)' is not a Swift upcoming feature (spelled as in Package.swift, e.g. NonisolatedNonsendingByDefault)" }
    }

    /// A list of non-empty strings, each in `allowed` when that is given.
    private func strings(
        _ node: Node, key: String, accepting allowed: Set<String>? = nil, unknown: (String) -> String = { $0 }
    ) throws(ConfigurationError) -> [String] {
        guard let items = node.sequence else { throw error(at: node, key: key, "expected a list of strings") }
        return try items.map { item throws(ConfigurationError) in
            guard let value = item.scalar?.string, !value.isEmpty else { throw error(at: item, key: key, "expected a string") }
            if let allowed, !allowed.contains(value) { throw error(at: item, key: key, unknown(value)) }
            return value
        }
    }

    private func choice(_ node: Node, key: String, from choices: [String]) throws(ConfigurationError) -> String? {
        guard let value = node.scalar?.string, choices.contains(value) else {
            throw error(at: node, key: key, "expected one of \(choices.joined(separator: ", "))")
        }
        return value
    }

    private func bool(_ node: Node, key: String) throws(ConfigurationError) -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw error(at: node, key: key, "expected true or false") }
        return value
    }

    private func mapping(_ node: Node, key: String?) throws(ConfigurationError) -> Node.Mapping {
        guard let mapping = node.mapping else {
            throw error(at: node, key: key, key == nil ? "expected a mapping of keys to values at the top level" : "expected a mapping of options")
        }
        return mapping
    }

    private func name(of keyNode: Node) throws(ConfigurationError) -> String {
        guard let key = keyNode.scalar?.string else { throw error(at: keyNode, key: nil, "expected a plain key") }
        return key
    }

    /// Patterns are written relative to the configuration file's folder, as in SwiftLint.
    private func resolvedPattern(_ pattern: String) -> String {
        if pattern.hasPrefix("/") { return pattern }
        var relative = Substring(pattern)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        while relative.hasSuffix("/") { relative = relative.dropLast() }
        return baseDirectory.hasSuffix("/") ? baseDirectory + relative : "\(baseDirectory)/\(relative)"
    }

    private func error(at node: Node, key: String?, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line ?? 1, key: key, problem: problem)
    }

    func syntaxError(_ error: any Error) -> ConfigurationError {
        guard let yamlError = error as? YamlError else {
            return ConfigurationError(file: file, line: 1, problem: "not valid YAML (\(error))")
        }
        switch yamlError {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return ConfigurationError(file: file, line: mark.line, problem: "not valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ConfigurationError(file: file, line: context.mark.line, key: duplicates.joined(separator: ", "),
                                      problem: "key given more than once; keep one")
        default:
            return ConfigurationError(file: file, line: 1, problem: "not valid YAML (\(yamlError))")
        }
    }
}
