import XCTest
import MainGuardExamples
@testable import MainGuardTesting

/// The synchronous assertion under XCTest, which on Linux runs a synchronous test on the main
/// thread: `MainActor.assumeIsolated` states that. (XCTest on Linux cannot run a synchronous test
/// method marked `@MainActor`: it crashes casting the method.)
final class AssertMainThreadBudgetXCTests: XCTestCase {
    func testThreeMillisecondsPerRunFitsContinuousInteractionOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        let (measurement, failures) = MainActor.assumeIsolated {
            firstPassingAttempt {
                capturingFailures { measureMainThread(within: .continuousInteraction) { spin(milliseconds: 3) } }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(measurement.iterations.count, 10)
    }

    func testTwentyMillisecondsPerRunFails() throws {
        let (_, failures) = MainActor.assumeIsolated {
            capturingFailures {
                assertMainThreadBudget(.continuousInteraction, iterations: 3) { spin(milliseconds: 20) }
            }
        }
        XCTAssertEqual(failures.count, 1)
        let message = try XCTUnwrap(failures.first)
        XCTAssertTrue(message.contains("over the 5 ms (continuous interaction) budget"), message)
        XCTAssertTrue(message.contains("#3: "), message)
    }
}
