@testable import MainGuardLint
import SwiftSyntax
import XCTest

/// Issue 13: rules declare what they need (`RuleRequirement`), and the engine's gates follow the enabled
/// rules' requirements (`RuleSet`), so a new rule needs no engine edit and a disabled rule costs nothing.
final class RuleRequirementTests: XCTestCase {
    /// A scratch rule that fires outside main-actor code: every `print(...)` call, in any file.
    private enum PrintCall: Rule {
        static let description = RuleDescription(id: "scratch_print_call", name: "Print Call", severity: .warning,
                                                 summary: "Calls print")
        static let requirements: Set<RuleRequirement> = [.everyFile]

        static func check(_ context: RuleContext) -> [RuleHit] {
            context.calls.filter { $0.called.name == "print" && $0.called.receiver == nil }.map {
                RuleHit(token: $0.called.nameToken, severity: description.severity, message: "print called")
            }
        }
    }

    /// Plain code: no main actor, no `Task.detached`, no view, no catalogue call.
    private let plainCode = """
        struct Formatter {
            func log(_ value: Int) { print(value) }
        }
        func helper() { print("ready") }
        """

    func testAScratchRuleThatFiresOutsideMainActorCodeWorksWithoutAnEngineEdit() {
        let scratch = Linter(configuration: LintConfiguration(), rules: [PrintCall.self])
        XCTAssertEqual(scratch.lint(source: plainCode).map(\.line), [2, 4])
        XCTAssertEqual(scratch.lint(source: plainCode).map(\.ruleID), ["scratch_print_call", "scratch_print_call"])
        // Next to the registry's rules, across files and with the cache's full first pass too.
        let both = Linter(configuration: LintConfiguration(), rules: RuleRegistry.rules + [PrintCall.self])
        let inputs = [Linter.SourceInput(path: "Plain.swift", text: plainCode, settings: .classic),
                      Linter.SourceInput(path: "Other.swift", text: "let x = 1\nfunc go() { print(x) }\n", settings: .classic)]
        XCTAssertEqual(both.lint(inputs).findings.map { "\($0.file):\($0.line)" }, ["Other.swift:2", "Plain.swift:2", "Plain.swift:4"])
        let module = both.prepare(inputs, walkingEveryBody: true)
        XCTAssertEqual(module.findings(ofFileAt: 1).count, 1)
        // The registry alone reports nothing here: no rule of it needs plain code.
        XCTAssertEqual(Linter().lint(source: plainCode), [])
    }

    func testRequirementsAreTheUnionOverTheEnabledRules() {
        XCTAssertEqual(RuleSet(rules: RuleRegistry.rules, enabledIDs: ["task_missing_id"]).requirements, [.views])
        XCTAssertEqual(RuleSet(rules: RuleRegistry.rules, enabledIDs: ["detached_task_default_priority"]).requirements, [.detachedTasks])
        XCTAssertEqual(RuleSet(rules: RuleRegistry.rules, enabledIDs: []).requirements, [])
        XCTAssertEqual(RuleSet(rules: RuleRegistry.rules).requirements, [.mainActorCode, .detachedTasks, .views])
        for rule in RuleRegistry.rules { XCTAssertFalse(rule.requirements.isEmpty, rule.description.id) }
    }

