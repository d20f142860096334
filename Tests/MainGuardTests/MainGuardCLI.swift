import Foundation
import XCTest

/// Runs the `mainguard` executable that `swift test` built next to the test bundle.
///
/// The sample workloads are watched in a child process because the runtime's executors are
/// process-wide and must own the main thread before the first main-actor job: a test process,
/// whose main thread XCTest already drives, cannot host `Runtime.run`.
struct MainGuardCLI {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The build products directory: where SwiftPM puts `mainguard` beside the test bundle.
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        fatalError("no .xctest bundle loaded")
        #else
        return Bundle.main.bundleURL
        #endif
    }

    static func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let executable = productsDirectory.appendingPathComponent("mainguard")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("\(executable.path) is missing: build the CLI (`swift build`) before running these tests", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        // Files rather than pipes: a report larger than a pipe's buffer would otherwise block the child.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: try String(contentsOf: outURL, encoding: .utf8),
                      standardError: try String(contentsOf: errURL, encoding: .utf8))
    }
}
