import XCTest
final class MainGuardTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
