import Foundation
import MainGuard
import MainGuardExamples

/// Workloads that misbehave: each must end the process with a report or a clear message, never hang.
enum FaultScenarios {
    /// The main thread waits forever. The run's timeout hands the report over while the main thread
    /// is still stuck; it must list the ongoing stall.
    static func blockedForever() {
        var options = WatchOptions(timeout: .seconds(2))
        options.onTimeout = { report in
            let ongoing = report.stalls.filter(\.ongoing)
            print("stress: ongoing stalls: \(ongoing.count)")
            print("stress: ongoing stall ms: \(Int(ongoing.first?.durationMilliseconds ?? 0))")
            print("stress: note: \(report.note ?? "none")")
            print(TextReport.render(report))
            exit(0)
        }
        _ = Runtime.run(Workload(name: "blocked-forever", summary: "waits on a semaphore nobody signals") {
            DispatchSemaphore(value: 0).wait()
        }, options: options)
        print("stress: the run returned although the main thread never came back")
        exit(1)
    }

    static func workloadCallsExit() {
        _ = Runtime.run(Workload(name: "calls-exit", summary: "stalls, then exits the process") {
            _ = spin(milliseconds: 120)
            print("stress: exiting from the workload")
            exit(3)
        })
        exit(1)
    }

    static func nestedRun() {
        _ = Runtime.run(Workload(name: "outer", summary: "runs another workload inside") {
            print("stress: starting the nested run")
            _ = Runtime.run(Workload(name: "inner", summary: "never starts") {})
            print("stress: the nested run returned")
        }, options: WatchOptions(timeout: .seconds(10)))
        exit(1)
    }

    static func installTwice() {
        let mode = Runtime.installForTesting()
        print("stress: first installation: \(mode)")
        let report = Runtime.run(Workload(name: "after-install", summary: "a 120 ms hang") {
            _ = spin(milliseconds: 120)
        }, options: WatchOptions(timeout: .seconds(10)))
        print("stress: second installation ran; hangs: \(report.hangs), mode: \(report.mode)")
        exit(0)
    }

    static func taskTraps() {
        _ = Runtime.run(Workload(name: "traps", summary: "a task traps while the main actor is busy") {
            Task.detached {
                try? await Task.sleep(for: .milliseconds(50))
                let values: [Int] = []
                // Standard error: buffered standard output would die with the process.
                FileHandle.standardError.write(Data("stress: trapping now\n".utf8))
                _ = values[values.count]
            }
            _ = spin(milliseconds: 400)
        }, options: WatchOptions(timeout: .seconds(10)))
        print("stress: the run returned after a trap")
        exit(1)
    }
}
