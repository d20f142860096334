import SwiftSyntax

/// The code SwiftUI runs while it evaluates a view's `body`: `body` (or `body(content:)`), the
/// view-building content closures inside it, and the computed properties and functions of the view
/// it uses, followed transitively.
///
/// Action closures (`Button { }`, `.onAppear`, `.task`, `.onChange`, gestures, `Binding(get:set:)`,
/// ...), closures stored for later, and work scheduled into `Task { }` or `DispatchQueue...async`
/// are not part of it. Closures handed to APIs this vocabulary does not know are treated as "later":
/// when in doubt, rules stay silent.
///
/// ```swift
/// let view = SwiftUIFile(tree).views[0]
/// for region in ViewBodyEvaluation(view).regions {
///     MyRuleVisitor().walk(region) // a `ViewBodyEvaluationVisitor` subclass
/// }
/// ```
struct ViewBodyEvaluation {
    /// Member declarations (a property binding or a function) that run during the evaluation, `body` first.
    let regions: [Syntax]
    /// Names of the view's members reached from `body`, `body` included.
    let reachedMembers: [String]

    init(_ view: SwiftUIViewType) {
        self.init(view, from: view.body.map { [$0] } ?? [], followingLaterClosures: false)
    }

    /// The members reached from `starts`. With `followingLaterClosures`, action closures count too
    /// (everything the code can end up running, not only what runs during the evaluation).
    init(_ view: SwiftUIViewType, from starts: [Syntax], followingLaterClosures: Bool) {
        var regions = starts
        var reached = Set<String>()
        var reachedOrder: [String] = []
        if let body = view.body, starts.contains(body) {
            reached.insert("body")
            reachedOrder.append("body")
        }
        var next = 0
        while next < regions.count {
            let collector = MemberReferenceCollector(view: view, followingLaterClosures: followingLaterClosures)
            collector.walkRegion(regions[next])
            next += 1
            for name in collector.referenced where !reached.contains(name) {
                reached.insert(name)
                reachedOrder.append(name)
                regions += view.members[name] ?? []
            }
        }
        self.regions = regions
        self.reachedMembers = reachedOrder
    }
}

/// Walks only the code that runs while `body` is evaluated: skips closures that run later and
/// nested declarations (local functions and types run only when something calls them).
///
/// Subclasses override the node kinds they need; overriding `visit(_: ClosureExprSyntax)` must call `super`.
class ViewBodyEvaluationVisitor: SyntaxVisitor {
    /// When true, closures that run later (actions) are walked too.
    let followingLaterClosures: Bool

    init(followingLaterClosures: Bool = false) {
        self.followingLaterClosures = followingLaterClosures
        super.init(viewMode: .sourceAccurate)
    }

    /// Walks a region from `ViewBodyEvaluation.regions`: the getter of a property or the body of a function.
    func walkRegion(_ region: Syntax) {
        if let function = region.as(FunctionDeclSyntax.self) {
            if let body = function.body { walk(body) }
        } else if let binding = region.as(PatternBindingSyntax.self) {
            guard let block = binding.accessorBlock else { return }
            // Reading the property runs its getter only: `set`, `nonmutating set` and observers run on writes.
            if case .accessors(let accessors) = block.accessors {
                for accessor in accessors where [.keyword(.get), .keyword(._read)].contains(accessor.accessorSpecifier.tokenKind) {
                    walk(accessor)
                }
            } else {
                walk(block)
            }
        } else {
            walk(region)
        }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        followingLaterClosures || node.runsDuringBodyEvaluation ? .visitChildren : .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Names of the view's members that a region uses: reads (`title`, `self.title`), calls
/// (`row(for:)`), and function references handed to content positions (`ForEach(items, content: row)`).
private final class MemberReferenceCollector: ViewBodyEvaluationVisitor {
    let members: [String: [Syntax]]
    var referenced: [String] = []

    init(view: SwiftUIViewType, followingLaterClosures: Bool) {
        members = view.members
        super.init(followingLaterClosures: followingLaterClosures)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard let declarations = members[name], node.refersToImplicitSelfOrSelfMember else { return .visitChildren }
        let isFunction = declarations.contains { $0.is(FunctionDeclSyntax.self) }
        if !followingLaterClosures, isFunction, node.isFunctionValueRunningLater { return .visitChildren }
        referenced.append(name)
        return .visitChildren
    }
}

extension DeclReferenceExprSyntax {
    /// `name` or `self.name` / `Self.name`, not `other.name`.
    var refersToImplicitSelfOrSelfMember: Bool {
        guard let member = parent?.as(MemberAccessExprSyntax.self), member.declName.id == id else { return true }
        guard let base = member.base?.as(DeclReferenceExprSyntax.self) else { return false }
        return [.keyword(.self), .keyword(.Self)].contains(base.baseName.tokenKind)
    }

    /// A function passed by name where a closure would run later: `Button("Save", action: save)`.
    fileprivate var isFunctionValueRunningLater: Bool {
        var expression = Syntax(self)
        if let member = parent?.as(MemberAccessExprSyntax.self), member.declName.id == id { expression = Syntax(member) }
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id { return false }
        // `perform: isLocked ? nil : deleteItems`, `action: isActive ? reset : nil`: a branch of a conditional
        // argument is the argument (the middle one is held by the `? :` itself).
        if let ternary = expression.parent?.as(UnresolvedTernaryExprSyntax.self), ternary.thenExpression.id == expression.id {
            expression = Syntax(ternary)
        }
        if expression.parent?.is(ExprListSyntax.self) == true, let sequence = expression.parent?.parent?.as(SequenceExprSyntax.self),
           sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) || $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }) {
            expression = Syntax(sequence)
        }
        guard let position = ArgumentPosition(of: expression) else { return false }
        return !position.runsDuringBodyEvaluation
    }
}

