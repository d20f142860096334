import Foundation

/// Synchronous work that takes about `milliseconds` of CPU: a stand-in for parsing or image decoding.
public func computeReceiptTotals(milliseconds: Int = 300) -> Int {
    let end = Date().addingTimeInterval(Double(milliseconds) / 1_000)
    var total = 0
    while Date() < end { total &+= 1 }
    return total
}

/// Hang later: the `Task` inherits the main actor from `confirm()`, so the synchronous work runs there.
@MainActor
public final class HangLaterCheckout {
    public private(set) var total = 0
    public init() {}
    public func confirm() {
        Task { total = computeReceiptTotals() }
    }
}

/// The same work, moved off the main actor: only the result comes back to it.
@MainActor
public final class DetachedCheckout {
    public private(set) var total = 0
    public init() {}
    public func confirm() {
        Task {
            total = await Task.detached(priority: .userInitiated) { computeReceiptTotals() }.value
        }
    }
}

/// Small main-actor work only.
@MainActor
public final class QuickCheckout {
    public private(set) var total = 0
    public init() {}
    public func confirm() {
        Task { total = computeReceiptTotals(milliseconds: 1) }
    }
}
