import SwiftSyntax

/// The identity of a rule: what `mainguard rules` lists and configuration refers to.
///
/// ```swift
/// for rule in RuleRegistry.descriptions { print(rule.id, rule.severity, rule.summary) }
/// ```
public struct RuleDescription: Sendable, Hashable {
    /// Stable identifier, e.g. `sync_work_in_main_actor_task`.
    public var id: String
    /// Human-readable name (SwiftLint JSON's `type`).
    public var name: String
    /// Default severity; a rule may report some findings as errors (see its document).
    public var severity: Severity
    public var summary: String
    /// Off unless a configuration names it in `opt_in_rules` (or `only_rules`), as SwiftLint's opt-in rules:
    /// rules whose findings a team must judge case by case, not main-thread work.
    public var isOptIn = false
}

/// One finding before it has a line and column: rules stay pure and cheap, the engine converts positions.
struct RuleHit {
    var token: TokenSyntax
    var severity: Severity
    var message: String
    /// What one fix removes when hits in other places share it (see `FindingsByCause`).
    var cause: String? = nil
    /// The hits of this kind in one type share one fix, whichever of its functions makes them: a capture
    /// session started and stopped in several methods gets one serial queue of the type's (blind round CI: a
    /// scanner's start in `viewWillAppear`, its stop in `viewDidDisappear` and its start at setup, three findings
    /// of one fix). `Linter.oneCausePerFunction` gives them one cause.
    var sharesCauseWithItsType = false
}

/// A call site with what the engine knows about it, resolved once per file for every rule.
struct ResolvedCall {
    let node: FunctionCallExprSyntax
    let called: CalledName
    /// The blocking or heavy API the call matches, if any.
    let catalogueEntry: CatalogueEntry?
    /// The functions of the linted code it may call (empty when unresolved). Their heaviness is
    /// settled only where a rule reads it, calls in main-actor code that are either un-awaited inside a
    /// job body (a `Task { }` inheriting the main actor, `MainActor.run { }`) or awaited in a run with
    /// Swift 6.2 settings; elsewhere it is not computed (`FunctionFacts.isHeavinessComputed`). Un-awaited
    /// calls in other main-actor code get the catalogue calls their callees reach instead. No callee
    /// facts are resolved when no enabled rule requires main-actor code. Following calls through the
    /// module may walk bodies in other files, the costly part of a run.
    let callees: [FunctionFacts]
}

/// A property read (`PropertyRead`) that runs getters of the linted code: `callees` are those getters,
/// with their facts read as for a call at the same place (`ResolvedCall.callees`). Reads of properties the
/// linted code does not declare as computed ones are not resolved.
struct ResolvedRead {
    let read: PropertyRead
    let callees: [FunctionFacts]
}

/// What a rule sees of one file: its resolved calls, the index and the file's settings.
struct RuleContext {
    let facts: FileFacts
    let index: ModuleIndex
    let resolver: IsolationResolver
    let calls: [ResolvedCall]
    /// The file's property reads that run getters of the linted code; empty when no enabled rule requires main-actor code.
    let reads: [ResolvedRead]
    /// The file's position in the run, whose module and imports decide what its calls resolve to.
    private let fileIndex: Int
    /// Positions in `calls` by call node, for the call a closure is handed to.
    private let callPositions: [SyntaxIdentifier: Int]
    /// The SwiftUI views of the file, gathered once for the render-loop rules.
    let swiftUI: SwiftUIFile
    /// The file's types that conform to a WidgetKit timeline provider, in a declaration or an extension.
    private let widgetTimelineProviders: Set<String>
    /// The file's closures that a function of the linted code calls on the main queue, with its name
    /// (`closuresCalledOnTheMainQueue(in:fileIndex:index:)`).
    private let deliveredClosures: [SyntaxIdentifier: String]

