import Foundation

/// Runs the children, compares their results and prints the figures.
enum Parent {
    /// What one child printed.
    struct Run {
        var phases: [(name: String, result: Int, milliseconds: Double)] = []
        var wall = 0.0
        var peakThreads = 0
        var timedOut = false
    }

    /// Returns whether every result matched and nothing timed out.
    static func run(rounds: Int) -> Bool {
        print("MainGuard compatibility benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores, \(rounds) rounds)")
        var runs: [(default: Run, runtime: Run)] = []
        for round in 0..<rounds {
            // Alternate which goes first, so neither always gets the warmer machine.
            let first = round.isMultiple(of: 2) ? "default" : "runtime"
            let firstRun = child(mode: first)
            let secondRun = child(mode: first == "default" ? "runtime" : "default")
            runs.append(first == "default" ? (firstRun, secondRun) : (secondRun, firstRun))
            let last = runs[runs.count - 1]
            print(String(format: "round %d: default %.0f ms, %d threads; runtime %.0f ms, %d threads", round + 1,
                         last.default.wall, last.default.peakThreads, last.runtime.wall, last.runtime.peakThreads))
        }
        var ok = true
        for (round, pair) in runs.enumerated() {
            for (mode, run) in [("default", pair.default), ("runtime", pair.runtime)] where run.timedOut {
                print("round \(round + 1): \(mode) executors TIMED OUT after \(run.phases.count) phases")
                ok = false
            }
            let expected = runs[0].default.phases.map(\.result)
            for (mode, run) in [("default", pair.default), ("runtime", pair.runtime)] where run.phases.map(\.result) != expected {
                print("round \(round + 1): \(mode) results DIFFER: \(run.phases.map(\.result)) vs \(expected)")
                ok = false
            }
        }
        print("results identical in every round and mode: \(ok ? "yes" : "NO")")
        print("\nper phase, median ms (default -> runtime, ratio):")
        for (index, name) in (runs.first?.default.phases.map(\.name) ?? []).enumerated() {
            let base = median(runs.compactMap { $0.default.phases.indices.contains(index) ? $0.default.phases[index].milliseconds : nil })
            let mainGuard = median(runs.compactMap { $0.runtime.phases.indices.contains(index) ? $0.runtime.phases[index].milliseconds : nil })
            print("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
                  + String(format: "%8.1f -> %8.1f  %.2fx", base, mainGuard, mainGuard / max(base, 0.001)))
        }
        let wallRatios = runs.map { $0.runtime.wall / max($0.default.wall, 0.001) }
        let threadRatios = runs.map { Double($0.runtime.peakThreads) / Double(max($0.default.peakThreads, 1)) }
        print(String(format: "\nwall time, runtime / default: median %.2fx (min %.2fx, max %.2fx; target <= 1.2x)",
                     median(wallRatios), wallRatios.min() ?? 0, wallRatios.max() ?? 0))
        print(String(format: "peak threads, runtime / default: median %.2fx (min %.2fx, max %.2fx; target <= 2x), median %.0f vs %.0f",
                     median(threadRatios), threadRatios.min() ?? 0, threadRatios.max() ?? 0,
                     median(runs.map { Double($0.runtime.peakThreads) }), median(runs.map { Double($0.default.peakThreads) })))
        return ok
    }

    private static func child(mode: String) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.fileExists(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        process.arguments = ["--mode", mode]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return Run(timedOut: true) }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var run = Run()
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            switch fields.first {
            case "phase" where fields.count == 4:
                run.phases.append((fields[1], Int(fields[2]) ?? -1, Double(fields[3]) ?? 0))
            case "wall": run.wall = Double(fields[1]) ?? 0
            case "peak_threads": run.peakThreads = Int(fields[1]) ?? 0
            case "timed_out": run.timedOut = true
            default: break
            }
        }
        if run.phases.count < CompatWorkload.phases.count { run.timedOut = true }
        return run
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }
}
