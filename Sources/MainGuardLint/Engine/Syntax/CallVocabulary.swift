import SwiftSyntax

/// A call as the syntax spells it: the called name, its receiver and its argument labels.
///
/// No type checker is available, so this is all the engine knows about a call: rules resolve it
/// against the `ModuleIndex` by name and labels, or against the `APICatalogue`.
struct CalledName: Sendable {
    /// The function, method or (for `Type(...)`) type name.
    var name: String
    /// `x` in `x.f()`; nil for `f()` and for implicit members `.f()`.
    var receiver: ExprSyntax?
    /// True for `.f()` written without a receiver.
    var isImplicitMember: Bool
    /// The token findings point at.
    var nameToken: TokenSyntax
    let call: FunctionCallExprSyntax

    static let trailingClosureLabel = "*"

    init?(_ call: FunctionCallExprSyntax) {
        self.call = call
        var called = call.calledExpression
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            receiver = nil
            isImplicitMember = false
            nameToken = reference.baseName
        } else if let member = called.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { $0.as(GenericSpecializationExprSyntax.self)?.expression ?? $0 }
            // Built once: this runs for every call of every file.
            let memberName = member.declName.baseName
            let memberText = memberName.text
            if memberText == "init", let typeName = base?.as(DeclReferenceExprSyntax.self) {
                name = typeName.baseName.text
                receiver = nil
                nameToken = typeName.baseName
            } else {
                name = memberText
                receiver = base
                nameToken = memberName
            }
            isImplicitMember = base == nil
        } else {
            return nil
        }
    }

    /// Argument labels in order; nil for unlabeled arguments. Trailing closures are `.some("*")` when unlabeled.
    /// Computed on demand: most calls are never matched by labels.
    var labels: [String?] {
        var labels = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil { labels.append(Self.trailingClosureLabel) }
        labels += call.additionalTrailingClosures.map { $0.label.text }
        return labels
    }

    /// What the index needs to tell whether the linted code declares the callee.
    struct LookupName: Sendable, Hashable {
        var name: String
        var isInitializerCall: Bool
    }

    var lookupName: LookupName { LookupName(name: name, isInitializerCall: isInitializerCall) }

    /// `Foo(...)`: an initializer call by the naming convention (no type checker to ask).
    var isInitializerCall: Bool { receiver == nil && !isImplicitMember && name.startsWithUppercase }

    /// The text of the receiver without trivia, e.g. `DispatchQueue.main`.
    var receiverText: String? { receiver?.trimmedDescription }
}

extension CalledName {
    /// Iteration written as a call, with work per element: `items.forEach { save($0) }`, `rows.compactMap(makeNote)`,
    /// `text.enumerateLines { rows.append(...) }`. It loops over data of unknown size like a `for` loop does.
    /// Key paths (`map(\.id)`), closures that only build values (`map { URLQueryItem(...) }`) and closures that
    /// only call the element's own methods (`map { $0.lowercased() }`) cost next to nothing per element.
    var iteratesWithWorkPerElement: Bool {
        guard receiver != nil, Self.iterationNames.contains(name) else { return false }
        if let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) {
            let parameters = closure.parameterNames
            return closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.tokenKind == .leftParen, let inner = token.parent?.as(FunctionCallExprSyntax.self),
                      let called = CalledName(inner), !called.isInitializerCall else { return false }
                return !(called.receiver?.rootName.map { $0.hasPrefix("$") || parameters.contains($0) } ?? false)
            }
        }
        // A function passed by name: `compactMap(makeNote)`.
        return call.arguments.count == 1 && call.arguments.first?.label == nil
            && call.arguments.first?.expression.is(DeclReferenceExprSyntax.self) == true
    }

    static let iterationNames: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "allSatisfy", "enumerateLines",
    ]
}

/// A read of a property by name, which runs a getter where the linted code declares the property as a
/// computed one: `self.total`, or `total` in a method of its type or as a global. Not a call (`load()`),
/// an assignment (`total = 0`), a name that starts in upper case (a type) or `$0`.
///
/// ```swift
/// PropertyRead(member: memberAccess)?.name // "total" for `self.total`
/// ```
struct PropertyRead: Sendable {
    let node: ExprSyntax
    /// The token findings point at.
    let nameToken: TokenSyntax
    /// `self` in `self.total`; nil for a name read on its own.
    let receiver: ExprSyntax?

    var name: String { nameToken.text }

    var lookupName: CalledName.LookupName { CalledName.LookupName(name: name, isInitializerCall: false) }

    /// Only on `self` or `Self`: a read on another value (`image.averageColor`) would have to be resolved by a
    /// receiver type the syntax rarely shows, and looking every such read up cost a fifth of a lint run of
    /// app code for few findings (measured on 318 apps: 7 new, 2 judged worth acting on).
    init?(member: MemberAccessExprSyntax) {
        guard let base = member.base, let kind = base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind,
              kind == .keyword(.self) || kind == .keyword(.Self), Self.isReadName(member.declName),
              Self.isRead(ExprSyntax(member), lastToken: member.declName.baseName) else { return nil }
        node = ExprSyntax(member)
        nameToken = member.declName.baseName
        receiver = base
    }

