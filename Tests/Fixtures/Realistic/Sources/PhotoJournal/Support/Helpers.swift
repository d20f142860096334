import Foundation
import os

enum Log {
    static let app = Logger(subsystem: "com.photojournal", category: "app")
    static let sync = Logger(subsystem: "com.photojournal", category: "sync")
}

/// Measures a closure and logs slow runs; used around UI code paths.
@discardableResult
func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer {
        let elapsed = ContinuousClock.now - start
        if elapsed > .milliseconds(16) { Log.app.notice("\(label) took \(elapsed)") }
    }
    return try body()
}

extension Array {
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

extension Collection {
    subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

func retrying<T>(times: Int = 3, _ operation: () async throws -> T) async throws -> T {
    var lastError: Error?
    for attempt in 0..<times {
        do {
            return try await operation()
        } catch {
            lastError = error
            try await Task.sleep(for: .milliseconds(200 * (attempt + 1)))
        }
    }
    throw lastError!
}
