#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The factor every budget is multiplied by, read from the `MAINGUARD_BUDGET_SCALE` environment variable.
///
/// A CI machine that is slower or busier than a developer's laptop can be given headroom without
/// editing tests: `MAINGUARD_BUDGET_SCALE=2 swift test` lets every assertion take twice its budget.
/// Failure messages show both budgets ("200 ms, scaled ×2 from 100 ms (discrete interaction)").
/// Values below 1 tighten budgets. An unset or empty variable means 1.
///
/// ```swift
/// let scale = try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": "2"])
/// scale.apply(to: .discreteInteraction).milliseconds   // 200
/// ```
public struct BudgetScale: Sendable, Hashable {
    /// The environment variable's name.
    public static let environmentVariable = "MAINGUARD_BUDGET_SCALE"

    /// The factor; 1 when the variable is not set.
    public let factor: Double

    /// A scale of `factor` (which must be positive and finite).
    public init(factor: Double) throws(BudgetScaleError) {
        guard factor > 0, factor.isFinite else { throw BudgetScaleError(value: String(factor)) }
        self.factor = factor
    }

    /// The scale an environment asks for.
    ///
    /// - Throws: ``BudgetScaleError`` when the variable is set to something that is not a positive number.
    public init(environment: [String: String]) throws(BudgetScaleError) {
        let value = environment[Self.environmentVariable]?.trimmingWhitespace() ?? ""
        if value.isEmpty {
            self.factor = 1
            return
        }
        guard let factor = Double(value), factor > 0, factor.isFinite else { throw BudgetScaleError(value: value) }
        self.factor = factor
    }

    /// Replaces the process environment for the library's own tests, so they check the scaling
    /// end to end and stay independent of a `MAINGUARD_BUDGET_SCALE` set on the machine running them.
    @TaskLocal static var environmentOverride: [String: String]?

    /// No scaling: every budget as written.
    public static let unscaled = BudgetScale(unchecked: 1)

    private init(unchecked factor: Double) {
        self.factor = factor
    }

    /// The scale of this process, read from its environment when an assertion runs.
    public static func current() throws(BudgetScaleError) -> BudgetScale {
        if let environmentOverride { return try BudgetScale(environment: environmentOverride) }
        var environment: [String: String] = [:]
        if let value = getenv(environmentVariable) {
            environment[environmentVariable] = String(cString: value)
        }
        return try BudgetScale(environment: environment)
    }

    /// The budget an assertion checks against.
    public func apply(to budget: MainThreadBudget) -> ScaledBudget {
        ScaledBudget(original: budget, factor: factor)
    }
}

/// `MAINGUARD_BUDGET_SCALE` is set to something that is not a positive number.
///
/// ```swift
/// do { _ = try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": "fast"]) }
/// catch { print(error) }   // MAINGUARD_BUDGET_SCALE="fast" is not a positive number, …
/// ```
public struct BudgetScaleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The variable's value as found.
    public let value: String

    public var description: String {
        "\(BudgetScale.environmentVariable)=\"\(value)\" is not a positive number, so budgets were not scaled; "
            + "set it to a factor such as 2 (twice the budget on a slow CI machine) or unset it."
    }
}

/// A budget after ``BudgetScale`` was applied, remembering the original for messages.
///
/// ```swift
/// let scaled = try BudgetScale(factor: 2).apply(to: .discreteInteraction)
/// scaled.milliseconds   // 200
/// scaled.description    // "200 ms (MAINGUARD_BUDGET_SCALE=2 × 100 ms (discrete interaction))"
/// ```
public struct ScaledBudget: Sendable, Hashable, CustomStringConvertible {
    /// The budget as written in the test.
    public let original: MainThreadBudget
    /// The `MAINGUARD_BUDGET_SCALE` factor (1 when unset).
    public let factor: Double

    /// The budget the measurement is checked against.
    public var milliseconds: Double { original.milliseconds * factor }

    /// "100 ms (discrete interaction)", or "200 ms (MAINGUARD_BUDGET_SCALE=2 × 100 ms (discrete interaction))".
    public var description: String {
        if factor == 1 { return original.description }
        return "\(milliseconds.milliseconds) (\(BudgetScale.environmentVariable)=\(factor.formatted(maxFractionDigits: 3)) × \(original))"
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
