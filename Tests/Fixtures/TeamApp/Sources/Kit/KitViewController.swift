import Foundation

// Stands in for the team's UI framework base class, which is @MainActor in the real framework
// (declared elsewhere, so `main_actor_types` tells the linter).
open class KitViewController {
    public init() {}
    open func viewDidLoad() {}
}

public enum LegacyStore {
    /// Reads every record from disk synchronously.
    public static func loadAll() -> [String] { [] }
}

func crunchNumbers() -> Int {
    var total = 0
    for value in 0..<10_000_000 { total &+= value }
    return total
}
