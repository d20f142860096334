import XCTest
final class MainGuardTestingTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
