import Foundation
import XCTest
@testable import mainguard_fuzz

/// Every input that ever crashed the fuzzer (`Fuzz/regressions/`), and the seed corpus, replayed in
/// process through the fuzzer's own pipeline: parse, index, every rule, suppressions, every reporter.
final class FuzzRegressionTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TenMegabyteLint.start()   // runs beside this class's tests; see TenMegabyteLint
    }

    func testEveryRegressionAndSeedInputLintsCleanly() throws {
        let regressions = try inputs(in: "Fuzz/regressions")
        let seeds = try inputs(in: "Fuzz/corpus")
        XCTAssertGreaterThan(seeds.count, 10, "the seed corpus is missing")
        for path in regressions + seeds {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(WholePipeline.check(bytes), [], path)
        }
        print("hardening: fuzz regressions replayed: \(regressions.count), seed inputs replayed: \(seeds.count)")
    }

    private func inputs(in folder: String) throws -> [String] {
        let directory = Package.root + "/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { !$0.hasPrefix(".") }.sorted().map { directory + "/" + $0 }
    }
}