    /// A name read on its own (not the member of `x.name`, which `init(member:)` reads), unless `isLocal`
    /// says the function binds it: asked last, after the checks of the syntax.
    init?(reference: DeclReferenceExprSyntax, isLocal: (String) -> Bool = { _ in false }) {
        guard let parent = reference.parent, Self.isReadName(reference) else { return nil }
        if parent.kind == .memberAccessExpr, parent.cast(MemberAccessExprSyntax.self).declName.id == reference.id { return nil }
        guard Self.isRead(ExprSyntax(reference), lastToken: reference.baseName), !isLocal(reference.baseName.text) else { return nil }
        node = ExprSyntax(reference)
        nameToken = reference.baseName
        receiver = nil
    }

    func receiverKind(types: VariableTypes) -> ReceiverKind {
        ReceiverKind(of: receiver, isImplicitMember: false, types: types)
    }

    private static func isReadName(_ reference: DeclReferenceExprSyntax) -> Bool {
        let token = reference.baseName
        guard reference.argumentNames == nil, case .identifier = token.tokenKind,
              let first = token.text.utf8.first else { return false }
        return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    }

    /// Not the called expression of a call, not assigned to (`lastToken` is the expression's last token).
    private static func isRead(_ expression: ExprSyntax, lastToken: TokenSyntax) -> Bool {
        guard let parent = expression.parent else { return true }
        if parent.kind == .functionCallExpr, parent.cast(FunctionCallExprSyntax.self).calledExpression.id == expression.id { return false }
        // `total = 0` is an element of an unfolded sequence; an argument, a base or a condition is not assigned to.
        return parent.kind != .exprList || lastToken.nextToken(viewMode: .sourceAccurate)?.tokenKind != .equal
    }
}

extension String {
    /// True for type-like names (`Data`, `URLSession`): ASCII check, cheap enough for every call.
    var startsWithUppercase: Bool {
        guard let first = utf8.first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }
}

/// What a closure literal is, judged by the call it is handed to: decides where its body runs.
enum ClosureRole: Equatable {
    /// `Task { }` / `Task(priority:) { }` / `Task(name:) { }`: inherits the isolation where it is written.
    case unstructuredTask
    /// `Task { @MainActor in }` (also detached): a task body on the main actor wherever it is written.
    case mainActorTask
    /// `MainActor.run { }`, `DispatchQueue.main.async { }`: a job queued onto the main actor.
    case mainActorJob(String)
    /// The API of `MainActor.run`'s job (``mainActorJob(_:)``); the others are blocks a main queue runs.
    static let mainActorRun = "MainActor.run"
    /// `MainActor.assumeIsolated { }`, `@MainActor in`: synchronous main-actor code.
    case mainActorCode(String)
    /// `Task.detached`, background queues, URLSession handlers, child tasks, threads: leaves the main actor.
    case background(String)
    /// Any other closure: runs where it is called, which the engine assumes is where it is written.
    case inherits

    /// A job body that runs on the main actor when started there (where `sync_work_in_main_actor_task` looks).
    var startsMainActorJob: Bool {
        switch self {
        case .unstructuredTask, .mainActorTask, .mainActorJob: true
        case .mainActorCode, .background, .inherits: false
        }
    }
}

