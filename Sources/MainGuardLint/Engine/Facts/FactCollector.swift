import SwiftSyntax

/// The full pass over a file: its declarations (see `DeclarationCollector`) plus each function's
/// synchronous work and every call site.
///
/// Rules read the collected call sites instead of walking the tree again. A lint run walks only the
/// files where a rule can report (and the files of the functions those files' calls reach) this way.
final class FactCollector: DeclarationCollector {
    private(set) var facts = FileFacts()

    /// What the innermost enclosing scope is: a function whose body we are in, a closure that runs where
    /// it is written, or a closure that runs elsewhere (its work is not the function's synchronous work).
    private enum Scope {
        /// Index into `bodies`: bodies are mutated in place, never copied out of the scope stack.
        case function(Int)
        /// `handedTo`: the name of the call the closure is an argument of (`launch` in `launch { ... }`).
        case transparentClosure(handedTo: String)
        /// `startsMainActorJob`: a `Task { }`, `MainActor.run { }` or main-queue body, where `sync_work_in_main_actor_task` looks.
        case escapingJob(startsMainActorJob: Bool)
        case type
    }

    /// What a function body does, collected while walking it; `bodies[i]` belongs to `functions[i]`.
    private struct FunctionBody {
        var firstAwait: AbsolutePosition?
        var firstLoop: (start: AbsolutePosition, end: AbsolutePosition)?
        /// Positions in `facts.calls`.
        var calls: [Int] = []
        /// Per position in `calls`: the calls its enclosing closures are handed to, within this body.
        var handedTo: [Int: [String]] = [:]
        var propertyReads: [MemberAccessExprSyntax] = []
        /// Reads of properties that may be computed ones (`PropertyRead`), in this body's synchronous work.
        var getterReads: [PropertyRead] = []
        /// The function's parameter names, which `ParameterCondition` looks for.
        var parameters: Set<String> = []
        /// Names bound anywhere in the body, its closures included (`let`, `for`, `if let`, closure
        /// parameters): a name read on its own that is one of these is a local, not a property.
        var localNames: Set<String> = []
        /// Subscripted names read in an `if let`/`guard let` condition, and names assigned through a subscript
        /// (`thumbnails[url] = image`), closures that run in place included; and whether a subscripted name says it is a cache.
        var subscriptsBound: Set<String> = []
        var subscriptsAssigned: Set<String> = []
        var subscriptsACache = false
        /// An `if`, `guard` or `switch` of the body (closures included) tests one of `parameters`
        /// (`ParameterCondition.tests(_:parameters:)`): only then can a call run under such a test.
        var testsAParameter = false

        func isLocal(_ name: String) -> Bool { parameters.contains(name) || localNames.contains(name) }

        /// The test of the function's parameters `node` runs under (`ParameterCondition.condition(of:parameters:)`),
        /// looked for only where the walk saw one (`testsAParameter`).
        func parameterTest(of node: some SyntaxProtocol) -> ParameterCondition? {
            testsAParameter ? ParameterCondition.condition(of: Syntax(node), parameters: parameters) : nil
        }

        /// The function keeps what it makes by key: it returns a value it finds under a key and stores one
        /// under a key in the same collection (`if let image = loaded[id] { return image }` … `loaded[id] = image`),
        /// or subscripts a collection named a cache (`thumbnailCache[url]`).
        var keepsACache: Bool { subscriptsACache || !subscriptsBound.isDisjoint(with: subscriptsAssigned) }
    }

    /// Every `PropertyRead` of the file with the function body it is written in (closures included).
    private var readSites: [(read: PropertyRead, body: Int?)] = []

    private var scopes: [Scope] = []
    private var bodies: [FunctionBody] = []
    /// How many enclosing closures are main-actor job bodies (`Task { }`, `MainActor.run { }`, ...).
    private var mainActorJobDepth = 0

    init(fileIndex: Int, settings: ModuleSettings) {
        super.init(fileIndex: fileIndex, settings: settings, prefilter: nil)
    }

    static func collect(_ tree: SourceFileSyntax, fileIndex: Int, settings: ModuleSettings) -> FileFacts {
        let collector = FactCollector(fileIndex: fileIndex, settings: settings)
        collector.walk(tree)
        return collector.finish()
    }

