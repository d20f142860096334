/// A first-in-first-out queue with amortised O(1) push and pop and no per-element allocation.
struct FIFO<Element> {
    private var incoming: [Element] = []
    private var outgoing: [Element] = []

    var isEmpty: Bool { incoming.isEmpty && outgoing.isEmpty }
    var count: Int { incoming.count + outgoing.count }

    /// The element `pop()` would return next.
    var first: Element? { outgoing.last ?? incoming.first }

    mutating func push(_ element: Element) { incoming.append(element) }

    mutating func pop() -> Element? {
        if outgoing.isEmpty {
            guard !incoming.isEmpty else { return nil }
            outgoing = incoming.reversed()
            incoming.removeAll(keepingCapacity: true)
        }
        return outgoing.popLast()
    }

    /// Every element in queue order, emptying the queue.
    mutating func drain() -> [Element] {
        let all = outgoing.reversed() + incoming
        outgoing.removeAll()
        incoming.removeAll()
        return all
    }
}

/// Ready jobs by priority: the highest priority first and, within one priority, the oldest; with
/// aging, so a stream of higher-priority work cannot starve lower priorities.
///
/// Aging: once a job has waited longer than ``agingNanoseconds`` behind higher-priority work, every
/// ``agedShare``-th pick goes to the oldest such job instead of the highest priority. While the pool
/// keeps up, priority alone decides; while higher bands would take every pick, lower ones still get
/// one pick in four and higher ones at least three in four. This is what stops N `.userInitiated`
/// tasks polling with `Task.yield()` from starving the `.background` task they wait for (the
/// platform's Dispatch gets the same from one root queue per QoS, time-shared by the kernel).
///
/// Priorities are `JobPriority` raw values (0...255); a 256-bit mask of non-empty levels finds
/// the highest level in a few instructions, so a busy pool never scans empty levels.
struct PriorityFIFO<Element> {
    /// How long a job waits behind higher priorities before it takes its share: long enough that
    /// ordinary bursts run strictly by priority, short next to the 15 s a starved job waited.
    static var agingNanoseconds: UInt64 { 10_000_000 }
    /// One pick in this many may go to an aged job.
    static var agedShare: Int { 4 }

    private var levels: [FIFO<(element: Element, enqueuedAt: UInt64)>] = Array(repeating: FIFO(), count: 256)
    private var nonEmpty: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Picks since an aged job last had one, up to ``agedShare``.
    private var picksSinceAgedPick = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds `element`, enqueued at `time` (monotonic nanoseconds; only aging reads it).
    mutating func push(_ element: Element, priority: UInt8, at time: UInt64 = 0) {
        levels[Int(priority)].push((element, time))
        setBit(Int(priority), on: true)
        count += 1
    }

    /// The highest-priority, oldest element, ignoring age.
    mutating func popHighest() -> Element? {
        guard let level = highestLevel() else { return nil }
        return pop(level: level)
    }

    /// The next element to run at monotonic time `now`: the highest-priority one, or, on every
    /// ``agedShare``-th pick, the oldest one that has waited longer than ``agingNanoseconds`` behind it.
    /// `now` is read only when an aged job could take the pick (pass a closure reading the clock).
    mutating func popNext(now: () -> UInt64) -> Element? {
        guard let highest = highestLevel() else { return nil }
        if picksSinceAgedPick < Self.agedShare - 1 || levels[highest].count == count {
            picksSinceAgedPick = min(picksSinceAgedPick + 1, Self.agedShare - 1)
            return pop(level: highest)
        }
        if let aged = oldestLevel(below: highest, enqueuedBefore: now() &- Self.agingNanoseconds) {
            picksSinceAgedPick = 0
            return pop(level: aged)
        }
        return pop(level: highest)
    }

    private mutating func pop(level: Int) -> Element? {
        let element = levels[level].pop()?.element
        if levels[level].isEmpty { setBit(level, on: false) }
        count -= 1
        return element
    }

    /// The level below `highest` whose oldest element is the oldest of all, if it was enqueued before `cutoff`.
    private func oldestLevel(below highest: Int, enqueuedBefore cutoff: UInt64) -> Int? {
        var best: (level: Int, time: UInt64)?
        for index in 0..<4 {
            var bits = index == 0 ? nonEmpty.0 : index == 1 ? nonEmpty.1 : index == 2 ? nonEmpty.2 : nonEmpty.3
            while bits != 0 {
                let level = index * 64 + bits.trailingZeroBitCount
                bits &= bits &- 1
                guard level < highest, let time = levels[level].first?.enqueuedAt, time < cutoff else { continue }
                if best.map({ time < $0.time }) ?? true { best = (level, time) }
            }
        }
        return best?.level
    }

    private func highestLevel() -> Int? {
        if nonEmpty.3 != 0 { return 192 + 63 - nonEmpty.3.leadingZeroBitCount }
        if nonEmpty.2 != 0 { return 128 + 63 - nonEmpty.2.leadingZeroBitCount }
        if nonEmpty.1 != 0 { return 64 + 63 - nonEmpty.1.leadingZeroBitCount }
        if nonEmpty.0 != 0 { return 63 - nonEmpty.0.leadingZeroBitCount }
        return nil
    }

    private mutating func setBit(_ level: Int, on: Bool) {
        let bit = UInt64(1) << UInt64(level % 64)
        func update(_ word: inout UInt64) { if on { word |= bit } else { word &= ~bit } }
        switch level / 64 {
        case 0: update(&nonEmpty.0)
        case 1: update(&nonEmpty.1)
        case 2: update(&nonEmpty.2)
        default: update(&nonEmpty.3)
        }
    }
}

/// Delayed jobs ordered by deadline (a binary min-heap; ties keep submission order).
struct DeadlineHeap<Element> {
    private struct Entry {
        var deadline: UInt64
        var order: UInt64
        var element: Element
        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : order < other.order
        }
    }
    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0

    var earliestDeadline: UInt64? { entries.first?.deadline }

    mutating func push(_ element: Element, deadline: UInt64) {
        entries.append(Entry(deadline: deadline, order: nextOrder, element: element))
        nextOrder &+= 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest element if its deadline is at or before `now`.
    mutating func popDue(now: UInt64) -> Element? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < entries.count, entries[left].precedes(entries[best]) { best = left }
                if right < entries.count, entries[right].precedes(entries[best]) { best = right }
                if best == parent { break }
                entries.swapAt(parent, best)
                parent = best
            }
        }
        return first.element
    }
}
