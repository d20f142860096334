@testable import MainGuardLint
import XCTest

/// SDK callbacks documented to run on the main thread though Swift does not mark them `@MainActor`
/// (`MainThreadCallbacks`): a conformer's method of that name is main-actor code.
final class MainThreadCallbacksTests: XCTestCase {
    /// The names searched in a file's bytes are the protocols of the table.
    func testSearchedNamesAreTheTablesProtocols() {
        XCTAssertEqual(Set(MainThreadCallbacks.protocolNames.map { $0.description }), Set(MainThreadCallbacks.byProtocol.keys))
    }

    /// A conformance declared in an extension counts too; another method of the conformer does not.
    func testExtensionConformanceAndOtherMethods() {
        let source = """
            import UIKit
            final class ReportSource: NSObject {
                func prepare() { Thread.sleep(forTimeInterval: 2) }
            }
            extension ReportSource: UIActivityItemSource {
                func activityViewControllerPlaceholderItem(_ controller: UIActivityViewController) -> Any {
                    Thread.sleep(forTimeInterval: 1)
                    return ""
                }
                func activityViewController(_ controller: UIActivityViewController, itemForActivityType type: UIActivity.ActivityType?) -> Any? { nil }
            }
            """
        let findings = Linter().lint(source: source)
        XCTAssertEqual(findings.map { "\($0.line):\($0.ruleID)" }, ["7:blocking_call_on_main_actor"], findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(findings.first?.message.contains("(ReportSource.activityViewControllerPlaceholderItem") == true, findings.first?.message ?? "")
    }
}
