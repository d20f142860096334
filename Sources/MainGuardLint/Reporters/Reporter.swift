/// What a reporter may know about a rule, handed in by the caller so no reporter knows a rule:
/// the SARIF reporter turns it into `tool.driver.rules`, help text included.
///
/// ```swift
/// let metadata = RuleMetadata(id: "blocking_call_on_main_actor", name: "Blocking call on the main actor",
///                             summary: "A call that blocks the thread runs on the main actor.",
///                             defaultSeverity: .warning, helpMarkdown: "# Blocking call ...")
/// ```
public struct RuleMetadata: Sendable, Hashable {
    public var id: String
    /// A human title, e.g. "Blocking call on the main actor".
    public var name: String
    /// One sentence: what the rule finds.
    public var summary: String
    public var defaultSeverity: Severity
    /// The rule's document (`Rules/<id>.md`).
    public var helpMarkdown: String

    public init(id: String, name: String, summary: String, defaultSeverity: Severity, helpMarkdown: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.helpMarkdown = helpMarkdown
    }
}

/// Everything a reporter may use besides the findings.
///
/// ```swift
/// let context = ReportContext(rules: metadata, toolVersion: "0.1.0", sourceRoot: "/app")
/// ```
public struct ReportContext: Sendable, Hashable {
    public var rules: [RuleMetadata]
    public var toolVersion: String
    /// Absolute folder that file paths are made relative to (the working directory of the run).
    public var sourceRoot: String
    /// The project's home page, linked from SARIF's `tool.driver.informationUri` when given.
    public var informationURI: String?

    public init(rules: [RuleMetadata] = [], toolVersion: String, sourceRoot: String, informationURI: String? = nil) {
        self.rules = rules
        self.toolVersion = toolVersion
        self.sourceRoot = sourceRoot
        self.informationURI = informationURI
    }

    /// The finding's file relative to ``sourceRoot``, with `/` separators and no leading `./`.
    public func relativePath(_ file: String) -> String {
        MainGuardLint.relativePath(file, to: sourceRoot)
    }
}

/// A path relative to a root folder when it lies inside it; other paths come back unchanged
/// (minus a leading `./`). Reports and baselines store relative paths so they survive a
/// checkout in another folder.
///
/// ```swift
/// relativePath("/app/Sources/A.swift", to: "/app") // "Sources/A.swift"
/// ```
public func relativePath(_ path: String, to root: String) -> String {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    var relative = Substring(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return String(relative)
}

/// A named, pure rendering of findings into one output format.
///
/// ```swift
/// let text = Reporter.sarif.render(findings, context)
/// ```
public struct Reporter: Sendable {
    /// The name given to `--reporter` and `reporter:` in `.mainguard.yml`.
    public var name: String
    /// One line for `--help`.
    public var purpose: String
    public var render: @Sendable (_ findings: [Finding], _ context: ReportContext) -> String

    public init(name: String, purpose: String, render: @escaping @Sendable ([Finding], ReportContext) -> String) {
        self.name = name
        self.purpose = purpose
        self.render = render
    }
}
