import MainGuard
import Testing
@testable import MainGuardTesting

/// The verdict and message of `assertNoHang`, on reports built by hand so every field is known.
@Suite struct HangVerdictTests {
    static func report(_ stalls: [Stall], note: String? = nil, mode: MeasurementMode = .executor) -> WatchdogReport {
        WatchdogReport(workload: "test", mode: mode, durationMilliseconds: 812, thresholds: Thresholds(),
                       mainActorJobs: 14, longestStallMilliseconds: stalls.map(\.durationMilliseconds).max() ?? 0,
                       stalls: stalls, hangs: 0, overBudget: stalls.count, stallCounts: [:],
                       hitchTimeRatioMillisecondsPerSecond: 0,
                       jobDurationMilliseconds: DurationPercentiles(p50: 0.1, p95: 1, p99: 2, max: 312),
                       timeline: [], note: note)
    }

    static func stall(_ milliseconds: Double, cpu: Double, origin: JobOrigin = .inheritedMainActor,
                      ongoing: Bool = false) -> Stall {
        Stall(startMilliseconds: 3, durationMilliseconds: milliseconds, cpuMilliseconds: cpu,
              category: StallCategory(durationMilliseconds: milliseconds, thresholds: Thresholds()) ?? .overBudget,
              delayImposedMilliseconds: 12, ongoing: ongoing,
              attribution: Attribution(frames: ["doLongRunningWork()", "closure #1 in HangLaterButton.tapped()"],
                                       taskName: "tap", origin: origin,
                                       summary: "doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()"))
    }

    let budget = BudgetScale.unscaled.apply(to: .discreteInteraction)

    @Test func stallsWithinBudgetPass() {
        let verdict = HangVerdict(report: Self.report([Self.stall(40, cpu: 39)]), budget: budget)
        #expect(verdict.passed)
    }

