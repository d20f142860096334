@testable import MainGuardLint
import XCTest

/// One finding per cause: a blocking helper called from many main-actor places is reported once.
final class FindingsByCauseTests: XCTestCase {
    func testAHelperCalledFromManyMainActorPlacesIsOneFindingThatNamesTheOthers() {
        let helper = Linter.SourceInput(path: "Store.swift", text: """
            import Foundation
            enum Store { static func load() -> Data? { try? Data(contentsOf: videoURL) } }
            """, settings: .classic)
        let screens = (1...4).map { number in
            Linter.SourceInput(path: "Screen\(number).swift", text: """
                @MainActor final class Screen\(number) {
                    func show() { _ = Store.load() }
                }
                """, settings: .classic)
        }
        let findings = Linter().lint([helper] + screens).findings
        XCTAssertEqual(findings.map(\.file), ["Screen1.swift"])
        XCTAssertEqual(findings.first?.otherSites, ["Screen2.swift:2:29", "Screen3.swift:2:29", "Screen4.swift:2:29"])
        XCTAssertTrue(findings.first?.message.hasSuffix("(also called from Screen2.swift:2, Screen3.swift:2 and 1 more)") == true,
                      findings.first?.message ?? "")
        let json = JSONReporter.render(findings)
        XCTAssertTrue(json.contains("\"other_sites\""), json)
        XCTAssertTrue(json.contains("Screen4.swift:2:29"), json)
    }
}