    /// A file only a disabled rule would look at is not checked at all: with only the detached-task rule
    /// enabled, main-actor code passes no gate, and a detached task without a priority still does.
    func testGatesFollowTheEnabledRules() {
        let mainActorFile = "@MainActor final class Model { func load() { Thread.sleep(forTimeInterval: 1) } }\n"
        let detachedFile = "func start() { Task.detached { print(1) } }\n"
        let onlyDetached = Set(["detached_task_default_priority"])
        let inputs = [Linter.SourceInput(path: "Model.swift", text: mainActorFile, settings: .classic, ruleIDs: onlyDetached),
                      Linter.SourceInput(path: "Start.swift", text: detachedFile, settings: .classic, ruleIDs: onlyDetached)]
        let module = Linter().prepare(inputs)
        XCTAssertFalse(module.files[0].facts.mayNeedRules(module.ruleSets[0], settings: .classic, index: module.index))
        XCTAssertTrue(module.files[1].facts.mayNeedRules(module.ruleSets[1], settings: .classic, index: module.index))
        XCTAssertEqual(Linter().lint(inputs).findings.map(\.ruleID), ["detached_task_default_priority"])
        // Every rule enabled (`ruleIDs` nil): the sleep is reported too.
        let all = inputs.map { Linter.SourceInput(path: $0.path, text: $0.text, settings: .classic) }
        XCTAssertEqual(Set(Linter().lint(all).findings.map(\.ruleID)), ["blocking_call_on_main_actor", "detached_task_default_priority"])
    }

    /// A fact the engine did not compute is its own state, not "cheap": the index says which facts a
    /// function carries, and the rules read heaviness only where it was computed.
    func testAFactNotComputedIsDistinctFromCheap() {
        let source = "func scan() { for i in 0..<1_000_000 { _ = i } }\n@MainActor func tap() { Task { scan() } }\n"
        let module = Linter().prepare([Linter.SourceInput(path: "A.swift", text: source, settings: .classic)])
        let position = try! XCTUnwrap(module.index.functions.firstIndex { $0.name == "scan" })
        XCTAssertFalse(module.index.declaredFunction(at: position).isHeavinessComputed)
        XCTAssertFalse(module.index.declaredFunction(at: position).areCatalogueCallsComputed)
        XCTAssertFalse(module.index.functionForCatalogueCalls(at: position).isHeavinessComputed)
        XCTAssertTrue(module.index.functionForCatalogueCalls(at: position).areCatalogueCallsComputed)
        XCTAssertTrue(module.index.function(at: position).isHeavinessComputed)
        XCTAssertEqual(module.index.function(at: position).heaviness, "loops")
        XCTAssertEqual(Linter().lint(source: source).map(\.ruleID), ["sync_work_in_main_actor_task"])
    }

    /// With no main-actor rule enabled, calls resolve to no callee facts; with no view rule, no view is
    /// analysed. The findings of the rules that remain are the same.
    func testFactsNoEnabledRuleNeedsAreNotPrepared() {
        let source = """
            import SwiftUI
            func scan() { for i in 0..<1_000_000 { _ = i } }
            struct Row: View {
                var body: some View { Text("x").task { scan() } }
            }
            @MainActor func tap() { Task { scan() } }
            """
        let module = Linter().prepare([Linter.SourceInput(path: "A.swift", text: source, settings: .classic)])
        let tree = module.tree(ofFileAt: 0)
        let facts = FactCollector.collect(tree, fileIndex: 0, settings: .classic)
        let viewsOnly = RuleSet(rules: RuleRegistry.rules, enabledIDs: ["task_missing_id"])
        let context = RuleContext(facts: facts, fileIndex: 0, index: module.index, resolver: IsolationResolver(index: module.index, settings: .classic),
                                  swiftUI: SwiftUIFile(noViewsIn: module.index.swiftUITypes), rules: viewsOnly)
        XCTAssertTrue(context.calls.allSatisfy(\.callees.isEmpty))
        let everything = RuleContext(facts: facts, fileIndex: 0, index: module.index, resolver: IsolationResolver(index: module.index, settings: .classic),
                                     swiftUI: SwiftUIFile(noViewsIn: module.index.swiftUITypes))
        XCTAssertTrue(everything.calls.contains { !$0.callees.isEmpty })
        let only = { (ids: Set<String>) in
            Linter().lint([Linter.SourceInput(path: "A.swift", text: source, settings: .classic, ruleIDs: ids)]).findings.map(\.ruleID)
        }
        XCTAssertEqual(only(["sync_work_in_main_actor_task"]), ["sync_work_in_main_actor_task"])
        XCTAssertEqual(only(["task_missing_id"]), Linter().lint(source: source).map(\.ruleID).filter { $0 == "task_missing_id" })
    }

