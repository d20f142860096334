import Foundation

/// One row of a transactions table: what a cell shows, before formatting.
///
/// ```swift
/// let text = FormatterPerCellConfigurator().text(for: TransactionRow(date: .now, amount: 12.5, change: 0.042))
/// ```
public struct TransactionRow: Sendable {
    public var date: Date
    public var amount: Double
    /// Change against the previous period, as a fraction (0.042 is +4.2 %).
    public var change: Double

    public init(date: Date, amount: Double, change: Double) {
        self.date = date
        self.amount = amount
        self.change = change
    }

    /// The row at `index` of an endless table: rows an hour apart with varied amounts. Computed
    /// on demand, like a data source, so no setup runs on the main actor before scrolling.
    static func at(_ index: Int) -> TransactionRow {
        TransactionRow(date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600),
                       amount: Double((index * 7919) % 100_000) / 100,
                       change: Double((index * 104_729) % 2_001 - 1_000) / 10_000)
    }
}

/// Turns a row into the text its cell shows. The two conformances are the two ways the sample
/// workloads configure cells: one formatter per cell, or formatters made once.
///
/// ```swift
/// let configurator: some CellConfigurator = await CachedFormatterConfigurator.make()
/// print(configurator.text(for: row))   // e.g. "14 Nov 2023, 22:13  €12.50  +4.2%"
/// ```
public protocol CellConfigurator: Sendable {
    func text(for row: TransactionRow) -> String
}

/// The common mistake: a `DateFormatter` and two `NumberFormatter`s made for every cell. A cell
/// then costs ~0.1 ms (locale and pattern set-up on every use), so a screenful of cells takes
/// longer than a frame.
///
/// ```swift
/// try await ScrollingTable().scroll(frames: 120, configurator: FormatterPerCellConfigurator())   // misses frames
/// ```
public struct FormatterPerCellConfigurator: CellConfigurator {
    public init() {}

    public func text(for row: TransactionRow) -> String {
        CellFormatters().text(for: row)
    }
}

/// The fix: formatters made once, off the main actor, and reused for every cell (formatting
/// with a ready formatter costs a few microseconds).
///
/// ```swift
/// let configurator = await CachedFormatterConfigurator.make()
/// try await ScrollingTable().scroll(frames: 120, configurator: configurator)   // within budget
/// ```
public struct CachedFormatterConfigurator: CellConfigurator {
    private let formatters: CellFormatters

    /// Makes the formatters on the global executor: the first formatter in a process loads
    /// locale data, which alone can take longer than a frame.
    public static func make() async -> CachedFormatterConfigurator {
        let formatters = CellFormatters()
        // Foundation builds a formatter's ICU pattern lazily, on its first use: do that here too,
        // or the first scrolled frame pays for it.
        _ = formatters.text(for: .at(0))
        return CachedFormatterConfigurator(formatters: formatters)
    }

    public func text(for row: TransactionRow) -> String {
        formatters.text(for: row)
    }
}

/// The formatters one cell needs: a medium date with a short time, a euro amount and a percentage.
struct CellFormatters: Sendable {
    let date: DateFormatter
    let amount: NumberFormatter
    let change: NumberFormatter

    init() {
        date = DateFormatter()
        date.locale = Locale(identifier: "en_GB")
        date.dateStyle = .medium
        date.timeStyle = .short
        amount = NumberFormatter()
        amount.locale = Locale(identifier: "en_GB")
        amount.numberStyle = .currency
        amount.currencyCode = "EUR"
        change = NumberFormatter()
        change.locale = Locale(identifier: "en_GB")
        change.numberStyle = .percent
        change.minimumFractionDigits = 1
        change.positivePrefix = "+"
    }

    func text(for row: TransactionRow) -> String {
        date.string(from: row.date) + "  " + (amount.string(from: NSNumber(value: row.amount)) ?? "")
            + "  " + (change.string(from: NSNumber(value: row.change)) ?? "")
    }
}

/// A table that scrolls like a UI list: every frame (8.3 ms at 120 Hz) it configures the cells
/// on screen, on the main actor, as a table view's cell provider does.
///
/// ```swift
/// let table = ScrollingTable()
/// try await table.scroll(frames: 120, configurator: await CachedFormatterConfigurator.make())
/// ```
@MainActor
public final class ScrollingTable {
    /// Cells on screen at once: a dense 40-row, 4-column grid. Sized so that formatters made
    /// per cell (~0.1 ms a cell in a debug build) take about two frames, while cached
    /// formatters (~8 µs a cell) stay far below the 5 ms budget.
    nonisolated public static let visibleCells = 160
    /// Rows scrolled past each frame.
    nonisolated public static let rowsPerFrame = 3

    /// What the cells show: kept, so the formatting is used and cannot be optimised away.
    public private(set) var visibleText: [String] = []

    public init() {}

    /// Scrolls for `frames` frames at `refreshRateHz`, configuring every visible cell each frame.
    ///
    /// Frames are paced like a display link: each starts at its vsync, and a frame that ran
    /// late skips the vsyncs it missed instead of bunching up the next ones.
    public func scroll(frames: Int, refreshRateHz: Double = 120, configurator: some CellConfigurator) async throws {
        let clock = ContinuousClock()
        let frameLength = Duration.seconds(1 / refreshRateHz)
        var vsync = clock.now
        for frame in 0..<frames {
            configureVisibleCells(firstRow: frame * Self.rowsPerFrame, configurator: configurator)
            vsync += frameLength
            while vsync < clock.now { vsync += frameLength }
            try await Task.sleep(until: vsync, clock: clock)
        }
    }

    private func configureVisibleCells(firstRow: Int, configurator: some CellConfigurator) {
        visibleText = (0..<Self.visibleCells).map { offset in
            configurator.text(for: TransactionRow.at(firstRow + offset))
        }
    }
}
