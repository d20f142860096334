import SwiftSyntax

/// `equatable_view_ignores_property`: a view's custom `static func ==` that leaves out a stored
/// property `body` reads lets `.equatable()`/`EquatableView` skip updates that change only that
/// property, so the screen shows stale content.
enum EquatableViewIgnoresProperty: Rule {
    static let description = RuleDescription(
        id: "equatable_view_ignores_property", name: "Equatable View Ignores Property", severity: .warning,
        summary: "A view's custom == leaves out a stored property that body reads")

    static let requirements: Set<RuleRequirement> = [.views]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.swiftUI.views.flatMap { view -> [RuleHit] in
            // SwiftUI compares a view with its `==` only when the view conforms to `Equatable`: a stray `==` is never asked.
            guard let body = view.body, !view.equalityOperators.isEmpty, context.index.swiftUITypes.equatable.contains(view.name) else { return [] }
            // Plain stored properties only: SwiftUI tracks wrapped ones and bindings itself; callbacks cannot be compared.
            // A `let` with an initial value cannot be passed in: every instance holds the same value.
            let bodyReads = view.storedPropertiesRead(from: [body])
            let read = view.storedProperties.filter { property in
                property.isPlain && !property.isFunctionType && !(property.declaredTypeName?.hasPrefix("Binding<") ?? false)
                    && !(property.isLet && property.hasInitialValue)
                    && bodyReads.contains(property.name)
            }.map(\.name)
            return view.equalityOperators.compactMap { equality in
                guard let compared = comparedProperties(equality, of: view),
                      let staticKeyword = equality.modifiers.first(where: { $0.name.tokenKind == .keyword(.static) })?.name
                else { return nil }
                let missing = read.filter { !compared.contains($0) }
                guard !missing.isEmpty else { return nil }
                return RuleHit(token: staticKeyword, severity: description.severity,
                               message: Message.ignored(missing, view: view.name))
            }
        }
    }

    /// The stored properties `==` compares (`lhs.name`, `rhs.name`); nil when it compares through
    /// something this rule cannot see into (the whole value, a computed property, a method).
    private static func comparedProperties(_ equality: FunctionDeclSyntax, of view: SwiftUIViewType) -> Set<String>? {
        let parameters = Set(equality.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        guard parameters.count == 2, let body = equality.body else { return nil }
        let visitor = ComparisonVisitor(parameters: parameters)
        visitor.walk(body)
        guard !visitor.usesWholeValue, visitor.compared.allSatisfy({ view.storedProperty(named: $0) != nil }) else { return nil }
        return visitor.compared
    }

    private final class ComparisonVisitor: SyntaxVisitor {
        let parameters: Set<String>
        var compared: Set<String> = []
        var usesWholeValue = false

        init(parameters: Set<String>) {
            self.parameters = parameters
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard parameters.contains(node.baseName.text) else { return .visitChildren }
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
                let isCalled = member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == member.id
                if isCalled { usesWholeValue = true } else { compared.insert(member.declName.baseName.text) }
            } else {
                usesWholeValue = true
            }
            return .visitChildren
        }
    }

    enum Message {
        static func ignored(_ missing: [String], view: String) -> String {
            let list = missing.map { "`\($0)`" }.joined(separator: ", ")
            return "\(view)'s == ignores \(list), which body reads, so .equatable() skips real updates; "
                + "compare \(list) in == or let Swift synthesize Equatable"
        }
    }
}
