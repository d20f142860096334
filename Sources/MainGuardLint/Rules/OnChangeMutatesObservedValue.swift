import SwiftSyntax

/// `onchange_mutates_observed_value`: an `.onChange(of: x)` (or `.task(id: x)`) action that writes `x`
/// triggers itself again in the same frame; SwiftUI reports "onChange(of:) action tried to update
/// multiple times per frame" and drops updates.
enum OnChangeMutatesObservedValue: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 0 of 9); see Rules/onchange_mutates_observed_value.md.
    static let description = RuleDescription(
        id: "onchange_mutates_observed_value", name: "onChange Mutates Observed Value", severity: .warning,
        summary: "An .onChange(of:) or .task(id:) action writes the value it observes",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]

    static func check(_ context: RuleContext) -> [RuleHit] {
        guard !context.swiftUI.views.isEmpty else { return [] }
        return context.calls.flatMap { resolved -> [RuleHit] in
            guard let observation = Observation(resolved.node) else { return [] }
            let visitor = ActionWriteVisitor(observation: observation, includesLowCost: context.settings.includesLowCost)
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
        /// `include_low_cost`: writes that settle after one more update (clamping, trimming) are reported too.
        let includesLowCost: Bool
        var hits: [RuleHit] = []

        init(observation: Observation, includesLowCost: Bool) {
            self.observation = observation
            self.includesLowCost = includesLowCost
            locals = LocalNames(in: observation.action)
            super.init()
        }

        override func found(_ write: ValueWrite) {
            // `objectWillChange.send()` announces a change but writes no observed value.
            // A reset to a constant (`scrollTarget = nil` once scrolled) settles after one more update: an idiom, not a loop.
            guard write.anchor.text != "send", !write.assignsLiteral, write.isThroughSelf || !locals.contains(write.path[0]),
                  ValuePath(components: write.path).overlaps(observation.observed),
                  includesLowCost || !(write.settles(observing: observation.observed) || isGuardedByACheck(write)) else { return }
            hits.append(RuleHit(token: write.anchor, severity: description.severity,
                                message: Message.writesObserved(observation.modifier, path: write.path.joined(separator: "."))))
        }

        /// `if newValue.hasPrefix("ssh ssh ") { command.removeFirst(4) }`, `for id in newValue where !ids.contains(id)`,
        /// `guard newValue.last?.isNewline == true else { return }` followed by `text.removeLast()`,
        /// `guard hours < limit else { days = stored; return }` with `let hours = Int(newValue * 24)`: a write
        /// made only when a test of the value (or of a local computed from it) passes normalises or reverts
        /// it, and the test fails on the next run. Blind reviews judged all nine such findings in held-out
        /// apps deliberate and bounded.
        private func isGuardedByACheck(_ write: ValueWrite) -> Bool {
            var names = observation.action.parameterNames.union(["$0", "$1"] + observation.observed.components.prefix(1)).subtracting(["_"])
            for item in observation.action.statements {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings {
                    guard let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer?.value,
                          value.tokens(viewMode: .sourceAccurate).contains(where: { names.contains($0.text) }) else { continue }
                    names.insert(local)
                }
            }
            var node = write.anchor.parent
            var child: Syntax? = Syntax(write.anchor)
            while let current = node, current.id != observation.action.id {
                // An `if` on the value, a `guard` whose else block makes the write, or a filtered loop over it
                // (`for id in newValue where ...`).
                var tested: [Syntax] = current.as(IfExprSyntax.self).map { [Syntax($0.conditions)] } ?? []
                if let guardStatement = current.as(GuardStmtSyntax.self), child.map({ Syntax(guardStatement.body) == $0 }) == true {
                    tested = [Syntax(guardStatement.conditions)]
                }
                if let loop = current.as(ForStmtSyntax.self), let filter = loop.whereClause {
                    tested = [Syntax(loop.sequence), Syntax(filter)]
                }
                // `guard newValue.last?.isNewline == true else { return }` before the write, in the same block.
                if let block = current.as(CodeBlockItemListSyntax.self), let child {
                    tested = block.prefix { Syntax($0) != child }.compactMap { $0.item.as(GuardStmtSyntax.self).map { Syntax($0.conditions) } }
                }
                if tested.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) } }) {
                    return true
                }
                child = current
                node = current.parent
            }
            return false
        }
    }

    /// The methods whose second call changes the value again (`append`, `toggle`): they never settle.
    static let changingMethods: Set<String> = [
        "append", "insert", "toggle", "shuffle", "reverse", "removeFirst", "removeLast", "popLast", "popFirst", "swapAt",
        "replaceSubrange", "remove", "formSymmetricDifference",
    ]

    enum Message {
        static func writesObserved(_ modifier: String, path: String) -> String {
            "This \(modifier) action writes `\(path)`, the value it observes, so it runs again in the same update; "
                + "normalise the value where it is set, or write a derived state"
        }
    }
}

private extension ValueWrite {
    /// A write whose repetition leaves the value as it is, so the action runs once more and stops:
    /// `code = String(code.prefix(6))`, `volume = min(newValue, 0.9)`, `songs.sort()`. Not
    /// `page += 1`, `page = page + 1`, `items.append(x)` or `isOn.toggle()`, which change it on every run.
    func settles(observing observed: ValuePath) -> Bool {
        guard let value = assignedValue else {
            // A mutating call anchors at its name: `sort`, `removeAll`, `formUnion` are idempotent, `append`
            // and `toggle` are not. A compound assignment (`+=`) anchors at its target and changes it every time.
            let isMethodCall = anchor.parent?.parent?.is(MemberAccessExprSyntax.self) == true
            return isMethodCall && Self.mutatingMethods.contains(anchor.text)
                && !OnChangeMutatesObservedValue.changingMethods.contains(anchor.text)
        }
        // `x = x + 1`: arithmetic on the value itself.
        guard let sequence = value.as(SequenceExprSyntax.self) else { return true }
        let usesItself = sequence.elements.contains { element in ValuePath(element).map { $0.overlaps(observed) } ?? false }
        let isArithmetic = sequence.elements.contains { element in
            ["+", "-", "*", "/", "%", "&+", "&-", "&*"].contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }
        return !(usesItself && isArithmetic)
    }
}
