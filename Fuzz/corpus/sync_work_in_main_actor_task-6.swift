func fibonacci(_ n: Int) -> Int {
    n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2)
}

final class Loader {
    func finish() {
        DispatchQueue.main.async {
            print(fibonacci(30))
        }
    }
}
