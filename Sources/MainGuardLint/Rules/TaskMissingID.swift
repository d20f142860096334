import SwiftSyntax

/// `task_missing_id`: a `.task { }` or `.onAppear { }` that reads a plain input of the view runs once
/// per appearance; when the parent passes a new value the view keeps its identity, the closure does not
/// run again, and the screen keeps data for the old value.
enum TaskMissingID: Rule {
    // Opt-in: in real apps most such values are fixed for the view's lifetime (a navigation destination's
    // id, a row's own element), and the rule is about stale data, not main-thread work.
    static let description = RuleDescription(
        id: "task_missing_id", name: "Task Missing ID", severity: .warning,
        summary: ".task { } or .onAppear { } reads an input of the view that no .task(id:), .onChange(of:) or .id() watches",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.swiftUI.views.flatMap { view -> [RuleHit] in
            let inputs = view.storedProperties.filter { isInput($0, context.swiftUI.referenceTypes) }
            guard !inputs.isEmpty else { return [] }
            let modifiers = ModifierCollector(view: view)
            return modifiers.runOnceClosures.compactMap { modifier in
                let read = view.storedPropertiesRead(from: modifier.starts)
                let unwatched = inputs.map(\.name).filter { read.contains($0) && !modifiers.watched.contains($0) }
                guard !unwatched.isEmpty else { return nil }
                return RuleHit(token: modifier.name, severity: description.severity,
                               message: Message.unwatched(modifier.name.text, inputs: unwatched))
            }
        }
    }

    /// A value the parent passes in: no property wrapper, no default, not a callback, not a reference model.
    private static func isInput(_ property: ViewStoredProperty, _ types: ReferenceTypeNames) -> Bool {
        guard property.isPlain, !property.hasInitialValue, !property.isFunctionType else { return false }
        guard let type = property.declaredTypeName.map({ String($0.prefix { $0 != "<" }) }) else { return true }
        return !types.isClass(type) && !referenceObjectSuffixes.contains { type.hasSuffix($0) }
    }

    /// Type names that, by convention, denote reference objects (models, stores, services) the view talks
    /// to rather than data it shows; the parent rarely swaps them, and their own changes are observed.
    private static let referenceObjectSuffixes = [
        "Model", "Store", "StoreOf", "Service", "Manager", "Client", "Repository", "Coordinator", "Router", "Controller",
        "Provider", "Session", "Context", "Container", "Engine", "Handler", "Cache", "Loader", "Fetcher", "Factory",
    ]

    /// `.task { }` / `.onAppear { }` closures without an id, and the names any `.task(id:)` / `.onChange(of:)` watches.
    private final class ModifierCollector: SyntaxVisitor {
        struct RunOnce {
            var name: TokenSyntax
            var starts: [Syntax]
        }

        let view: SwiftUIViewType
        var runOnceClosures: [RunOnce] = []
        var watched: Set<String> = []

        init(view: SwiftUIViewType) {
            self.view = view
            super.init(viewMode: .sourceAccurate)
            for declaration in view.members.values.joined() {
                walk(declaration)
            }
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            let name = member.declName.baseName
            // `.id(input)` re-creates the view (and its tasks) when the input changes: it watches the input too.
            let watchedArgument = node.arguments.first { argument in
                (name.text == "task" && argument.label?.text == "id") || (name.text == "onChange" && argument.label?.text == "of")
                    || (name.text == "id" && argument.label == nil)
            }
            if let watchedArgument {
                let names = NameCollector(viewMode: .sourceAccurate)
                names.walk(watchedArgument.expression)
                watched.formUnion(names.names)
            } else if ["task", "onAppear"].contains(name.text), rowDepth == 0, let starts = closureStarts(of: node) {
                runOnceClosures.append(RunOnce(name: name, starts: starts))
            }
            return .visitChildren
        }

        /// Inside a `ForEach`/`List` row, a row's `.onAppear` belongs to the element's identity
        /// (pagination: "load more when the last row appears"), not to the view's inputs.
        private var rowDepth = 0

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            if node.isRowContent { rowDepth += 1 }
            return .visitChildren
        }

        override func visitPost(_ node: ClosureExprSyntax) {
            if node.isRowContent { rowDepth -= 1 }
        }

        /// The trailing closure, a `perform:` closure, or the view's function passed as `perform: load`.
        private func closureStarts(of call: FunctionCallExprSyntax) -> [Syntax]? {
            if let closure = call.trailingClosure { return [Syntax(closure)] }
            guard let perform = call.arguments.first(where: { $0.label?.text == "perform" })?.expression else { return nil }
            if perform.is(ClosureExprSyntax.self) { return [Syntax(perform)] }
            if let reference = perform.as(DeclReferenceExprSyntax.self) { return view.members[reference.baseName.text] }
            return nil
        }
    }

    private final class NameCollector: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.baseName.text)
            return .visitChildren
        }
    }

    enum Message {
        static func unwatched(_ modifier: String, inputs: [String]) -> String {
            let list = inputs.map { "`\($0)`" }.joined(separator: ", ")
            let first = inputs[0]
            return ".\(modifier) reads \(list) from the parent but does not run again when \(inputs.count == 1 ? "it changes" : "they change"); "
                + "use `.task(id: \(first))` or `.onChange(of: \(first), initial: true)`"
        }
    }
}
