import Checkout
import XCTest

final class CheckoutXCTests: XCTestCase {
    /// Hangs: the Task started by `confirm()` runs the work on the main thread while the test waits.
    func testHangLaterCheckout() async throws {
        await MainActor.run { HangLaterCheckout().confirm() }
        try await Task.sleep(for: .milliseconds(50))
    }

    func testDetachedCheckout() async throws {
        await MainActor.run { DetachedCheckout().confirm() }
        try await Task.sleep(for: .milliseconds(400))
    }

    func testQuickCheckout() async throws {
        await MainActor.run { QuickCheckout().confirm() }
        try await Task.sleep(for: .milliseconds(50))
    }
}
