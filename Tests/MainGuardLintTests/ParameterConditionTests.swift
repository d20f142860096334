import SwiftParser
import SwiftSyntax
import Testing
@testable import MainGuardLint

/// Work a function does only under a test of its parameters (`ParameterCondition`), and what a call's
/// arguments make of it.
struct ParameterConditionTests {
    static let reload = Parameter(label: "reload", hasDefault: true, name: "reload", defaultLiteral: "false")
    static let mode = Parameter(label: "in", hasDefault: false, name: "mode")

    @Test func argumentsAndDefaultsDecideTheOutcome() {
        let needsReload = ParameterCondition(parameter: "reload", values: ["true"])
        let parameters = [Self.mode, Self.reload]
        // Left out: the default, false.
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["in"], arguments: []) == .contradicted)
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["in", "reload"], arguments: [nil, "false"]) == .contradicted)
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["in", "reload"], arguments: [nil, "true"]) == .mayRun)
        // An expression the syntax does not settle may be true.
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["in", "reload"], arguments: []) == .mayRun)
        // Passed on from the caller's own parameter.
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["in", "reload"], arguments: [nil, "$force"])
            == .forwarded(ParameterCondition(parameter: "force", values: ["true"])))
        // Labels that do not line up with the parameters: not known.
        #expect(needsReload.outcome(calleeParameters: parameters, labels: ["other"], arguments: ["false"]) == .mayRun)
        let needsExport = ParameterCondition(parameter: "mode", values: [".export"])
        #expect(needsExport.outcome(calleeParameters: parameters, labels: ["in"], arguments: [".send"]) == .contradicted)
        #expect(needsExport.outcome(calleeParameters: parameters, labels: ["in"], arguments: [".export"]) == .mayRun)
    }

    @Test func workOnEitherPathRunsUnderEitherTest() {
        let yes = ParameterCondition(parameter: "quietly", values: ["true"])
        let no = ParameterCondition(parameter: "quietly", values: ["false"])
        #expect(ParameterCondition.either(yes, no) == ParameterCondition(parameter: "quietly", values: ["true", "false"]))
        #expect(ParameterCondition.either(yes, nil) == nil)
        #expect(ParameterCondition.either(yes, ParameterCondition(parameter: "other", values: ["true"])) == nil)
    }

    @Test func testsAreReadFromIfGuardAndSwitch() throws {
        let source = """
        func load(reload: Bool, mode: Mode) {
            if reload { a() } else { b() }
            if !reload { c() }
            switch mode {
            case .full, .partial: d()
            default: e()
            }
            items.forEach { if reload { f() } }
            items.forEach { reload in if reload { h() } }
            guard reload else { return }
            g()
        }
        """
        let tree = Parser.parse(source: source)
        let calls = Dictionary(tree.tokens(viewMode: .sourceAccurate).filter { $0.text.count == 1 && $0.nextToken(viewMode: .sourceAccurate)?.text == "(" }
            .map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })
        let parameters: Set<String> = ["reload", "mode"]
        func condition(_ name: String) throws -> ParameterCondition? {
            ParameterCondition.condition(of: Syntax(try #require(calls[name])), parameters: parameters)
        }
        #expect(try condition("a") == ParameterCondition(parameter: "reload", values: ["true"]))
        #expect(try condition("b") == ParameterCondition(parameter: "reload", values: ["false"]))
        #expect(try condition("c") == ParameterCondition(parameter: "reload", values: ["false"]))
        #expect(try condition("d") == ParameterCondition(parameter: "mode", values: [".full", ".partial"]))
        #expect(try condition("e") == nil)
        // A closure sees the parameter it captures, unless it names one of its own so.
        #expect(try condition("f") == ParameterCondition(parameter: "reload", values: ["true"]))
        #expect(try condition("h") == nil)
        #expect(try condition("g") == ParameterCondition(parameter: "reload", values: ["true"]))
    }
}
