import Foundation

/// One test's run, as its test framework reported it: when it started and ended (seconds since
/// 1970) and whether it passed. `mainguard watch --tests` lines stalls up with these.
///
/// ```swift
/// let spans = XCTestOutput.spans(from: output) + SwiftTestingEventStream.spans(fromJSONLines: events)
/// print(spans.map(\.name))
/// ```
package struct TestSpan: Sendable, Hashable {
    package var name: String
    package var library: TestOutcome.Library
    package var start: Double
    package var end: Double
    package var passed: Bool

    package init(name: String, library: TestOutcome.Library, start: Double, end: Double, passed: Bool) {
        self.name = name
        self.library = library
        self.start = start
        self.end = end
        self.passed = passed
    }
}

/// Reads XCTest's console lines (swift-corelibs-xctest, as on Linux):
///
/// ```text
/// Test Case 'ButtonXCTests.testGood' started at 2026-11-25 04:37:47.448
/// Test Case 'ButtonXCTests.testGood' passed (0.101 seconds)
/// ```
///
/// The start is printed to the millisecond in the local time zone; the end is the start plus the
/// printed duration. Apple's XCTest prints no start time, so on Apple platforms this finds nothing.
///
/// ```swift
/// let spans = XCTestOutput.spans(from: capturedOutput)
/// ```
package enum XCTestOutput {
    package static func spans(from output: String, timeZone: TimeZone = .current) -> [TestSpan] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        var started: [String: Double] = [:]
        var spans: [TestSpan] = []
        for line in output.split(whereSeparator: \.isNewline) {
            guard let (name, rest) = testCase(in: line) else { continue }
            if rest.hasPrefix("started at "), let date = formatter.date(from: String(rest.dropFirst("started at ".count))) {
                started[name] = date.timeIntervalSince1970
            } else if let start = started.removeValue(forKey: name), let (passed, seconds) = result(rest) {
                spans.append(TestSpan(name: name, library: .xctest, start: start, end: start + seconds, passed: passed))
            }
        }
        return spans
    }

    /// `Test Case 'NAME' REST` → (NAME, REST).
    private static func testCase(in line: Substring) -> (String, Substring)? {
        guard let range = line.range(of: "Test Case '") else { return nil }
        let afterQuote = line[range.upperBound...]
        guard let close = afterQuote.range(of: "' ") else { return nil }
        return (String(afterQuote[..<close.lowerBound]), afterQuote[close.upperBound...])
    }

    /// `passed (0.101 seconds)` / `failed (0.2 seconds)` / `skipped (…)`.
    private static func result(_ rest: Substring) -> (Bool, Double)? {
        let words = rest.split(separator: " ", maxSplits: 1)
        guard words.count == 2, ["passed", "failed", "skipped"].contains(words[0]) else { return nil }
        let seconds = Double(words[1].drop { $0 == "(" }.prefix { $0 != " " }) ?? 0
        return (words[0] != "failed", seconds)
    }
}

/// Reads Swift Testing's event stream (`--event-stream-output-path FILE --event-stream-version 0`):
/// one JSON object a line. Test records give each test's id and kind; `testStarted`, `testEnded` and
/// `issueRecorded` events give times (`instant.since1970`) and failures. Suites are not listed.
///
/// ```swift
/// let spans = SwiftTestingEventStream.spans(fromJSONLines: try Data(contentsOf: eventsURL))
/// ```
package enum SwiftTestingEventStream {
    private struct Line: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var id: String?
        var kind: String?
        var testID: String?
        var instant: Instant?
        var issue: Issue?
    }

    private struct Instant: Decodable {
        var since1970: Double
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
    }

    package static func spans(fromJSONLines data: Data) -> [TestSpan] {
        let decoder = JSONDecoder()
        var functions: Set<String> = []
        var started: [String: Double] = [:]
        var failed: Set<String> = []
        var spans: [TestSpan] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(Line.self, from: Data(line)) else { continue }
            let payload = record.payload
            if record.kind == "test", let id = payload.id, payload.kind == "function" {
                functions.insert(id)
                continue
            }
            guard record.kind == "event", let id = payload.testID, functions.contains(id) else { continue }
            switch payload.kind {
            case "testStarted":
                if let time = payload.instant?.since1970 { started[id] = time }
            case "issueRecorded":
                if payload.issue?.isKnown != true { failed.insert(id) }
            case "testEnded":
                if let start = started.removeValue(forKey: id), let end = payload.instant?.since1970 {
                    spans.append(TestSpan(name: displayName(id), library: .swiftTesting, start: start, end: end,
                                          passed: !failed.contains(id)))
                }
            default:
                break
            }
        }
        return spans
    }

    /// `Module.Suite/test()/File.swift:4:6` → `Module.Suite/test()`: the source location only tells
    /// overloads apart.
    static func displayName(_ id: String) -> String {
        guard let slash = id.lastIndex(of: "/"), id[id.index(after: slash)...].contains(".swift:") else { return id }
        return String(id[..<slash])
    }
}
