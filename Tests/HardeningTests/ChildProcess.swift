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

    /// Runs `executable` with `arguments` and waits for it; see `Running.wait(timeout:)`.
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 600) throws -> ChildProcess {
        try start(executable, arguments).wait(timeout: timeout)
    }

    /// Starts `executable` with `arguments` and returns at once, so a long run can go on while a test
    /// does other work; output goes through files, so a child that prints megabytes cannot block on a
    /// full pipe.
    static func start(_ executable: String, _ arguments: [String]) throws -> Running {
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
        return Running(pid: pid, start: start, scratch: scratch, outPath: outPath, errPath: errPath)
    }

    /// A child that `start` left running. Wait for it once; a child never waited for is killed when
    /// the value is released, so an abandoned run cannot outlive its test.
    final class Running {
        private let pid: pid_t
        private let start: UInt64
        private let scratch: TemporaryDirectory
        private let outPath: String, errPath: String
        private var finished = false

        fileprivate init(pid: pid_t, start: UInt64, scratch: TemporaryDirectory, outPath: String, errPath: String) {
            (self.pid, self.start, self.scratch, self.outPath, self.errPath) = (pid, start, scratch, outPath, errPath)
        }

        /// Waits for the child to end. A child still running `timeout` seconds after it started is
        /// killed (and shows as `.signal(SIGKILL)` with `timedOut`).
        func wait(timeout: Double) -> ChildProcess {
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
            finished = true
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // WIFEXITED / WTERMSIG spelled out: the C macros are not imported into Swift.
            let termination: Termination = status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
            return ChildProcess(termination: termination, timedOut: timedOut,
                                standardOutput: FileManager.default.contents(atPath: outPath) ?? Data(),
                                standardError: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
                                peakMemoryMB: Double(usage.ru_maxrss) / 1024, seconds: seconds)
        }

        deinit {
            guard !finished else { return }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}

/// A child started ahead of the test that judges it (from a class's `setUp()`), so it runs beside the
/// tests before that one. Starting may fail; the failure is thrown where the run is waited for.
final class HeadStart: @unchecked Sendable {   // every stored property is guarded by `lock`
    private let lock = NSLock()
    private var started: Result<(TemporaryDirectory, ChildProcess.Running), Error>?
    private var begun = false

    /// Starts the child the first time it is called, and never again: several classes may each be the
    /// first to run. `make` writes its inputs into a folder kept alive until the run is waited for.
    func beginOnce(_ make: () throws -> (TemporaryDirectory, ChildProcess.Running)) {
        lock.lock()
        defer { lock.unlock() }
        guard !begun else { return }
        begun = true
        started = Result { try make() }
    }

    /// Waits for the child `beginOnce` started (`timeout` counts from its start) and hands back its run.
    func wait(timeout: Double) throws -> ChildProcess {
        guard let started = lock.withLock({ self.started }) else {
            throw ChildProcessError(message: "the run was never started: the class's setUp() starts it")
        }
        let (scratch, running) = try started.get()
        let run = running.wait(timeout: timeout)
        withExtendedLifetime(scratch) {}
        lock.withLock { self.started = nil }
        return run
    }

    /// Drops a child nobody waited for; releasing it kills it.
    func abandon() {
        lock.withLock { started = nil }
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
