import XCTest
final class MainGuardLintTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