    /// `fileIndex`: the file's position in the run, whose module and imports decide what its calls resolve to.
    init(facts: FileFacts, fileIndex: Int, index: ModuleIndex, resolver: IsolationResolver, swiftUI: SwiftUIFile,
         rules: RuleSet = RuleSet(rules: RuleRegistry.rules)) {
        self.facts = facts
        self.index = index
        self.resolver = resolver
        self.swiftUI = swiftUI
        self.fileIndex = fileIndex
        widgetTimelineProviders = Set(facts.types.filter { $0.inherited.contains(where: WidgetTimelineProviders.protocols.contains) }.map(\.name))
        let delivered = rules.needs(.mainActorCode) ? Self.closuresCalledOnTheMainQueue(in: facts, fileIndex: fileIndex, index: index) : [:]
        deliveredClosures = delivered
        calls = zip(facts.calls, facts.catalogueEntries).map { called, catalogued in
            let node = called.call
            // Callee facts serve the main-actor rules only: without one, calls resolve to nothing.
            let callees = rules.needs(.mainActorCode)
                ? Self.callees(of: called, at: node, inFile: fileIndex, index: index, types: facts.variableTypes,
                               reading: { Self.calleeFactsRead(at: node, resolver: resolver, index: index, mainQueueDeliverer: {
                                   Self.mainQueueDeliverer(around: Syntax(node), delivered: delivered)
                               }) })
                : []
            var entry = catalogued
            // A global-function entry yields to a function of the linted code with the same name and
            // labels (a type's own `sleep(_:)`), which is what the compiler would call.
            if case .function = entry?.match, !callees.isEmpty { entry = nil }
            // So does a method entry matched by name alone (`pngData`), where the linted code declares the
            // method the call resolves to (an `NSImage` extension's `pngData()`, a type's `pngData(from:)`):
            // its body is followed instead, and the chain names what it calls.
            if case .method(nil, _, _) = entry?.match, !callees.isEmpty, callees.allSatisfy(\.hasBody) { entry = nil }
            return ResolvedCall(node: node, called: called, catalogueEntry: entry, callees: callees)
        }
        callPositions = Dictionary(calls.enumerated().map { ($1.node.id, $0) }, uniquingKeysWith: { first, _ in first })
        reads = !rules.needs(.mainActorCode) ? [] : facts.getterReads.compactMap { read in
            guard index.declaresGetter(named: read.name) else { return nil }
            let receiver = read.receiverKind(types: facts.variableTypes)
            let callerType = receiver.namesTheCallersType ? Syntax(read.node).enclosingTypeName : nil
            let positions = index.getterPositions(of: read, receiver: receiver, callerType: callerType, callerFile: fileIndex)
            guard !positions.isEmpty else { return nil }
            return ResolvedRead(read: read, callees: Self.functions(at: positions, index: index,
                                                                    reading: Self.calleeFactsRead(at: read.node, resolver: resolver, index: index, mainQueueDeliverer: {
                                                                        Self.mainQueueDeliverer(around: Syntax(read.node), delivered: delivered)
                                                                    })))
        }
    }

    var settings: ModuleSettings { resolver.settings }

    func executionContext(of node: some SyntaxProtocol) -> ExecutionContext {
        let site = resolver.context(of: Syntax(node))
        if !site.isolation.isMainActor {
            guard let helper = Self.mainQueueDeliverer(around: Syntax(node), delivered: deliveredClosures) else { return site }
            return ExecutionContext(isolation: .mainActor(MainActorOrigin("a closure \(helper) calls on the main queue", brief: "\(helper)'s closure")),
                                    job: .mainQueueCompletion(helper))
        }
        // A widget's timeline is made in its extension, where no interaction waits on the main thread.
        if site.isolation.isMainActor, !widgetTimelineProviders.isEmpty,
           Syntax(node).enclosingTypeName.map(widgetTimelineProviders.contains) == true {
            return ExecutionContext(isolation: .nonisolated, job: nil)
        }
        guard site.isolation.isMainActor, let elsewhere = isolationOfEnclosingClosureArgument(of: Syntax(node)) else { return site }
        return ExecutionContext(isolation: elsewhere, job: nil)
    }

