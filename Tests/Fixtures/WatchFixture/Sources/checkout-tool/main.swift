import Checkout
import Foundation

// Top-level code runs on the main actor; the hang happens in the Task after `confirm()` returned.
// `--stuck` never gives the main thread back (for the agent's report at a timeout's SIGTERM);
// `--child-environment` prints what a child process inherits (the agent must not be preloaded there).
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--child-environment") {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    try child.run()
    child.waitUntilExit()
} else if arguments.contains("--stuck") {
    Task { while true { _ = computeReceiptTotals(milliseconds: 1_000) } }
    try await Task.sleep(for: .seconds(3_600))
} else {
    let checkout = HangLaterCheckout()
    checkout.confirm()
    try await Task.sleep(for: .milliseconds(500))
    print("total computed: \(checkout.total > 0)")
}
