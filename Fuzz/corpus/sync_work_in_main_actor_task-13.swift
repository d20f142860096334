@MainActor final class Model {
    func tapped() {
        Task {
            // doLongRunningWork()
            let text = "Data(contentsOf: url) and doLongRunningWork()"
            print(text)
        }
    }
}

func doLongRunningWork() {
    for _ in 0..<1_000_000 {}
}
