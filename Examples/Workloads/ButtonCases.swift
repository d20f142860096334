import Foundation

// The three buttons of Apple's "Improving app responsiveness", as main-actor models of a UI.
// Each `tapped()` stands in for a SwiftUI button's action, which runs on the main actor like
// `Button { ... }` in a View. `swift run mainguard lint Examples` flags the first and the third.

/// `Task { doLongRunningWork(); updateUI() }`: the Task inherits @MainActor from the class, so
/// the ~300 ms of synchronous work runs on the main thread and the UI hangs.
@MainActor public final class HangLaterButton {
    public private(set) var label = "Start"

    public init() {}

    public func tapped() {
        Task {
            let checksum = doLongRunningWork()
            updateUI(checksum)
        }
    }

    /// Main-actor on purpose: a cheap UI update.
    func updateUI(_ checksum: UInt64) {
        label = "Done \(checksum % 100)"
    }
}

/// `Task { await doLongRunningWorkAsync(); updateUI() }`: the nonisolated async function leaves the
/// main actor (classic settings), so the main thread stays free while the work runs.
@MainActor public final class NoHangButton {
    public private(set) var label = "Start"

    public init() {}

    public func tapped() {
        Task {
            let checksum = await doLongRunningWorkAsync()
            updateUI(checksum)
        }
    }

    func updateUI(_ checksum: UInt64) {
        label = "Done \(checksum % 100)"
    }
}

/// `Task.detached { doLongRunningWork() }`: off the main actor, but at `.medium` priority, inheriting
/// nothing from the interaction that started it.
@MainActor public final class DetachedButton {
    public init() {}

    public func tapped() {
        Task.detached {
            _ = doLongRunningWork()
        }
    }
}

/// About 300 ms of real computation.
nonisolated public func doLongRunningWork() -> UInt64 {
    spin(milliseconds: 300)
}

/// The same work as an async function: with classic settings it runs on the global concurrent executor.
nonisolated public func doLongRunningWorkAsync() async -> UInt64 {
    doLongRunningWork()
}
