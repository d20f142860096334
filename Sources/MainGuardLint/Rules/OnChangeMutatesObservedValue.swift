import SwiftSyntax

/// `onchange_mutates_observed_value`: an `.onChange(of: x)` (or `.task(id: x)`) action that writes `x`
/// triggers itself again in the same frame; SwiftUI reports "onChange(of:) action tried to update
/// multiple times per frame" and drops updates.
enum OnChangeMutatesObservedValue: Rule {
    static let description = RuleDescription(
        id: "onchange_mutates_observed_value", name: "onChange Mutates Observed Value", severity: .warning,
        summary: "An .onChange(of:) or .task(id:) action writes the value it observes")

    static func check(_ context: RuleContext) -> [RuleHit] {
        guard !context.swiftUI.views.isEmpty else { return [] }
        return context.calls.flatMap { resolved -> [RuleHit] in
            guard let observation = Observation(resolved.node) else { return [] }
            let visitor = ActionWriteVisitor(observation: observation)
            visitor.walk(observation.action.statements)
            return visitor.hits
        }
    }

    /// `.onChange(of: value) { action }` or `.task(id: value) { action }`.
    private struct Observation {
        var modifier: String
        var observed: ValuePath
        var action: ClosureExprSyntax

        init?(_ call: FunctionCallExprSyntax) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
            let observedLabel: String
            switch member.declName.baseName.text {
            case "onChange": observedLabel = "of"
            case "task": observedLabel = "id"
            default: return nil
            }
            guard let value = call.arguments.first(where: { $0.label?.text == observedLabel }),
                  let observed = ValuePath(value.expression) else { return nil }
            let labelled = call.arguments.first { ["perform", "action"].contains($0.label?.text) }?.expression.as(ClosureExprSyntax.self)
            guard let action = call.trailingClosure ?? labelled else { return nil }
            modifier = ".\(member.declName.baseName.text)(\(observedLabel): \(value.expression.trimmedDescription))"
            self.observed = observed
            self.action = action
        }
    }

    /// Writes the action performs synchronously (nested `withAnimation { }` included, `Task { }` not).
    private final class ActionWriteVisitor: ValueWriteVisitor {
        let observation: Observation
        let locals: LocalNames
        var hits: [RuleHit] = []

        init(observation: Observation) {
            self.observation = observation
            locals = LocalNames(in: observation.action)
            super.init()
        }

        override func found(_ write: ValueWrite) {
            // `objectWillChange.send()` announces a change but writes no observed value.
            // A reset to a constant (`scrollTarget = nil` once scrolled) settles after one more update: an idiom, not a loop.
            guard write.anchor.text != "send", !write.assignsLiteral, write.isThroughSelf || !locals.contains(write.path[0]),
                  ValuePath(components: write.path).overlaps(observation.observed) else { return }
            hits.append(RuleHit(token: write.anchor, severity: description.severity,
                                message: Message.writesObserved(observation.modifier, path: write.path.joined(separator: "."))))
        }
    }

    enum Message {
        static func writesObserved(_ modifier: String, path: String) -> String {
            "This \(modifier) action writes `\(path)`, the value it observes, so it runs again in the same update; "
                + "normalise the value where it is set, or write a derived state"
        }
    }
}
