import Dispatch
import Foundation
import MainGuard

/// One measurement, in its own process; prints `key=value` lines for the parent.
enum Child {
    static func run(mode: String, workload: String) -> Never {
        switch mode {
        case "default": runWithDefaultExecutors(workload)
        case "runtime": runWithRuntime(workload)
        case "idle": measureIdle()
        case "accuracy": measureAccuracy()
        default:
            FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
            exit(64)
        }
    }

    private static func measure(_ workload: String) async -> Duration {
        workload == "mixed" ? await BenchmarkWorkloads.mixed() : await BenchmarkWorkloads.mainActorHops()
    }

    /// The platform's executors: main-actor jobs go to the main dispatch queue, drained by `dispatchMain()`.
    private static func runWithDefaultExecutors(_ workload: String) -> Never {
        Task { @MainActor in
            let elapsed = await measure(workload)
            print("seconds=\(seconds(elapsed))")
            exit(0)
        }
        dispatchMain()
    }

    private static func runWithRuntime(_ workload: String) -> Never {
        let result = Elapsed()
        let report = Runtime.run(Workload(name: workload, summary: "benchmark") {
            result.value = await measure(workload)
        }, options: WatchOptions(settle: .milliseconds(1)))
        print("seconds=\(seconds(result.value))")
        print("jobs=\(report.mainActorJobs)")
        exit(0)
    }

    /// CPU used by the whole process (run loop + watchdog + idle pool) while the workload sleeps 2 s, after start-up.
    private static func measureIdle() -> Never {
        let usage = Elapsed()
        _ = Runtime.run(Workload(name: "idle", summary: "sleeps") {
            // Steady state: let start-up work (symbol preloading, thread creation) finish first.
            try await Task.sleep(for: .milliseconds(500))
            let before = processCPUSeconds()
            let start = ContinuousClock.now
            try await Task.sleep(for: .seconds(2))
            usage.value = .seconds((processCPUSeconds() - before) / seconds(start.duration(to: .now)))
        }, options: WatchOptions(settle: .milliseconds(1)))
        print("idle_core_percent=\(seconds(usage.value) * 100)")
        if CommandLine.arguments.contains("--threads") { printThreadTimes() }
        exit(0)
    }

    /// Known spins on the main actor, each in its own job; compares what the report says with what the spin measured.
    private static func measureAccuracy() -> Never {
        let targets = [6.0, 50, 120, 300]
        let measured = MeasuredSpins()
        let report = Runtime.run(Workload(name: "accuracy", summary: "known spins") {
            for target in targets {
                try await Task.sleep(for: .milliseconds(20))
                let spin = BenchmarkWorkloads.spin(milliseconds: target)
                measured.values.append(seconds(spin) * 1000)
            }
        }, options: WatchOptions(settle: .milliseconds(20)))
        let stalls = report.stalls.sorted { $0.startMilliseconds < $1.startMilliseconds }
        for (index, target) in targets.enumerated() where index < stalls.count && index < measured.values.count {
            let stall = stalls[index]
            print("spin_\(Int(target))=\(measured.values[index]) reported=\(stall.durationMilliseconds) cpu=\(stall.cpuMilliseconds) category=\(stall.category.rawValue) attribution=\(stall.attribution.summary)")
            if arguments.contains("--frames") { print(stall.attribution.frames.joined(separator: "\n    ")) }
        }
        exit(0)
    }

    /// CPU ticks per thread since it started, to see where idle time goes.
    private static func printThreadTimes() {
        #if os(Linux)   // per-thread figures come from /proc; elsewhere there is nothing to print
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            guard let stat = FileHandle(forReadingAtPath: "/proc/self/task/\(task)/stat")?.readDataToEndOfFile() else { continue }
            let text = String(decoding: stat, as: UTF8.self)
            let name = text.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? ""
            let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
            print("thread \(task) \(name) utime=\(fields.count > 12 ? fields[11] : "?") stime=\(fields.count > 12 ? fields[12] : "?")")
        }
        #endif
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)   // glibc imports the `who` argument as an enum
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// A value written by the workload on the main actor and read after `Runtime.run` returned.
final class Elapsed: @unchecked Sendable {
    // @unchecked: written once inside the run, read after it ended (the run's end orders the accesses).
    var value: Duration = .zero
}

final class MeasuredSpins: @unchecked Sendable {
    // @unchecked: only touched by the workload on the main actor, then read after the run.
    var values: [Double] = []
}
