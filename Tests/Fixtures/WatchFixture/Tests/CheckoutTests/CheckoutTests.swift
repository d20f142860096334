import Checkout
import Testing

@Suite struct CheckoutTests {
    /// Hangs after the test returned: the Task it started runs later, on the main actor.
    @Test func hangLaterCheckout() async {
        await MainActor.run { HangLaterCheckout().confirm() }
    }

    @Test func detachedCheckout() async throws {
        await MainActor.run { DetachedCheckout().confirm() }
        try await Task.sleep(for: .milliseconds(400))
    }

    @Test func quickCheckout() async throws {
        await MainActor.run { QuickCheckout().confirm() }
        try await Task.sleep(for: .milliseconds(50))
    }
}
