@MainActor final class NoHangButton {
    func tapped() {
        Task {
            await processInBackground()
        }
    }
}

nonisolated func processInBackground() async {
    for _ in 0..<1_000_000 {}
}