extension ClosureExprSyntax {
    /// The call this closure is an argument or trailing closure of.
    var enclosingCall: FunctionCallExprSyntax? {
        var node = parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) { return call }
            guard current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                || current.is(MultipleTrailingClosureElementSyntax.self)
                || current.is(MultipleTrailingClosureElementListSyntax.self)
            else { return nil }
            node = current.parent
        }
        return nil
    }

    /// Where this closure's body runs, from its attributes and the API it is handed to.
    var role: ClosureRole {
        if let attributes = signature?.attributes, !attributes.isEmpty {
            if attributes.contains(named: "MainActor") {
                let startsTask = enclosingCall.flatMap(CalledName.init).map { [.unstructuredTask, .background("a Task.detached body")].contains($0.closureRole) }
                return startsTask == true ? .mainActorTask : .mainActorCode("a @MainActor closure")
            }
            if attributes.contains(named: "Sendable") || attributes.contains(named: "concurrent") {
                return .background("a @Sendable closure")
            }
        }
        if let handler = Syntax(self).assignedBackgroundHandler { return .background("a \(handler) closure") }
        // `let callback: CVDisplayLinkOutputCallback = { ... }`: a C callback type the system calls on a thread of its own.
        if let binding = parent?.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type.trimmedDescription,
           CCallbacks.ownThreadTypes.contains(type) {
            return .background("a \(type) on its own thread")
        }
        if storedAsSendable { return .background("a @Sendable closure") }
        guard let call = enclosingCall, let called = CalledName(call) else { return .inherits }
        let role = called.closureRole
        // Combine: an operator's closure runs on the scheduler of the nearest `.receive(on:)` upstream.
        if role == .inherits, let scheduler = call.upstreamReceiveScheduler {
            return CalledName.isMainQueue(scheduler) ? .mainActorCode("a Combine stage after .receive(on: \(scheduler))")
                : .background("a Combine stage after .receive(on: \(scheduler))")
        }
        // A stage before `.receive(on: DispatchQueue.main)` runs where the publisher delivers: the hop says
        // that is not the main thread (`api.fetch().tryMap { save($0) }.receive(on: DispatchQueue.main)`).
        if role == .inherits, call.hopsToTheMainQueueDownstream {
            return .background("a Combine stage before .receive(on: main)")
        }
        // Control and view actions (`onTapGesture`, `onChange`, ...) run on the main actor whatever their body does;
        // a request's `onCompletion { result in }` or `onSuccess { }` is a completion handler (blind round BZ: a
        // hackathon app's check-in request, whose handler sleeps after hopping to the main queue).
        // Such a handler hops inside its `do`/`catch` or `if` blocks too; other closures only in a statement of
        // their own (an `NSSavePanel.begin` handler runs on the main thread, and delays work with `asyncAfter` in its branches).
        let requestCallback = called.name.hasPrefix("on") && ClosureExprSyntax.callbackLabels.contains(called.name)
        if role == .inherits, signature?.parameterClause != nil, !called.name.hasPrefix("on") || requestCallback,
           hopsToTheMainActor(inBranches: requestCallback) {
            return .background("a completion handler that hops to the main actor")
        }
        return role
    }

    /// The closure is stored as a `@Sendable` function that no global actor isolates: the value of
    /// `let load: @Sendable (URL) -> Data = { ... }`, or assigned (`self.loader = loader ?? { ... }`) to a
    /// property of the enclosing type declared with such a type, written out or through a `typealias` of
    /// that type or the file. The compiler makes such a closure nonisolated: it is kept for code that runs
    /// it elsewhere (a detached task, a queue), not run where it is written.
    ///
    /// ```swift
    /// // typealias Loader = @Sendable (URL) -> [Item];  private let loader: Loader
    /// self.loader = loader ?? { url in Self.read(from: url) } // runs where `loader` is called
    /// ```
    var storedAsSendable: Bool {
        let node = Syntax(self)
        if let binding = parent?.parent?.as(PatternBindingSyntax.self), binding.initializer?.value.id == id {
            return binding.typeAnnotation.map { Self.isNonisolatedSendable($0.type, near: node) } == true
        }
        guard let operands = parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(operands)
        guard let index = elements.firstIndex(where: { $0.id == id }), index >= 2,
              let assignment = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) }), assignment == 1,
              elements[2..<index].allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" || $0.is(DeclReferenceExprSyntax.self) || $0.is(MemberAccessExprSyntax.self) })
        else { return false }
        let target = elements[0]
        let name: String
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            name = member.declName.baseName.text
        } else if let reference = target.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else {
            return false
        }
        guard let type = node.enclosingTypeDeclaration?.storedPropertyType(named: name) else { return false }
        return Self.isNonisolatedSendable(type, near: node)
    }

    /// `type` (or the `typealias` it names, in the enclosing types or at the file's top level) is a
    /// `@Sendable` function type without a global actor; optionals and parentheses are looked through.
    /// `depth`: aliases followed so far (a cycle of aliases, which the compiler rejects, ends).
    private static func isNonisolatedSendable(_ type: TypeSyntax, near node: Syntax, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { return isNonisolatedSendable(optional.wrappedType, near: node, depth: depth + 1) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isNonisolatedSendable(optional.wrappedType, near: node, depth: depth + 1) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isNonisolatedSendable(only.type, near: node, depth: depth + 1)
        }
        if let attributed = type.as(AttributedTypeSyntax.self), attributed.baseType.is(FunctionTypeSyntax.self) {
            let names = attributed.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            return names.contains("Sendable") && names.allSatisfy { $0 == "Sendable" || $0 == "escaping" }
        }
        guard let name = type.as(IdentifierTypeSyntax.self)?.name.text else { return false }
        var scope = node.enclosingTypeDeclaration
        while let current = scope {
            if let aliased = current.typeAlias(named: name) { return isNonisolatedSendable(aliased, near: Syntax(aliased), depth: depth + 1) }
            scope = current.enclosingTypeDeclaration
        }
        guard let file = node.root.as(SourceFileSyntax.self) else { return false }
        for item in file.statements {
            if let alias = item.item.as(TypeAliasDeclSyntax.self), alias.name.text == name {
                return isNonisolatedSendable(alias.initializer.value, near: Syntax(alias), depth: depth + 1)
            }
        }
        return false
    }

    /// A statement of the body queues work onto the main actor (`DispatchQueue.main.async { }`,
    /// `Task { @MainActor in }`) or waits for it (`DispatchQueue.main.sync { }`): without a type checker, the best evidence that the API calling this
    /// completion handler calls it off the main actor, as `URLSession`-era services do.
    private func hopsToTheMainActor(inBranches: Bool) -> Bool {
        (inBranches ? statements.branchStatements : Array(statements)).contains { statement in
            guard let call = statement.item.as(FunctionCallExprSyntax.self), let body = call.trailingClosure else { return false }
            // `DispatchQueue.main.sync { }`: code that waits for the main thread expects to run elsewhere.
            if let called = CalledName(call), called.name == "sync", called.receiverText.map(CalledName.isMainQueue) == true { return true }
            switch body.role {
            case .mainActorJob, .mainActorTask: return true
            default: return false
            }
        }
    }
}

