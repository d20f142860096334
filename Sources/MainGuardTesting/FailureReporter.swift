import Foundation
import Testing
import XCTest

/// Where an assertion is written, so its failure points there in Xcode, `swift test` and CI logs.
struct AssertionLocation: Sendable {
    var fileID: String
    var filePath: String
    var line: UInt
    var column: UInt
    /// `XCTFail` takes its file as a `StaticString`: set for an assertion's own `#filePath`, `nil` for
    /// a location Swift Testing hands over (a test's), which only Swift Testing reports.
    var staticFilePath: StaticString?

    init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = "\(filePath)"
        self.line = line
        self.column = column
        staticFilePath = filePath
    }

    init(_ location: SourceLocation) {
        fileID = location.fileID
        filePath = location.filePath
        line = UInt(location.line)
        column = UInt(location.column)
        staticFilePath = nil
    }
}

/// One failed assertion, as reported to the test framework.
struct AssertionFailure: Sendable {
    var message: String
    var location: AssertionLocation
}

/// Reports failures to whichever framework runs the current test.
///
/// Swift Testing is recognised by `Test.current`, which is set (task-locally) while a `@Test`
/// function runs; otherwise the failure goes to XCTest, which attributes it to the running test
/// case. Both get the assertion's file and line, so the failure is shown where the assertion is written.
enum FailureReporter {
    /// Captures failures instead of reporting them. Only the library's own tests bind it: it lets
    /// them check that an assertion fails, and with which message, without failing the suite.
    @TaskLocal static var sink: FailureSink?

    static func report(_ failure: AssertionFailure) {
        if let sink {
            sink.record(failure)
        } else if Test.current != nil {
            let location = failure.location
            Issue.record(Comment(rawValue: failure.message),
                         sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                                        line: Int(location.line), column: Int(location.column)))
        } else if let file = failure.location.staticFilePath {
            XCTFail(failure.message, file: file, line: failure.location.line)
        } else {
            XCTFail("\(failure.location.filePath):\(failure.location.line): \(failure.message)")
        }
    }
}

/// Failures captured while ``FailureReporter/sink`` is bound.
final class FailureSink: @unchecked Sendable {
    // @unchecked: `failures` is only touched while `lock` is held (an `NSLock`, which
    // ThreadSanitizer understands, unlike `Synchronization.Mutex`).
    private let lock = NSLock()
    private var failures: [AssertionFailure] = []

    var recorded: [AssertionFailure] { lock.withLock { failures } }

    func record(_ failure: AssertionFailure) {
        lock.withLock { failures.append(failure) }
    }
}
