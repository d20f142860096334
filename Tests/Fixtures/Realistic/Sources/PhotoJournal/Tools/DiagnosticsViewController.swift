#if os(macOS)
import AppKit

final class DiagnosticsViewController: NSViewController {
    @IBOutlet private var outputView: NSTextView!
    private let lock = NSLock()
    private let stateQueue = DispatchQueue(label: "diagnostics.state")
    private var lines: [String] = []

    @IBAction func runDiagnostics(_ sender: NSButton) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/log")
        process.arguments = ["show", "--last", "5m", "--predicate", "subsystem == 'com.photojournal'"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        process.waitUntilExit() // expect-low-cost: blocking_call_on_main_actor
        let output = pipe.fileHandleForReading.readDataToEndOfFile() // expect-low-cost: blocking_call_on_main_actor
        outputView.string = String(decoding: output, as: UTF8.self)
    }

    @IBAction func runDiagnosticsInBackground(_ sender: NSButton) {
        Task.detached(priority: .userInitiated) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/log")
            let pipe = Pipe()
            process.standardOutput = pipe
            try? process.run()
            process.waitUntilExit()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            await MainActor.run {
                self.outputView.string = String(decoding: output, as: UTF8.self)
            }
        }
    }

    func append(_ line: String) {
        stateQueue.sync {
            lines.append(line)
        }
        lock.lock()
        defer { lock.unlock() }
        outputView.string += line + "\n"
    }

    @IBAction func fetchStatusPage(_ sender: NSButton) {
        let status = try? String(contentsOf: URL(string: "https://status.photojournal.app/summary.txt")!, encoding: .utf8) // expect: blocking_call_on_main_actor
        outputView.string = status ?? "unreachable"
    }

    @IBAction func pause(_ sender: NSButton) {
        Task {
            try? await Task.sleep(for: .seconds(2))
            outputView.string = "resumed"
        }
    }
}
#endif
