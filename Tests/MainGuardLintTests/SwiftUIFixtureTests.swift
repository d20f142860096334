@testable import MainGuardLint
import Foundation
import XCTest

/// Realistic multi-view SwiftUI files (`Tests/Fixtures/SwiftUIApp`, not compiled): every finding is
/// announced by a `// expect: rule_id` comment on its line, and nothing else is reported.
final class SwiftUIFixtureTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SwiftUIApp")

    func testFixtureAppReportsExactlyTheAnnouncedFindings() throws {
        let result = try Linter().lint(paths: [Self.fixtures.path])
        XCTAssertTrue(result.skipped.isEmpty)
        let found = result.findings.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.ruleID)" }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".swift") }
        var expected: [String] = []
        for name in files {
            let source = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            expected += FixtureExpectations.expectations(in: source).map { "\(name):\($0.line) \($0.rule)" }
        }
        XCTAssertGreaterThanOrEqual(expected.count, 8)
        XCTAssertEqual(found.sorted(), expected.sorted())
    }
}
