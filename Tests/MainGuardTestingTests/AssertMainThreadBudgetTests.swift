import Testing
import MainGuardExamples
@testable import MainGuardTesting

/// The synchronous assertion under Swift Testing, where the main actor runs on the thread that
/// drains the main queue (on Linux not the process's main thread: see `assertMainThreadBudget`).
/// Its bodies hold the main actor for up to ~120 ms, which would land in another test's `assertNoHang`
/// window: hence `.mainThreadExclusive`.
@Suite(.mainThreadExclusive) struct AssertMainThreadBudgetTests {
    @Test @MainActor func threeMillisecondsPerRunFitsContinuousInteraction() {
        let (measurement, failures) = firstPassingAttempt {
            capturingFailures { measureMainThread(within: .continuousInteraction) { spin(milliseconds: 3) } }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(measurement.iterations.count == 10)
        #expect(measurement.iterations.allSatisfy { $0.wallMilliseconds >= 3 })
    }

    @Test @MainActor func twentyMillisecondsPerRunFailsWithEveryIteration() throws {
        let (result, failures) = capturingFailures {
            assertMainThreadBudget(.continuousInteraction, iterations: 5, "cell configuration") {
                _ = spin(milliseconds: 20)
                return 42
            }
        }
        #expect(result == 42)
        let message = try #require(failures.first)
        #expect(failures.count == 1)
        #expect(message.contains("over the 5 ms (continuous interaction) budget"))
        #expect(message.contains("median"))
        #expect(message.contains("busy computing"))
        for iteration in 1...5 { #expect(message.contains("#\(iteration): ")) }
        #expect(!message.contains("#6: "))
        #expect(message.hasSuffix("cell configuration"))
    }

    @Test @MainActor func aBlockedMainThreadIsToldApartFromABusyOne() throws {
        let (_, failures) = capturingFailures {
            assertMainThreadBudget(.continuousInteraction, iterations: 3) { usleepMilliseconds(20) }
        }
        let message = try #require(failures.first)
        #expect(message.contains("blocked waiting"))
        #expect(message.contains("blocking_call_on_main_actor"))
    }

    @Test @MainActor func theScaleGivesHeadroomAndTheMessageShowsBothBudgets() throws {
        let (_, passing) = firstPassingAttempt {
            capturingFailures(environment: ["MAINGUARD_BUDGET_SCALE": "20"]) {
                assertMainThreadBudget(.continuousInteraction, iterations: 3) { spin(milliseconds: 8) }
            }
        }
        #expect(passing.isEmpty, "\(passing)")
        let (_, failing) = capturingFailures(environment: ["MAINGUARD_BUDGET_SCALE": "2"]) {
            assertMainThreadBudget(.continuousInteraction, iterations: 3) { spin(milliseconds: 20) }
        }
        let message = try #require(failing.first)
        #expect(message.contains("10 ms (MAINGUARD_BUDGET_SCALE=2 × 5 ms (continuous interaction))"))
    }

    @Test @MainActor func theWarmUpRunIsNotCounted() {
        var runs = 0
        let (measurement, _) = capturingFailures {
            measureMainThread(within: .discreteInteraction, iterations: 4) { runs += 1 }
        }
        #expect(runs == 5)
        #expect(measurement.iterations.count == 4)
    }

    @Test @MainActor func errorsFromTheBodyPropagate() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try assertMainThreadBudget(.discreteInteraction) { throw Failure() }
        }
    }
}
