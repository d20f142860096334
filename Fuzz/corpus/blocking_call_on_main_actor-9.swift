@MainActor final class Poller {
    func poll() {
        Task {
            sleep(1)
        }
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 1)
        }
    }

    nonisolated func readLog() -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: "/tmp/log"))
    }
}
