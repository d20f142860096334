/// Every reporter `--reporter` accepts, by name.
///
/// ```swift
/// let reporter = ReporterRegistry.reporter(named: "sarif")
/// ```
public enum ReporterRegistry {
    /// The reporter used when neither `--reporter` nor the configuration names one.
    public static let defaultName = "xcode"

    public static let all: [Reporter] = [
        Reporter(name: "xcode", purpose: "Compiler-style lines (default; Xcode and editors show them inline)") { findings, _ in
            XcodeReporter.render(findings)
        },
        Reporter(name: "json", purpose: "SwiftLint-compatible JSON") { findings, _ in JSONReporter.render(findings) },
        .sarif, .githubActionsLogging, .checkstyle, .junit, .markdown, .summary,
    ]

    public static var names: [String] { all.map(\.name) }

    public static func reporter(named name: String) -> Reporter? {
        all.first { $0.name == name }
    }
}