extension ExprSyntax {
    /// The expression without the `?` or `!` that unwraps it: `handle` for `handle!`, `self` for `self?`.
    var unwrappingOptionals: ExprSyntax {
        var expression = ExprSyntax(self)
        while let unwrapped = expression.as(ForceUnwrapExprSyntax.self)?.expression ?? expression.as(OptionalChainingExprSyntax.self)?.expression {
            expression = unwrapped
        }
        return expression
    }

    /// True when this expression `matches`, or names a local (`url`, `url!`) initialised with a value that does:
    /// `Bundle.main.url(forResource: "a", withExtension: "txt")` written in the call or in `let url = ...` above it.
    func isOrNamesLocal(matching matches: (ExprSyntax) -> Bool) -> Bool {
        if matches(self) { return true }
        guard let name = (self.as(ForceUnwrapExprSyntax.self)?.expression ?? self).as(DeclReferenceExprSyntax.self)?.baseName.text else {
            return false
        }
        return Syntax(self).hasLocal(named: name, initialisedWith: matches)
    }
}

extension Syntax {
    /// `process.terminationHandler = value`, this node the whole value: the handler property
    /// (`BackgroundDelegateCallbacks.backgroundHandlers`) it is assigned to; nil otherwise. A closure literal
    /// or a method assigned to one runs on Foundation's thread, not the main thread.
    var assignedBackgroundHandler: String? {
        guard let operands = parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(operands)
        guard let index = elements.firstIndex(where: { $0.id == id }), index >= 2, elements[index - 1].is(AssignmentExprSyntax.self),
              let name = elements[index - 2].as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              BackgroundDelegateCallbacks.backgroundHandlers.contains(name) else { return nil }
        return name
    }

    /// The value the nearest local of the enclosing function named `name` is initialised with (`hasLocal(named:initialisedWith:)`).
    func localValue(named name: String) -> ExprSyntax? {
        var value: ExprSyntax?
        _ = hasLocal(named: name) { initial in
            value = initial
            return true
        }
        return value
    }

    /// True when a local of the enclosing function named `name` is initialised with a value that `matches`:
    /// `let name = value` in an enclosing block, or `if let` / `guard let name = value`.
    func hasLocal(named name: String, initialisedWith matches: (ExprSyntax) -> Bool) -> Bool {
        func binds(_ conditions: ConditionElementListSyntax) -> Bool {
            conditions.contains { element in
                guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name else { return false }
                return binding.initializer.map { matches($0.value) } == true
            }
        }
        var node = parent
        while let current = node {
            if let statements = current.as(CodeBlockItemListSyntax.self), statements.contains(where: { item in
                let declares = item.item.as(VariableDeclSyntax.self)?.bindings.contains { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                        && binding.initializer.map { matches($0.value) } == true
                } == true
                // `photo = UIGraphicsGetImageFromCurrentImageContext()!` before the use: the value it holds now
                // (blind round CU: a picked photo redrawn at 180 points, then encoded).
                let reassigns = item.endPosition <= position && item.item.as(ExprSyntax.self)?.valueAssigned(to: name).map(matches) == true
                return declares || reassigns || item.item.as(GuardStmtSyntax.self).map { binds($0.conditions) } == true
            }) {
                return true
            }
            if let branch = current.as(IfExprSyntax.self), binds(branch.conditions) { return true }
            if current.is(FunctionDeclSyntax.self) || current.is(MemberBlockSyntax.self) { return false }
            node = current.parent
        }
        return false
    }
}

private extension FunctionCallExprSyntax {
    /// A `.receive(on:)` of a main scheduler later in this call's method chain (`x.map { }.receive(on: .main)`).
    var hopsToTheMainQueueDownstream: Bool {
        var node = Syntax(self)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == node,
              let call = member.parent?.as(FunctionCallExprSyntax.self) {
            if member.declName.baseName.text == "receive",
               let scheduler = call.arguments.first(where: { $0.label?.text == "on" })?.expression.trimmedDescription {
                return CalledName.isMainQueue(scheduler)
            }
            node = Syntax(call)
        }
        return false
    }

    /// The scheduler of the nearest `.receive(on:)` before this call in a method chain
    /// (`publisher.receive(on: queue).map { }`): `DispatchQueue.main`, `RunLoop.main`, `queue`.
    var upstreamReceiveScheduler: String? {
        var base = calledExpression.as(MemberAccessExprSyntax.self)?.base
        while let call = base?.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "receive",
               let scheduler = call.arguments.first(where: { $0.label?.text == "on" })?.expression {
                return scheduler.trimmedDescription
            }
            base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        }
        return nil
    }
}

extension ClosureExprSyntax {
    /// `line` and `index` in `{ line, index in ... }` or `{ (line: String, index: Int) in ... }`.
    var parameterNames: Set<String> {
        guard let parameters = signature?.parameterClause else { return [] }
        if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) {
            return Set(shorthand.map(\.name.text))
        }
        if let clause = parameters.as(ClosureParameterClauseSyntax.self) {
            return Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
        }
        return []
    }
}

