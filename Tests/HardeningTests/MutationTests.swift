import Foundation
import MainGuardLint
import SwiftParser
import SwiftSyntax
import XCTest

/// Real code, broken the ways half-typed edits and generated code break it: every file of this
/// package's Sources and of swift-argument-parser's is cut off at many byte offsets (some inside a
/// multi-byte character, so some mutants are no longer UTF-8) and has random tokens deleted. The
/// linter must finish every time, name every file it could not read, and exit 0 or 2, never by a signal.
final class MutationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TenMegabyteLint.start()   // runs beside this class's tests; see TenMegabyteLint
    }

    static let truncationsPerFile = 6
    static let deletionMutantsPerFile = 4  // plus one with half a UTF-8 character spliced in

    func testMutatedRealCodeAlwaysLintsAndNamesEveryUnreadableFile() throws {
        let sources = try RealSources.files()
        XCTAssertGreaterThan(sources.count, 100, "too few real files to mutate")
        let scratch = try TemporaryDirectory("mutants")
        var random = SeededRandom(seed: 0x6D61_696E_6775_6172)
        var mutantCount = 0, skippedCount = 0, findingCount = 0
        var folders: [(folder: String, notUTF8: Set<String>)] = []
        for (number, source) in sources.enumerated() {
            let folder = scratch.path + "/\(number)"
            let mutants = Mutator.mutants(of: source, truncations: Self.truncationsPerFile,
                                          deletions: Self.deletionMutantsPerFile, random: &random)
            var notUTF8 = Set<String>()
            for (index, bytes) in mutants.enumerated() {
                let path = try scratch.write(Data(bytes), to: "\(number)/Mutant\(index).swift")
                if String(data: Data(bytes), encoding: .utf8) == nil { notUTF8.insert(path) }   // strict, as the linter's reader
            }
            // The library API for the bulk: the whole team pipeline over one folder of mutants.
            let result = try TeamLinter(threads: 2, scope: .everything).lint(paths: [folder]).lint
            XCTAssertEqual(Set(result.skipped.map(\.path)), notUTF8, "every non-UTF-8 mutant, and only those, is named as skipped")
            XCTAssertEqual(result.fileCount + result.skipped.count, mutants.count, folder)
            mutantCount += mutants.count
            skippedCount += result.skipped.count
            findingCount += result.findings.count
            folders.append((folder, notUTF8))
        }
        let cliRuns = try lintSampleWithTheCLI(folders, every: 12)
        print("hardening: mutated files linted: \(mutantCount) from \(sources.count) real files "
            + "(\(skippedCount) not UTF-8, named and skipped; \(findingCount) findings); CLI runs: \(cliRuns), crashes found: 0")
    }

    /// The CLI as a subprocess for a sample of the folders: a crash shows as a signal, not a failed assertion.
    private func lintSampleWithTheCLI(_ folders: [(folder: String, notUTF8: Set<String>)], every stride: Int) throws -> Int {
        let mainguard = try Package.mainguard()
        var runs = 0
        for (folder, notUTF8) in folders.enumerated().filter({ $0.offset % stride == 0 }).map(\.element) {
            let run = try ChildProcess.run(mainguard, ["lint", "--no-cache", "--quiet", "--include-tests", folder])
            XCTAssertTrue([.exit(0), .exit(2)].contains(run.termination), "\(folder): \(run.termination)\n\(run.standardError)")
            for path in notUTF8 {
                XCTAssertTrue(run.standardError.contains("skipped \(path): file is not valid UTF-8"), "\(path) is not named:\n\(run.standardError)")
            }
            runs += 1
        }
        return runs
    }
}

/// Makes broken variants of a source file, deterministically from the random source.
enum Mutator {
    static func mutants(of source: [UInt8], truncations: Int, deletions: Int, random: inout SeededRandom) -> [[UInt8]] {
        var mutants: [[UInt8]] = []
        // Evenly spread cuts with jitter, so every region of the file is cut somewhere.
        for cut in 0..<truncations {
            let band = max(1, source.count / truncations)
            let offset = min(source.count, cut * band + random.next(below: band))
            mutants.append(Array(source[..<offset]))
        }
        // Token boundaries come from SwiftParser, the only Swift lexer this project uses.
        let tokens = Parser.parse(source: String(decoding: source, as: UTF8.self)).tokens(viewMode: .sourceAccurate)
            .map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
            .filter { !$0.isEmpty && $0.upperBound <= source.count }
        guard !tokens.isEmpty else { return mutants }
        // Half a multi-byte character spliced in at a token boundary: the file is no longer UTF-8
        // and must be named as skipped, not silently dropped or mis-decoded.
        var spliced = source
        spliced.insert(contentsOf: [0xE2, 0x82], at: tokens[random.next(below: tokens.count)].lowerBound)
        mutants.append(spliced)
        for round in 0..<deletions {
            let removed = Set((0...round).map { _ in random.next(below: tokens.count) }).sorted(by: >)
            var bytes = source
            for token in removed { bytes.removeSubrange(tokens[token]) }
            mutants.append(bytes)
        }
        return mutants
    }
}

/// SplitMix64: a few lines, fully deterministic across platforms and runs (unlike the system RNG).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }
}

/// The real Swift files the hardening tests use: this package's Sources and swift-argument-parser's,
/// which SwiftPM has checked out to build this package.
enum RealSources {
    static func files() throws -> [[UInt8]] {
        let folders = [Package.root + "/Sources"] + argumentParserSources()
        return try folders.flatMap { try FileCollector(excludes: []).collect(paths: [$0]) }
            .map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
    }

    /// The checkout under the build folder; `swift test` cannot run without it.
    private static func argumentParserSources() -> [String] {
        let candidates = [".build", ".build-fuzz", ".build-tsan", ".build-asan"].map {
            Package.root + "/\($0)/checkouts/swift-argument-parser/Sources"
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }.map { [$0] } ?? []
    }
}
