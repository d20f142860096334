/// A first-in-first-out queue with amortised O(1) push and pop and no per-element allocation.
struct FIFO<Element> {
    private var incoming: [Element] = []
    private var outgoing: [Element] = []

    var isEmpty: Bool { incoming.isEmpty && outgoing.isEmpty }
    var count: Int { incoming.count + outgoing.count }

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

/// Ready jobs by priority: pops the highest priority first and, within one priority, the oldest.
///
/// Priorities are `JobPriority` raw values (0...255); a 256-bit mask of non-empty levels finds
/// the highest level in a few instructions, so a busy pool never scans empty levels.
struct PriorityFIFO<Element> {
    private var levels: [FIFO<Element>] = Array(repeating: FIFO(), count: 256)
    private var nonEmpty: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func push(_ element: Element, priority: UInt8) {
        levels[Int(priority)].push(element)
        setBit(Int(priority), on: true)
        count += 1
    }

    mutating func popHighest() -> Element? {
        guard let level = highestLevel() else { return nil }
        let element = levels[level].pop()
        if levels[level].isEmpty { setBit(level, on: false) }
        count -= 1
        return element
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
