import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A finished child process as the kernel saw it: how it ended, what it printed, and what it cost.
/// Peak memory comes from `wait4`'s own rusage, so each child is measured alone (RUSAGE_CHILDREN
/// would keep the maximum of every child the test process ever waited for).
struct ChildProcess {
    enum Termination: Equatable, CustomStringConvertible {
        case exit(Int32)
        case signal(Int32)

        var description: String {
            switch self {
            case .exit(let status): "exit \(status)"
            case .signal(let number): "signal \(number) (\(String(cString: strsignal(number))))"
            }
        }
    }

    var termination: Termination
    var timedOut: Bool
    var standardOutput: Data
    var standardError: String
    var peakMemoryMB: Double
    var seconds: Double

    /// Runs `executable` with `arguments`; output goes through files, so a child that
    /// prints megabytes cannot block on a full pipe. A child still running after `timeout` seconds is
    /// killed (and shows as `.signal(SIGKILL)` with `timedOut`).
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 600) throws -> ChildProcess {
        let scratch = try TemporaryDirectory("child")
        let outPath = scratch.path + "/stdout", errPath = scratch.path + "/stderr"
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?   // an opaque pointer on Darwin, set by _init
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The backtracer would add seconds to a crash; the termination signal is what the tests need.
        let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
            .map { "\($0)=\($1)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ChildProcessError(message: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        // Poll rather than block, so a hung child is killed at the deadline and the test reports it.
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid || (waited == -1 && errno != EINTR) { break }
            if !timedOut, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > timeout {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // WIFEXITED / WTERMSIG spelled out: the C macros are not imported into Swift.
        let termination: Termination = status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
        return ChildProcess(termination: termination, timedOut: timedOut,
                            standardOutput: FileManager.default.contents(atPath: outPath) ?? Data(),
                            standardError: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
                            peakMemoryMB: Double(usage.ru_maxrss) / 1024, seconds: seconds)
    }
}

struct ChildProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A fresh folder under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // A permission test may have left a folder without access rights; restore them so removal works.
        _ = chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try write(Data(text.utf8), to: name)
    }

    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: file, contents: data) else {
            throw ChildProcessError(message: "cannot create \(file)")
        }
        return file
    }
}

/// Where the package's built products and sources are, found from the running test bundle.
enum Package {
    /// The repository root: this file is Tests/HardeningTests/ChildProcess.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The `mainguard` executable `swift test` built next to the test bundle.
    static func mainguard() throws -> String {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        var folder = URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent()
        #if os(Linux)
        // On Linux the test bundle is itself the executable in the products folder.
        folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
        let binary = folder.appendingPathComponent("mainguard").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ChildProcessError(message: "\(binary) is missing: build it with `swift build` (swift test builds it too)")
        }
        return binary
    }
}