    /// Resolves the bodies' catalogue calls once all variable types of the file are known.
    private func finish() -> FileFacts {
        facts.types = types
        facts.imports = imports
        facts.reexports = reexports
        let variableTypes = facts.variableTypes
        let lookups = facts.calls.map { APICatalogue.lookup($0, types: variableTypes, settings: settings) }
        facts.catalogueEntries = lookups.map { $0?.reported }
        facts.triggers.callsCatalogue = facts.catalogueEntries.contains { $0 != nil }
            || facts.propertyReads.contains { APICatalogue.entry(forPropertyRead: $0, types: variableTypes, settings: settings) != nil }
        // A closure handed to a dispatch helper of this file (`ClosureForwarding`: `launch { ... }` where
        // `launch` runs it on a global queue) runs elsewhere: its calls are not the function's work (blind
        // round AB: a semaphore wait inside such a closure was reported as a wait on the main thread).
        let forwardingHelpers = Set(functions.filter(\.runsClosuresOffTheCallersThread).map(\.name))
        let positionsByCall = Dictionary(facts.calls.enumerated().map { ($1.call.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, body) in bodies.enumerated() {
            var record = functions[position]
            // `cache.object(forKey:)`, `cache.setObject(_:forKey:)`: an `NSCache` keeps what the function makes.
            record.keepsACache = body.keepsACache || body.calls.contains { position in
                let called = facts.calls[position]
                return (called.name == "object" && called.labels.first == "forKey") || called.name == "setObject"
            }
            /// Positions in `facts.calls` of the calls that became `record.callees`, and where.
            var referenceOfCall: [Int: Int] = [:]
            let beforeSuspension: (AbsolutePosition) -> Bool = { position in body.firstAwait.map { position < $0 } ?? true }
            // A function that asserts it runs off the main thread hands its callees' work to no main-actor
            // caller: a caller on the main thread would trap (blind round AU: a diff source that waits for its
            // index, built only on a global queue). Its own catalogue calls are already left out.
            if let first = body.calls.first, Syntax(facts.calls[first].call).isDeclaredOffTheMainThread {
                facts.functions.append(record)
                continue
            }
            if let loop = body.firstLoop {
                record.ownHeaviness = "loops"
                if beforeSuspension(loop.end) { record.ownHeavinessBeforeSuspension = "loops" }
            }
            for position in body.calls where forwardingHelpers.isDisjoint(with: body.handedTo[position] ?? []) {
                let called = facts.calls[position]
                let early = beforeSuspension(called.call.position)
                let condition = body.parameterTest(of: called.call)
                // Only a call written in a closure that runs in place (`handedTo`) is handed to the call
                // that closure is an argument of.
                let handOff = body.handedTo[position] == nil ? nil : Syntax(called.call).enclosingClosure.flatMap { closure -> CallReference.HandOff? in
                    guard let outer = closure.enclosingCall, !outer.receiverIsTheMainQueue, let outerPosition = positionsByCall[outer.id],
                          let outerReference = referenceOfCall[outerPosition], let argument = ArgumentPosition(of: Syntax(closure)) else { return nil }
                    return CallReference.HandOff(call: outerReference, label: argument.label, isTrailing: argument.isFirstTrailingClosure)
                }
                if let entry = facts.catalogueEntries[position], let handOff {
                    record.handedOffCatalogueCalls.append(.init(entry: entry, condition: condition, handOff: handOff, isBeforeSuspension: early))
                    continue
                }
                if let entry = facts.catalogueEntries[position] {
                    record.recordOwnCatalogueCall(entry, under: condition)
                    if record.ownHeaviness == nil { record.ownHeaviness = "calls \(entry.display)" }
                    if early, record.ownHeavinessBeforeSuspension == nil { record.ownHeavinessBeforeSuspension = "calls \(entry.display)" }
                    continue
                }
                if condition == nil, record.ownCostWhenRepeated == nil, let small = lookups[position]?.whenItsCallerRepeats {
                    record.ownCostWhenRepeated = small
                }
                if condition == nil, handOff == nil, record.ownEncodeOfAHandedImage == nil, let encode = lookups[position]?.whenItsCallerHandsAUserImage {
                    record.ownEncodeOfAHandedImage = encode
                }
                var reference = CallReference(called: called, receiver: called.receiverKind(types: variableTypes), condition: condition,
                                              arguments: body.parameters.isEmpty ? [] : ParameterCondition.arguments(of: called.call, forwarding: body.parameters))
                reference.handOff = handOff
                reference.namesASlowCommand = SlowCommands.areNamed(inArguments: called.call.arguments, calling: called.name)
                referenceOfCall[position] = record.callees.count
                record.callees.append(reference)
                if early { record.calleesBeforeSuspension.append(reference) }
            }
            var readsSeen: Set<ReadKey> = []
            for read in body.getterReads where read.receiver != nil || !body.isLocal(read.name) {
                let receiver = read.receiverKind(types: variableTypes)
                guard readsSeen.insert(ReadKey(name: read.name, receiver: receiver)).inserted else { continue }
                let condition = body.parameterTest(of: read.node)
                let reference = CallReference(read: read, receiver: receiver, condition: condition)
                record.callees.append(reference)
                if beforeSuspension(read.node.position) { record.calleesBeforeSuspension.append(reference) }
            }
            for read in body.propertyReads {
                guard let entry = APICatalogue.entry(forPropertyRead: read, types: variableTypes, settings: settings) else { continue }
                record.recordOwnCatalogueCall(entry, under: body.parameterTest(of: read))
                if record.ownHeaviness == nil { record.ownHeaviness = "reads \(entry.display)" }
                if beforeSuspension(read.position), record.ownHeavinessBeforeSuspension == nil {
                    record.ownHeavinessBeforeSuspension = "reads \(entry.display)"
                }
            }
            facts.functions.append(record)
        }
        facts.getterReads = readSites.compactMap { site in
            guard site.read.receiver == nil else { return site.read }
            // A name read on its own outside any function (a property's initial value) is not looked up.
            guard let body = site.body, !bodies[body].isLocal(site.read.name) else { return nil }
            return site.read
        }
        // A read may run a getter of the linted code, in a job body or not, awaited or not: the triggers
        // only say "may".
        for read in facts.getterReads { facts.triggers.synchronousCalls.insert(read.lookupName) }
        return facts
    }

    private struct ReadKey: Hashable {
        var name: String
        var receiver: ReceiverKind
    }

    // MARK: Scopes of types and functions

    override func didEnterType() { scopes.append(.type) }
    override func didLeaveType() { scopes.removeLast() }

    override func didEnterFunction(_ position: Int, parameters: FunctionParameterListSyntax) {
        var names: Set<String> = []
        for parameter in parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            facts.variableTypes.record(name, type: parameter.type.simpleName)
            names.insert(name)
        }
        bodies.append(FunctionBody(parameters: names))
        scopes.append(.function(position))
    }

    override func didLeaveFunction() {
        scopes.removeLast()
    }

    /// Applies `change` to the innermost function body whose synchronous work the current node is part of.
    private func updateCurrentBody(_ change: (inout FunctionBody) -> Void) {
        for position in scopes.indices.reversed() {
            switch scopes[position] {
            case .function(let body):
                change(&bodies[body])
                return
            case .transparentClosure:
                continue
            case .escapingJob, .type:
                return
            }
        }
    }

    /// The innermost function body around the current node, across closures of every kind; nil outside
    /// functions or in a type declared inside one.
    private var innermostBody: Int? {
        for scope in scopes.reversed() {
            switch scope {
            case .function(let body): return body
            case .transparentClosure, .escapingJob: continue
            case .type: return nil
            }
        }
        return nil
    }

    private func recordRead(_ read: PropertyRead, body: Int?) {
        readSites.append((read, body))
        updateCurrentBody { $0.getterReads.append(read) }
    }

    private func recordLocalName(_ name: String) {
        guard let body = innermostBody else { return }
        bodies[body].localNames.insert(name)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // Most names read on their own are the function's parameters and locals, bound before they are read.
        // So are the stored properties the function's type declares (`@State var query` in a view).
        let body = innermostBody
        if let read = PropertyRead(reference: node, isLocal: { name in
            body.map { self.bodies[$0].isLocal(name) } ?? true || self.storedPropertiesOfTheInnermostType.contains(name)
        }) {
            recordRead(read, body: body)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        recordLocalName(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        recordLocalName(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        recordLocalName((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    /// The calls the closures around the current node are handed to, up to the innermost function body.
    private var enclosingClosureCalls: [String] {
        var names: [String] = []
        for scope in scopes.reversed() {
            switch scope {
            case .transparentClosure(let handedTo): names.append(handedTo)
            case .function, .escapingJob, .type: return names
            }
        }
        return names
    }

    // MARK: Closures, loops, awaits, calls

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let alias = node.selfAliasParameter { facts.variableTypes.recordSelfAlias(alias) }
        let role = node.role
        let startsMainActorJob = role.startsMainActorJob
        if startsMainActorJob { mainActorJobDepth += 1 }
        // A closure stored or handed to a callback API runs later: its work is not the enclosing function's.
        let runsAtTheCall = role == .inherits && !node.runsLaterThanItsCall
        // A helper called on a main queue (`Queue.main.autoAsync { }`) runs the closure on the main thread, as here.
        let handedTo = node.enclosingCall.flatMap { $0.receiverIsTheMainQueue ? nil : CalledName($0) }?.name ?? ""
        scopes.append(runsAtTheCall ? .transparentClosure(handedTo: handedTo)
                                    : .escapingJob(startsMainActorJob: startsMainActorJob))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if case .escapingJob(startsMainActorJob: true) = scopes.removeLast() { mainActorJobDepth -= 1 }
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        noteParameterTest { ParameterCondition.tests(node.conditions, parameters: $0) }
    }
    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        noteParameterTest { ParameterCondition.tests(node.conditions, parameters: $0) }
    }
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        noteParameterTest { parameters in node.subject.as(DeclReferenceExprSyntax.self).map { parameters.contains($0.baseName.text) } ?? false }
    }

    /// Marks the innermost function body (across closures) when `tests` finds a test of its parameters.
    private func noteParameterTest(_ tests: (Set<String>) -> Bool) -> SyntaxVisitorContinueKind {
        if let body = innermostBody, !bodies[body].testsAParameter, !bodies[body].parameters.isEmpty, tests(bodies[body].parameters) {
            bodies[body].testsAParameter = true
        }
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        // `for await`: every iteration suspends for the next element, so it is a suspension, not a busy loop.
        if node.awaitKeyword != nil { return recordSuspension(at: node.positionAfterSkippingLeadingTrivia) }
        // The cheap test first: `iteratesAFewTimes` may look up a constant of the file, once per loop.
        return !LoopCost.isLongWork(node, settings: settings) || node.iteratesAFewTimes ? .visitChildren : recordLoop(Syntax(node))
    }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        LoopCost.isLongWork(unsizedLoop: node, settings: settings) ? recordLoop(Syntax(node)) : .visitChildren
    }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
        LoopCost.isLongWork(unsizedLoop: node, settings: settings) ? recordLoop(Syntax(node)) : .visitChildren
    }

    private func recordLoop(_ node: Syntax) -> SyntaxVisitorContinueKind {
        updateCurrentBody { body in
            if body.firstLoop == nil { body.firstLoop = (node.position, node.endPositionBeforeTrailingTrivia) }
        }
        return .visitChildren
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        recordSuspension(at: node.positionAfterSkippingLeadingTrivia)
    }

    private func recordSuspension(at position: AbsolutePosition) -> SyntaxVisitorContinueKind {
        facts.triggers.containsAwait = true
        updateCurrentBody { body in
            if body.firstAwait == nil { body.firstAwait = position }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `case let .failure(error)` matches an enum case; it calls nothing.
        guard let called = CalledName(node), !node.isEnumCasePattern else { return .visitChildren }
        let position = facts.calls.count
        facts.calls.append(called)
        if called.startsDetachedTask { facts.triggers.startsDetachedTask = true }
        if mainActorJobDepth > 0 {
            facts.triggers.callsInMainActorJobs.append(called.lookupName)
        } else if !node.isAwaited {
            facts.triggers.synchronousCalls.insert(called.lookupName)
        }
        // `if Thread.isMainThread { queue.async { refresh() }; return cached }` and what follows: work the
        // function does only off the main thread is not what its main-thread callers wait for (blind round Y:
        // Sileo lists a system folder only on the utility queue it hops to). The test comes first in the
        // walk, so the flag is set by the time the call is visited.
        if !(facts.variableTypes.readsIsMainThread && Syntax(node).runsOnlyOffTheMainThread) {
            let handedTo = enclosingClosureCalls
            updateCurrentBody { body in
                if !handedTo.isEmpty { body.handedTo[position] = handedTo }
                body.calls.append(position)
            }
        }
        return called.iteratesWithWorkPerElement && LoopCost.isLongWork(unsizedLoop: node, settings: settings) ? recordLoop(Syntax(node)) : .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = node.declName.baseName.text
        if member == "isMainThread" || member == "isMain" { facts.variableTypes.readsIsMainThread = true }
        if APICatalogue.propertyNames.contains(member), !(node.parent?.is(FunctionCallExprSyntax.self) ?? false) {
            facts.propertyReads.append(node)
            updateCurrentBody { $0.propertyReads.append(node) }
        } else if let read = PropertyRead(member: node), !storedPropertiesOfTheInnermostType.contains(read.name) {
            recordRead(read, body: innermostBody)
        }
        return .visitChildren
    }

    /// `if let cell = view as? PhotoCell`, `guard let track: Track = …`: the bound name's type.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            facts.variableTypes.record(name, declared: node.typeAnnotation?.type.simpleName, value: value)
            // `if let image = thumbnails[url]`, `if let image = thumbnails[url]?[size]`: a lookup by key.
            if let collection = value.subscriptedName { updateCurrentBody { $0.subscriptsBound.insert(collection) } }
        }
        return .visitChildren
    }

    /// `thumbnails[url] = image`: a value stored by key; `imageCache[url]`: a collection named a cache.
    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let collection = ExprSyntax(node).subscriptedName else { return .visitChildren }
        if collection.containsCaseInsensitive("cache") { updateCurrentBody { $0.subscriptsACache = true } }
        if node.parent?.kind == .exprList, let next = node.nextToken(viewMode: .sourceAccurate), next.tokenKind == .equal {
            updateCurrentBody { $0.subscriptsAssigned.insert(collection) }
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            let declared = node.typeAnnotation?.type.simpleName
            facts.variableTypes.record(name, declared: declared, value: node.initializer?.value)
            if let value = node.initializer?.value {
                facts.variableTypes.recordLock(name, value: value)
                if declared == nil { facts.variableTypes.recordFactoryResult(name, value: value) }
            }
        }
        return .visitChildren
    }
}

