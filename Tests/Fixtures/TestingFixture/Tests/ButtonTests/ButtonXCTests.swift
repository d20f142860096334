import Buttons
import MainGuardTesting
import XCTest

final class ButtonXCTests: XCTestCase {
    func testFixedButtonDoesNotHang() async {
        await assertNoHang(.discreteInteraction) { FixedRefreshButton().tapped() }
    }

    /// Fails: the Task's synchronous work blocks the main thread for about 300 ms.
    func testHangLaterButtonHangs() async {
        await assertNoHang(.discreteInteraction) { RefreshButton().tapped() }
    }
}
