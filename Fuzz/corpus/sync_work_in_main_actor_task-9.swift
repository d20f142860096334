@MainActor final class Store<Item> {
    var items: [Item] = []
    func reload() {
        Task {
            items.forEach { _ in
                self.sortAll()
            }
        }
    }
}

extension Store {
    nonisolated func sortAll() {
        var steps = 0
        while steps < 1_000 { steps += 1 }
    }
}