extension CalledName {
    /// Where the index should look for the callee.
    func receiverKind(types: VariableTypes) -> ReceiverKind {
        ReceiverKind(of: receiver, isImplicitMember: isImplicitMember, types: types)
    }

    /// The name of a call of the caller's own function (`load()`, `self.load()`); nil for a call on another receiver.
    var ownFunctionName: String? {
        receiver == nil && !isImplicitMember || receiver?.trimmedDescription == "self" ? name : nil
    }

    /// `name(label:)` as messages print it.
    var display: String { Self.display(name: name, labels: labels) }

    static func display(name: String, labels: [String?]) -> String {
        // `self.init(url:)`, which `CalledName` names `self`.
        let name = name == "self" || name == "Self" ? "\(name).init" : name
        return "\(name)(\(labels.filter { $0 != trailingClosureLabel }.map { ($0 ?? "_") + ":" }.joined()))"
    }
}

extension ReceiverKind {
    /// Where the index should look for a member named after `receiver` (nil: none written; `.f()` when
    /// `isImplicitMember`), with the file's variable types.
    init(of receiver: ExprSyntax?, isImplicitMember: Bool, types: VariableTypes) {
        self = Self.kind(of: receiver, isImplicitMember: isImplicitMember, types: types)
    }

    private static func kind(of receiver: ExprSyntax?, isImplicitMember: Bool, types: VariableTypes) -> ReceiverKind {
        if isImplicitMember { return .implicitMember }
        guard var receiver else { return .implicitSelf }
        // `self?.refresh()` in a `[weak self]` closure, `self!.refresh()`: the same method as `refresh()`.
        if let unwrapped = receiver.as(OptionalChainingExprSyntax.self)?.expression ?? receiver.as(ForceUnwrapExprSyntax.self)?.expression,
           unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            receiver = unwrapped
        }
        if let reference = receiver.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.tokenKind == .keyword(.self) || types.isSelfAlias(reference.baseName.text) { return .implicitSelf }
            if reference.baseName.text.startsWithUppercase { return .type(reference.baseName.text) }
        }
        if let type = types.type(of: receiver) {
            if let name = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text, types.isCast(name) {
                return .cast(type: type, name: name)
            }
            return .instance(type)
        }
        if let name = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text, let factory = types.factoryResult(of: name) {
            return .returnedBy(type: factory.type, function: factory.function, name: name)
        }
        if let name = receiver.receiverName { return .namedInstance(name) }
        return .instance(nil)
    }
}

