import SwiftSyntax

/// A function of the app's own that takes escaping closures and runs every one of them on a background
/// queue or thread: a dispatch helper such as `asyncNow { }` that wraps `queue.async`, `Thread { }` or a
/// `DispatchWorkItem`, or a network call whose completion runs in `URLSession`'s handler. A closure handed to
/// it is not work done where it is written, any more than one handed to `DispatchQueue.global().async`.
/// (`ConcurrencyAPIs` knows the SDK's APIs by name; this reads the app's helpers from their bodies.)
///
/// Every use of every escaping closure parameter must sit in a closure that `ClosureRole` puts in the
/// background, be handed to such an API (`queue.async(execute: action)`), or report a failure at once
/// (`guard let url else { completion(nil, error); return }`: every argument `nil`, `false` or an error, so
/// the caller's work that needs the result does not run there). A use in a closure handed to another
/// function of the app (`api.post(body) { data in completion(data) }`), or the parameter passed on to one
/// as it is (`execute(request, completion: completion)`), is decided by that function: the
/// index settles it once every function is known (`settleForwardingThroughCalls`). A parameter that is
/// stored, returned or called directly leaves the function undecided, and its callers' closures stay theirs.
///
/// ```swift
/// // func inBackground(_ action: @escaping () -> Void) { workQueue.async { action() } }   // forwards
/// // func now(_ action: @escaping () -> Void) { action() }                                // does not
/// // func upload(_ done: @escaping (Bool) -> Void) { api.post(body) { ok in done(ok) } }  // as api.post does
/// ```
enum ClosureForwarding {
    /// Whether every escaping closure of the function runs off the caller's thread, and otherwise the calls
    /// whose closure arguments decide it (empty when nothing can).
    static func forwarding(_ parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?) -> (offTheCallersThread: Bool, through: [CallReference]) {
        settling(parameters, body: body) { use in use.runsOffTheCallersThread || use.runsOnlyOnTheQueueItIsOn }
    }

    /// An escaping closure parameter handed on to a call of the app (`api.get(url) { data in done(data) }`,
    /// `request(endpoint, params, done)`), which decides where it runs: the call, and how the closure is
    /// passed to it (its label, a trailing closure, or its place among unlabelled arguments).
    struct ClosureHandOn: Sendable {
        var parameter: String
        var call: CallReference
        var label: String?
        var isTrailing: Bool
        var index: Int
    }

    /// The escaping closure parameters the function calls on the main queue wherever it is called from,
    /// and the calls that decide the others: a network client's `request(_:completion:)` that parses on its
    /// own queue and calls `completion` in `DispatchQueue.main.async { }` (blind round CN: a version-history
    /// service's `Thread.sleep(1)` polls in such completions). A call under `if Thread.isMainThread` counts
    /// (the other branch hops), and so does a failure reported at once.
    ///
    /// ```swift
    /// // func load(_ done: @escaping (Data?) -> Void) { queue.async { let d = read(); DispatchQueue.main.async { done(d) } } }
    /// ```
    static func mainQueueDelivery(_ parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?) -> (delivered: Set<String>, through: [ClosureHandOn]) {
        guard let body, let found = closureParameterUses(parameters, body: body, rejectingNonEscaping: false) else { return ([], []) }
        let (parameterOf, uses) = (found.parameterOf, found.uses)
        let names = Set(parameterOf.keys)
        var undecided: Set<String> = []
        var handOns: [String: [ClosureHandOn]] = [:]
        var types: VariableTypes?
        for (name, parameter) in parameterOf {
            guard let uses = uses[name], !uses.isEmpty else {
                if name == parameter { undecided.insert(parameter) }
                continue
            }
            for use in uses where !use.runsOnTheMainQueue && !use.runsOnlyOnTheMainThread && !use.reportsAFailureAtOnce && !use.namesAnAlias(in: names) {
                let handed = use.enclosingClosure?.enclosingCall != nil ? use.enclosingClosure.map(Syntax.init) : use.passedOnAsArgument.map { _ in use }
                guard let handed, let argument = ArgumentPosition(of: handed), let called = CalledName(argument.call) else {
                    undecided.insert(parameter)
                    break
                }
                if types == nil { types = Syntax(body).storedPropertyTypes }
                handOns[parameter, default: []].append(ClosureHandOn(parameter: parameter, call: CallReference(called: called, receiver: called.receiverKind(types: types!)),
                                                                     label: argument.label, isTrailing: argument.isFirstTrailingClosure, index: argument.index))
            }
        }
        let decided = Set(parameterOf.values).subtracting(undecided)
        let through = handOns.filter { decided.contains($0.key) }.sorted { $0.key < $1.key }.flatMap(\.value)
        return (decided.subtracting(handOns.keys), through)
    }

