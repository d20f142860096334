// The compatibility benchmark: ordinary concurrency code (task groups at mixed priorities,
// AsyncStream producers and consumers, timers, MainActor.run hops, yield polling, actors, priority
// escalation) with the platform's default executors and under `Runtime.run`, in child processes of
// this executable (executors are process-wide), alternating, several rounds. It checks that every
// phase returns the same result both ways and prints the wall-time and peak-thread ratios.
//
//   swift run -c release mainguard-compat-bench [--rounds N]
import Foundation

let arguments = CommandLine.arguments
if let modeIndex = arguments.firstIndex(of: "--mode"), modeIndex + 1 < arguments.count {
    Child.run(mode: arguments[modeIndex + 1])
} else {
    let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5
    exit(Parent.run(rounds: rounds) ? 0 : 1)
}
