import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Inputs no one writes on purpose but every large repository holds: huge generated files, absurd
/// nesting, minified lines, binary files named `.swift`, link loops, FIFOs, unreadable files and
/// enormous folders. Each runs through the CLI as a child process, so a crash shows as a signal, a
/// hang as a kill at the deadline, and memory as the child's own peak RSS.
final class PathologicalInputTests: XCTestCase {
    /// "A few times its size-proportional share": generous, because the machine is shared and noisy.
    static let timeFactor = 6.0
    static let memoryLimitMB = 2_048.0

    override class func setUp() {
        super.setUp()
        TenMegabyteLint.start()
    }

    func testTenMegabyteFileTakesItsSizeProportionalShare() throws {
        let scratch = try TemporaryDirectory("huge")
        let reference = try scratch.write(GeneratedSwift.screens(bytes: 200_000), to: "reference/Reference.swift")
        let startup = try lint(try scratch.write("", to: "empty/Empty.swift"))
        let normal = try lint(reference)
        // Its deadline is twice the others': it shares the machine with the class's other children.
        let run = try check(TenMegabyteLint.run.wait(timeout: 600), "10 MB file")
        let perByte = max(normal.seconds - startup.seconds, 0.01) / 200_000
        let share = startup.seconds + perByte * 10_000_000
        report("10 MB file (beside the other tests' runs)", run, share: share)
        XCTAssertLessThan(run.seconds, Self.timeFactor * share, "a 10 MB file took \(run.seconds) s; its size-proportional share is \(share) s")
        XCTAssertTrue(run.standardError.contains("in 1 file"), run.standardError)
    }

    func testTenThousandDeepNestingFinishesWithoutOverflowingTheStack() throws {
        let scratch = try TemporaryDirectory("nesting")
        let depth = 10_000
        let shapes: [String: String] = [
            "Parentheses": "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth),
            "Closures": "let f = " + String(repeating: "{ ", count: depth) + String(repeating: "}", count: depth),
            "Ifs": "func f() {\n" + String(repeating: "if true {\n", count: depth) + String(repeating: "}\n", count: depth) + "}\n",
            "Types": String(repeating: "struct S {\n", count: depth) + String(repeating: "}\n", count: depth),
            "MainActorTasks": "@MainActor final class A {\n func f() {\n" + String(repeating: "Task {\n", count: depth)
                + "Thread.sleep(forTimeInterval: 1)\n" + String(repeating: "}\n", count: depth) + "}\n}\n",
            "Unclosed": "@MainActor func f() {\n" + String(repeating: "if x { Task { (", count: depth),
        ]
        for (name, text) in shapes.sorted(by: { $0.key < $1.key }) {
            let run = try lint(try scratch.write(text, to: "\(name)/\(name).swift"))
            report("10,000-deep \(name)", run, share: nil)
            XCTAssertLessThan(run.seconds, 120, "\(name) took \(run.seconds) s")
        }
    }

    /// Directly nested `[` make SwiftParser's lookahead exponential (see `ParserLimits`): such a file
    /// is named and skipped, while shallower nesting is still linted.
    func testDeeplyNestedArrayBracketsAreNamedAndSkipped() throws {
        let scratch = try TemporaryDirectory("brackets")
        let deep = try scratch.write("let a = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), to: "Deep.swift")
        try scratch.write("let a = " + String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12), to: "Twelve.swift")
        let run = try lint(scratch.path)
        XCTAssertTrue(run.standardError.contains("skipped \(deep): 10000 directly nested `[`"), run.standardError)
        XCTAssertTrue(run.standardError.contains("in 1 file; skipped 1 file"), run.standardError)
        XCTAssertLessThan(run.seconds, 60)
    }

    /// Generic arguments nest without the exponential blow-up but SwiftParser slows quadratically
    /// (a debug build: 1,000 levels about 1 s, 10,000 about two minutes), so 1,000 levels are checked here.
    func testThousandDeepGenericArgumentsFinish() throws {
        let scratch = try TemporaryDirectory("generics")
        let path = try scratch.write("let g: " + String(repeating: "Array<", count: 1_000) + "Int" + String(repeating: ">", count: 1_000),
                                     to: "Generics.swift")
        let run = try lint(path)
        report("1,000-deep generic arguments", run, share: nil)
        XCTAssertLessThan(run.seconds, 60)
    }

