import Foundation
import MainGuardExamples

// The async button again, in a target built with Swift 6.2's approachable-concurrency settings:
// `.defaultIsolation(MainActor.self)` and `NonisolatedNonsendingByDefault`. There a nonisolated async
// function runs on its caller's actor, so "make it a nonisolated async function" no longer helps:
// `@concurrent` does.

/// Awaits a nonisolated async function: under NonisolatedNonsendingByDefault it runs on the main actor.
public final class Swift62Button {
    public private(set) var label = "Start"

    public init() {}

    public func tapped() {
        Task {
            let checksum = await processInBackground()
            label = "Done \(checksum % 100)"
        }
    }
}

/// Awaits a `@concurrent` function: it runs on the global concurrent executor, the main thread stays free.
public final class Swift62ConcurrentButton {
    public private(set) var label = "Start"

    public init() {}

    public func tapped() {
        Task {
            let checksum = await processConcurrently()
            label = "Done \(checksum % 100)"
        }
    }
}

/// Despite its name, runs on the caller's actor with this target's settings.
nonisolated public func processInBackground() async -> UInt64 {
    heavyComputation()
}

/// Runs on the global concurrent executor whatever the caller's isolation.
@concurrent nonisolated public func processConcurrently() async -> UInt64 {
    heavyComputation()
}

/// About 300 ms of real computation (`spin` is `nonisolated`, so `@concurrent` code may call it synchronously).
nonisolated public func heavyComputation() -> UInt64 {
    spin(milliseconds: 300)
}
