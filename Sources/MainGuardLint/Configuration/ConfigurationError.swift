/// Why a `.mainguard.yml` cannot be used, with the place to fix it.
///
/// Rendered like a compiler diagnostic so editors and CI logs link to the line:
///
/// ```swift
/// let error = ConfigurationError(file: ".mainguard.yml", line: 3, key: "disabled_rules",
///                                problem: "'blocking_cal' is not a MainGuard rule")
/// print(error) // .mainguard.yml:3: error: disabled_rules: 'blocking_cal' is not a MainGuard rule
/// ```
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based line of the offending key or value (1 when the whole file is at fault).
    public var line: Int
    /// The key at fault, as a dotted path (`blocking_call_on_main_actor.severity`), when there is one.
    public var key: String?
    public var problem: String

    public init(file: String, line: Int, key: String? = nil, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        "\(file):\(line): error: \(key.map { "\($0): " } ?? "")\(problem)"
    }
}
