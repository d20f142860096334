import Buttons
import MainGuardTesting
import Testing

@Suite(.mainThreadExclusive) struct ButtonTests {
    @Test func fixedButtonDoesNotHang() async {
        await assertNoHang(.discreteInteraction) { FixedRefreshButton().tapped() }
    }

    /// Fails: the Task's synchronous work blocks the main thread for about 300 ms.
    @Test func hangLaterButtonHangs() async {
        await assertNoHang(.discreteInteraction) { RefreshButton().tapped() }
    }
}
