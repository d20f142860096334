import Foundation

/// The measured work, identical under the default executors and under MainGuard's.
enum BenchmarkWorkloads {
    static let hopCount = 100_000

    /// 100k hops onto the main actor from a nonisolated task, each doing a trivial main-actor update.
    @concurrent
    static func mainActorHops() async -> Duration {
        let counter = MainActorCounter()
        return await ContinuousClock().measure {
            for _ in 0..<hopCount {
                await counter.increment()
            }
        }
    }

    /// A UI-like mix: 8 tasks at mixed priorities compute off the main actor and publish results
    /// to it, while the main actor does short per-item work.
    @concurrent
    static func mixed() async -> Duration {
        let counter = MainActorCounter()
        let priorities: [TaskPriority] = [.userInitiated, .medium, .utility, .background]
        return await ContinuousClock().measure {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask(priority: priorities[index % priorities.count]) {
                        for item in 0..<2_000 {
                            let value = checksum(seed: item &+ index, iterations: 2_000)
                            await counter.add(value, work: 200)
                        }
                    }
                }
            }
        }
    }

    /// Busy work the optimiser cannot remove.
    static func checksum(seed: Int, iterations: Int) -> Int {
        var value = seed
        for step in 0..<iterations { value = value &* 6_364_136_223_846_793_005 &+ step }
        return value
    }

    /// Spins the calling thread for exactly `milliseconds` of wall time; returns the time it took.
    static func spin(milliseconds: Double) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let end = start.advanced(by: .nanoseconds(Int64(milliseconds * 1_000_000)))
        var sink = 0
        while clock.now < end { sink &+= 1 }
        blackHole(sink)
        return start.duration(to: clock.now)
    }

    @inline(never) static func blackHole(_ value: Int) { if value == -1 { print(value) } }
}

@MainActor
final class MainActorCounter {
    private(set) var total = 0
    func increment() { total &+= 1 }
    func add(_ value: Int, work: Int) { total &+= BenchmarkWorkloads.checksum(seed: value, iterations: work) & 1 }
}
