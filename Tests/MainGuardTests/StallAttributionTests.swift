@testable import MainGuard
import XCTest

final class StallAttributionTests: XCTestCase {
    func testReadableNamesDropModulesTypesAndDiscriminators() {
        XCTAssertEqual(StallAttribution.readableName("MainGuardExamples.HangLaterButton.doLongRunningWork() -> ()"),
                       "HangLaterButton.doLongRunningWork()")
        XCTAssertEqual(StallAttribution.readableName("MainGuardTests.spinForTest(milliseconds: Swift.Double) -> ()"),
                       "spinForTest(milliseconds:)")
        XCTAssertEqual(StallAttribution.readableName("static App.Parser.(parse in _6A8F0123)(_: Swift.String, into: inout [Swift.Int]) -> ()"),
                       "Parser.parse(_:into:)")
        XCTAssertEqual(StallAttribution.readableName(
            "(1) suspend resume partial function for closure #1 @Swift.MainActor @Sendable () async -> () in App.Button.tapped() -> ()"),
                       "closure #1 in Button.tapped()")
    }

    func testUserFramesSkipTheCaptureHandlerAndPlumbing() {
        let frames = [
            Symbolicator.Frame(name: "MainGuard.(handleCaptureSignal in _975F)() -> ()", image: "/bin/app"),
            Symbolicator.Frame(name: "closure #1 in static MainGuard.StackSampler.shared", image: "/bin/app"),
            Symbolicator.Frame(name: nil, image: "/lib/x86_64-linux-gnu/libc.so.6"),
            Symbolicator.Frame(name: "App.doLongRunningWork() -> ()", image: "/bin/app"),
            Symbolicator.Frame(name: "App.doLongRunningWork() -> ()", image: "/bin/app"),
            Symbolicator.Frame(name: "swift_job_run", image: "/usr/lib/swift/linux/libswift_Concurrency.so"),
            Symbolicator.Frame(name: "MainGuard.RecordingMainExecutor.runUntil(() -> Swift.Bool) throws -> ()", image: "/bin/app"),
            Symbolicator.Frame(name: "App.main() -> ()", image: "/bin/app"),
        ]
        XCTAssertEqual(StallAttribution.userFrames(frames), ["doLongRunningWork()", "main()"])
    }

    func testSummaryNamesTheCodeAndWhereItsIsolationCameFrom() {
        XCTAssertEqual(StallAttribution.summary(frames: ["doLongRunningWork()"], taskName: nil, origin: .inheritedMainActor),
                       "doLongRunningWork() in a Task that inherited @MainActor")
        XCTAssertEqual(StallAttribution.summary(frames: ["parse()"], taskName: "tap", origin: .inheritedMainActor),
                       "parse() in a Task \"tap\" that inherited @MainActor")
        XCTAssertTrue(StallAttribution.summary(frames: [], taskName: nil, origin: .mainActorRun).contains("MainActor.run"))
    }

    func testHistogramPercentilesAreWithinABucket() {
        var histogram = DurationHistogram()
        for value in 1...1_000 { histogram.add(nanoseconds: UInt64(value) * 1_000_000) }
        XCTAssertEqual(histogram.percentileMilliseconds(0.5), 500, accuracy: 500 * 0.09)
        XCTAssertEqual(histogram.percentileMilliseconds(0.99), 990, accuracy: 990 * 0.09)
        XCTAssertEqual(histogram.percentileMilliseconds(1), 1_000, accuracy: 1e-9)
        XCTAssertEqual(DurationHistogram().percentileMilliseconds(0.5), 0)
    }
}
