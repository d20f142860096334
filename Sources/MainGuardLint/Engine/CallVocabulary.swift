import SwiftSyntax

/// A call as the syntax spells it: the called name, its receiver and its argument labels.
///
/// No type checker is available, so this is all the engine knows about a call: rules resolve it
/// against the `ModuleIndex` by name and labels, or against the `APICatalogue`.
struct CalledName {
    /// The function, method or (for `Type(...)`) type name.
    var name: String
    /// `x` in `x.f()`; nil for `f()` and for implicit members `.f()`.
    var receiver: ExprSyntax?
    /// True for `.f()` written without a receiver.
    var isImplicitMember: Bool
    /// Argument labels in order; nil for unlabeled arguments. Trailing closures are `.some("*")` when unlabeled.
    var labels: [String?]
    /// The token findings point at.
    var nameToken: TokenSyntax

    static let trailingClosureLabel = "*"

    init?(_ call: FunctionCallExprSyntax) {
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            receiver = nil
            isImplicitMember = false
            nameToken = reference.baseName
        } else if let member = called.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { $0.as(GenericSpecializationExprSyntax.self)?.expression ?? $0 }
            if member.declName.baseName.text == "init", let typeName = base?.as(DeclReferenceExprSyntax.self) {
                name = typeName.baseName.text
                receiver = nil
                nameToken = typeName.baseName
            } else {
                name = member.declName.baseName.text
                receiver = base
                nameToken = member.declName.baseName
            }
            isImplicitMember = base == nil
        } else {
            return nil
        }
        labels = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil { labels.append(Self.trailingClosureLabel) }
        labels += call.additionalTrailingClosures.map { $0.label.text }
    }

    /// `Foo(...)`: an initializer call by the naming convention (no type checker to ask).
    var isInitializerCall: Bool { receiver == nil && !isImplicitMember && name.first?.isUppercase == true }

    /// The text of the receiver without trivia, e.g. `DispatchQueue.main`.
    var receiverText: String? { receiver?.trimmedDescription }
}

/// What a closure literal is, judged by the call it is handed to: decides where its body runs.
enum ClosureRole: Equatable {
    /// `Task { }` / `Task(priority:) { }` / `Task(name:) { }`: inherits the isolation where it is written.
    case unstructuredTask
    /// `MainActor.run { }`, `DispatchQueue.main.async { }`: a job queued onto the main actor.
    case mainActorJob(String)
    /// `MainActor.assumeIsolated { }`, `@MainActor in`: synchronous main-actor code.
    case mainActorCode(String)
    /// `Task.detached`, background queues, URLSession handlers, child tasks, threads: leaves the main actor.
    case background(String)
    /// Any other closure: runs where it is called, which the engine assumes is where it is written.
    case inherits
}

extension ClosureExprSyntax {
    /// The call this closure is an argument or trailing closure of.
    var enclosingCall: FunctionCallExprSyntax? {
        var node = parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            guard current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self)
                || current.is(MultipleTrailingClosureElementListSyntax.self)
            else { return nil }
            node = current.parent
        }
        return nil
    }

    /// Where this closure's body runs, from its attributes and the API it is handed to.
    var role: ClosureRole {
        if let attributes = signature?.attributes {
            if attributes.contains(named: "MainActor") { return .mainActorCode("a @MainActor closure") }
            if attributes.contains(named: "Sendable") || attributes.contains(named: "concurrent") {
                return .background("a @Sendable closure")
            }
        }
        guard let call = enclosingCall, let called = CalledName(call) else { return .inherits }
        return called.closureRole
    }
}

extension CalledName {
    /// The role of a closure handed to this call.
    var closureRole: ClosureRole {
        let receiver = receiverText
        switch (receiver, name) {
        case (nil, "Task") where !isImplicitMember: return .unstructuredTask
        case ("Task", "detached"): return .background("a Task.detached body")
        case ("MainActor", "run"): return .mainActorJob("MainActor.run")
        case ("MainActor", "assumeIsolated"): return .mainActorCode("MainActor.assumeIsolated")
        case (nil, "Thread"), ("Thread", "detachNewThread"), (nil, "BlockOperation"):
            return .background("a background thread")
        case (_, "addTask"), (_, "addTaskUnlessCancelled"), (_, "addDiscardingTask"), (_, "addDiscardingTaskUnlessCancelled"):
            return .background("a child task")
        case (_, "dataTask"), (_, "downloadTask"), (_, "uploadTask"):
            return .background("a URLSession completion handler")
        default:
            break
        }
        if isMainQueue(receiver) {
            if ["async", "asyncAfter", "perform", "addOperation"].contains(name) { return .mainActorJob("\(receiver ?? "").\(name)") }
            return .inherits
        }
        if ["async", "asyncAfter", "addOperation", "addBarrierBlock"].contains(name), receiver != nil {
            return .background("a background queue")
        }
        return .inherits
    }

    private func isMainQueue(_ receiver: String?) -> Bool {
        guard let receiver else { return false }
        return receiver == "DispatchQueue.main" || receiver == "OperationQueue.main" || receiver == "RunLoop.main"
            || receiver == ".main"
    }
}

extension AttributeListSyntax {
    /// True when an attribute `@name` (or `@name(...)`) is written.
    func contains(named name: String) -> Bool {
        contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == name }
    }

    /// Custom global actors other than the main actor (`@DatabaseActor`), by the naming convention.
    var otherGlobalActor: String? {
        for element in self {
            guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { continue }
            if name != "MainActor", name.hasSuffix("Actor") { return name }
        }
        return nil
    }
}

extension DeclModifierListSyntax {
    /// True when `modifier` is written, e.g. `nonisolated` or `static`.
    func contains(_ modifier: String) -> Bool {
        contains { $0.name.text == modifier }
    }

    /// `nonisolated` without `(unsafe)`: on a declaration it leaves the enclosing actor.
    var isNonisolated: Bool {
        contains { $0.name.text == "nonisolated" && $0.detail?.detail.text != "unsafe" }
    }
}
