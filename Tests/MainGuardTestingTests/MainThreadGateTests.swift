import Foundation
import Testing
@testable import MainGuardTesting

@Suite struct MainThreadGateTests {
    /// How many holders are inside at once, and how many have been.
    final class Occupancy: @unchecked Sendable {
        // @unchecked: the counts are only touched while `lock` is held.
        private let lock = NSLock()
        private var inside = 0
        private var mostInside = 0
        private var turnsTaken = 0

        func enter() { lock.withLock { inside += 1; mostInside = max(mostInside, inside) } }
        func leave() { lock.withLock { inside -= 1; turnsTaken += 1 } }
        var most: Int { lock.withLock { mostInside } }
        var turns: Int { lock.withLock { turnsTaken } }
    }

    @Test func holdersNeverOverlapAndAllGetTheirTurn() async {
        let gate = MainThreadGate()
        let occupancy = Occupancy()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await gate.withExclusiveAccess {
                        occupancy.enter()
                        try? await Task.sleep(for: .milliseconds(2))
                        occupancy.leave()
                    }
                }
            }
        }
        #expect(occupancy.most == 1)
        #expect(occupancy.turns == 8)
    }

    @Test func aHolderCanAskAgainWithoutDeadlocking() async {
        let gate = MainThreadGate()
        let reached = await gate.withExclusiveAccess {
            await gate.withExclusiveAccess { MainThreadGate.isHeld }
        }
        #expect(reached)
    }
}
