// The runtime benchmark: what MainGuard's executors and watchdog cost, and how exact they are.
//
// Executors are process-wide, so each measurement runs in a child process of this executable
// (`--mode default|runtime|idle|accuracy`) and the parent prints the comparison.
import Foundation
import MainGuard

let arguments = CommandLine.arguments
if let modeIndex = arguments.firstIndex(of: "--mode"), modeIndex + 1 < arguments.count {
    let mode = arguments[modeIndex + 1]
    let workload = arguments.firstIndex(of: "--workload").map { arguments[$0 + 1] } ?? "hops"
    Child.run(mode: mode, workload: workload)
} else {
    Parent.run()
}
