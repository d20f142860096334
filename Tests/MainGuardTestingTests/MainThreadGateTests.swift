import Synchronization
import Testing
@testable import MainGuardTesting

@Suite struct MainThreadGateTests {
    /// How many holders are inside at once, and how many have been.
    final class Occupancy: Sendable {
        private let counts = Mutex((inside: 0, most: 0, turns: 0))

        func enter() { counts.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) } }
        func leave() { counts.withLock { $0.inside -= 1; $0.turns += 1 } }
        var most: Int { counts.withLock { $0.most } }
        var turns: Int { counts.withLock { $0.turns } }
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
