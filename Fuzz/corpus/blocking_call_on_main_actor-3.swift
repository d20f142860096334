import Foundation

@MainActor final class Session {
    let semaphore = DispatchSemaphore(value: 0)

    func load() {
        URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { _, _, _ in
            self.semaphore.signal()
        }.resume()
        semaphore.wait()
    }
}