    /// Thirty thousand blocking calls in one minified function: each is a hit, and the run reports them as
    /// one cause (one function, one fix), counting the others, without a cost per pair of hits.
    func testOneMegabyteLineWithThousandsOfFindings() throws {
        let scratch = try TemporaryDirectory("long-line")
        let body = String(repeating: "Thread.sleep(forTimeInterval: 1); ", count: 30_000)
        // The `Thread.isMainThread` test makes every call ask whether an earlier statement left it to other threads.
        let path = try scratch.write("@MainActor final class Minified { func f() { if Thread.isMainThread { }; \(body)} }", to: "Minified.swift")
        let run = try lint(path, expecting: [.exit(2)])
        report("1 MB single line", run, share: nil)
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one finding for the function's one cause")
        XCTAssertTrue(lines.first?.contains("Minified.swift:1:") == true)
        XCTAssertTrue(lines.first?.contains("(and 29999 more on this line)") == true, String(lines.first ?? ""))
    }

    /// Brief pauses are low cost; deciding so must not read the long function once per call.
    func testOneMegabyteLineOfBriefPausesFinishesClean() throws {
        let scratch = try TemporaryDirectory("brief-pauses")
        let body = String(repeating: "Thread.sleep(forTimeInterval: 0); ", count: 30_000)
        let path = try scratch.write("@MainActor final class Minified { func f() { \(body)} }", to: "Minified.swift")
        let run = try lint(path)
        report("1 MB line of brief pauses", run, share: nil)
        XCTAssertTrue(run.standardOutput.isEmpty, "a pause under 100 ms is low cost")
        XCTAssertLessThan(run.seconds, 60)
    }

    func testNonUTF8BytesAreNamedAndSkipped() throws {
        let scratch = try TemporaryDirectory("binary")
        let binary = try scratch.write(Data([0x66, 0x75, 0x6E, 0x63, 0xFF, 0xFE, 0x00, 0xC3, 0x28, 0x7B]), to: "Binary.swift")
        let fine = try scratch.write("func fine() {}\n", to: "Fine.swift")
        let run = try lint(scratch.path)
        XCTAssertTrue(run.standardError.contains("skipped \(binary): file is not valid UTF-8"), run.standardError)
        XCTAssertFalse(run.standardError.contains(fine))
        XCTAssertTrue(run.standardError.contains("in 1 file; skipped 1 file"), run.standardError)
    }

    func testSymbolicLinkLoopsAreNamedAndFilesAreLintedOnce() throws {
        let scratch = try TemporaryDirectory("links")
        try scratch.write("@MainActor func f() { Thread.sleep(forTimeInterval: 1) }\n", to: "Real.swift")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Loop", withDestinationPath: ".")
        try FileManager.default.createDirectory(atPath: scratch.path + "/Sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Sub/Back", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Self.swift", withDestinationPath: "Self.swift")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/A.swift", withDestinationPath: "B.swift")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/B.swift", withDestinationPath: "A.swift")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/Dangling.swift", withDestinationPath: "Missing.swift")
        let run = try lint(scratch.path, expecting: [.exit(2)])
        let findings = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(findings.count, 1, "Real.swift is linted once, not once per path through the loop:\n\(findings.joined(separator: "\n"))")
        for name in ["Self.swift", "A.swift", "B.swift"] {
            XCTAssertTrue(run.standardError.contains("skipped \(scratch.path)/\(name): symbolic link loop"), run.standardError)
        }
        XCTAssertTrue(run.standardError.contains("skipped \(scratch.path)/Dangling.swift: dangling symbolic link"), run.standardError)
    }

    /// A FIFO blocks a plain read forever; a folder may be named like a file.
    func testFIFOAndFolderNamedLikeASwiftFile() throws {
        let scratch = try TemporaryDirectory("special")
        XCTAssertEqual(mkfifo(scratch.path + "/Pipe.swift", 0o644), 0)
        try scratch.write("@MainActor func f() { Thread.sleep(forTimeInterval: 1) }\n", to: "Folder.swift/Inner.swift")
        let run = try lint(scratch.path, expecting: [.exit(2)])
        XCTAssertTrue(run.standardError.contains("skipped \(scratch.path)/Pipe.swift: not a regular file"), run.standardError)
        XCTAssertTrue(String(decoding: run.standardOutput, as: UTF8.self).contains("Folder.swift/Inner.swift:1:"))
    }

    func testUnreadableFileIsNamed() throws {
        // Permission bits do not deny root (CI runs as root), so this case can only be shown as a user.
        try XCTSkipIf(geteuid() == 0, "running as root: permission bits cannot make a file unreadable")
        let scratch = try TemporaryDirectory("permissions")
        let locked = try scratch.write("func f() {}\n", to: "Locked.swift")
        XCTAssertEqual(chmod(locked, 0), 0)
        let run = try lint(scratch.path)
        XCTAssertTrue(run.standardError.contains("skipped \(locked): file is not readable (permission denied)"), run.standardError)
    }

    func testHundredThousandEmptyFilesScaleLinearly() throws {
        let scratch = try TemporaryDirectory("many")
        for folder in ["many", "some"] { try FileManager.default.createDirectory(atPath: scratch.path + "/" + folder, withIntermediateDirectories: true) }
        for index in 0..<100_000 {
            let created = FileManager.default.createFile(atPath: scratch.path + "/many/F\(index).swift", contents: nil)
                && (index >= 1_000 || FileManager.default.createFile(atPath: scratch.path + "/some/F\(index).swift", contents: nil))
            guard created else { throw ChildProcessError(message: "cannot create file \(index) under \(scratch.path)") }
        }
        let startup = try lint(try scratch.write("", to: "one/F.swift"))
        let thousand = try lint(scratch.path + "/some")
        let run = try lint(scratch.path + "/many")
        let share = startup.seconds + max(thousand.seconds - startup.seconds, 0.05) * 100
        report("100,000 empty files", run, share: share)
        XCTAssertTrue(run.standardError.contains("in 100000 files"), run.standardError)
        XCTAssertLessThan(run.seconds, Self.timeFactor * share)
    }

    // MARK: Running the CLI

    /// `mainguard lint --no-cache PATH` in a child; asserts how it ended and that memory stayed bounded.
    @discardableResult
    private func lint(_ path: String, expecting endings: [ChildProcess.Termination] = [.exit(0), .exit(2)],
                      file: StaticString = #filePath, line: UInt = #line) throws -> ChildProcess {
        try check(ChildProcess.run(Package.mainguard(), ["lint", "--no-cache", path], timeout: 300), path, expecting: endings,
                  file: file, line: line)
    }

    /// Asserts how a lint of `path` ended and that its memory stayed bounded.
    @discardableResult
    private func check(_ run: ChildProcess, _ path: String, expecting endings: [ChildProcess.Termination] = [.exit(0), .exit(2)],
                       file: StaticString = #filePath, line: UInt = #line) -> ChildProcess {
        XCTAssertFalse(run.timedOut, "\(path) hung: killed after \(run.seconds) s", file: file, line: line)
        XCTAssertTrue(endings.contains(run.termination), "\(path): \(run.termination)\n\(run.standardError.suffix(2_000))",
                      file: file, line: line)
        XCTAssertLessThan(run.peakMemoryMB, Self.memoryLimitMB, "\(path) peaked at \(run.peakMemoryMB) MB", file: file, line: line)
        return run
    }

    private func report(_ input: String, _ run: ChildProcess, share: Double?) {
        let shareText = share.map { String(format: ", size-proportional share %.1f s", $0) } ?? ""
        print(String(format: "hardening: %@: %.1f s, peak RSS %.0f MB%@, %@", input, run.seconds, run.peakMemoryMB, shareText,
                     run.termination.description))
    }
}

