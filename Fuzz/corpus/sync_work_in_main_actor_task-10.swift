@MainActor final class NoHangButton {
    func tapped() {
        Task {
            await doLongRunningWork()
            updateUI()
        }
    }
    func updateUI() {
        for _ in 0..<3 {}
    }
}

nonisolated func doLongRunningWork() async {
    for _ in 0..<1_000_000 {}
}
