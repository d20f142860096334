import Foundation
import MainGuard

/// Child processes for `mainguard watch`: the watched program, `swift build`, `ldd`.
enum Subprocess {
    /// How a child ended.
    struct Ending {
        var status: Int32?
        var signal: Int32?
    }

    /// Runs `command` to the end and returns what it printed (standard output and error together).
    static func output(of command: [String], directory: String? = nil) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `command` with `environment`, its standard input, output and error this process's own
    /// (or its output copied to ours and returned, when `captureOutput`). While it runs, Ctrl-C and
    /// Ctrl-\ reach only the child (the terminal sends them to both): this process waits for the
    /// child's report. After `timeout` the child gets SIGTERM, and SIGKILL 10 s later.
    static func run(_ command: [String], environment: [String: String], timeout: Double?,
                    captureOutput: Bool = false) throws -> (Ending, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let collected = Protected(Data())
        if captureOutput {
            let pipe = Pipe()
            process.standardOutput = pipe
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                guard !data.isEmpty else { return }
                FileHandle.standardOutput.write(data)
                collected.withLock { $0.append(data) }
            }
        }
        do {
            try process.run()
        } catch {
            throw WatchError("could not start \(command[0]): \(error.localizedDescription)")
        }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                FileHandle.standardError.write(Data("mainguard: \(command[0]) still running after \(timeout) s: sending SIGTERM\n".utf8))
                process.terminate()
                let killAt = Date().addingTimeInterval(10)
                while process.isRunning, Date() < killAt { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        if captureOutput, let pipe = process.standardOutput as? Pipe {
            pipe.fileHandleForReading.readabilityHandler = nil
            let rest = pipe.fileHandleForReading.readDataToEndOfFile()
            FileHandle.standardOutput.write(rest)
            collected.withLock { $0.append(rest) }
        }
        let ending = process.terminationReason == .uncaughtSignal
            ? Ending(status: nil, signal: process.terminationStatus)
            : Ending(status: process.terminationStatus, signal: nil)
        return (ending, String(decoding: collected.withLock { $0 }, as: UTF8.self))
    }
}
