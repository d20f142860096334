import Foundation

/// Synchronous work that takes `milliseconds` of CPU.
public func crunchNumbers(milliseconds: Int) -> Int {
    let end = Date().addingTimeInterval(Double(milliseconds) / 1000)
    var total = 0
    while Date() < end { total &+= 1 }
    return total
}

/// "Hang later": the tap returns at once, but the Task it starts inherits @MainActor and runs the
/// synchronous work on the main thread.
@MainActor public final class RefreshButton {
    public private(set) var total = 0
    public init() {}

    public func tapped() {
        Task {
            total = crunchNumbers(milliseconds: 300)
        }
    }
}

/// The same work, done off the main actor and awaited.
@MainActor public final class FixedRefreshButton {
    public private(set) var total = 0
    public init() {}

    public func tapped() {
        Task {
            total = await Self.crunchOffTheMainActor()
        }
    }

    @concurrent nonisolated static func crunchOffTheMainActor() async -> Int {
        crunchNumbers(milliseconds: 300)
    }
}
