import Foundation
import MainGuard
import MainGuardExamples

/// Load that must neither grow memory nor lose or duplicate a stall. Main-actor isolated like the
/// top-level code that calls it: the figures are read on the main thread after `Runtime.run` returns.
@MainActor
enum StressScenarios {
    static let plantedHangMilliseconds = 120.0

    /// COUNT main-actor jobs from 8 concurrent hoppers; every 100,000th job spins 120 ms, a hang the
    /// report must list exactly once. Resident memory is sampled at each planted hang.
    static func mainActorJobs(count: Int) {
        let ledger = Ledger()
        let hoppers = 8
        let report = Runtime.run(Workload(name: "stress-jobs", summary: "\(count) main-actor jobs") {
            ledger.start()
            await withTaskGroup(of: Void.self) { group in
                for hopper in 0..<hoppers {
                    let share = count / hoppers + (hopper < count % hoppers ? 1 : 0)
                    group.addTask {
                        for _ in 0..<share {
                            await MainActor.run { ledger.jobRan() }
                        }
                    }
                }
            }
        }, options: options())
        ledger.print(report, extra: ["main-actor jobs run": "\(ledger.jobs)"])
    }

    /// COUNT tasks at once, five rounds: priorities cycle through all five, every 7th throws, every
    /// 5th is cancelled while it sleeps, every task hops to the main actor once; between rounds the
    /// main actor spins 120 ms (a planted hang). Memory after round 1 and round 5 shows whether it stays flat.
    static func concurrentTasks(count: Int) {
        let ledger = Ledger()
        let outcomes = Outcomes()
        let report = Runtime.run(Workload(name: "stress-tasks", summary: "\(count) concurrent tasks x 5 rounds") {
            ledger.start()
            for _ in 1...5 {
                let tasks = (0..<count).map { number in
                    Task.detached(priority: priorities[number % priorities.count]) {
                        try await mixedTask(number)
                    }
                }
                for (number, task) in tasks.enumerated() where number % 5 == 0 { task.cancel() }
                for task in tasks { outcomes.record(await task.result) }
                ledger.plantHang()
            }
        }, options: options())
        ledger.print(report, extra: ["tasks run": "\(outcomes.total)", "tasks returned": "\(outcomes.returned)",
                                     "tasks threw": "\(outcomes.threw)", "tasks cancelled": "\(outcomes.cancelled)"])
    }

    nonisolated static let priorities: [TaskPriority] = [.background, .utility, .medium, .userInitiated, .high]

    struct Planned: Error {}

    nonisolated private static func mixedTask(_ number: Int) async throws -> Int {
        // The tasks that get cancelled sleep for a minute, so cancellation is the only way they end.
        try await Task.sleep(for: number % 5 == 0 ? .seconds(60) : .milliseconds(1 + number % 3))
        let checksum = await MainActor.run { number &* 31 }
        if number % 7 == 0 { throw Planned() }
        return checksum
    }

    private static func options() -> WatchOptions {
        var options = WatchOptions(timeout: .seconds(600))
        options.maxListedStalls = 10_000
        return options
    }
}

/// What the workload did, kept on the main actor (the one place the jobs run), plus the figures.
@MainActor
final class Ledger: Sendable {
    private(set) var jobs = 0
    private var runStart = ContinuousClock.now
    /// Start and end of each planted hang, in milliseconds since `start()`.
    private var planted: [ClosedRange<Double>] = []
    private var residentMB: [Double] = []

    nonisolated init() {}

    func start() {
        runStart = .now
        residentMB = [ResidentMemory.currentMB()]
    }

    func jobRan() {
        jobs += 1
        if jobs % 100_000 == 0 { plantHang() }
    }

    func plantHang() {
        let begin = milliseconds(since: runStart)
        _ = spin(milliseconds: StressScenarios.plantedHangMilliseconds)
        planted.append(begin...milliseconds(since: runStart))
        residentMB.append(ResidentMemory.currentMB())
    }

    /// Prints the figures. Each planted hang must overlap exactly one listed stall of at least the
    /// hang threshold: none means a lost stall, two means one stall reported twice.
    func print(_ report: WatchdogReport, extra: [String: String]) {
        let hangs = report.stalls.filter { $0.durationMilliseconds >= report.thresholds.hangMilliseconds }
        let matches = planted.map { hang in
            // The report's clock starts a few microseconds before the workload's; 5 ms of slack.
            hangs.filter { $0.startMilliseconds - 5 <= hang.upperBound && hang.lowerBound <= $0.startMilliseconds + $0.durationMilliseconds + 5 }.count
        }
        let firstSample = residentMB.dropFirst().first ?? residentMB.first ?? 0
        var lines = extra
        lines["jobs recorded by the runtime"] = "\(report.mainActorJobs)"
        lines["planted hangs"] = "\(planted.count)"
        lines["planted hangs reported exactly once"] = "\(matches.count { $0 == 1 })"
        lines["planted hangs lost"] = "\(matches.count { $0 == 0 })"
        lines["planted hangs reported twice or more"] = "\(matches.count { $0 > 1 })"
        lines["hangs reported"] = "\(hangs.count)"
        lines["other stalls over 100 ms (machine noise)"] = "\(hangs.count - matches.reduce(0, +))"
        lines["resident MB at start"] = String(format: "%.1f", residentMB.first ?? 0)
        lines["resident MB after first planted hang"] = String(format: "%.1f", firstSample)
        lines["resident MB at end"] = String(format: "%.1f", residentMB.last ?? 0)
        lines["resident MB growth after first planted hang"] = String(format: "%.1f", (residentMB.last ?? 0) - firstSample)
        lines["seconds"] = String(format: "%.1f", report.durationMilliseconds / 1_000)
        for (name, value) in lines.sorted(by: { $0.key < $1.key }) { Swift.print("stress: \(name): \(value)") }
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    }
}

/// Tallies task results; written from the main actor only.
@MainActor
final class Outcomes: Sendable {
    private(set) var total = 0, returned = 0, threw = 0, cancelled = 0

    nonisolated init() {}

    func record(_ result: Result<Int, any Error>) {
        total += 1
        switch result {
        case .success: returned += 1
        case .failure(is CancellationError): cancelled += 1
        case .failure: threw += 1
        }
    }
}

/// The process's resident set now (not its peak), from /proc/self/statm on Linux.
enum ResidentMemory {
    static func currentMB() -> Double {
        #if os(Linux)
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
