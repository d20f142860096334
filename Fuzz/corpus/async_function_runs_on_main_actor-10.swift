// mainguard-settings: default-isolation=MainActor upcoming=NonisolatedNonsendingByDefault
actor Store {
    func load() async {
        for _ in 0..<1_000_000 {}
    }
}

final class Screen {
    let store = Store()
    func appear() async {
        await store.load()
    }
}
