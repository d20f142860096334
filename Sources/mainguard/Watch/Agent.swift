import Foundation
import MainGuard

/// The preloaded agent (`libMainGuardAgent`, this package's dynamic-library product) and how a
/// process is started with it.
///
/// Linux preloads it with `LD_PRELOAD`; Apple platforms would use `DYLD_INSERT_LIBRARIES`, which this
/// file sets there, but which has not been run here (no Mac), and which macOS ignores for
/// SIP-protected executables.
struct Agent {
    #if os(Linux)
    static let fileName = "libMainGuardAgent.so"
    static let preloadVariable = "LD_PRELOAD"
    #else
    static let fileName = "libMainGuardAgent.dylib"
    static let preloadVariable = "DYLD_INSERT_LIBRARIES"
    #endif

    var path: String

    /// The agent beside this `mainguard` binary (`.build/release/`), in an install prefix's `lib/`,
    /// or where `MAINGUARD_AGENT` says.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Agent {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let directory = (Bundle.main.executableURL?.resolvingSymlinksInPath() ?? binary).deletingLastPathComponent()
        var candidates = [directory.appendingPathComponent(fileName).path,
                          directory.deletingLastPathComponent().appendingPathComponent("lib/\(fileName)").path]
        if let chosen = environment["MAINGUARD_AGENT"] { candidates.insert(chosen, at: 0) }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw WatchError("""
                MainGuard's agent (\(fileName)) is not beside this mainguard binary (\(directory.path)) nor in \
                \(directory.deletingLastPathComponent().path)/lib. Build it with the binary: `swift build -c release` \
                builds both into .build/release (or set MAINGUARD_AGENT to its path).
                """)
        }
        return Agent(path: found)
    }

    /// The environment a watched process gets: the agent preloaded (before any other preloaded
    /// library) and told where to write its report and which thresholds to use.
    func environment(report: String, thresholds: Thresholds, heartbeat: Bool,
                     base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment[Self.preloadVariable] = ([path] + (base[Self.preloadVariable].map { [$0] } ?? [])).joined(separator: ":")
        environment["MAINGUARD_AGENT_REPORT"] = report
        environment["MAINGUARD_HANG_MS"] = "\(thresholds.hangMilliseconds)"
        environment["MAINGUARD_BUDGET_MS"] = "\(thresholds.budgetMilliseconds)"
        if heartbeat { environment["MAINGUARD_MEASUREMENT"] = "heartbeat" }
        environment.removeValue(forKey: Runtime.agentEnvironmentVariable)
        return environment
    }

    /// Why the agent must not be preloaded into `executable`, or `nil`. The agent and the program
    /// must share one Swift runtime: the dynamic loader gives both the first `libswiftCore` it
    /// loads, so a program built by another toolchain would run on the agent's runtime, and a program
    /// with the runtime linked in statically would end up with two. Linux asks `ldd`; elsewhere
    /// (not run here) the agent's own check at load time is all there is.
    func runtimeMismatch(with executable: String) -> String? {
        #if os(Linux)
        guard let ours = Self.swiftCore(of: path) else { return nil }
        guard let theirs = Self.swiftCore(of: executable) else {
            return """
                \(executable) does not load the Swift runtime (libswiftCore.so) dynamically: it is not a Swift \
                program, or it was built with --static-swift-stdlib. The agent would bring a second Swift runtime \
                into it. Build it without --static-swift-stdlib, with the toolchain that built MainGuard.
                """
        }
        guard ours != theirs else { return nil }
        return """
            \(executable) was built for the Swift runtime in \(theirs), and MainGuard's agent for the one in \(ours). \
            Rebuild one of them so both use the same toolchain (`swift --version`).
            """
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The `libswiftCore.so` the dynamic loader would give `file`, by `ldd`; `nil` when it gets none
    /// (or `ldd` cannot say).
    static func swiftCore(of file: String) -> String? {
        guard let output = try? Subprocess.output(of: ["ldd", file]), output.status == 0 else { return nil }
        for line in output.text.split(separator: "\n") where line.contains("libswiftCore.so") {
            guard let arrow = line.range(of: "=> ") else { continue }
            let path = line[arrow.upperBound...].prefix { $0 != " " }
            return URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().path
        }
        return nil
    }
    #endif
}

/// A `mainguard watch` failure that is the user's to fix, said in one message.
struct WatchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
