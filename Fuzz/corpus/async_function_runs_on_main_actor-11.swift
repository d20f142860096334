// mainguard-settings: upcoming=NonisolatedNonsendingByDefault
nonisolated func background() async {
    await crunch()
}

func crunch() async {
    for _ in 0..<1_000_000 {}
}

@MainActor func render() async {
    for _ in 0..<100 {}
}

@MainActor func onAppear() async {
    await render()
}
