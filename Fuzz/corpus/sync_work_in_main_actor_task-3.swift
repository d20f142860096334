@MainActor final class HangLaterButton {
    func tapped() {
        Task {
            doLongRunningWork()
            updateUI()
        }
    }
    func updateUI() {}
}

func doLongRunningWork() {
    for _ in 0..<1_000_000 {}
}