    func testHitPoliciesComeFromTheRulesNotTheirIDs() {
        let oneOff = "func exportLibrary() { print(1) }\nfunc refresh() { print(2) }\n"
        // `measuresCost`: a one-off task the user waits for (an export) is not reported by default.
        XCTAssertEqual(Linter(configuration: LintConfiguration(), rules: [PrintWithPolicies<Cost>.self]).lint(source: oneOff).map(\.line), [2])
        XCTAssertEqual(Linter(configuration: LintConfiguration(), rules: [PrintCall.self]).lint(source: oneOff).map(\.line), [1, 2])
        // `oneCausePerFunction`: two hits with one message in one function are one finding that names the other.
        let twice = "func refresh() {\n    print(1)\n    print(2)\n}\n"
        let merged = Linter(configuration: LintConfiguration(), rules: [PrintWithPolicies<OneCause>.self]).lint(source: twice)
        XCTAssertEqual(merged.map(\.line), [2])
        XCTAssertEqual(merged.first?.otherSites?.count, 1)
        XCTAssertEqual(Linter(configuration: LintConfiguration(), rules: [PrintCall.self]).lint(source: twice).map(\.line), [2, 3])
        // `yieldsToViewBodyRules`: at the place of a `describesViewBody` hit, the general warning is dropped.
        let pair = Linter(configuration: LintConfiguration(), rules: [PrintWithPolicies<Yields>.self, PrintWithPolicies<ViewBody>.self])
        XCTAssertEqual(pair.lint(source: "func refresh() { print(1) }\n").map(\.ruleID), [ViewBody.id])
    }

    /// The built-in rules' policies, which the engine's filters follow: the cost rules, and among them
    /// those that report where the work is written.
    func testTheRegistrysHitPolicies() {
        let ids = RuleSet.idsByPolicy(of: RuleRegistry.rules)
        let cost: Set = ["blocking_call_on_main_actor", "sync_work_in_main_actor_task"]
        XCTAssertEqual(ids[.measuresCost], cost.union(["async_function_runs_on_main_actor"]))
        XCTAssertEqual(ids[.needsACaller], cost.union(["async_function_runs_on_main_actor"]))
        XCTAssertEqual(ids[.oneCausePerFunction], cost)
        XCTAssertEqual(ids[.threadOfItsCallers], ["blocking_call_on_main_actor"])
        XCTAssertEqual(ids[.describesViewBody], ["side_effect_in_view_body", "expensive_work_in_view_body"])
        XCTAssertEqual(ids[.yieldsToViewBodyRules], ["blocking_call_on_main_actor"])
    }
}

/// The hit policies and ID of a scratch rule (`PrintWithPolicies`).
private protocol PrintPolicies {
    static var id: String { get }
    static var policies: Set<HitPolicy> { get }
}

private enum Cost: PrintPolicies { static let id = "scratch_cost", policies: Set<HitPolicy> = [.measuresCost] }
private enum OneCause: PrintPolicies { static let id = "scratch_one_cause", policies: Set<HitPolicy> = [.oneCausePerFunction] }
private enum Yields: PrintPolicies { static let id = "scratch_yields", policies: Set<HitPolicy> = [.yieldsToViewBodyRules] }
private enum ViewBody: PrintPolicies { static let id = "scratch_view_body", policies: Set<HitPolicy> = [.describesViewBody] }

/// A scratch rule that reports every `print(...)` call, in any file, with `Policies`' hit policies.
private enum PrintWithPolicies<Policies: PrintPolicies>: Rule {
    static var description: RuleDescription {
        RuleDescription(id: Policies.id, name: "Print", severity: .warning, summary: "Calls print")
    }
    static var requirements: Set<RuleRequirement> { [.everyFile] }
    static var hitPolicies: Set<HitPolicy> { Policies.policies }

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.calls.filter { $0.called.name == "print" && $0.called.receiver == nil }.map {
            RuleHit(token: $0.called.nameToken, severity: .warning, message: "print called")
        }
    }
}
