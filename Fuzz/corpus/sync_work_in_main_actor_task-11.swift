@MainActor final class DetachedButton {
    func tapped() {
        Task.detached(priority: .userInitiated) {
            doLongRunningWork()
        }
        Task {
            DispatchQueue.global().async {
                doLongRunningWork()
            }
        }
    }
}

func doLongRunningWork() {
    for _ in 0..<1_000_000 {}
}