private extension ExprSyntax {
    /// The name a receiver is known by: `store` in `store.load()`, `self.store.load()`, `model.store?.load()`.
    var receiverName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind != .keyword(.self) {
            return reference.baseName.text
        }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let chained = self.as(OptionalChainingExprSyntax.self) { return chained.expression.receiverName }
        if let unwrapped = self.as(ForceUnwrapExprSyntax.self) { return unwrapped.expression.receiverName }
        return nil
    }

    /// The collection a subscript reads, through optional chaining and nested subscripts, by the name its
    /// base is known by (`receiverName`): `thumbnails` for `thumbnails[url]`, `self.thumbnails[url]?[size]` or
    /// `Self.thumbnails[url]`; nil for anything else.
    var subscriptedName: String? {
        if let chained = self.as(OptionalChainingExprSyntax.self) { return chained.expression.subscriptedName }
        if let unwrapped = self.as(ForceUnwrapExprSyntax.self) { return unwrapped.expression.subscriptedName }
        guard let subscriptCall = self.as(SubscriptCallExprSyntax.self) else { return nil }
        return subscriptCall.calledExpression.subscriptedName ?? subscriptCall.calledExpression.receiverName
    }
}

extension FunctionRecord {
    /// Counts as the body's own work each of `handedOffCatalogueCalls` whose closure is not handed to a
    /// helper that runs it on another thread, in source order after the calls the body makes itself.
    ///
    /// ```swift
    /// record.settleHandedOffCatalogueCalls { handOff in helpersRunOffTheCallersThread(handOff) }
    /// ```
    mutating func settleHandedOffCatalogueCalls(runsElsewhere: (CallReference.HandOff) -> Bool) {
        for call in handedOffCatalogueCalls where !runsElsewhere(call.handOff) {
            recordOwnCatalogueCall(call.entry, under: call.condition)
            if ownHeaviness == nil { ownHeaviness = "calls \(call.entry.display)" }
            if call.isBeforeSuspension, ownHeavinessBeforeSuspension == nil { ownHeavinessBeforeSuspension = "calls \(call.entry.display)" }
        }
        handedOffCatalogueCalls = []
    }
}

