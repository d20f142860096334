import Foundation
import MainGuard

/// The sample workloads `mainguard watch` runs, as ordinary Swift modelling a UI app's main loop.
///
/// Each does real computation of a stated size; its summary says what a correct measurement shows.
/// The Swift 6.2 button cases live in `Swift62Workloads` (a target with 6.2's settings).
///
/// ```swift
/// let report = Runtime.run(SampleWorkloads.named("hang-later")!)
/// ```
public enum SampleWorkloads {
    public static let all: [Workload] = [hangLater, noHang, detached, scrollFormatters, scrollCached, priorities]

    /// The workload with this name, or `nil`.
    public static func named(_ name: String) -> Workload? {
        all.first { $0.name == name }
    }

    /// Frames scrolled by the scrolling workloads: one second at 120 Hz.
    static let scrollFrames = 120

    static let scrollFormatters = Workload(
        name: "scroll-formatters",
        summary: "Scrolls a \(ScrollingTable.visibleCells)-cell table for \(scrollFrames) frames at 120 Hz, "
            + "making two formatters per cell: every frame misses its 8.3 ms deadline"
    ) {
        try await ScrollingTable().scroll(frames: scrollFrames, configurator: FormatterPerCellConfigurator())
    }

    static let scrollCached = Workload(
        name: "scroll-cached",
        summary: "The same scrolling with formatters made once off the main actor: every frame stays under 5 ms"
    ) {
        let configurator = await CachedFormatterConfigurator.make()
        try await ScrollingTable().scroll(frames: scrollFrames, configurator: configurator)
    }

    static let priorities = Workload(
        name: "priorities",
        summary: "4 detached .background and then 4 .userInitiated checksum tasks (8 × 64 KiB each) on a busy pool: "
            + "the user-initiated ones finish first; the main actor only awaits and shows no stall"
    ) {
        let outcome = await PriorityRace.run()
        // The report measures the main thread; the race's result goes to standard error so
        // `--format json` output stays one JSON document.
        FileHandle.standardError.write(Data("priorities: \(outcome.summary)\n".utf8))
    }
}
