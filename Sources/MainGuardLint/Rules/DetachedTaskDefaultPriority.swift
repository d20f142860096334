import SwiftSyntax

/// `detached_task_default_priority`: `Task.detached` without `priority:` runs at `.medium` and inherits
/// nothing from the code that starts it, so work a user waits for competes with background work.
enum DetachedTaskDefaultPriority: Rule {
    // Opt-in: blind reviews of real apps judged 0 of 14 sampled findings worth a change. Most detached
    // tasks are background work nobody waits for, where `.medium` is fine, and awaiting a task raises its
    // priority. Teams that want every priority stated turn it on with `opt_in_rules`.
    static let description = RuleDescription(
        id: "detached_task_default_priority", name: "Detached Task Default Priority", severity: .warning,
        summary: "Task.detached without priority: runs at .medium and inherits neither actor nor priority",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.detachedTasks]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.calls.lazy.filter(\.called.startsDetachedTask).map(\.node).compactMap { call in
            guard !call.arguments.contains(where: { $0.label?.text == "priority" }),
                  let task = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.firstToken(viewMode: .sourceAccurate)
            else { return nil }
            return RuleHit(token: task, severity: description.severity, message: Message.noPriority)
        }
    }

    enum Message {
        static let noPriority = "Task.detached without a priority runs at .medium; say which it is: "
            + "`.userInitiated` if a user waits for it, `.utility` or `.background` otherwise"
    }
}
