import SwiftSyntax

/// `unstable_view_identity`: an identity created while `body` is evaluated (`.id(UUID())`, `ForEach`
/// over values whose `id` is made during the evaluation) is new every time, so SwiftUI destroys and
/// rebuilds the subtree, losing its state, on every evaluation.
enum UnstableViewIdentity: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 1 of 8); see Rules/unstable_view_identity.md.
    static let description = RuleDescription(
        id: "unstable_view_identity", name: "Unstable View Identity", severity: .warning,
        summary: ".id(UUID())/.id(Date()) or ForEach/List over values whose identity is created while body is evaluated",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]

    static func check(_ context: RuleContext) -> [RuleHit] {
        let identities = context.swiftUI.module.freshIdentities
        return context.swiftUI.evaluatedRegions { view, region in
            let visitor = IdentityVisitor(view: view, identities: identities, location: RenderLoop.location(of: region, in: view),
                                          includesLowCost: context.settings.includesLowCost)
            visitor.walkRegion(region)
            return visitor.hits
        }
    }

    private final class IdentityVisitor: ViewBodyEvaluationVisitor {
        let view: SwiftUIViewType
        let identities: [String: FreshIdentity]
        let location: String
        /// `include_low_cost`: a fresh id on a view without costly state is reported too.
        let includesLowCost: Bool
        var hits: [RuleHit] = []

        init(view: SwiftUIViewType, identities: [String: FreshIdentity], location: String, includesLowCost: Bool) {
            self.view = view
            self.identities = identities
            self.location = location
            self.includesLowCost = includesLowCost
            super.init()
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
               member.declName.baseName.text == "id", node.arguments.count == 1, let argument = node.arguments.first,
               argument.label == nil, argument.expression.containsFreshValue, !member.restartsASpinner,
               includesLowCost || member.holdsCostlyState {
                hits.append(RuleHit(token: member.declName.baseName, severity: description.severity,
                                    message: Message.freshID(argument.expression.trimmedDescription, location: location)))
            } else if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self),
                      ["ForEach", "List"].contains(callee.baseName.text),
                      let data = node.arguments.first, data.label == nil, let reason = unstableElements(of: node, data: data.expression) {
                hits.append(RuleHit(token: callee.baseName, severity: description.severity,
                                    message: Message.unstableElements(callee.baseName.text, reason: reason, location: location)))
            }
            return .visitChildren
        }

        /// Why the data's elements get a new identity on every evaluation, or nil when they (may) keep it.
        private func unstableElements(of call: FunctionCallExprSyntax, data written: ExprSyntax) -> String? {
            // `items.indices` are integers: stable whatever the items are.
            if written.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "indices" { return nil }
            let (data, isEnumerated) = Self.enumeratedSource(of: written)
            var idKeyPath = call.arguments.first { $0.label?.text == "id" }?.expression.trimmedDescription
                .replacingOccurrences(of: " ", with: "")
            if isEnumerated {
                // `Array(items.enumerated())`: `\.offset` is stable, `\.element...` is the items' identity.
                guard let keyPath = idKeyPath, keyPath.hasPrefix("\\.element") else { return nil }
                idKeyPath = keyPath == "\\.element" ? "\\.self" : "\\." + keyPath.dropFirst("\\.element.".count)
            }
            let identifiesBySelf = idKeyPath == "\\.self"
            // Without `id:` (or with `id: \.id`) elements are identified by their `id` property.
            guard idKeyPath == nil || idKeyPath == "\\.id" || identifiesBySelf else { return nil }
            if let root = ValuePath(data)?.root, let property = view.storedProperty(named: root),
               let element = property.elementTypeName, identities[element] == .newOnEveryRead {
                return "`\(element).id` is computed and creates a new value on every read"
            }
            var built: [Syntax] = [Syntax(data)]
            if let root = ValuePath(data)?.root, view.storedProperty(named: root) == nil {
                built += view.members[root] ?? []
            }
            for code in built {
                let scan = ConstructionScanner(identities: identities, identifiesBySelf: identifiesBySelf)
                scan.walk(code)
                if let reason = scan.reason { return reason }
            }
            return nil
        }

        /// `items` for `items.enumerated()` and `Array(items.enumerated())`, with true; the data itself otherwise.
        private static func enumeratedSource(of data: ExprSyntax) -> (ExprSyntax, isEnumerated: Bool) {
            var expression = data
            if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Array",
               call.arguments.count == 1, let only = call.arguments.first {
                expression = only.expression
            }
            guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "enumerated",
                  let base = member.base else { return (data, false) }
            return (base, true)
        }
    }

    /// Values built while the data is computed, whose identity is fresh: `T(id: UUID())`, `T()` with
    /// `let id = UUID()`, and (with `id: \.self`) fresh values themselves.
    private final class ConstructionScanner: SyntaxVisitor {
        let identities: [String: FreshIdentity]
        let identifiesBySelf: Bool
        var reason: String?

        init(identities: [String: FreshIdentity], identifiesBySelf: Bool) {
            self.identities = identities
            self.identifiesBySelf = identifiesBySelf
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard reason == nil, let type = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  type.first?.isUppercase == true else { return .visitChildren }
            if let id = node.arguments.first(where: { $0.label?.text == "id" }), id.expression.containsFreshValue {
                reason = "each `\(type)` is built with `id: \(id.expression.trimmedDescription)`"
            } else if identities[type] != nil {
                reason = "each `\(type)` built here gets a new `id`"
            } else if identifiesBySelf, node.arguments.contains(where: { $0.expression.containsFreshValue }) {
                reason = "each `\(type)` built here holds a fresh value and is identified by `\\.self`"
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            if identifiesBySelf, node.statements.count == 1, let only = node.statements.first?.item.as(ExprSyntax.self),
               only.containsFreshValue, ArgumentPosition(of: Syntax(node))?.callee.map({ ["map", "compactMap", "flatMap"].contains($0.name) }) == true {
                reason = "the values are created with `\(only.trimmedDescription)` and identified by `\\.self`"
            }
            return .visitChildren
        }
    }

    enum Message {
        static func freshID(_ expression: String, location: String) -> String {
            ".id(\(expression)) gives the view a new identity each time SwiftUI evaluates \(location), rebuilding it and losing its state; "
                + "use an id from the data"
        }

        static func unstableElements(_ container: String, reason: String, location: String) -> String {
            "\(container) gets new element identities each time SwiftUI evaluates \(location) (\(reason)); "
                + "give elements a stored id assigned once"
        }
    }
}

