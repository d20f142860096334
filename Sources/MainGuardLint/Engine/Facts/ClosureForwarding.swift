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
/// function of the app (`api.post(body) { data in completion(data) }`) is decided by that function: the
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
        let finder = ReferenceFinder(names: escaping)
        finder.walk(body)
        var through: [FunctionCallExprSyntax] = []
        for name in escaping {
            guard let uses = finder.uses[name], !uses.isEmpty else { return (false, []) }
            for use in uses where !use.runsOffTheCallersThread && !use.reportsAFailureAtOnce {
                guard let call = use.enclosingClosure?.enclosingCall, CalledName(call) != nil else { return (false, []) }
                if !through.contains(where: { $0.id == call.id }) { through.append(call) }
            }
        }
        let types = VariableTypes()
        return (through.isEmpty, through.compactMap { call in
            CalledName(call).map { CallReference(called: $0, receiver: $0.receiverKind(types: types)) }
        })
    }

    /// Marks as running closures off the caller's thread every function whose `forwardsClosuresThrough`
    /// calls all resolve, each to functions that do, following chains of such helpers (a screen's upload
    /// → a service's request → the network layer's `dataTask`) to a fixed point.
    ///
    /// ```swift
    /// ClosureForwarding.settleForwardingThroughCalls(&records) { call, caller in index.candidates(of: call, from: caller) }
    /// ```
    static func settleForwardingThroughCalls(_ records: inout [FunctionRecord], resolve: (CallReference, FunctionRecord) -> [Int]) {
        var pending = records.indices.filter { !records[$0].runsClosuresOffTheCallersThread && !records[$0].forwardsClosuresThrough.isEmpty }
        var changed = true
        while changed, !pending.isEmpty {
            changed = false
            pending.removeAll { position in
                let record = records[position]
                let forwards = record.forwardsClosuresThrough.allSatisfy { call in
                    let helpers = resolve(call, record)
                    return !helpers.isEmpty && helpers.allSatisfy { records[$0].runsClosuresOffTheCallersThread }
                }
                if forwards {
                    records[position].runsClosuresOffTheCallersThread = true
                    changed = true
                }
                return forwards
            }
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
            if names.contains(name) { uses[name, default: []].append(Syntax(node)) }
            return .visitChildren
        }
    }
}

private extension Syntax {
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
