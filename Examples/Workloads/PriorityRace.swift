/// Background and user-initiated work competing for a busy pool: which finishes first?
///
/// Starts `tasksPerPriority` detached `.background` tasks, then as many `.userInitiated`
/// ones, more than the pool has threads. Each task checksums a buffer in chunks and yields
/// between chunks, the points at which a priority-aware pool picks the most urgent job. Under
/// MainGuard's global executor the user-initiated tasks finish first even though they
/// started last; a first-in-first-out pool would finish the background ones first.
///
/// ```swift
/// let outcome = await PriorityRace.run()
/// print(outcome.summary)   // "all 4 userInitiated tasks finished before the first background task"
/// ```
public enum PriorityRace {
    /// The order the tasks finished in.
    public struct Outcome: Sendable {
        /// Task names (`"background 1"`, `"userInitiated 2"`, ...) in the order they finished.
        public var finishOrder: [String]
        /// How many user-initiated tasks finished before the first background task did.
        public var userInitiatedBeforeFirstBackground: Int
        public var tasksPerPriority: Int
        /// Every task's checksum combined: the result of the work, so none of it can be optimised away.
        public var checksum: UInt64

        public var summary: String {
            if userInitiatedBeforeFirstBackground == tasksPerPriority {
                return "all \(tasksPerPriority) userInitiated tasks finished before the first background task"
            }
            return "\(userInitiatedBeforeFirstBackground) of \(tasksPerPriority) userInitiated tasks finished before the first "
                + "background task: the pool did not favour the more urgent work (finish order: \(finishOrder.joined(separator: ", ")))"
        }
    }

    /// Checksum passes each task makes over the buffer, yielding after each pass.
    public static let chunksPerTask = 8
    /// The buffer each pass checksums: 64 KiB (about 10 ms of FNV-1a in a debug build).
    public static let bytesPerChunk = 64 * 1024

    /// Runs the race and reports the finish order. The caller's actor only awaits: it stays free.
    public static func run(tasksPerPriority: Int = 4) async -> Outcome {
        let clock = ContinuousClock()
        let contenders = [TaskPriority.background, .userInitiated].flatMap { priority in
            (1...tasksPerPriority).map { index in
                let name = "\(priority == .background ? "background" : "userInitiated") \(index)"
                return Task.detached(name: name, priority: priority) { () -> Finish in
                    let checksum = await checksumInChunks()
                    return Finish(name: name, instant: clock.now, checksum: checksum)
                }
            }
        }
        var finishes: [Finish] = []
        for contender in contenders { finishes.append(await contender.value) }
        let order = finishes.sorted { $0.instant < $1.instant }.map(\.name)
        let firstBackground = order.firstIndex { $0.hasPrefix("background") } ?? order.count
        return Outcome(finishOrder: order, userInitiatedBeforeFirstBackground: firstBackground,
                       tasksPerPriority: tasksPerPriority, checksum: finishes.reduce(0) { $0 ^ $1.checksum })
    }

    private struct Finish: Sendable {
        var name: String
        var instant: ContinuousClock.Instant
        var checksum: UInt64
    }

    /// `chunksPerTask` FNV-1a passes over a `bytesPerChunk` buffer, yielding between passes.
    private static func checksumInChunks() async -> UInt64 {
        let buffer = (0..<bytesPerChunk).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for _ in 0..<chunksPerTask {
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            await Task.yield()
        }
        return hash
    }
}
