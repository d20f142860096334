import Foundation

/// Spawns the child measurements and prints the figures.
enum Parent {
    static let repetitions = 5

    static func run() {
        print("MainGuard runtime benchmark (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        for workload in ["hops", "mixed"] {
            let baseline = best(of: repetitions) { child(["--mode", "default", "--workload", workload])["seconds"] }
            let runtime = best(of: repetitions) { child(["--mode", "runtime", "--workload", workload])["seconds"] }
            let overhead = (runtime / baseline - 1) * 100
            print(String(format: "%-6@ default %8.1f ms   runtime+watchdog %8.1f ms   overhead %+6.1f %% (target <= 5 %%)",
                         workload as NSString, baseline * 1000, runtime * 1000, overhead))
        }
        let idle = child(["--mode", "idle"])["idle_core_percent"] ?? .nan
        print(String(format: "idle runtime+watchdog: %.2f %% of a core (target < 1 %%)", idle))
        print("stall accuracy (spin measured by the workload vs stall reported by the watchdog, target within 0.5 ms):")
        for line in childOutput(["--mode", "accuracy"]).split(separator: "\n") where line.hasPrefix("spin_") {
            let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").prefix(4).compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
            guard let key = fields.keys.first(where: { $0.hasPrefix("spin_") }), let spin = Double(fields[key]!),
                  let reported = Double(fields["reported"] ?? "") else { continue }
            print(String(format: "  %@ ms: spin %.3f ms, reported %.3f ms, error %+.3f ms, cpu %@ ms",
                         String(key.dropFirst(5)) as NSString, spin, reported, reported - spin,
                         (fields["cpu"] ?? "?") as NSString))
        }
    }

    private static func best(of count: Int, _ measure: () -> Double?) -> Double {
        (0..<count).compactMap { _ in measure() }.min() ?? .nan
    }

    private static func child(_ arguments: [String]) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in childOutput(arguments).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    private static func childOutput(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        #if os(Linux)
        if !FileManager.default.fileExists(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        #else
        if !FileManager.default.fileExists(atPath: process.executableURL!.path), let path = Bundle.main.executablePath {
            process.executableURL = URL(fileURLWithPath: path)
        }
        #endif
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
