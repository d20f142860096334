import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MainGuardLint

/// Findings whose messages carry every character a format must escape.
private let findings = [
    Finding(ruleID: "blocking_call_on_main_actor", severity: .error,
            message: "Data(contentsOf:) blocks <main> & \"waits\" 100% | long,\nsecond line: fix it",
            file: "/app/Sources/A, B.swift", line: 12, column: 9),
    Finding(ruleID: "detached_task_default_priority", severity: .warning,
            message: "Task.detached runs at .medium", file: "Sources/Model.swift", line: 3, column: 5),
    Finding(ruleID: "blocking_call_on_main_actor", severity: .warning,
            message: "sleep blocks", file: "Sources/Model.swift", line: 1, column: 1),
]

private let context = ReportContext(
    rules: [RuleMetadata(id: "blocking_call_on_main_actor", name: "Blocking call on the main actor",
                         summary: "A call that blocks its thread runs on the main actor.", defaultSeverity: .warning,
                         helpMarkdown: "# blocking_call_on_main_actor\n\nMove the call off the main actor.")],
    toolVersion: "1.2.3", sourceRoot: "/app", informationURI: "https://example.com/mainguard"
)

@Suite struct SARIFReporterTests {
    func log() throws -> [String: Any] {
        let text = Reporter.sarif.render(findings, context)
        return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The properties SARIF 2.1.0's schema requires, and the ones GitHub code scanning needs.
    @Test func hasTheSchemaRequiredFields() throws {
        let log = try log()
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "MainGuard")
        #expect(driver["version"] as? String == "1.2.3")
        #expect(driver["informationUri"] as? String == "https://example.com/mainguard")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        for rule in rules {
            #expect(rule["id"] is String)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["help"] as? [String: Any])?["text"] is String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["none", "note", "warning", "error"].contains(level ?? ""))
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == findings.count)
        for result in results {
            #expect((result["message"] as? [String: Any])?["text"] is String)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            #expect(artifact["uriBaseId"] as? String == "SRCROOT")
            #expect(!(artifact["uri"] as? String ?? "/").hasPrefix("/"))
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            #expect((region["startColumn"] as? Int ?? 0) >= 1)
        }
    }

    @Test func rulesCarryTheirDocumentsAndResultsTheirLocations() throws {
        let run = try #require((try log()["runs"] as? [[String: Any]])?.first)
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] })
        #expect(rules.map { $0["id"] as? String } == ["blocking_call_on_main_actor", "detached_task_default_priority"])
        #expect((rules[0]["help"] as? [String: Any])?["markdown"] as? String == context.rules[0].helpMarkdown)
        let first = try #require((run["results"] as? [[String: Any]])?.first)
        let location = (first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/A, B.swift")
        #expect((run["originalUriBaseIds"] as? [String: [String: String]])?["SRCROOT"]?["uri"] == "file:///app/")
    }
}

@Suite struct TextReporterTests {
    @Test func githubActionsLoggingEscapesDataAndProperties() {
        let lines = Reporter.githubActionsLogging.render(findings, context).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "::error file=Sources/A%2C B.swift,line=12,col=9::Data(contentsOf:) blocks <main> & \"waits\" 100%25 | long,%0Asecond line: fix it [blocking_call_on_main_actor]")
        #expect(lines[1] == "::warning file=Sources/Model.swift,line=1,col=1::sleep blocks [blocking_call_on_main_actor]")
    }

    @Test func markdownIsATableWithEscapedPipes() {
        let lines = Reporter.markdown.render(findings, context).split(separator: "\n")
        #expect(lines[0] == "| file | line | severity | reason | rule_id |")
        #expect(lines[1] == "| --- | --- | --- | --- | --- |")
        #expect(lines.count == 2 + findings.count)
        #expect(lines[2] == "| Sources/A, B.swift | 12 | :error: | Data(contentsOf:) blocks <main> & \"waits\" 100% \\| long, second line: fix it | blocking_call_on_main_actor |")
        for row in lines.dropFirst(2) {
            // Five cells: six unescaped pipes.
            let unescaped = row.indices.filter { row[$0] == "|" && (($0 == row.startIndex) || row[row.index(before: $0)] != "\\") }
            #expect(unescaped.count == 6)
        }
    }

    @Test func summaryCountsPerRuleMostFrequentFirst() {
        let lines = Reporter.summary.render(findings, context).split(separator: "\n")
        let rows = lines.filter { $0.hasPrefix("| ") }.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows[0] == ["rule identifier", "warnings", "errors", "findings", "files"])
        #expect(rows[1] == ["blocking_call_on_main_actor", "1", "1", "2", "2"])
        #expect(rows[2] == ["detached_task_default_priority", "1", "0", "1", "1"])
        #expect(rows[3] == ["Total", "2", "1", "3", "2"])
        #expect(Set(lines.map(\.count)).count == 1, "every line of the table has the same width")
    }

    @Test func registryNamesEveryReporterOnce() {
        #expect(Set(ReporterRegistry.names).count == ReporterRegistry.all.count)
        for name in ["sarif", "github-actions-logging", "checkstyle", "junit", "markdown", "summary"] {
            #expect(ReporterRegistry.reporter(named: name)?.name == name)
        }
        #expect(ReporterRegistry.reporter(named: "html") == nil)
    }
}

@Suite struct XMLReporterTests {
    func document(_ reporter: Reporter) throws -> XMLDocument {
        try XMLDocument(xmlString: reporter.render(findings, context), options: [])
    }

    @Test func checkstyleParsesBackWithEveryFinding() throws {
        let root = try #require(try document(.checkstyle).rootElement())
        #expect(root.name == "checkstyle")
        let files = root.elements(forName: "file")
        #expect(files.map { $0.attribute(forName: "name")?.stringValue } == ["Sources/A, B.swift", "Sources/Model.swift"])
        let errors = files.flatMap { $0.elements(forName: "error") }
        #expect(errors.count == findings.count)
        let first = errors[0]
        #expect(first.attribute(forName: "line")?.stringValue == "12")
        #expect(first.attribute(forName: "column")?.stringValue == "9")
        #expect(first.attribute(forName: "severity")?.stringValue == "error")
        #expect(first.attribute(forName: "message")?.stringValue == findings[0].message)
        #expect(first.attribute(forName: "source")?.stringValue == "mainguard.rules.blocking_call_on_main_actor")
    }

    @Test func junitParsesBackWithCountsAndFailures() throws {
        let root = try #require(try document(.junit).rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let suite = try #require(root.elements(forName: "testsuite").first)
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 3)
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "Sources/A, B.swift")
        #expect(cases[0].attribute(forName: "name")?.stringValue == "blocking_call_on_main_actor at Sources/A, B.swift:12:9")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == findings[0].message)
        #expect(failure.attribute(forName: "type")?.stringValue == "error")
    }

    @Test func emptyReportsAreStillWellFormed() throws {
        for reporter in [Reporter.checkstyle, .junit] {
            let document = try XMLDocument(xmlString: reporter.render([], context), options: [])
            #expect(document.rootElement()?.children?.count ?? 0 <= 1)
        }
    }
}
