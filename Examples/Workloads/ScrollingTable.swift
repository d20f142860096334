import Foundation

/// One row of a transactions table: what a cell shows, before formatting.
public struct TransactionRow: Sendable {
    public var date: Date
    public var amount: Double

    /// `count` rows an hour apart with varied amounts: enough to scroll through without repeating.
    static func sample(count: Int) -> [TransactionRow] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<count).map { index in
            TransactionRow(date: start.addingTimeInterval(Double(index) * 3600),
                           amount: Double((index * 7919) % 100_000) / 100)
        }
    }
}

/// Turns a row into the text its cell shows. The two conformances are the two ways the sample
/// workloads configure cells: one formatter per cell, or formatters made once.
public protocol CellConfigurator: Sendable {
    func text(for row: TransactionRow) -> String
}

/// The common mistake: a `DateFormatter` and a `NumberFormatter` made for every cell. Each
/// costs ~0.2 ms to create and configure (locale and pattern set-up), so a screenful of cells
/// takes longer than a frame.
public struct FormatterPerCellConfigurator: CellConfigurator {
    public init() {}

    public func text(for row: TransactionRow) -> String {
        CellFormatters().text(for: row)
    }
}

/// The fix: formatters made once, off the main actor, and reused for every cell (formatting
/// with a ready formatter costs a few microseconds).
public struct CachedFormatterConfigurator: CellConfigurator {
    private let formatters: CellFormatters

    /// Makes the formatters on the global executor: the first formatter in a process loads
    /// locale data, which alone can take longer than a frame.
    public static func make() async -> CachedFormatterConfigurator {
        CachedFormatterConfigurator(formatters: CellFormatters())
    }

    public func text(for row: TransactionRow) -> String {
        formatters.text(for: row)
    }
}

/// The formatters one cell needs: a medium date with a short time, and a euro amount.
struct CellFormatters: Sendable {
    let date: DateFormatter
    let amount: NumberFormatter

    init() {
        date = DateFormatter()
        date.locale = Locale(identifier: "en_GB")
        date.dateStyle = .medium
        date.timeStyle = .short
        amount = NumberFormatter()
        amount.locale = Locale(identifier: "en_GB")
        amount.numberStyle = .currency
        amount.currencyCode = "EUR"
    }

    func text(for row: TransactionRow) -> String {
        date.string(from: row.date) + "  " + (amount.string(from: NSNumber(value: row.amount)) ?? "")
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
    /// Cells on screen at once: a dense 32-row, 3-column table. Sized so that formatters per
    /// cell (~0.2 ms each in a debug build) take about two frames, while cached formatters
    /// (a few µs each) stay far below the 5 ms budget.
    nonisolated public static let visibleCells = 96
    /// Rows scrolled past each frame.
    nonisolated public static let rowsPerFrame = 3

    private let rows = TransactionRow.sample(count: 10_000)
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
            configurator.text(for: rows[(firstRow + offset) % rows.count])
        }
    }
}