private extension ExprSyntax {
    /// The variable a chain of member accesses and calls starts from: `line` in `line.split(separator: ",").count`.
    var rootName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.base?.rootName }
        if let call = self.as(FunctionCallExprSyntax.self) { return call.calledExpression.rootName }
        if let optional = self.as(OptionalChainingExprSyntax.self) { return optional.expression.rootName }
        if let forced = self.as(ForceUnwrapExprSyntax.self) { return forced.expression.rootName }
        return nil
    }
}

extension AttributeListSyntax {
    /// True when an attribute `@name` (or `@name(...)`) is written.
    func contains(named name: String) -> Bool {
        !isEmpty && contains { $0.as(AttributeSyntax.self)?.attributeName.simpleName == name }
    }

    /// The isolation the attributes write, read in one pass: `@concurrent` (nonisolated), `@MainActor`,
    /// or a custom global actor other than the main actor (`@DatabaseActor`, by the naming convention),
    /// in that order of precedence.
    var isolationAttribute: IsolationAttribute? {
        guard !isEmpty else { return nil }
        var found: IsolationAttribute?
        for element in self {
            guard let name = element.as(AttributeSyntax.self)?.attributeName.simpleName else { continue }
            switch name {
            case "concurrent": return .concurrent
            case "MainActor": found = .mainActor
            default:
                if found == nil, name.hasSuffix("Actor") { found = .otherGlobalActor(name) }
            }
        }
        return found
    }
}

/// An isolation attribute on a declaration (see `AttributeListSyntax.isolationAttribute`).
enum IsolationAttribute: Equatable {
    case concurrent
    case mainActor
    case otherGlobalActor(String)
}

extension DeclModifierListSyntax {
    /// True when `modifier` is written, e.g. `.nonisolated` or `.static` (compared by token kind: no text is copied).
    func contains(_ modifier: Keyword) -> Bool {
        !isEmpty && contains { $0.name.tokenKind == .keyword(modifier) }
    }

    /// `static` or `class`: a member of the type itself, not of its instances.
    var makesATypeMember: Bool { contains(.static) || contains(.class) }

    /// `nonisolated` without `(unsafe)`: on a declaration it leaves the enclosing actor.
    var isNonisolated: Bool {
        !isEmpty && contains { $0.name.tokenKind == .keyword(.nonisolated) && $0.detail?.detail.text != "unsafe" }
    }
}

extension Syntax {
    /// The elements before this one in the sequence expression it is an operand of (the parser leaves
    /// operators unfolded): `[x, =]` for `value` in `x = value`, `[signal, |>]` for `map { }` in
    /// `signal |> map { }`. nil when this is not an element of a sequence.
    var sequenceElementsBefore: ArraySlice<ExprSyntax>? {
        guard let operands = parent?.as(ExprListSyntax.self), operands.parent?.is(SequenceExprSyntax.self) == true else { return nil }
        let elements = Array(operands)
        guard let index = elements.firstIndex(where: { $0.id == id }) else { return nil }
        return elements[..<index]
    }

    /// What this expression is assigned to, when it is the right side of an assignment: `self.onMessage`
    /// in `self.onMessage = { ... }`, `result` in `result = PHAsset.fetchAssets(with: options)`.
    var assignmentTarget: ExprSyntax? {
        guard let before = sequenceElementsBefore, before.last?.is(AssignmentExprSyntax.self) == true else { return nil }
        return before.dropLast().last
    }
}

extension ClosureExprSyntax {
    /// The right side of an assignment: `self.onMessage = { ... }`.
    var isAssignedValue: Bool { Syntax(self).assignmentTarget != nil }

    /// A closure stored (`let handler = { }`), returned (`return { action in ... }`: a factory of
    /// middleware or handlers), or handed to an API that calls it back later: a completion handler
    /// (`panel.begin { }`, `completion:`, `replyHandler:`), a Combine subscriber, a timer, a group
    /// notification. Its work is not done at the call; where it runs is decided where it is called.
    var runsLaterThanItsCall: Bool {
        if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id { return false }
        if isReturned { return true }
        guard let call = enclosingCall else {
            // Not an argument: stored (`let handler = { }`, `self.onMessage = { }`) unless it is the body of a
            // statement-like construct. An assignment's operands are the elements of its sequence.
            return parent?.is(InitializerClauseSyntax.self) == true || parent?.is(SequenceExprSyntax.self) == true
                || isAssignedValue || isHeldInALiteral
        }
        if let position = ArgumentPosition(of: Syntax(self)), let label = position.label, Self.isCallbackLabel(label) { return true }
        guard let called = CalledName(call) else { return false }
        return Self.callbackAPIs.contains(called.name) || ReactiveStreams.runsItsClosuresLater(called) || Self.queuesAJob(called.name)
    }

    /// `Jobs.addSecondaryJob("match") { ... }`, `queue.enqueue { ... }`: a job queue runs the closure later,
    /// on its own queue (blind round AI: a location library's background job queue, whose database read
    /// was counted as the `onAppear` that queued it). So does an operation made from a closure
    /// (`BlockOperation { }`, an app's `UtilityOperation({ ... })`): it runs when a queue starts it.
    static func queuesAJob(_ name: String) -> Bool {
        name.hasPrefix("enqueue") || (name.hasSuffix("Job") && name.count > 3) || name.contains("JobTo") || name.contains("JobIn")
            || (name.hasSuffix("Operation") && name.startsWithUppercase)
    }

