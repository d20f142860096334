// mainguard-settings: default-isolation=MainActor upcoming=NonisolatedNonsendingByDefault
final class Swift62ConcurrentButton {
    func tapped() {
        Task {
            await processConcurrently()
        }
    }
}

@concurrent nonisolated func processConcurrently() async {
    for _ in 0..<1_000_000 {}
}