    /// Every use of every escaping closure parameter is `settled` (where the closure runs is decided by
    /// the use), reports a failure at once, or goes on through calls of the app, which are returned.
    private static func settling(_ parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?,
                                 settled: (Syntax) -> Bool) -> (Bool, [CallReference]) {
        guard let body, let found = closureParameterUses(parameters, body: body, rejectingNonEscaping: true) else { return (false, []) }
        let escaping = Set(found.parameterOf.keys)
        var through: [FunctionCallExprSyntax] = []
        for name in escaping {
            guard let uses = found.uses[name], !uses.isEmpty else { return (false, []) }
            for use in uses where !settled(use) && !use.reportsAFailureAtOnce
                && !use.namesAnAlias(in: escaping) {
                guard let call = use.enclosingClosure?.enclosingCall ?? use.passedOnAsArgument, CalledName(call) != nil else { return (false, []) }
                if !through.contains(where: { $0.id == call.id }) { through.append(call) }
            }
        }
        let types = through.isEmpty ? VariableTypes() : Syntax(body).storedPropertyTypes
        return (through.isEmpty, through.compactMap { call in
            CalledName(call).map { CallReference(called: $0, receiver: $0.receiverKind(types: types)) }
        })
    }

    /// The function's escaping closure parameters and the locals that alias one, each mapped to its
    /// parameter, with every use of each in `body`; nil when it takes no escaping closure, or, with
    /// `rejectingNonEscaping`, when it takes a non-escaping one (which runs before the function returns: the
    /// helper is not a hop). `nonisolated(unsafe) let work = work` and `let done = completion` (Swift 6's
    /// way to hand on a closure that is not `Sendable`) are the closure too, and their uses decide.
    private static func closureParameterUses(_ parameters: FunctionParameterListSyntax, body: CodeBlockSyntax,
                                             rejectingNonEscaping: Bool) -> (parameterOf: [String: String], uses: [String: [Syntax]])? {
        var parameterOf: [String: String] = [:]
        for parameter in parameters where parameter.type.isFunctionType {
            guard parameter.type.isEscaping else {
                if rejectingNonEscaping { return nil }
                continue
            }
            let name = (parameter.secondName ?? parameter.firstName).text
            parameterOf[name] = name
        }
        guard !parameterOf.isEmpty else { return nil }
        for statement in body.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let value = binding.initializer?.value.as(DeclReferenceExprSyntax.self), let parameter = parameterOf[value.baseName.text],
                      let alias = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                parameterOf[alias] = parameter
            }
        }
        let finder = ReferenceFinder(names: Set(parameterOf.keys))
        finder.walk(body)
        return (parameterOf, finder.uses)
    }

    /// Marks as running closures off the caller's thread every function whose `forwardsClosuresThrough`
    /// calls all resolve, each to functions that do, following chains of such helpers (a screen's upload
    /// → a service's request → the network layer's `dataTask`).
    ///
    /// Decorators forward through each other: a logging transport and an authorizing one both wrap "a
    /// transport", so each resolves to the other, to itself and to the `URLSession` one (blind round AO).
    /// The answer is the largest set of such functions whose calls reach only its members and functions
    /// known to run closures elsewhere, keeping only members that reach one of the latter: a cycle of helpers
    /// that only call each other decides nothing.
    ///
    /// ```swift
    /// ClosureForwarding.settleForwardingThroughCalls(&records) { call, caller in index.candidates(of: call, from: caller) }
    /// ```
    static func settleForwardingThroughCalls(_ records: inout [FunctionRecord], resolve: (CallReference, FunctionRecord) -> [Int]) {
        let pending = records.indices.filter { !records[$0].runsClosuresOffTheCallersThread && !records[$0].forwardsClosuresThrough.isEmpty }
        guard !pending.isEmpty else { return }
        // Per pending function, per call: the functions it may run (itself left out: a decorator's own
        // candidate changes nothing about where the closure runs).
        var helpers: [Int: [[Int]]] = [:]
        for position in pending {
            helpers[position] = records[position].forwardsClosuresThrough.map { call in
                resolve(call, records[position]).filter { $0 != position }
            }
        }
        let settled = Set(records.indices.filter { records[$0].runsClosuresOffTheCallersThread })
        for position in largestGroundedSet(Set(pending), helpers: helpers, known: settled.contains) {
            records[position].runsClosuresOffTheCallersThread = true
        }
    }

    /// Marks `Parameter.isCalledOnTheMainQueue` on every closure parameter whose `handsClosuresOn` calls all
    /// hand it to parameters that are, following chains of overloads and wrappers (`request(endpoint:completion:)`
    /// → `request(_:_:_:)`, which delivers on the main queue), as `settleForwardingThroughCalls` does.
    ///
    /// ```swift
    /// ClosureForwarding.settleMainQueueDelivery(&records) { call, caller in index.candidates(of: call, from: caller) }
    /// ```
    static func settleMainQueueDelivery(_ records: inout [FunctionRecord], resolve: (CallReference, FunctionRecord) -> [Int]) {
        struct Node: Hashable { var function: Int; var parameter: String }
        // Per pending parameter, per call: the parameters of the functions it may run that the closure binds to.
        var helpers: [Node: [[Node]]] = [:]
        for position in records.indices where !records[position].handsClosuresOn.isEmpty {
            for handOn in records[position].handsClosuresOn {
                let bound = resolve(handOn.call, records[position]).filter { $0 != position }.map { callee -> Node? in
                    records[callee].parameters.boundParameter(label: handOn.label, isTrailing: handOn.isTrailing, index: handOn.index)
                        .map { Node(function: callee, parameter: $0.name) }
                }
                let node = Node(function: position, parameter: handOn.parameter)
                helpers[node, default: []].append(bound.contains(nil) ? [] : bound.compactMap { $0 })
            }
        }
        guard !helpers.isEmpty else { return }
        let settled = Set(helpers.values.joined().joined().filter { node in
            records[node.function].parameters.contains { $0.name == node.parameter && $0.isCalledOnTheMainQueue }
        })
        let assumed = largestGroundedSet(Set(helpers.keys), helpers: helpers, known: settled.contains)
        for node in assumed {
            for index in records[node.function].parameters.indices where records[node.function].parameters[index].name == node.parameter {
                records[node.function].parameters[index].isCalledOnTheMainQueue = true
            }
        }
    }

    /// The largest set of `pending` nodes whose every call (`helpers`: per call, the nodes it may reach)
    /// reaches only `known` nodes and members of the set, keeping only members that reach a known node
    /// through others: a cycle of helpers that only call each other decides nothing.
    private static func largestGroundedSet<Node: Hashable>(_ pending: Set<Node>, helpers: [Node: [[Node]]], known: (Node) -> Bool) -> Set<Node> {
        var assumed = pending
        while true {
            // Largest set: drop any node with a call that reaches something neither known nor assumed.
            var changed = true
            while changed {
                changed = false
                for node in assumed {
                    let forwards = helpers[node, default: []].allSatisfy { callees in
                        !callees.isEmpty && callees.allSatisfy { known($0) || assumed.contains($0) }
                    }
                    if !forwards {
                        assumed.remove(node)
                        changed = true
                    }
                }
            }
            // Grounded: only members that reach a known node through others.
            var grounded: Set<Node> = []
            changed = true
            while changed {
                changed = false
                for node in assumed where !grounded.contains(node) {
                    let reaches = helpers[node, default: []].contains { callees in
                        callees.contains { known($0) || grounded.contains($0) }
                    }
                    if reaches {
                        grounded.insert(node)
                        changed = true
                    }
                }
            }
            if grounded == assumed { return assumed }
            assumed = grounded
        }
    }

    private final class ReferenceFinder: SyntaxVisitor {
        let names: Set<String>
        var uses: [String: [Syntax]] = [:]

        init(names: Set<String>) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            // A member's name (`qos: .background`, `options.completion`) is not the parameter of that name
            // (blind round CL: a helper with a `background` closure that hops to `global(qos: .background)`).
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
            if names.contains(name) { uses[name, default: []].append(Syntax(node)) }
            return .visitChildren
        }
    }
}

