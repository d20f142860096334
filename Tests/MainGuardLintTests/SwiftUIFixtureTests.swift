@testable import MainGuardLint
import Foundation
import XCTest

/// Realistic multi-view SwiftUI files (`Tests/Fixtures/SwiftUIApp`, not compiled): every finding is
/// announced by a `// expect: rule_id` comment on its line, and nothing else is reported. Findings that only
/// `include_low_cost` reports (a formatter or a filter in `body`) are announced by `// expect-low-cost:`.
final class SwiftUIFixtureTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SwiftUIApp")

    func testFixtureAppReportsExactlyTheAnnouncedFindings() throws {
        XCTAssertEqual(try found(LintScope()), try expected(markers: ["// expect: "]))
        XCTAssertEqual(try found(LintScope(includeLowCost: true)), try expected(markers: ["// expect: ", "// expect-low-cost: "]))
    }

    private func found(_ scope: LintScope) throws -> [String] {
        let result = try Linter(configuration: LintConfiguration(scope: scope)).lint(paths: [Self.fixtures.path])
        XCTAssertTrue(result.skipped.isEmpty)
        return result.findings.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.ruleID)" }.sorted()
    }

    private func expected(markers: [String]) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".swift") }
        var expected: [String] = []
        for name in files {
            let source = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            for marker in markers {
                expected += FixtureExpectations.expectations(in: source, marker: marker).map { "\(name):\($0.line) \($0.rule)" }
            }
        }
        XCTAssertGreaterThanOrEqual(expected.count, 8)
        return expected.sorted()
    }
}
