import Foundation
import MainGuardLint
import XCTest

/// The same tree gives byte-identical reports whatever the thread count and whatever order the
/// files are named or listed in: CI diffs, baselines and caches depend on it.
final class DeterminismTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TenMegabyteLint.start()   // runs beside this class's tests; see TenMegabyteLint
    }

    /// A tree with findings of every kind: the examples and the test fixtures.
    private func tree() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory("determinism")
        for folder in ["Examples", "Tests/Fixtures/SwiftUIApp", "Tests/Fixtures/TeamApp/Sources"] {
            for file in try FileCollector(excludes: []).collect(paths: [Package.root + "/" + folder]) {
                let relative = String(file.dropFirst(Package.root.count + 1))
                try scratch.write(try Data(contentsOf: URL(fileURLWithPath: file)), to: relative)
            }
        }
        return scratch
    }

    func testCLIOutputIsIdenticalForAnyThreadCountAndPathOrder() throws {
        let scratch = try tree()
        let mainguard = try Package.mainguard()
        let examples = scratch.path + "/Examples", tests = scratch.path + "/Tests"
        for reporter in ["json", "sarif", "xcode"] {
            var outputs: [String: Data] = [:]
            for threads in [1, 2, 8] {
                outputs["--threads \(threads)"] = try run(mainguard, ["--threads", "\(threads)", "--reporter", reporter, examples, tests])
            }
            outputs["reversed paths"] = try run(mainguard, ["--threads", "8", "--reporter", reporter, tests, examples])
            let reference = try XCTUnwrap(outputs["--threads 1"])
            XCTAssertFalse(reference.isEmpty)
            for (variant, output) in outputs {
                XCTAssertEqual(output, reference, "\(reporter) output differs with \(variant)")
            }
        }
    }

    func testLibraryFindingsIgnoreInputOrder() throws {
        let scratch = try tree()
        let files = try FileCollector(excludes: []).collect(paths: [scratch.path])
        let inputs = try files.map { Linter.SourceInput(path: $0, text: try String(contentsOfFile: $0, encoding: .utf8), settings: .classic) }
        let reference = Linter(configuration: LintConfiguration(threads: 1)).lint(inputs).findings
        XCTAssertFalse(reference.isEmpty)
        var random = SeededRandom(seed: 42)
        for threads in [1, 2, 8] {
            var shuffled = inputs
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(below: index + 1)) }
            XCTAssertEqual(Linter(configuration: LintConfiguration(threads: threads)).lint(shuffled).findings, reference,
                           "findings differ with \(threads) threads and shuffled files")
        }
    }

    private func run(_ mainguard: String, _ arguments: [String]) throws -> Data {
        let run = try ChildProcess.run(mainguard, ["lint", "--no-cache", "--quiet"] + arguments, timeout: 300)
        XCTAssertTrue([.exit(0), .exit(2)].contains(run.termination), "\(arguments): \(run.termination)\n\(run.standardError)")
        return run.standardOutput
    }
}