private extension MemberAccessExprSyntax {
    /// The view given a fresh id (with its content) names one of `SwiftUIViewState.costlyToRebuild`. A label, a button
    /// or a decoration rebuilt on every evaluation costs microseconds and loses nothing: blind reviews
    /// judged all four such findings deliberate (animation and layout workarounds). A view of the app's
    /// own is not looked into.
    var holdsCostlyState: Bool { modifiedViewNames(anyOf: SwiftUIViewState.costlyToRebuild) }

    /// `.id(UUID())` on a loading indicator (`HStack { Spacer(); ProgressView(); Spacer() }.id(UUID())`):
    /// the known idiom for restarting a spinner's animation in a reused row, with no state to lose.
    var restartsASpinner: Bool { modifiedViewNames(anyOf: ["ProgressView"]) }

    /// The view the modifier is applied to names one of `names` anywhere in its content.
    private func modifiedViewNames(anyOf names: Set<String>) -> Bool {
        guard let modified = base else { return false }
        final class NameFinder: SyntaxVisitor {
            let names: Set<String>
            var found = false
            init(names: Set<String>) {
                self.names = names
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if names.contains(node.baseName.text) { found = true }
                return found ? .skipChildren : .visitChildren
            }
        }
        let finder = NameFinder(names: names)
        finder.walk(modified)
        return finder.found
    }
}

