// mainguard-settings: default-isolation=MainActor upcoming=NonisolatedNonsendingByDefault
final class Swift62Button {
    func tapped() {
        Task {
            await processInBackground()
        }
    }
}

nonisolated func processInBackground() async {
    for _ in 0..<1_000_000 {}
}