    @Test func aBusyStallInAnInheritedTaskNamesTheWorkTheTaskAndTheRule() {
        let verdict = HangVerdict(report: Self.report([Self.stall(120, cpu: 118), Self.stall(312.4, cpu: 310)]),
                                  budget: budget)
        #expect(!verdict.passed)
        let message = verdict.failureMessage(userMessage: "tapping Save")
        #expect(message.hasPrefix("Main-thread stall over budget: 312.4 ms is over the 100 ms (discrete interaction) budget (severe hang"))
        #expect(message.contains("busy computing (cpu 310 ms of 312.4 ms)"))
        #expect(message.contains("Where: doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()"))
        #expect(message.contains("Task: task \"tap\", a Task { } written in HangLaterButton.tapped(), which inherited "
                                 + "@MainActor there, its body called doLongRunningWork() synchronously on the main actor"))
        #expect(message.contains("  doLongRunningWork()\n  closure #1 in HangLaterButton.tapped()"))
        #expect(message.contains("Lint rule sync_work_in_main_actor_task predicts this"))
        #expect(message.contains("1 more stall(s) over budget: 120 ms"))
        #expect(message.contains("Watched 812 ms: 14 main-actor job(s)"))
        #expect(message.hasSuffix("tapping Save"))
    }

    @Test func aBlockedStallPointsAtTheBlockingCallRule() {
        let verdict = HangVerdict(report: Self.report([Self.stall(150, cpu: 0.2, origin: .explicitMainActor)]), budget: budget)
        let message = verdict.failureMessage(userMessage: "")
        #expect(message.contains("blocked waiting (cpu 0.2 ms of 150 ms)"))
        #expect(message.contains("Lint rule blocking_call_on_main_actor"))
        #expect(!message.contains("sync_work_in_main_actor_task"))
    }

    @Test func littleCPUOnAnOverloadedMachineIsNotCalledBlocked() {
        let verdict = HangVerdict(report: Self.report([Self.stall(300, cpu: 70)]), budget: budget,
                                  machineLoad: MachineLoad(average: 12.4, cores: 2))
        let message = verdict.failureMessage(userMessage: "")
        #expect(message.contains("short of CPU time (cpu 70 ms of 300 ms) on an overloaded machine (load 12.4 on 2 cores)"))
        #expect(!message.contains("blocking_call_on_main_actor"))
        #expect(message.contains("Lint rule sync_work_in_main_actor_task"))
    }

    @Test func aStallThatWaitedForACPUIsBusyWhateverTheLoad() {
        var stall = Self.stall(300, cpu: 100)
        stall.cpuWaitMilliseconds = 190
        let verdict = HangVerdict(report: Self.report([stall]), budget: budget, machineLoad: MachineLoad(average: 0.5, cores: 2))
        let message = verdict.failureMessage(userMessage: "")
        #expect(message.contains("busy computing (cpu 100 ms of 300 ms, and 190 ms more ready to run but waiting for a CPU"), "\(message)")
        #expect(message.contains("Lint rule sync_work_in_main_actor_task"))
    }

    @Test func littleCPUOnAnIdleMachineIsBlocked() {
        let verdict = HangVerdict(report: Self.report([Self.stall(300, cpu: 70)]), budget: budget,
                                  machineLoad: MachineLoad(average: 0.5, cores: 2))
        #expect(verdict.failureMessage(userMessage: "").contains("blocked waiting"))
    }

    @Test func theTaskBodyIsTheOutermostClosureFrame() {
        #expect(TaskBody(frames: ["spin(milliseconds:)", "doLongRunningWork()", "closure #1 in closure #2 in Model.load()"])
                == TaskBody(writtenIn: "Model.load()", synchronousCall: "doLongRunningWork()"))
        #expect(TaskBody(frames: ["closure #1 in Model.load()"]) == TaskBody(writtenIn: "Model.load()", synchronousCall: nil))
        #expect(TaskBody(frames: ["doLongRunningWork()", "Model.load()"]) == nil)
    }

    /// Without executors every origin is unknown: the stack's outermost closure still names where the
    /// work was written and what it called, without claiming it was a Task.
    @Test func withoutExecutorsTheStackStillNamesTheClosureAndTheRule() {
        let report = Self.report([Self.stall(312, cpu: 310, origin: .unknown)], mode: .heartbeat)
        let message = HangVerdict(report: report, budget: budget).failureMessage(userMessage: "")
        #expect(message.contains("a closure written in HangLaterButton.tapped() (a Task { } or a main-queue block"))
        #expect(message.contains("its body called doLongRunningWork() synchronously on the main actor"))
        #expect(message.contains("Lint rule sync_work_in_main_actor_task predicts this"))
        #expect(message.contains("measured by a main-queue heartbeat"))
        let executor = HangVerdict(report: Self.report([Self.stall(312, cpu: 310, origin: .unknown)]), budget: budget)
        #expect(!executor.failureMessage(userMessage: "").contains("sync_work_in_main_actor_task"))
    }

    @Test func busyWorkInExplicitMainActorCodeHasNoRule() {
        let rule = PredictingLintRule(stall: Self.stall(150, cpu: 149, origin: .explicitMainActor), activity: .busy)
        #expect(rule == nil)
    }

    @Test func aTimeoutFailsAndReportsTheOngoingStall() {
        let verdict = HangVerdict(report: Self.report([Self.stall(1000, cpu: 990, ongoing: true)],
                                                      note: "Stopped at the timeout"),
                                  budget: budget, timedOut: .seconds(1))
        #expect(!verdict.passed)
        let message = verdict.failureMessage(userMessage: "")
        #expect(message.hasPrefix("The main actor did not go quiet within the 1000 ms timeout"))
        #expect(message.contains("1000 ms so far, still going on"))
        #expect(message.contains("Stopped at the timeout"))
    }

    @Test func aTimeoutWithoutALongStallStillFails() {
        let verdict = HangVerdict(report: Self.report([]), budget: budget, timedOut: .seconds(2))
        #expect(!verdict.passed)
        #expect(verdict.failureMessage(userMessage: "").contains("kept scheduling main-actor work"))
    }
}
