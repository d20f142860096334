import XCTest

final class StoreTests: XCTestCase {}