    /// An element of an array or dictionary literal, or of a tuple of two or more: `[("text", { ... })]`,
    /// `["text": { ... }]`. Such a closure is a value; it runs when something takes it out and calls it
    /// (blind round AC: a share screen's handlers per content type, which an item provider calls on its
    /// own queue, counted as the work of the function that lists them). Where it runs is still read from
    /// the code around it, like any stored closure's.
    private var isHeldInALiteral: Bool {
        if parent?.is(ArrayElementSyntax.self) == true || parent?.is(DictionaryElementSyntax.self) == true { return true }
        guard let element = parent?.as(LabeledExprSyntax.self), let elements = element.parent?.as(LabeledExprListSyntax.self),
              elements.count > 1 else { return false }
        return elements.parent?.is(TupleExprSyntax.self) == true
    }

    /// The value a function returns: `return { ... }`, or the only statement of a function or getter body
    /// (an implicit return). Blind round X: a store's middleware factories (`func storeMiddleware() ->
    /// Middleware { return { state, action in ... } }`) counted their middleware's database writes as
    /// the factory's own work, at the app's launch.
    private var isReturned: Bool {
        if parent?.is(ReturnStmtSyntax.self) == true { return true }
        guard let item = parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1
        else { return false }
        if let body = list.parent?.as(CodeBlockSyntax.self) {
            return body.parent?.is(FunctionDeclSyntax.self) == true || body.parent?.is(AccessorDeclSyntax.self) == true
        }
        // `var handler: Handler { { ... } }`: a getter written without `get`.
        return list.parent?.is(AccessorBlockSyntax.self) == true
    }

    /// Argument labels of closures an API calls back later, with the subscription callbacks of reactive
    /// streams (`ReactiveStreams`): RxSwift's `subscribe(onNext:onError:onCompleted:)` and SwiftSignalKit's
    /// `start(next:error:completed:)` run them as the stream delivers (blind round AC: a file deletion in
    /// an `onCompleted` of a stream subscribed on a background scheduler).
    static let callbackLabels: Set<String> = [
        "completion", "completionHandler", "handler", "resultHandler", "reply", "callback", "onCompletion",
        "receiveValue", "receiveCompletion", "then",
        "onNext", "onError", "onCompleted", "onSuccess", "onDisposed", "next", "completed",
    ]

    /// A label of `callbackLabels`, or one naming a handler of its own (`replyHandler:`, `errorHandler:`,
    /// `progressHandler:`): an API runs a handler when its event comes, not during the call.
    static func isCallbackLabel(_ label: String) -> Bool {
        callbackLabels.contains(label) || label.hasSuffix("Handler")
    }

    /// APIs whose trailing closure is a callback: it runs after the call returns. Event monitors,
    /// notification observers, dispatch sources and player time observers run it once per event (blind
    /// round AU: a key monitor installed while a panel was built, whose copy shortcut was counted as the
    /// panel's work at launch).
    static let callbackAPIs: Set<String> = [
        "begin", "beginSheetModal", "sink", "notify", "scheduledTimer", "observe", "addCompletion", "setCompletion",
        "publisher", "onReceive", "asyncAfter", "addLocalMonitorForEvents", "addGlobalMonitorForEvents", "addObserver",
        "setEventHandler", "setCancelHandler", "addPeriodicTimeObserver", "addBoundaryTimeObserver",
    ]
}

extension FunctionCallExprSyntax {
    /// The call is made on a queue named `main` (`Queue.main.autoAsync { }`, `DispatchQueue.main.async { }`): a
    /// closure it is handed runs on the main thread, whatever the helper does with its own queues.
    var receiverIsTheMainQueue: Bool {
        guard let base = calledExpression.as(MemberAccessExprSyntax.self)?.base else { return false }
        if let member = base.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "main" }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "main"
    }

    /// `.failure(error)` in `case let .failure(error)` or `if case .some(let x) = ...`: a pattern, not a call.
    /// Both are expression patterns; the value matched (`= load()`) is not inside one.
    var isEnumCasePattern: Bool {
        var node = parent
        while let current = node {
            switch current.kind {
            case .expressionPattern: return true
            case .codeBlockItem, .switchCaseLabel, .closureExpr, .matchingPatternCondition: return false
            default: node = current.parent
            }
        }
        return false
    }
}

extension CalledName {
    /// The call whose called expression `reference` names: `start` in `thread.start()` or `start()`.
    static func calling(_ reference: DeclReferenceExprSyntax) -> CalledName? {
        var called = Syntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { called = Syntax(member) }
        guard let call = called.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == called.id else { return nil }
        return CalledName(call)
    }

    /// `super.makeDocument(withContentsOf:ofType:)` in `override func makeDocument(withContentsOf:ofType:)`:
    /// the override forwards a framework hook to the framework, which calls it where it chooses (AppKit
    /// reads documents on a background thread when the class allows it). The work is the framework's.
    var forwardsToSuperInOverride: Bool {
        guard receiver?.is(SuperExprSyntax.self) == true,
              let function = Syntax(call).enclosingFunction?.as(FunctionDeclSyntax.self),
              function.name.text == name else { return false }
        return function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
    }
}

