import SwiftSyntax

/// A function of the app's own that takes escaping closures and runs every one of them on a background
/// queue or thread: a dispatch helper such as `asyncNow { }` that wraps `queue.async`, `Thread { }` or a
/// `DispatchWorkItem`. A closure handed to it is not work done where it is written, any more than one
/// handed to `DispatchQueue.global().async`. (`ConcurrencyAPIs` knows the SDK's APIs by name; this reads
/// the app's helpers from their bodies.)
///
/// Every use of every escaping closure parameter must sit in a closure that `ClosureRole` puts in the
/// background, or be handed to such an API (`queue.async(execute: action)`). A parameter that is stored,
/// returned or called directly leaves the function undecided, and its callers' closures stay theirs.
///
/// ```swift
/// // func inBackground(_ action: @escaping () -> Void) { workQueue.async { action() } }   // forwards
/// // func now(_ action: @escaping () -> Void) { action() }                                // does not
/// ```
enum ClosureForwarding {
    static func runsEveryClosureOffTheCallersThread(_ parameters: FunctionParameterListSyntax, body: CodeBlockSyntax?) -> Bool {
        guard let body else { return false }
        var escaping: Set<String> = []
        for parameter in parameters {
            guard parameter.type.isFunctionType else { continue }
            // A non-escaping closure runs before the function returns: the helper is not a hop.
            guard parameter.type.isEscaping else { return false }
            escaping.insert((parameter.secondName ?? parameter.firstName).text)
        }
        guard !escaping.isEmpty else { return false }
        let finder = ReferenceFinder(names: escaping)
        finder.walk(body)
        return escaping.allSatisfy { name in
            guard let uses = finder.uses[name], !uses.isEmpty else { return false }
            return uses.allSatisfy(\.runsOffTheCallersThread)
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
