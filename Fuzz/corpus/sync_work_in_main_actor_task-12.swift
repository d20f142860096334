actor Indexer {
    func start() {
        Task {
            rebuild()
        }
    }
    func rebuild() {
        for _ in 0..<10_000 {}
    }
}

final class Worker {
    func start() {
        Task { crunch() }
    }
}

func crunch() {
    for _ in 0..<10_000 {}
}
