/// How long main-thread work may take before a test fails.
///
/// The named budgets are Apple's responsiveness guidance: a discrete interaction (a tap, a click)
/// must answer within 100 ms; code that runs while the user is scrolling or dragging must stay
/// under 5 ms so that frames keep coming; one frame lasts 8.3 ms at 120 Hz and 16.7 ms at 60 Hz.
///
/// ```swift
/// await assertNoHang(.discreteInteraction) { model.tapped() }
/// assertMainThreadBudget(.frame(hz: 120)) { cell.configure(with: item) }
/// assertMainThreadBudget(.milliseconds(50)) { importer.parseHeader() }
/// ```
///
/// Every budget is multiplied by the `MAINGUARD_BUDGET_SCALE` environment variable when it is set
/// (see ``BudgetScale``), so a slow CI machine gets headroom without editing tests.
public struct MainThreadBudget: Sendable, Hashable, CustomStringConvertible {
    /// The budget in milliseconds.
    public let milliseconds: Double
    /// What the budget stands for, shown in failure messages ("discrete interaction").
    public let name: String?

    /// Creates a budget; prefer the named ones, which say why the number is what it is.
    public init(milliseconds: Double, name: String? = nil) {
        precondition(milliseconds > 0 && milliseconds.isFinite,
                     "A main-thread budget must be a positive number of milliseconds, got \(milliseconds)")
        self.milliseconds = milliseconds
        self.name = name
    }

    /// 100 ms: the longest a discrete interaction (a tap, a click, a key press) may take to answer.
    public static let discreteInteraction = MainThreadBudget(milliseconds: 100, name: "discrete interaction")

    /// 5 ms: what code running during continuous interaction (scrolling, dragging, animation) may
    /// take, so the frame that contains it is not missed.
    public static let continuousInteraction = MainThreadBudget(milliseconds: 5, name: "continuous interaction")

    /// One frame at the given refresh rate: 8.3 ms at 120 Hz, 16.7 ms at 60 Hz.
    ///
    /// ```swift
    /// assertMainThreadBudget(.frame(hz: 60)) { renderer.layoutVisibleRows() }
    /// ```
    public static func frame(hz: Double) -> MainThreadBudget {
        MainThreadBudget(milliseconds: 1000 / hz, name: "one frame at \(hz.formatted(maxFractionDigits: 1)) Hz")
    }

    /// A budget of your own, in milliseconds.
    ///
    /// ```swift
    /// assertMainThreadBudget(.milliseconds(50)) { importer.parseHeader() }
    /// ```
    public static func milliseconds(_ milliseconds: Double) -> MainThreadBudget {
        MainThreadBudget(milliseconds: milliseconds)
    }

    /// The budget as a `Duration`.
    public var duration: Duration { .nanoseconds(Int64((milliseconds * 1_000_000).rounded())) }

    /// "100 ms (discrete interaction)".
    public var description: String {
        let amount = "\(milliseconds.formatted(maxFractionDigits: 1)) ms"
        return name.map { "\(amount) (\($0))" } ?? amount
    }
}
