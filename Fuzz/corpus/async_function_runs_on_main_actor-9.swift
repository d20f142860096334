// mainguard-settings: upcoming=NonisolatedNonsendingByDefault
@MainActor func refresh() async {
    await fetchThenCount()
    await quick()
}

func fetchThenCount() async {
    await Task.yield()
    for _ in 0..<1_000_000 {}
}

func quick() async {
    print("cheap")
}
