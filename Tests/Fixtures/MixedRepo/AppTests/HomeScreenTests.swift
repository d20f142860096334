import XCTest

final class HomeScreenTests: XCTestCase {
    func testTitle() {}
}