private extension FunctionRecord {
    /// The first catalogue call the body makes, under any of the parameter tests that guard one.
    mutating func recordOwnCatalogueCall(_ entry: CatalogueEntry, under condition: ParameterCondition?) {
        if ownCatalogueCall == nil {
            ownCatalogueCall = entry
            ownCatalogueCallCondition = condition
        } else {
            ownCatalogueCallCondition = ParameterCondition.either(ownCatalogueCallCondition, condition)
        }
    }
}

extension ClosureExprSyntax {
    /// The closure's first parameter when the stream it subscribes to pairs each value with `self`
    /// (RxSwift's `.withUnretained(self)`): `owner` in `button.rx.tap.withUnretained(self).bind { owner, _ in
    /// owner.viewModel.upload() }` is `self`, so `owner.viewModel` is the caller's property (blind round
    /// BU's recall hunt: photos encoded on a button's tap through a view model that call could not be typed).
    var selfAliasParameter: String? {
        guard let call = enclosingCall, var chain = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
        var pairsWithSelf = false
        while !pairsWithSelf {
            guard let link = chain.as(FunctionCallExprSyntax.self), let member = link.calledExpression.as(MemberAccessExprSyntax.self) else { break }
            pairsWithSelf = member.declName.baseName.text == "withUnretained"
                && link.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            guard let base = member.base else { break }
            chain = base
        }
        guard pairsWithSelf, let parameters = signature?.parameterClause else { return nil }
        switch parameters {
        case .simpleInput(let names): return names.first?.name.text
        case .parameterClause(let clause): return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        }
    }
}
