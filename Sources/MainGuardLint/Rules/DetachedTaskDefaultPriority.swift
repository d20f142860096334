import SwiftSyntax

/// `detached_task_default_priority`: `Task.detached` without `priority:` runs at `.medium` and inherits
/// nothing from the code that starts it, so work a user waits for competes with background work.
enum DetachedTaskDefaultPriority: Rule {
    static let description = RuleDescription(
        id: "detached_task_default_priority", name: "Detached Task Default Priority", severity: .warning,
        summary: "Task.detached without priority: runs at .medium and inherits neither actor nor priority")

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.facts.calls.compactMap { call in
            guard call.isDetachedTaskInitializer, !call.arguments.contains(where: { $0.label?.text == "priority" }),
                  let task = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.firstToken(viewMode: .sourceAccurate)
            else { return nil }
            return RuleHit(token: task, severity: description.severity, message: Message.noPriority)
        }
    }

    enum Message {
        static let noPriority = "Task.detached without a priority runs at .medium and inherits neither the actor nor the "
            + "priority of the code that starts it, so work a user is waiting for competes with background work. "
            + "Fix: pass the priority the work deserves, e.g. `Task.detached(priority: .userInitiated)` for work the user "
            + "waits for, `.utility` or `.background` otherwise."
    }
}

private extension FunctionCallExprSyntax {
    /// `Task.detached { }` / `Task.detached(priority:) { }`.
    var isDetachedTaskInitializer: Bool {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "detached",
              let base = member.base else { return false }
        let receiver = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
        return receiver.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
    }
}
