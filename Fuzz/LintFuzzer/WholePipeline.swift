import Foundation
import MainGuardLint
import SwiftParser
import SwiftSyntax

/// One input through everything `mainguard lint` does to a file: parse, fact collection, the module
/// index, every rule, suppression comments, and every reporter. The fuzzer and the regression test
/// both call it, so an input that once crashed the fuzzer is replayed exactly as the fuzzer ran it.
///
/// ```swift
/// let problems = WholePipeline.check(Array("func f() {}".utf8))
/// assert(problems.isEmpty)
/// ```
enum WholePipeline {
    /// The path findings carry; reporters make it relative to `sourceRoot`.
    static let path = "/fuzz/Sources/Input.swift"

    /// Every rule's metadata, with the summary standing in for the full document: the documents are
    /// constant, so rendering and re-parsing ~50 KB of them per input would only slow the fuzzer down.
    private static let context = ReportContext(
        rules: RuleCatalog.metadata.map { rule in
            var rule = rule
            rule.helpMarkdown = rule.summary
            return rule
        },
        toolVersion: "fuzz", sourceRoot: "/fuzz")

    /// Runs the pipeline and returns what is wrong with its output (empty when all is well). A crash,
    /// a hang or a sanitizer report surfaces by itself; these are the quieter failures: a finding that
    /// points outside the file, or a machine-readable report that no longer parses.
    static func check(_ bytes: [UInt8]) -> [String] {
        // Undecodable bytes become U+FFFD, as an editor would show them: the file reader skips such
        // files, but the parser and rules behind it must still survive any text.
        let text = String(decoding: bytes, as: UTF8.self)
        let input = Linter.SourceInput(path: path, text: text, settings: settings(for: bytes))
        let module = Linter(configuration: LintConfiguration(threads: 1)).prepare([input])
        let tree = module.tree(ofFileAt: 0)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let findings = applySuppressions(module.findings(ofFileAt: 0), in: tree, converter: converter).sorted()
        let lastLine = converter.location(for: tree.endPosition).line
        var problems = findings.filter { !(1...lastLine).contains($0.line) || $0.column < 1 }
            .map { "\($0.ruleID) at \($0.line):\($0.column) lies outside the file's \(lastLine) lines" }
        for reporter in ReporterRegistry.all {
            let report = reporter.render(findings, context)
            if ["json", "sarif"].contains(reporter.name), (try? JSONSerialization.jsonObject(with: Data(report.utf8))) == nil {
                problems.append("the \(reporter.name) report of \(findings.count) findings is not valid JSON")
            }
        }
        return problems
    }

    /// Both isolation models, chosen by the input's length so the bytes stay pure Swift text:
    /// classic, `.defaultIsolation(MainActor.self)`, `NonisolatedNonsendingByDefault`, and both.
    static func settings(for bytes: [UInt8]) -> ModuleSettings {
        ModuleSettings(defaultIsolationMainActor: bytes.count & 1 == 1, nonisolatedNonsendingByDefault: bytes.count & 2 == 2)
    }
}
