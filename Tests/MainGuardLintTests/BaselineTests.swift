import Foundation
import Testing
@testable import MainGuardLint

@Suite struct BaselineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-baseline-\(UUID().uuidString)")

    func write(_ text: String, to name: String) throws {
        try folder.writeFile(name, text)
    }

    func finding(_ rule: String, line: Int, file: String = "Sources/View.swift", message: String = "m") -> Finding {
        Finding(ruleID: rule, severity: .warning, message: message, file: file, line: line, column: 5)
    }

    @Test func insertingLinesAboveKeepsOldFindingsBaselined() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("func a() {\n    sleep(1)\n}\n", to: "Sources/View.swift")
        let baseline = Baseline(findings: [finding("blocking", line: 2)], sourceRoot: folder.path)
        #expect(baseline.entries == [Baseline.Entry(rule: "blocking", file: "Sources/View.swift", lineText: "sleep(1)", message: "m")])

        try write("import Foundation\n\n// new comment\nfunc a() {\n    sleep(1)\n}\nfunc b() {\n    sleep(2)\n}\n", to: "Sources/View.swift")
        let later = [finding("blocking", line: 5, message: "reworded"), finding("blocking", line: 8)]
        #expect(baseline.newFindings(in: later, sourceRoot: folder.path) == [finding("blocking", line: 8)])
    }

    @Test func matchingCountsIdenticalFindings() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("sleep(1)\nsleep(1)\nsleep(1)\n", to: "Sources/View.swift")
        let baseline = Baseline(findings: [finding("blocking", line: 1), finding("blocking", line: 2)], sourceRoot: folder.path)
        let now = [1, 2, 3].map { finding("blocking", line: $0) }
        #expect(baseline.newFindings(in: now, sourceRoot: folder.path).count == 1)
    }

    @Test func ruleAndFileMustMatchToo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("sleep(1)\n", to: "Sources/View.swift")
        try write("sleep(1)\n", to: "Sources/Other.swift")
        let baseline = Baseline(findings: [finding("blocking", line: 1)], sourceRoot: folder.path)
        let now = [finding("other_rule", line: 1), finding("blocking", line: 1, file: "Sources/Other.swift")]
        #expect(baseline.newFindings(in: now, sourceRoot: folder.path) == now.sorted())
    }

    @Test func absoluteAndRelativePathsMatchAndTheFileRoundTrips() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("  sleep(1)  \n", to: "Sources/View.swift")
        let absolute = finding("blocking", line: 1, file: folder.appendingPathComponent("Sources/View.swift").path)
        let baselineFile = folder.appendingPathComponent("baseline.json")
        try Baseline(findings: [absolute], sourceRoot: folder.path).write(to: baselineFile)
        let json = try String(contentsOf: baselineFile, encoding: .utf8)
        #expect(json.contains("\"line_text\" : \"sleep(1)\""))
        #expect(json.contains("\"file\" : \"Sources/View.swift\""))
        let read = try Baseline.read(from: baselineFile)
        #expect(read.newFindings(in: [finding("blocking", line: 1, file: "./Sources/View.swift")], sourceRoot: folder.path).isEmpty)
    }
}
