import Testing
import MainGuardExamples
@testable import MainGuardTesting

@Suite struct MainThreadBudgetTests {
    @Test func namedBudgetsAreApplesNumbers() {
        #expect(MainThreadBudget.discreteInteraction.milliseconds == 100)
        #expect(MainThreadBudget.continuousInteraction.milliseconds == 5)
        #expect(abs(MainThreadBudget.frame(hz: 120).milliseconds - 8.333) < 0.001)
        #expect(abs(MainThreadBudget.frame(hz: 60).milliseconds - 16.667) < 0.001)
        #expect(MainThreadBudget.milliseconds(50).milliseconds == 50)
        #expect(MainThreadBudget.milliseconds(50).duration == .milliseconds(50))
    }

    @Test func descriptionsNameTheBudget() {
        #expect(MainThreadBudget.discreteInteraction.description == "100 ms (discrete interaction)")
        #expect(MainThreadBudget.frame(hz: 120).description == "8.3 ms (one frame at 120 Hz)")
        #expect(MainThreadBudget.milliseconds(50).description == "50 ms")
    }
}

@Suite(.mainThreadExclusive) struct BudgetScaleTests {
    @Test func unsetOrEmptyMeansOne() throws {
        #expect(try BudgetScale(environment: [:]).factor == 1)
        #expect(try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": " "]).factor == 1)
    }

    @Test func aFactorMultipliesEveryBudget() throws {
        let scale = try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": " 2.5 "])
        #expect(scale.apply(to: .discreteInteraction).milliseconds == 250)
        #expect(scale.apply(to: .continuousInteraction).milliseconds == 12.5)
    }

    @Test func scaledBudgetShowsBothNumbers() throws {
        let scaled = try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": "2"]).apply(to: .discreteInteraction)
        #expect(scaled.description == "200 ms (MAINGUARD_BUDGET_SCALE=2 × 100 ms (discrete interaction))")
        #expect(BudgetScale.unscaled.apply(to: .discreteInteraction).description == "100 ms (discrete interaction)")
    }

    @Test(arguments: ["two", "0", "-1", "inf", "nan"])
    func invalidValuesAreErrors(value: String) {
        #expect(throws: BudgetScaleError(value: value)) {
            try BudgetScale(environment: ["MAINGUARD_BUDGET_SCALE": value])
        }
    }

    @Test @MainActor func anInvalidScaleFailsTheAssertionAndLeavesBudgetsUnscaled() {
        let (_, failures) = capturingFailures(environment: ["MAINGUARD_BUDGET_SCALE": "fast"]) {
            assertMainThreadBudget(.discreteInteraction, iterations: 1) { spin(milliseconds: 1) }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("MAINGUARD_BUDGET_SCALE=\"fast\" is not a positive number") == true)
    }
}

@Suite struct BudgetStatisticTests {
    let timings: [Double] = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10]

    @Test func statistics() {
        #expect(BudgetStatistic.median.value(of: timings) == 5.5)
        #expect(BudgetStatistic.median.value(of: [3, 1, 2]) == 2)
        #expect(BudgetStatistic.mean.value(of: timings) == 5.5)
        #expect(BudgetStatistic.max.value(of: timings) == 10)
        #expect(BudgetStatistic.percentile(90).value(of: timings) == 9)
        #expect(BudgetStatistic.percentile(100).value(of: timings) == 10)
        #expect(BudgetStatistic.percentile(0).value(of: timings) == 1)
    }

    @Test func names() {
        #expect(BudgetStatistic.percentile(95).description == "p95")
        #expect(BudgetStatistic.median.description == "median")
    }
}
