import SwiftSyntax

/// `equatable_view_ignores_property`: a view's custom `static func ==` that leaves out a stored
/// property `body` reads lets `.equatable()`/`EquatableView` skip updates that change only that
/// property, so the screen shows stale content.
enum EquatableViewIgnoresProperty: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 2 of 9); see Rules/equatable_view_ignores_property.md.
    static let description = RuleDescription(
        id: "equatable_view_ignores_property", name: "Equatable View Ignores Property", severity: .warning,
        summary: "A view's custom == leaves out a stored property that body reads",
        isOptIn: true)

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
                let missing = read.filter { !compared.contains($0) && !canBeLeftOut($0, view: view, compared: compared, module: context.index.swiftUITypes) }
                guard !missing.isEmpty else { return nil }
                return RuleHit(token: staticKeyword, severity: description.severity,
                               message: Message.ignored(missing, view: view.name))
            }
        }
    }

    /// A property `==` may leave out without skipping a real update:
    /// - a `Namespace.ID`, which stays the same for the life of the view that owns the namespace;
    /// - a reference to one of the module's classes, which `==` could compare only by identity: views are
    ///   handed a long-lived model and leave it out on purpose, with a value that stands in for its data
    ///   (blind reviews judged both such findings intentional);
    /// - a property an `init` derives from a compared one (`self.color = Color(nodeColor)`): equal
    ///   compared values give equal derived ones.
    private static func canBeLeftOut(_ name: String, view: SwiftUIViewType, compared: Set<String>, module: SwiftUIModuleTypes) -> Bool {
        guard let property = view.storedProperty(named: name) else { return false }
        if let type = property.declaredTypeName, type == "Namespace.ID" || module.classes.contains(type) { return true }
        return view.initializers.contains { initializer in
            initializer.body?.statements.contains { item in
                // `self.color = Color(nodeColor)`: an unfolded sequence, target, `=`, value.
                guard let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return false }
                let elements = Array(sequence.elements)
                guard elements[1].is(AssignmentExprSyntax.self), elements[0].trimmedDescription.dropPrefix("self.") == name else { return false }
                return elements[2...].contains { element in element.tokens(viewMode: .sourceAccurate).contains { compared.contains($0.text) } }
            } ?? false
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

private extension String {
    func dropPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? dropFirst(prefix.count) : Substring(self)
    }
}