extension ClosureExprSyntax {
    /// True when SwiftUI (or Swift) runs this closure while the surrounding `body` is evaluated:
    /// view-building content, synchronous collection operations, `withAnimation`, immediate calls.
    var runsDuringBodyEvaluation: Bool {
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return true }
        return ArgumentPosition(of: Syntax(self))?.runsDuringBodyEvaluation ?? false
    }
}

extension ClosureExprSyntax {
    /// The content closure of `ForEach(data) { }` or `List(data) { }`: built once per element.
    var isRowContent: Bool {
        guard let callee = ArgumentPosition(of: Syntax(self))?.callee, !callee.isMember else { return false }
        return ["ForEach", "List"].contains(callee.name)
    }
}

extension Syntax {
    /// The event closure of built content (`body`, `var header: some View`, `func row() -> some View`) that
    /// this node sits in, as a reader names it: `.onEnded { }` for code in `TapGesture().onEnded { }`,
    /// `Button(action:)`, `.task { }`. Nil outside built content, in a stored closure, or where every
    /// closure around the node runs while `body` is evaluated. A message names it so that work done on a
    /// tap does not read as work done on every render (blind round CR: a double tap's redirect check was
    /// placed in "StoreAppView.body").
    ///
    /// ```swift
    /// var body: some View { Text("A").onTapGesture { load() } }   // at `load()`: ".onTapGesture { }"
    /// ```
    var eventClosureInBuiltContent: String? {
        var event: String?
        var current = parent
        while let node = current {
            if node.is(ClosureExprSyntax.self) {
                guard let position = ArgumentPosition(of: node) else { return nil }
                if event == nil, !position.runsDuringBodyEvaluation { event = position.readableName }
            } else if node.parent?.is(CodeBlockItemSyntax.self) == true {
                // A local declaration (`let handler = Handler(url)` in an action) is not the member.
            } else if let variable = node.as(VariableDeclSyntax.self) {
                let type = variable.bindings.first?.typeAnnotation?.type.simpleName
                return type.map(SwiftUICallbacks.builtContent.contains) == true ? event : nil
            } else if let function = node.as(FunctionDeclSyntax.self) {
                let type = function.signature.returnClause?.type.simpleName
                return type.map(SwiftUICallbacks.builtContent.contains) == true ? event : nil
            } else if node.is(DeclSyntax.self) {
                return nil
            }
            current = node.parent
        }
        return nil
    }
}

/// Where a closure or function value is handed to a call: the call, the argument label, and
/// whether it is the unlabeled first trailing closure.
struct ArgumentPosition {
    var call: FunctionCallExprSyntax
    var label: String?
    var isFirstTrailingClosure: Bool
    /// The value handed is a closure that takes parameters (`{ editing in ... }`).
    var takesParameters = false
    /// Its place among the call's parenthesised arguments; -1 for a trailing closure.
    var index = -1

