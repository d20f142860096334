import Dispatch
import Foundation
import MainGuard

/// One run of the workload in this process, with the default executors or under `Runtime.run`;
/// prints tab-separated lines for the parent: `phase NAME RESULT MILLISECONDS`, then `wall`,
/// `peak_threads` and, if the run did not finish, `timed_out`.
enum Child {
    static let timeout = Duration.seconds(60)

    static func run(mode: String) -> Never {
        let sampler = PeakThreads()
        switch mode {
        case "default":
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds))) {
                print("timed_out")
                exit(0)
            }
            Task { @MainActor in
                await runPhases(sampler)
                exit(0)
            }
            dispatchMain()
        case "runtime":
            // The CLI's default: a timeout, so the run loop sleeps until a deadline whenever it is idle.
            let report = Runtime.run(Workload(name: "compat", summary: "other people's concurrency code") {
                await runPhases(sampler)
            }, options: WatchOptions(timeout: timeout, settle: .milliseconds(1)))
            if report.note?.contains("Timed out") == true { print("timed_out") }
            exit(0)
        default:
            FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
            exit(64)
        }
    }

    @MainActor private static func runPhases(_ sampler: PeakThreads) async {
        sampler.start()
        let start = ContinuousClock.now
        for phase in CompatWorkload.phases {
            let phaseStart = ContinuousClock.now
            let result = await phase.run()
            print("phase\t\(phase.name)\t\(result)\t\(milliseconds(phaseStart.duration(to: .now)))")
        }
        print("wall\t\(milliseconds(start.duration(to: .now)))")
        print("peak_threads\t\(sampler.stop())")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The process's largest thread count while the workload runs, sampled every 2 ms from
/// `/proc/self/status` on Linux (0 elsewhere: no cheap equivalent).
final class PeakThreads: @unchecked Sendable {
    // @unchecked: `peak` and `running` are only touched under `lock`.
    private let lock = NSLock()
    private var peak = 0
    private var running = false

    func start() {
        #if os(Linux)
        lock.withLock { running = true }
        Thread { [self] in
            while lock.withLock({ running }) {
                let now = Self.current()
                lock.withLock { peak = max(peak, now) }
                usleep(2_000)
            }
        }.start()
        #endif
    }

    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }

    #if os(Linux)
    private static func current() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }) else { return 0 }
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    #endif
}