private extension Syntax {
    /// The declared types of the stored properties of the type (or extension) around this node, so a
    /// helper's `transport.send(request) { ... }` resolves by `let transport: Transport` as the full walk's
    /// calls do (blind round AO: a logging transport that wraps the others).
    var storedPropertyTypes: VariableTypes {
        var types = VariableTypes()
        var node = parent
        while let current = node, current.asProtocol(DeclGroupSyntax.self) == nil { node = current.parent }
        guard let members = node?.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { return types }
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                types.record(name, type: binding.typeAnnotation?.type.simpleName ?? binding.initializer.flatMap { types.type(of: $0.value) })
            }
        }
        return types
    }

    /// `let work = work`: the whole initial value of a local that `names` holds, which the local's uses decide.
    func namesAnAlias(in names: Set<String>) -> Bool {
        guard let clause = parent?.as(InitializerClauseSyntax.self), clause.value.id == id,
              let name = clause.parent?.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
        return names.contains(name)
    }

    /// `execute(request, completion: completion)`: the closure parameter itself is an argument of a call,
    /// which decides where it runs.
    var passedOnAsArgument: FunctionCallExprSyntax? {
        guard let argument = parent?.as(LabeledExprSyntax.self), argument.expression.id == id else { return nil }
        return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// `completion(nil, .failure(error))` on a failure path (`Syntax.isOnAFailurePath`), this use being the
    /// called closure: every argument says nothing came back, so the work a caller does with the result
    /// does not run here.
    var reportsAFailureAtOnce: Bool {
        // `completion?(nil, .invalidUrl)` calls the optional closure through `completion?`.
        let called = parent?.is(OptionalChainingExprSyntax.self) == true ? parent! : self
        guard let call = called.parent?.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == called, !call.arguments.isEmpty,
              call.trailingClosure == nil, Syntax(call).isOnAFailurePath else { return false }
        return call.arguments.allSatisfy { argument in
            let text = argument.expression.trimmedDescription
            // `.invalidUrl`: a case of the client's error type, on the failure path; `1`: a progress, finished.
            if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil { return true }
            if argument.expression.is(IntegerLiteralExprSyntax.self) || argument.expression.is(FloatLiteralExprSyntax.self) { return true }
            return text == "nil" || text == "false" || text == "[]" || text.containsCaseInsensitive("error") || text.containsCaseInsensitive("fail")
        }
    }

    /// `if isCurrent { work() } else { queue.async(execute: work) }`: called in place only when the caller
    /// already runs on the helper's queue (`isCurrent`, `DispatchQueue.getSpecific(key:)`), so from any other
    /// thread the closure runs where the other branch sends it (blind round CF: a messenger's call queue,
    /// whose `autoAsync` made a call's semaphore waits look like a tap's).
    var runsOnlyOnTheQueueItIsOn: Bool {
        var child = self
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let branch = current.as(IfExprSyntax.self), Syntax(branch.body) == child,
               branch.conditions.count == 1, let condition = branch.conditions.first?.condition.as(ExprSyntax.self) {
                let names = condition.identifiers
                return names.contains { $0 == "isCurrent" || $0 == "isCurrentQueue" || $0 == "getSpecific" }
                    && !names.contains { $0 == "isMainThread" || $0 == "main" }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// Inside a closure a main queue runs (`DispatchQueue.main.async { done(data) }`, `MainActor.run { }`,
    /// `Task { @MainActor in }`), or handed as an argument to such an API (`DispatchQueue.main.async(execute: done)`).
    var runsOnTheMainQueue: Bool {
        if let argument = parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let called = CalledName(call) {
            // `DispatchQueue.main.sync(execute: block)` runs it on the main thread too, while the caller waits.
            if called.name == "sync", call.receiverIsTheMainQueue { return true }
            switch called.closureRole {
            case .mainActorJob, .mainActorTask: return true
            default: return false
            }
        }
        if let call = enclosingClosure?.enclosingCall, call.receiverIsTheMainQueue, CalledName(call)?.name == "sync" { return true }
        switch decidingClosureRole {
        case .mainActorJob, .mainActorTask, .mainActorCode: return true
        default: return false
        }
    }

    /// `if Thread.isMainThread { done(data) } else { DispatchQueue.main.async { done(data) } }`: called in
    /// place only where the caller already is on the main thread.
    var runsOnlyOnTheMainThread: Bool {
        var child = self
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if current.is(ClosureExprSyntax.self) { return false }
            if let branch = current.as(IfExprSyntax.self), let test = branch.conditions.mainThreadTest {
                if Syntax(branch.body) == child { return test }
                if branch.elseBody.map({ Syntax($0) == child }) == true { return !test }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// Inside a closure that runs in the background, or handed as an argument to an API that runs it there.
    var runsOffTheCallersThread: Bool {
        if let argument = parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           let called = CalledName(call) {
            if case .background = called.closureRole { return true }
            return false
        }
        if case .background = decidingClosureRole { return true }
        return false
    }
}

private extension TypeSyntax {
    /// `() -> Void`, `@escaping (Int) -> Void`, `(() -> Void)?` (an optional closure is escaping).
    var isFunctionType: Bool {
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.isFunctionType }
        if self.is(FunctionTypeSyntax.self) { return true }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.isFunctionType }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1 { return tuple.elements.first!.type.isFunctionType }
        return false
    }

    var isEscaping: Bool {
        if let attributed = self.as(AttributedTypeSyntax.self) {
            return attributed.attributes.contains(named: "escaping") || attributed.baseType.isEscaping
        }
        return self.is(OptionalTypeSyntax.self)
    }
}
