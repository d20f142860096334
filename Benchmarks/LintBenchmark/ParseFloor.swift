import Foundation
import SwiftParser
import SwiftSyntax

/// The parse-only floor: SwiftParser over the same texts with the same worker pattern as the linter.
enum ParseFloor {
    static func parse(_ texts: [String], threads: Int) -> Int {
        let next = Counter()
        let total = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var tokens = 0
            while let position = next.increment(below: texts.count) {
                let tree = Parser.parse(source: texts[position])
                tokens += tree.totalLength.utf8Length
            }
            total.add(tokens)
        }
        return total.value
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        var value: Int { lock.withLock { count } }

        func increment(below limit: Int) -> Int? {
            lock.withLock {
                guard count < limit else { return nil }
                defer { count += 1 }
                return count
            }
        }

        func add(_ amount: Int) { lock.withLock { count += amount } }
    }
}