extension Syntax {
    /// The enclosing function, initializer, deinitializer or accessor, through closures (the type or the
    /// file, outside one).
    var enclosingFunction: Syntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary { node = current.parent }
        return node
    }

    /// The role of the innermost closure around the node, within its function, that decides where the node
    /// runs (a background queue, the main actor, a new task); nil when every closure in between runs where
    /// it is written (`ClosureRole.inherits`), or there is none.
    var decidingClosureRole: ClosureRole? {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let closure = current.as(ClosureExprSyntax.self) {
                let role = closure.role
                if role != .inherits { return role }
            }
            node = current.parent
        }
        return nil
    }

    /// A declaration whose body is its own code, or the type or file around it.
    var isFunctionBoundary: Bool {
        switch kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorDecl, .memberBlock, .sourceFile: true
        default: false
        }
    }
}

extension Syntax {
    /// Runs only when something failed: in a `catch` clause, a `guard`'s `else`, an `if` whose condition
    /// names an error, a failure or a retry, or after the function returned on success
    /// (`if status == errSecSuccess { return status }`), where what follows is a retry.
    ///
    /// ```swift
    /// let first = attempt()
    /// if first == errSecSuccess { return first }
    /// usleep(150_000) // isOnAFailurePath == true
    /// ```
    var isOnAFailurePath: Bool {
        isInsideBranch { current, child in
            if current.is(CatchClauseSyntax.self) { return true }
            if let guardStatement = current.as(GuardStmtSyntax.self), Syntax(guardStatement.body) == child { return true }
            if let condition = current.as(IfExprSyntax.self), Syntax(condition.body) == child {
                let text = condition.conditions.trimmedDescription
                if Self.failureWords.contains(where: { text.containsCaseInsensitive($0) }) { return true }
            }
            // The few statements before (a retry follows its first attempt): a minified file's one block stays linear.
            return current.is(CodeBlockItemListSyntax.self)
                && child.as(CodeBlockItemSyntax.self)?.previousStatements(limit: 5).contains(where: \.returnsOnSuccess) == true
        }
    }

    /// Runs only after something went wrong: in a `catch` clause, an `if` whose condition names an error or a
    /// failure or tests that the work did not succeed (`if !succeeded`), or a `guard`'s `else` that reports a
    /// failure (`alert = .downloadFailed`). Stricter than ``isOnAFailurePath``, which counts any `guard`'s
    /// `else`: there a load after a cache miss is the common path, not a fallback.
    ///
    /// ```swift
    /// defer { if !succeeded { stopHelperAndWait() } } // isOnAnErrorPath == true
    /// guard let cached else { cached = try Data(contentsOf: url) } // false
    /// ```
    var isOnAnErrorPath: Bool {
        isInsideBranch { current, child in
            if current.is(CatchClauseSyntax.self) { return true }
            if let condition = current.as(IfExprSyntax.self) {
                if Syntax(condition.body) == child { return condition.conditions.contains(where: \.requiresAFailure) }
                // `if status == 0 { ... } else { readErrorOutput() }`: the `else` of a success test.
                if let otherwise = condition.elseBody, Syntax(otherwise) == child {
                    return condition.conditions.count == 1 && condition.conditions.first?.requiresASuccess == true
                }
            }
            if let guardStatement = current.as(GuardStmtSyntax.self), Syntax(guardStatement.body) == child {
                return guardStatement.body.statements.contains { $0.trimmedDescription.namesAFailure }
            }
            return false
        }
    }

    /// Whether `test` holds for some node around this one within its function, handed that node and its child
    /// on the way here (the branch taken: an `if`'s body, a `guard`'s `else`).
    private func isInsideBranch(where test: (_ node: Syntax, _ child: Syntax) -> Bool) -> Bool {
        var child = self
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if test(current, child) { return true }
            child = current
            node = current.parent
        }
        return false
    }

    static let failureWords: [StaticString] = ["error", "fail", "retry", "transient"]
    /// Words of a test that the work succeeded: `errSecSuccess`, `noErr`, `.success`.
    static let successWords: [StaticString] = ["success", "noerr"]

    /// The nearest closure literal around this node within its function; nil outside any.
    var enclosingClosure: ClosureExprSyntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let closure = current.as(ClosureExprSyntax.self) { return closure }
            node = current.parent
        }
        return nil
    }

    /// The statement of a block that holds this node, within its function: `sleep(2)` in `sleep(2); exit(0)`.
    var enclosingStatement: CodeBlockItemSyntax? {
        var node: Syntax? = self
        while let current = node, !current.isFunctionBoundary {
            if let item = current.as(CodeBlockItemSyntax.self), item.parent?.is(CodeBlockItemListSyntax.self) == true { return item }
            node = current.parent
        }
        return nil
    }
}

extension CodeBlockItemSyntax {
    /// Up to `limit` statements before this one in its block, nearest first. Bounded, so a minified
    /// file's long blocks stay linear.
    func previousStatements(limit: Int) -> [CodeBlockItemSyntax] {
        guard let list = parent?.as(CodeBlockItemListSyntax.self), var index = list.index(of: self) else { return [] }
        var statements: [CodeBlockItemSyntax] = []
        while statements.count < limit, index != list.startIndex {
            index = list.index(before: index)
            statements.append(list[index])
        }
        return statements
    }