    /// Where the closure `node` is written in runs when the function of the linted code it is handed to
    /// runs it elsewhere: an awaited call whose every callee is isolated to another actor
    /// (`try await store.perform { context in ... }` with `actor Store`: the caller suspends and the actor
    /// calls the closure on its own executor), or a dispatch helper of the app that runs every closure on
    /// a background queue (`ClosureForwarding`: `asyncNow { ... }`), unless the call hands it the main queue.
    /// Unresolved calls keep the caller's isolation: `await withCheckedContinuation { }` and
    /// `await MainActor.run { }` run their bodies there.
    private func isolationOfEnclosingClosureArgument(of node: Syntax) -> Isolation? {
        var current = node.parent
        while let candidate = current {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                switch closure.role {
                case .inherits, .unstructuredTask: break
                case .mainActorTask, .mainActorJob, .mainActorCode, .background: return nil
                }
                if let call = closure.enclosingCall, let position = callPositions[call.id],
                   call.isAwaited, let actor = Self.actor(running: awaitedCallees(of: calls[position])) {
                    return .otherActor(actor)
                }
                if isHandedToABackgroundHelper(closure) || isKeptForOtherThreads(closure) { return .nonisolated }
            }
            if candidate.isFunctionBoundary { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// The node is written in a closure literal that a function of the linted code keeps to call later
    /// (`@escaping`): a menu's action, a stored handler. Its calls run once per such event, not each time
    /// the code around them runs.
    ///
    /// ```swift
    /// // func configureMenu(_ cell: Cell, onSelect: @escaping (Int) -> Void)
    /// configureMenu(cell) { index in self.apply(index) } // apply(_:) runs on a selection, later
    /// ```
    func isInClosureAFunctionKeeps(_ node: Syntax) -> Bool {
        guard let closure = node.enclosingClosure else { return false }
        return everyCallee(handed: closure) { $0.escapes(label: $1.label, isTrailing: $1.isFirstTrailingClosure) }
    }

    /// The closure literal is an argument of a call of the linted code, and the parameter it binds to in every
    /// function the call may run satisfies `test`.
    private func everyCallee(handed closure: ClosureExprSyntax, bindsItTo test: ([Parameter], ArgumentPosition) -> Bool) -> Bool {
        guard let call = closure.enclosingCall, let position = callPositions[call.id],
              let argument = ArgumentPosition(of: Syntax(closure)) else { return false }
        let callees = calls[position].callees
        return !callees.isEmpty && callees.allSatisfy { test($0.parameters, argument) }
    }

    /// The closure is handed to a dispatch helper of the app that runs every closure on a background queue
    /// (`ClosureForwarding`: `dispatchAsync { ... }` wrapping `DispatchQueue.global().async`), and the call
    /// does not hand it the main queue.
    func isHandedToABackgroundHelper(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.enclosingCall, let position = callPositions[call.id] else { return false }
        let callees = calls[position].callees
        return !callees.isEmpty && callees.allSatisfy(\.runsClosuresOffTheCallersThread) && !call.receiverIsTheMainQueue
            && !call.arguments.contains(where: { CalledName.isMainQueue($0.expression.trimmedDescription) })
    }

    /// The closure is handed to a parameter of the linted code declared `@escaping @Sendable`
    /// (`Parameter.keepsForOtherThreads`): it runs on the threads the function hands it to.
    private func isKeptForOtherThreads(_ closure: ClosureExprSyntax) -> Bool {
        everyCallee(handed: closure) { $0.keepsForOtherThreads(label: $1.label, isTrailing: $1.isFirstTrailingClosure) }
    }

    /// The functions an awaited call may run. A receiver whose type the syntax does not show
    /// (`storage.async.perform { }`) leaves the call unresolved for the rules; here every method of that
    /// name and labels counts, except synchronous ones outside an actor, which nobody awaits.
    private func awaitedCallees(of call: ResolvedCall) -> [FunctionFacts] {
        guard call.callees.isEmpty else { return call.callees }
        guard index.declaresFunction(named: call.called.lookupName) else { return [] }
        return index.calleePositions(of: call.called, receiver: .anyMember, callerType: nil, callerFile: fileIndex)
            .map(index.declaredFunction(at:))
            .filter { function in
                if case .otherActor = function.isolation { return true }
                return function.isAsync
            }
    }

    /// The one actor every callee is isolated to (the first one's name when there are several); nil when
    /// there is no callee or one runs elsewhere.
    private static func actor(running callees: [FunctionFacts]) -> String? {
        let actors = callees.map { callee -> String? in
            if case .otherActor(let name) = callee.isolation { name } else { nil }
        }
        guard let first = actors.first, let actor = first, actors.allSatisfy({ $0 != nil }) else { return nil }
        return actor
    }

    /// What the rules may read of a call's callees (see `ResolvedCall.callees`).
    private enum CalleeFacts {
        case declarations, catalogueCalls, heaviness
    }

    /// The function of the linted code (its name, as "NetworkClient.request") that calls the closure `node`
    /// is written in on the main queue, whatever thread the closure is written for: a network client's
    /// completion delivered in `DispatchQueue.main.async { }` (`Parameter.isCalledOnTheMainQueue`).
    /// Closures that run in place (`results.map { }`) are crossed on the way out; nil at any other closure.
    ///
    /// ```swift
    /// // func request(_ url: URL, completion: @escaping (Data?) -> Void)   // calls it in DispatchQueue.main.async
    /// client.request(url) { data in Thread.sleep(forTimeInterval: 1) }   // "NetworkClient.request"
    /// ```
    static func mainQueueDeliverer(around node: Syntax, delivered: [SyntaxIdentifier: String]) -> String? {
        guard !delivered.isEmpty else { return nil }
        var current = node.parent
        while let candidate = current, !candidate.isFunctionBoundary {
            if let closure = candidate.as(ClosureExprSyntax.self) {
                guard closure.role == .inherits else { return nil }
                if let helper = delivered[closure.id] { return helper }
                if closure.runsLaterThanItsCall { return nil }
            }
            current = candidate.parent
        }
        return nil
    }

    /// The closure arguments of the file's calls that every function the call may run calls on the main
    /// queue, each with that function's name: resolved once per file, for `mainQueueDeliverer(around:delivered:)`.
    static func closuresCalledOnTheMainQueue(in facts: FileFacts, fileIndex: Int, index: ModuleIndex) -> [SyntaxIdentifier: String] {
        guard !index.mainQueueDeliverers.isEmpty else { return [:] }
        var delivered: [SyntaxIdentifier: String] = [:]
        for called in facts.calls where index.mainQueueDeliverers.contains(called.name) {
            let call = called.call
            let closures = (call.trailingClosure.map { [$0] } ?? []) + call.additionalTrailingClosures.map(\.closure)
                + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            guard !closures.isEmpty else { continue }
            let callees = Self.callees(of: called, at: call, inFile: fileIndex, index: index, types: facts.variableTypes, reading: { .declarations })
            guard let first = callees.first else { continue }
            for closure in closures {
                guard let argument = ArgumentPosition(of: Syntax(closure)) else { continue }
                if callees.allSatisfy({ $0.parameters.callsOnTheMainQueue(label: argument.label, isTrailing: argument.isFirstTrailingClosure, index: argument.index) }) {
                    delivered[closure.id] = first.enclosingType.map { "\($0).\(first.name)" } ?? first.signature
                }
            }
        }
        return delivered
    }

    private static func calleeFactsRead(at node: some SyntaxProtocol, resolver: IsolationResolver, index: ModuleIndex,
                                        mainQueueDeliverer: () -> String?) -> CalleeFacts {
        let site = resolver.context(of: Syntax(node))
        guard site.isolation.isMainActor else { return mainQueueDeliverer() == nil || node.isAwaited ? .declarations : .heaviness }
        if node.isAwaited { return index.usesSwift62Settings ? .heaviness : .declarations }
        return site.job != nil ? .heaviness : .catalogueCalls
    }

    private static func callees(of call: CalledName, at node: FunctionCallExprSyntax, inFile fileIndex: Int, index: ModuleIndex,
                                types: VariableTypes, reading: () -> CalleeFacts) -> [FunctionFacts] {
        guard index.declaresFunction(named: call.lookupName) else { return [] }
        let receiver = call.receiverKind(types: types)
        let callerType = receiver.namesTheCallersType ? Syntax(node).enclosingTypeName : nil
        let positions = index.calleePositions(of: call, receiver: receiver, callerType: callerType, callerFile: fileIndex)
        guard !positions.isEmpty else { return [] }
        return functions(at: positions, index: index, reading: reading())
    }

    /// The index's functions at `positions`, with the facts `reading` asks for.
    private static func functions(at positions: [Int], index: ModuleIndex, reading: CalleeFacts) -> [FunctionFacts] {
        switch reading {
        case .heaviness: positions.map(index.function(at:))
        case .catalogueCalls: positions.map(index.functionForCatalogueCalls(at:))
        case .declarations: positions.map(index.declaredFunction(at:))
        }
    }
}

/// A lint rule: a pure function of a file's facts, the index and the settings.
protocol Rule: SendableMetatype {
    static var description: RuleDescription { get }
    /// What the engine must look at for this rule (`RuleRequirement`): its gates follow the enabled rules'.
    static var requirements: Set<RuleRequirement> { get }
    /// How the engine treats the rule's hits once it has run (`HitPolicy`): none unless the rule says.
    static var hitPolicies: Set<HitPolicy> { get }
    static func check(_ context: RuleContext) -> [RuleHit]
}

extension Rule {
    static var hitPolicies: Set<HitPolicy> { [] }
}

/// What a rule's hits claim, which decides how the engine filters and groups them after the rules have
/// run. Like `RuleRequirement`, the engine reads these from the rules, never a rule's ID, so a new rule
/// that reports main-thread cost declares it here and gets the same treatment as the built-in ones.
///
/// ```swift
/// enum CopyOnMainActor: Rule { static let hitPolicies: Set<HitPolicy> = [.measuresCost, .needsACaller]; ... }
/// ```
enum HitPolicy: Sendable, Hashable, CaseIterable {
    /// The hit is work the main thread pays for, not how code is written: by default (without
    /// `include_low_cost`), a one-off task the user starts and waits for (an export, an install) drops it.
    case measuresCost
    /// The hit predicts a stall only when its code runs: dead code stalls nothing, so a function only other
    /// files may call goes with the hit for the run to check (`UncalledElsewhere`).
    case needsACaller
    /// Hits in one function with one message are one cause: the function does that work on the main actor,
    /// and one fix (moving it off) removes them all (`Linter.oneCausePerFunction`).
    case oneCausePerFunction
    /// The hit sits in the method that makes the call, and the method's callers decide its thread: a method
    /// only background code calls drops it (`BackgroundOnlyMethods`).
    case threadOfItsCallers
    /// The hit's cause (the function that does the work, and the work) is one cause with the same cause of
    /// another rule of this policy: a helper that unzips an archive, called from a main-queue block
    /// (`sync_work_in_main_actor_task`) and from a view controller's method (`blocking_call_on_main_actor`),
    /// is one finding whose message counts the other callers (`FindingsByCause`).
    case sharesCausesAcrossRules
    /// The hit says what a view's `body` does and how to fix it there.
    case describesViewBody
    /// A general main-actor warning: at the place of a `describesViewBody` hit it adds nothing and is dropped
    /// (`FindingsByCause`). Errors (a sleep, a wait) stay.
    case yieldsToViewBodyRules
}

/// What a rule needs the engine to look at. The engine derives which files it walks fully, which files
/// it checks and which facts it prepares from the union over the enabled rules (`RuleSet`), so adding a
/// rule adds a file under `Rules/` and no engine edit, and a disabled rule costs nothing.
///
/// ```swift
/// enum PrintInLoop: Rule { static let requirements: Set<RuleRequirement> = [.everyFile]; ... }
/// ```
enum RuleRequirement: Sendable, Hashable, CaseIterable {
    /// Main-actor code, the catalogue calls it makes and the module functions it calls: files that
    /// mention the main actor, have default isolation MainActor, or declare main-actor types.
    case mainActorCode
    /// `Task.detached` calls, in any code.
    case detachedTasks
    /// SwiftUI views (their `body` and what it calls), which are main-actor code.
    case views
    /// Every file, whatever its isolation: the engine walks and checks each one.
    case everyFile
}

/// The rules that run on a file and the union of their requirements.
///
/// ```swift
/// let set = RuleSet(rules: RuleRegistry.rules, enabledIDs: ["task_missing_id"])
/// print(set.requirements) // [.views]
/// ```
struct RuleSet: Sendable {
    let rules: [any Rule.Type]
    let requirements: Set<RuleRequirement>
    /// The IDs of the rules with each hit policy.
    private let idsByPolicy: [HitPolicy: Set<String>]

    /// `enabledIDs` nil: every rule of `rules`.
    init(rules: [any Rule.Type], enabledIDs: Set<String>? = nil) {
        self.rules = rules.filter { enabledIDs?.contains($0.description.id) ?? true }
        requirements = self.rules.reduce(into: []) { $0.formUnion($1.requirements) }
        idsByPolicy = Self.idsByPolicy(of: self.rules)
    }

    func needs(_ requirement: RuleRequirement) -> Bool { requirements.contains(requirement) }

    /// Whether the rule `ruleID` of this set declares `policy`.
    func rule(_ ruleID: String, has policy: HitPolicy) -> Bool { idsByPolicy[policy]?.contains(ruleID) ?? false }

    static func idsByPolicy(of rules: [any Rule.Type]) -> [HitPolicy: Set<String>] {
        rules.reduce(into: [:]) { ids, rule in
            for policy in rule.hitPolicies { ids[policy, default: []].insert(rule.description.id) }
        }
    }

    /// Main-actor code matters to some enabled rule (views are main-actor code).
    var needsMainActorCode: Bool { needs(.mainActorCode) || needs(.views) }

    /// Whether an enabled rule may report in a file, from what the file shows: a `Task.detached`, and
    /// main-actor code (asked only when a main-actor or view rule is enabled). An `everyFile` rule may
    /// report anywhere. Every gate of the engine asks this.
    func mayReport(startsDetachedTask: Bool, hasMainActorCode: () -> Bool) -> Bool {
        needs(.everyFile) || (needs(.detachedTasks) && startsDetachedTask) || (needsMainActorCode && hasMainActorCode())
    }
}

/// Every rule, in the order `mainguard rules` lists them.
///
/// ```swift
/// let ids = RuleRegistry.descriptions.map(\.id)
/// ```
public enum RuleRegistry {
    static let rules: [any Rule.Type] = [
        SyncWorkInMainActorTask.self,
        BlockingCallOnMainActor.self,
        DetachedTaskDefaultPriority.self,
        AsyncFunctionRunsOnMainActor.self,
        StateMutationInViewBody.self,
        SideEffectInViewBody.self,
        ExpensiveWorkInViewBody.self,
        TaskMissingID.self,
        UnstableViewIdentity.self,
        EquatableViewIgnoresProperty.self,
        OnChangeMutatesObservedValue.self,
    ]

    public static var descriptions: [RuleDescription] { rules.map { $0.description } }

    /// The rules that run only when a configuration opts in.
    public static let optInRuleIDs: Set<String> = Set(rules.map { $0.description }.filter(\.isOptIn).map(\.id))

    public static func description(forID id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}

extension Syntax {
    /// The name of the type (or extended type) the node is written in.
    var enclosingTypeName: String? { enclosingTypeDeclaration?.name }

    /// The type or extension declaration the node is written in, as every rule reads declarations.
    var enclosingTypeDeclaration: TypeDeclarationFacts? {
        var node = parent
        while let current = node {
            switch current.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                return TypeDeclarationFacts(current)
            default:
                node = current.parent
            }
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// True when the expression is evaluated under an `await` (the call may suspend instead of blocking).
    var isAwaited: Bool {
        // Compared by kind: asked of most calls several times, and a typed cast builds a node each time.
        var node = parent
        while let current = node {
            switch current.kind {
            case .awaitExpr: return true
            case .closureExpr, .codeBlockItem, .memberBlockItem: return false
            default: node = current.parent
            }
        }
        return false
    }
}

/// Advice that depends on the module's settings: under `NonisolatedNonsendingByDefault` (SE-0461) a plain
/// nonisolated async function stays on the caller's actor, so only `@concurrent` moves work off the main
/// actor. Messages stay short (about 200 characters): the rationale lives in `mainguard explain RULE`.
enum OffMainActorAdvice {
    static func forSettings(_ settings: ModuleSettings) -> String {
        settings.nonisolatedNonsendingByDefault
            ? "move it into a `@concurrent` async function and await it"
            : "move it into a `nonisolated` async function and await it"
    }
}
