@MainActor final class Counter {
    var label = ""
    func tapped() {
        Task {
            label = "\(add(1, 2)) \(process(fast: 1))"
            renderer.render()
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

func add(_ a: Int, _ b: Int) -> Int { a + b }
func process(fast value: Int) -> Int { value }
func process(items: [Int]) -> Int {
    var sum = 0
    for item in items { sum += item }
    return sum
}
