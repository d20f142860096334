import SwiftSyntax

/// `state_mutation_in_view_body`: writing view state (`@State`, `@Binding`, an observed model's
/// property) while SwiftUI evaluates `body` invalidates the view being rendered, so SwiftUI renders it
/// again, and warns "Modifying state during view update, this will cause undefined behavior".
enum StateMutationInViewBody: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 0 of 2); see Rules/state_mutation_in_view_body.md.
    static let description = RuleDescription(
        id: "state_mutation_in_view_body", name: "State Mutation in View Body", severity: .error,
        summary: "Writes @State, @Binding or observed model properties while SwiftUI evaluates body",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]

    static func check(_ context: RuleContext) -> [RuleHit] {
        let observableModels = context.swiftUI.referenceTypes
        return context.swiftUI.evaluatedRegions { view, region in
            let visitor = WriteVisitor(view: view, region: region, observableModels: observableModels)
            visitor.walkRegion(region)
            return visitor.hits
        }
    }

    private final class WriteVisitor: ValueWriteVisitor {
        let view: SwiftUIViewType
        let region: Syntax
        let observableModels: ReferenceTypeNames
        let locals: LocalNames
        var hits: [RuleHit] = []

        init(view: SwiftUIViewType, region: Syntax, observableModels: ReferenceTypeNames) {
            self.view = view
            self.region = region
            self.observableModels = observableModels
            locals = LocalNames(in: region)
            super.init()
        }

        override func found(_ write: ValueWrite) {
            guard write.isThroughSelf || !locals.contains(write.path[0]),
                  let property = view.storedProperty(named: write.path[0]), let kind = stateKind(of: property, write) else { return }
            hits.append(RuleHit(token: write.anchor, severity: description.severity,
                                message: Message.write(write.path.joined(separator: "."), kind: kind,
                                                       location: RenderLoop.location(of: region, in: view))))
        }

        /// How the written value is view state, or nil when it is not (a plain value, an unobserved object).
        private func stateKind(of property: ViewStoredProperty, _ write: ValueWrite) -> String? {
            if property.isViewState {
                // `@State var proxy = BindingProxy()` holding a plain class: writing `proxy.binding` changes the
                // object, not the state's value (the reference), so SwiftUI sees no change.
                if write.path.count > 1, let type = property.declaredTypeName, observableModels.isClass(type),
                   !observableModels.isObservable(type) { return nil }
                return "@\(property.wrappers[0]) state"
            }
            // A model property written, or (objectWillChange.send()) the model announcing a change: the path is `model.…`
            // for a property write; a bare `model` only comes from an announced change.
            guard write.path.count > 1 || write.anchor.text == "send" else { return nil }
            if property.holdsObservedModel { return "a property of the observed model `\(property.name)`" }
            if let type = property.declaredTypeName, observableModels.isObservable(type) {
                return "a property of the @Observable \(type) `\(property.name)`"
            }
            return nil
        }
    }

    enum Message {
        static func write(_ path: String, kind: String, location: String) -> String {
            "`\(path)` (\(kind)) is written while SwiftUI evaluates \(location), which renders it again; "
                + "move the write into an action or .onChange(of:), or use a local `let`"
        }
    }
}
