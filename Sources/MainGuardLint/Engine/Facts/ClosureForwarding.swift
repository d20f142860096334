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
        guard let body else { return (false, []) }
        var escaping: Set<String> = []
        for parameter in parameters {
            guard parameter.type.isFunctionType else { continue }
            // A non-escaping closure runs before the function returns: the helper is not a hop.
            guard parameter.type.isEscaping else { return (false, []) }
            escaping.insert((parameter.secondName ?? parameter.firstName).text)
        }
        guard !escaping.isEmpty else { return (false, []) }
        // `nonisolated(unsafe) let work = work` (Swift 6's way to hand on a closure that is not `Sendable`):
        // the local is the closure too, and its uses decide.
        for statement in body.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let value = binding.initializer?.value.as(DeclReferenceExprSyntax.self), escaping.contains(value.baseName.text),
                      let alias = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                escaping.insert(alias)
            }
        }
        let finder = ReferenceFinder(names: escaping)
        finder.walk(body)
        var through: [FunctionCallExprSyntax] = []
        for name in escaping {
            guard let uses = finder.uses[name], !uses.isEmpty else { return (false, []) }
            for use in uses where !use.runsOffTheCallersThread && !use.runsOnlyOnTheQueueItIsOn && !use.reportsAFailureAtOnce
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
        let known = { (position: Int) in settled.contains(position) }
        var assumed = Set(pending)
        while true {
            // Largest set: drop any function with a call that reaches something neither known nor assumed.
            var changed = true
            while changed {
                changed = false
                for position in assumed.sorted() {
                    let forwards = helpers[position, default: []].allSatisfy { callees in
                        !callees.isEmpty && callees.allSatisfy { known($0) || assumed.contains($0) }
                    }
                    if !forwards {
                        assumed.remove(position)
                        changed = true
                    }
                }
            }
            // Grounded: only members that reach a known helper through others.
            var grounded: Set<Int> = []
            changed = true
            while changed {
                changed = false
                for position in assumed.sorted() where !grounded.contains(position) {
                    let reaches = helpers[position, default: []].contains { callees in
                        callees.contains { known($0) || grounded.contains($0) }
                    }
                    if reaches {
                        grounded.insert(position)
                        changed = true
                    }
                }
            }
            if grounded == assumed { break }
            assumed = grounded
        }
        for position in assumed { records[position].runsClosuresOffTheCallersThread = true }
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
        guard let call = parent?.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == self, !call.arguments.isEmpty,
              call.trailingClosure == nil, Syntax(call).isOnAFailurePath else { return false }
        return call.arguments.allSatisfy { argument in
            let text = argument.expression.trimmedDescription
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