/// The 10 MB lint is the hardening tests' longest child by far (about 200 s in a debug build on a two-core
/// machine, nearly all of it SwiftParser on one thread). Every hardening class that runs before
/// `PathologicalInputTests` starts it (`start()` is idempotent), so it runs on one core beside
/// DeterminismTests, FuzzRegressionTests, MutationTests and the other pathological inputs, and the test
/// that judges it waits for it: the XCTest run takes about as long as those tests, not that plus this.
/// It is over before RuntimeStressTests, whose timing it would disturb, and it is killed when the test
/// process exits if a filtered run left its test out.
enum TenMegabyteLint {
    static let run = HeadStart()

    static func start() {
        run.beginOnce {
            atexit { TenMegabyteLint.run.abandon() }   // kills the child if no test waited for it
            let scratch = try TemporaryDirectory("huge")
            let huge = try scratch.write(GeneratedSwift.screens(bytes: 10_000_000), to: "huge/Huge.swift")
            return (scratch, try ChildProcess.start(try Package.mainguard(), ["lint", "--no-cache", huge]))
        }
    }
}

/// Generated Swift of a given size: many small main-actor screens with unique names, the shape of
/// real generated code, each with one blocking call for the linter to find.
enum GeneratedSwift {
    static func screens(bytes: Int) -> String {
        var parts = ["import Foundation\n\n"]
        var size = parts[0].utf8.count
        var number = 0
        while size < bytes {
            let screen = """
            @MainActor
            final class Screen\(number) {
                var rows: [String] = []

                func reload\(number)(url: URL) throws {
                    let data = try Data(contentsOf: url)
                    rows = String(decoding: data, as: UTF8.self).split(separator: "\\n").map(String.init)
                }

                func refresh\(number)() {
                    Task { rows.sort(); _ = helper\(number)(rows.count) }
                }
            }

            func helper\(number)(_ count: Int) -> Int { count * 2 }


            """
            parts.append(screen)
            size += screen.utf8.count
            number += 1
        }
        return parts.joined()
    }
}