    /// Up to `limit` statements after this one in its block.
    func nextStatements(limit: Int) -> [CodeBlockItemSyntax] {
        guard let list = parent?.as(CodeBlockItemListSyntax.self), var index = list.index(of: self) else { return [] }
        var statements: [CodeBlockItemSyntax] = []
        index = list.index(after: index)
        while statements.count < limit, index != list.endIndex {
            statements.append(list[index])
            index = list.index(after: index)
        }
        return statements
    }
}

private extension CodeBlockItemSyntax {
    /// `if status == errSecSuccess { return status }`: an `if` on a success test whose branch returns.
    var returnsOnSuccess: Bool {
        guard let branch = item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.as(IfExprSyntax.self),
              branch.elseBody == nil, branch.body.statements.last?.item.is(ReturnStmtSyntax.self) == true else { return false }
        let text = branch.conditions.trimmedDescription
        return Syntax.successWords.contains { text.containsCaseInsensitive($0) }
    }
}

private extension ConditionElementSyntax {
    /// A condition that holds only when the work succeeded (`ExprSyntax.requiresASuccess`).
    var requiresASuccess: Bool {
        if case .expression(let expression) = condition { return expression.requiresASuccess }
        return false
    }

    /// A condition that holds only after something went wrong: an error bound (`if let error`), a failure
    /// matched (`case .failure`), an error present (`error != nil`), a failure flag (`if didFail`), or a
    /// success denied (`!succeeded`). `previewErrors[id] == nil` and `!successfulURLs.isEmpty` do not.
    var requiresAFailure: Bool {
        switch condition {
        case .optionalBinding(let binding):
            return binding.pattern.trimmedDescription.namesAFailure
        case .matchingPattern(let match):
            return match.pattern.trimmedDescription.namesAFailure
        case .expression(let expression):
            return expression.requiresAFailure
        default:
            return false
        }
    }
}

private extension ExprSyntax {
    /// A test that the work succeeded: a success flag (`if succeeded`), or a status compared with success
    /// (`process.terminationStatus == 0`, `status == errSecSuccess`, `result == noErr`).
    var requiresASuccess: Bool {
        if let sequence = self.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { return false }
            let sides = [elements[0], elements[2]]
            let zero = sides.contains { $0.as(IntegerLiteralExprSyntax.self)?.literal.text == "0" }
            let status = sides.contains { side in
                side.lastName.map { $0.containsCaseInsensitive("status") || $0.containsCaseInsensitive("exitCode") } ?? false
            }
            return (zero && status) || sides.contains { side in
                side.lastName.map { name in Syntax.successWords.contains { name.containsCaseInsensitive($0) } } ?? false
            }
        }
        return lastName.map { $0.containsCaseInsensitive("succe") } ?? false
    }

    var requiresAFailure: Bool {
        if let negation = self.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!" {
            return negation.expression.lastName.map { name in
                let successWords: [StaticString] = ["succe", "noerr"]
                return successWords.contains { name.containsCaseInsensitive($0) }
            } ?? false
        }
        if let sequence = self.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let comparison = elements[1].as(BinaryOperatorExprSyntax.self) else { return false }
            let names = elements[0].trimmedDescription.namesAFailure || elements[2].trimmedDescription.namesAFailure
            return names && comparison.operator.text == "!=" && (elements[0].is(NilLiteralExprSyntax.self) || elements[2].is(NilLiteralExprSyntax.self))
        }
        return lastName?.namesAFailure ?? false
    }

    /// The name an identifier or a member access ends with: `failed`, `result.hasFailed`.
    var lastName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }
}

private extension String {
    var namesAFailure: Bool { Syntax.failureWords.contains { containsCaseInsensitive($0) } }
}

private extension CodeBlockItemListSyntax {
    /// These statements and those of the `do`, `catch`, `if` and `else` blocks among them, nested ones too:
    /// not those of closures or nested functions.
    var branchStatements: [CodeBlockItemSyntax] {
        flatMap { statement -> [CodeBlockItemSyntax] in
            var blocks: [CodeBlockSyntax] = []
            if let attempt = statement.item.as(DoStmtSyntax.self) {
                blocks = [attempt.body] + attempt.catchClauses.map(\.body)
            } else if let branch = statement.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                        ?? statement.item.as(IfExprSyntax.self) {
                var current: IfExprSyntax? = branch
                while let condition = current {
                    blocks.append(condition.body)
                    switch condition.elseBody {
                    case .ifExpr(let next): current = next
                    case .codeBlock(let last): blocks.append(last); current = nil
                    case nil: current = nil
                    }
                }
            }
            return [statement] + blocks.flatMap { $0.statements.branchStatements }
        }
    }
}

private extension ExprSyntax {
    /// The value of `name = value` (a plain assignment to a local of this name), else nil.
    func valueAssigned(to name: String) -> ExprSyntax? {
        guard let elements = self.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
              elements.first?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
              elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true else { return nil }
        return elements.last
    }
}