    init?(of expression: Syntax) {
        takesParameters = expression.as(ClosureExprSyntax.self)?.signature?.parameterClause != nil
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == expression.id {
            self.call = call
            label = nil
            isFirstTrailingClosure = true
        } else if let argument = expression.parent?.as(LabeledExprSyntax.self),
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            self.call = call
            label = argument.label?.text
            isFirstTrailingClosure = false
            index = call.arguments.firstIndex { $0.id == argument.id }.map { call.arguments.distance(from: call.arguments.startIndex, to: $0) } ?? -1
        } else if let element = expression.parent?.as(MultipleTrailingClosureElementSyntax.self),
                  let call = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
            self.call = call
            label = element.label.text
            isFirstTrailingClosure = false
        } else {
            return nil
        }
    }

    /// The called name and whether it is a modifier/method (`.overlay { }`) rather than a type or function (`VStack { }`).
    var callee: (name: String, isMember: Bool)? {
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let reference = called.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, false) }
        if let member = called.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "init", let type = member.base?.as(DeclReferenceExprSyntax.self) {
                return (type.baseName.text, false)
            }
            return (member.declName.baseName.text, true)
        }
        return nil
    }

    /// The closure as a reader names it: `.onEnded { }`, `Button { }`, `Button(action:)`, `.onChange(perform:)`.
    var readableName: String? {
        guard let callee else { return nil }
        let name = (callee.isMember ? "." : "") + callee.name
        if let label { return "\(name)(\(label):)" }
        return "\(name) { }"
    }

    var runsDuringBodyEvaluation: Bool {
        guard let callee else { return false }
        if let label, SwiftUICallbacks.laterLabels.contains(label) { return false }
        if callee.isMember, SwiftUICallbacks.synchronousMethods.contains(callee.name) { return true }
        if !callee.isMember, SwiftUICallbacks.synchronousFunctions.contains(callee.name) { return true }
        if let label, SwiftUICallbacks.contentLabels.contains(label) { return true }
        guard label == nil else { return false }
        // `.sheet(isPresented: $shown) { onDismiss } content: { view }`: a later trailing closure is the
        // content, so the first one fills the parameter before it, a callback.
        if isFirstTrailingClosure, call.additionalTrailingClosures.contains(where: { $0.label.text == "content" }) {
            return false
        }
        if callee.isMember { return SwiftUICallbacks.contentModifiers.contains(callee.name) }
        // `Slider(value: $level, in: 0...1) { editing in ... }`: a control's closure that takes a value is
        // its `onEditingChanged` callback; its labels take none.
        if isFirstTrailingClosure, takesParameters, SwiftUICallbacks.controlsWithEditingCallbacks.contains(callee.name) {
            return false
        }
        if callee.name == "Button" {
            // `Button("Save") { save() }`: the trailing closure is the action, unless `action:` was given.
            return isFirstTrailingClosure && call.arguments.contains { $0.label?.text == "action" }
        }
        return SwiftUICallbacks.contentViews.contains(callee.name)
    }
}

/// Wording the render-loop rules share, so every message states the same facts the same way.
enum RenderLoop {
    /// "`Row.body`" or "`header` (used by `Row.body`)": where a region runs, for messages.
    static func location(of region: Syntax, in view: SwiftUIViewType) -> String {
        let entry = view.body.map { $0.is(FunctionDeclSyntax.self) ? "\(view.name).body(content:)" : "\(view.name).body" }
            ?? "\(view.name).body"
        let name: String? = if let function = region.as(FunctionDeclSyntax.self) {
            function.name.text
        } else {
            region.as(PatternBindingSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        guard let name, region != view.body else { return "`\(entry)`" }
        return "`\(name)` (used by `\(entry)`)"
    }
}

extension SwiftUIFile {
    /// Runs `check` over every region evaluated with a view's `body`, for each view of the file.
    func evaluatedRegions<Result>(_ check: (SwiftUIViewType, Syntax) -> [Result]) -> [Result] {
        zip(views, bodyEvaluations).flatMap { view, evaluation in evaluation.regions.flatMap { check(view, $0) } }
    }
}

extension SwiftUIViewType {
    /// The stored properties that code reachable from `starts` reads (`name`, `self.name`), following the
    /// view's own members it uses, action closures included; locals that shadow a property do not count.
    func storedPropertiesRead(from starts: [Syntax]) -> Set<String> {
        var read = Set<String>()
        for region in ViewBodyEvaluation(self, from: starts, followingLaterClosures: true).regions {
            let visitor = StoredPropertyReadVisitor(view: self, locals: LocalNames(in: region))
            visitor.walk(region)
            read.formUnion(visitor.read)
        }
        return read
    }
}

private final class StoredPropertyReadVisitor: SyntaxVisitor {
    let view: SwiftUIViewType
    let locals: LocalNames
    var read: Set<String> = []

    init(view: SwiftUIViewType, locals: LocalNames) {
        self.view = view
        self.locals = locals
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        guard node.refersToImplicitSelfOrSelfMember, view.storedProperty(named: name) != nil else { return .visitChildren }
        if node.parent?.is(MemberAccessExprSyntax.self) == true || !locals.contains(name) { read.insert(name) }
        return .visitChildren
    }
}
