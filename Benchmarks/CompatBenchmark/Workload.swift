import Foundation

/// Concurrency code of the kind apps and libraries already contain, written without MainGuard in
/// mind. Every phase returns a number that depends only on the work, never on scheduling, so the
/// default executors and MainGuard's must agree on it exactly.
enum CompatWorkload {
    static let priorities: [TaskPriority] = [.high, .userInitiated, .medium, .utility, .low, .background]

    /// The phases in order: a name and the work, run on the main actor.
    static let phases: [(name: String, run: @MainActor () async -> Int)] = [
        ("task group, mixed priorities", taskGroup),
        ("AsyncStream producers/consumers", streams),
        ("timers and sleeps", timers),
        ("MainActor.run hops", mainActorHops),
        ("yield polling at high priority", yieldPolling),
        ("actors", actors),
        ("priority escalation", escalation),
    ]

    /// 96 children at six priorities, each computing for about a millisecond.
    @MainActor static func taskGroup() async -> Int {
        await withTaskGroup(of: Int.self) { group in
            for index in 0..<96 {
                group.addTask(priority: priorities[index % priorities.count]) { compute(seed: index, rounds: 1_000_000) }
            }
            return await sum(&group)
        }
    }

    /// Six streams, one per priority: four producers of 2,000 values each (at that priority) and one consumer at
    /// another priority. Producers yield now and then, as real producers wait for input.
    @MainActor static func streams() async -> Int {
        var consumers: [Task<Int, Never>] = []
        for (index, priority) in priorities.enumerated() {
            let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
            let producers = (0..<4).map { producer in
                Task.detached(priority: priority) {
                    for value in 0..<2_000 {
                        continuation.yield(compute(seed: index &* 1_000 &+ producer &* 500 &+ value, rounds: 200))
                        if value % 25 == 0 { await Task.yield() }
                    }
                }
            }
            Task.detached(priority: priority) {
                for producer in producers { await producer.value }
                continuation.finish()
            }
            consumers.append(Task.detached(priority: priorities[(index + 3) % priorities.count]) {
                var sum = 0
                for await value in stream { sum &+= value }
                return sum
            })
        }
        var total = 0
        for consumer in consumers { total &+= await consumer.value }
        return total
    }

    /// 1,000 tasks sleeping 1-5 ms at mixed priorities, and a main-actor loop of 200 short sleeps.
    @MainActor static func timers() async -> Int {
        let sleepers = await withTaskGroup(of: Int.self) { group in
            for index in 0..<1_000 {
                group.addTask(priority: priorities[index % priorities.count]) {
                    try? await Task.sleep(for: .milliseconds(1 + index % 5))
                    return index
                }
            }
            return await sum(&group)
        }
        var ticks = 0
        for _ in 0..<200 {
            try? await Task.sleep(for: .milliseconds(1))
            ticks += 1
        }
        return sleepers + ticks
    }

    /// Four tasks at four priorities publishing 5,000 results each to main-actor state.
    @MainActor static func mainActorHops() async -> Int {
        let model = MainActorModel()
        let publishers = (0..<4).map { publisher in
            Task.detached(priority: priorities[publisher + 1]) {
                for value in 0..<5_000 {
                    let result = compute(seed: publisher &* 5_000 &+ value, rounds: 50)
                    await MainActor.run { model.total &+= result }
                }
            }
        }
        for publisher in publishers { await publisher.value }
        return model.total
    }

    /// As many `.userInitiated` tasks as cores poll a flag with `Task.yield()`; a `.background` task
    /// sets it after a short sleep. The pollers give up after 10 s, so a starved setter shows as a
    /// different result rather than a hang.
    @MainActor static func yieldPolling() async -> Int {
        let flag = Flag()
        let giveUp = ContinuousClock.now + .seconds(10)
        let pollers = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached(priority: .userInitiated) { () -> Int in
                while !flag.isSet {
                    guard ContinuousClock.now < giveUp else { return 0 }
                    await Task.yield()
                }
                return 1
            }
        }
        let setter = Task.detached(priority: .background) {
            try? await Task.sleep(for: .milliseconds(5))
            flag.set()
        }
        var sawFlag = 0
        for poller in pollers { sawFlag += await poller.value }
        await setter.value
        return sawFlag
    }

    /// 32 tasks at mixed priorities depositing into one actor, 5,000 times each.
    @MainActor static func actors() async -> Int {
        let account = Account()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask(priority: priorities[index % priorities.count]) {
                    for amount in 0..<5_000 { await account.deposit(amount % 7) }
                }
            }
        }
        return await account.balance
    }

    /// A `.userInitiated` task awaits a `.background` one (escalation), while `.userInitiated` work keeps every core busy.
    @MainActor static func escalation() async -> Int {
        let busy = (0..<ProcessInfo.processInfo.activeProcessorCount).map { index in
            Task.detached(priority: .userInitiated) { compute(seed: index, rounds: 30_000_000) }
        }
        let background = Task.detached(priority: .background) { compute(seed: 7, rounds: 3_000_000) }
        let waiter = Task.detached(priority: .userInitiated) { await background.value }
        var total = await waiter.value
        for task in busy { total &+= await task.value }
        return total
    }

    @MainActor private static func sum(_ group: inout TaskGroup<Int>) async -> Int {
        var total = 0
        for await value in group { total &+= value }
        return total
    }

    /// Deterministic CPU work (a linear congruential generator), small result.
    static func compute(seed: Int, rounds: Int) -> Int {
        var state = UInt64(truncatingIfNeeded: seed) &+ 1
        for _ in 0..<rounds { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 ^ (state >> 29) }
        return Int(state >> 48)
    }
}

@MainActor
final class MainActorModel {
    var total = 0
}

actor Account {
    private(set) var balance = 0
    func deposit(_ amount: Int) { balance += amount }
}

/// A flag one task sets and others poll.
final class Flag: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
