import SwiftSyntax

/// The single pass over a file: records declarations, each function's synchronous work and every call site.
///
/// Rules read the collected call sites instead of walking the tree again, which keeps a lint run close
/// to the cost of parsing.
final class FactCollector: SyntaxVisitor {
    private let fileIndex: Int
    private let settings: ModuleSettings
    private(set) var facts = FileFacts()

    /// What the innermost enclosing scope is: a function whose body we are in, a closure that runs where
    /// it is written, or a closure that runs elsewhere (its work is not the function's synchronous work).
    private enum Scope {
        /// Index into `bodies`: bodies are mutated in place, never copied out of the scope stack.
        case function(Int)
        case transparentClosure
        /// `startsMainActorJob`: a `Task { }`, `MainActor.run { }` or main-queue body, where rule 1 looks.
        case escapingJob(startsMainActorJob: Bool)
        case type(String)
    }

    /// What a function body does, collected while walking it.
    private struct FunctionBody {
        var record: FunctionRecord
        var firstAwait: AbsolutePosition?
        var firstLoop: (start: AbsolutePosition, end: AbsolutePosition)?
        /// Positions in `facts.calls`.
        var calls: [Int] = []
        var propertyReads: [MemberAccessExprSyntax] = []
    }

    private var scopes: [Scope] = []
    private var bodies: [FunctionBody] = []
    /// How many enclosing closures are main-actor job bodies (`Task { }`, `MainActor.run { }`, ...).
    private var mainActorJobDepth = 0

    init(fileIndex: Int, settings: ModuleSettings) {
        self.fileIndex = fileIndex
        self.settings = settings
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ tree: SourceFileSyntax, fileIndex: Int, settings: ModuleSettings) -> FileFacts {
        let collector = FactCollector(fileIndex: fileIndex, settings: settings)
        collector.walk(tree)
        return collector.finish()
    }

    /// Resolves the bodies' catalogue calls once all variable types of the file are known.
    private func finish() -> FileFacts {
        let types = facts.variableTypes
        facts.catalogueEntries = facts.calls.map { APICatalogue.entry(for: $0, types: types, settings: settings) }
        facts.triggers.callsCatalogue = facts.catalogueEntries.contains { $0 != nil }
            || facts.propertyReads.contains { APICatalogue.entry(forPropertyRead: $0, types: types) != nil }
        for body in bodies {
            var record = body.record
            let beforeSuspension: (AbsolutePosition) -> Bool = { position in body.firstAwait.map { position < $0 } ?? true }
            if let loop = body.firstLoop {
                record.ownHeaviness = "loops"
                if beforeSuspension(loop.end) { record.ownHeavinessBeforeSuspension = "loops" }
            }
            for position in body.calls {
                let called = facts.calls[position]
                let early = beforeSuspension(called.call.position)
                if let entry = facts.catalogueEntries[position] {
                    if record.ownHeaviness == nil { record.ownHeaviness = "calls \(entry.display)" }
                    if early, record.ownHeavinessBeforeSuspension == nil { record.ownHeavinessBeforeSuspension = "calls \(entry.display)" }
                    continue
                }
                let reference = CallReference(called: called, receiver: called.receiverKind(types: types))
                record.callees.append(reference)
                if early { record.calleesBeforeSuspension.append(reference) }
            }
            for read in body.propertyReads {
                guard let entry = APICatalogue.entry(forPropertyRead: read, types: types) else { continue }
                if record.ownHeaviness == nil { record.ownHeaviness = "reads \(entry.display)" }
                if beforeSuspension(read.position), record.ownHeavinessBeforeSuspension == nil {
                    record.ownHeavinessBeforeSuspension = "reads \(entry.display)"
                }
            }
            facts.functions.append(record)
        }
        return facts
    }

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    private func enterType(_ node: Syntax) -> SyntaxVisitorContinueKind {
        let declaration = TypeDeclarationFacts(node)
        facts.types.append(TypeDeclarationRecord(name: declaration.name, keyword: declaration.keyword,
                                                 explicitIsolation: declaration.explicitIsolation,
                                                 inherited: declaration.inherited, settings: settings,
                                                 isObservableMacro: declaration.attributes.contains(named: "Observable"),
                                                 freshIdentity: node.asProtocol(DeclGroupSyntax.self).flatMap { FreshIdentity(members: $0.memberBlock) }))
        scopes.append(.type(declaration.name))
        return .visitChildren
    }

    private var enclosingTypeName: String? {
        for scope in scopes.reversed() {
            if case .type(let name) = scope { return name }
        }
        return nil
    }

    // MARK: Functions

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(Syntax(node), name: node.name.text, parameters: node.signature.parameterClause.parameters,
                      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                      isConcurrent: node.attributes.contains(named: "concurrent"),
                      isStatic: node.modifiers.contains("static") || node.modifiers.contains("class"), hasBody: node.body != nil)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(Syntax(node), name: "init", parameters: node.signature.parameterClause.parameters,
                      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, isConcurrent: false, isStatic: true,
                      hasBody: node.body != nil)
    }

    override func visitPost(_ node: FunctionDeclSyntax) { leaveFunction() }
    override func visitPost(_ node: InitializerDeclSyntax) { leaveFunction() }

    private func enterFunction(_ node: Syntax, name: String, parameters: FunctionParameterListSyntax,
                               isAsync: Bool, isConcurrent: Bool, isStatic: Bool, hasBody: Bool) -> SyntaxVisitorContinueKind {
        for parameter in parameters {
            facts.variableTypes.record((parameter.secondName ?? parameter.firstName).text,
                                       type: parameter.type.simpleName)
        }
        let record = FunctionRecord(
            name: name,
            parameters: parameters.map { Parameter(label: $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text,
                                                   hasDefault: $0.defaultValue != nil || $0.ellipsis != nil) },
            isAsync: isAsync, isConcurrent: isConcurrent, isStatic: isStatic, enclosingType: enclosingTypeName, hasBody: hasBody, fileIndex: fileIndex,
            isolation: IsolationResolver.localContext(of: node, settings: settings, enclosingType: typeIsolation).isolation, ownHeaviness: nil, ownHeavinessBeforeSuspension: nil, callees: [], calleesBeforeSuspension: [])
        bodies.append(FunctionBody(record: record))
        scopes.append(.function(bodies.count - 1))
        return .visitChildren
    }

    /// Type declarations' own isolation, read once per type for all of its functions.
    private var typeIsolations: [SyntaxIdentifier: TypeLocalIsolation] = [:]

    private func typeIsolation(_ node: Syntax, settings: ModuleSettings) -> TypeLocalIsolation {
        if let known = typeIsolations[node.id] { return known }
        let isolation = TypeLocalIsolation(node, settings: settings)
        typeIsolations[node.id] = isolation
        return isolation
    }

    private func leaveFunction() {
        scopes.removeLast()
    }

    /// Applies `change` to the innermost function body whose synchronous work the current node is part of.
    private func updateCurrentBody(_ change: (inout FunctionBody) -> Void) {
        for position in scopes.indices.reversed() {
            switch scopes[position] {
            case .function(let body):
                change(&bodies[body])
                return
            case .transparentClosure:
                continue
            case .escapingJob, .type:
                return
            }
        }
    }

    // MARK: Subtrees without calls that matter

    // Types, attributes, modifiers and imports hold no calls the rules check; parameter types are read
    // from the function declaration directly. Skipping them keeps the single pass cheap.
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclModifierListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Closures, loops, awaits, calls

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let role = node.role
        let startsMainActorJob = role.startsMainActorJob
        if startsMainActorJob { mainActorJobDepth += 1 }
        scopes.append(role == .inherits ? .transparentClosure : .escapingJob(startsMainActorJob: startsMainActorJob))
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if case .escapingJob(startsMainActorJob: true) = scopes.removeLast() { mainActorJobDepth -= 1 }
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        // `for await`: every iteration suspends for the next element, so it is a suspension, not a busy loop.
        if node.awaitKeyword != nil { return recordSuspension(at: node.positionAfterSkippingLeadingTrivia) }
        return node.iteratesAFewTimes ? .visitChildren : recordLoop(Syntax(node))
    }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { recordLoop(Syntax(node)) }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { recordLoop(Syntax(node)) }

    private func recordLoop(_ node: Syntax) -> SyntaxVisitorContinueKind {
        updateCurrentBody { body in
            if body.firstLoop == nil { body.firstLoop = (node.position, node.endPositionBeforeTrailingTrivia) }
        }
        return .visitChildren
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        recordSuspension(at: node.positionAfterSkippingLeadingTrivia)
    }

    private func recordSuspension(at position: AbsolutePosition) -> SyntaxVisitorContinueKind {
        facts.triggers.containsAwait = true
        updateCurrentBody { body in
            if body.firstAwait == nil { body.firstAwait = position }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let called = CalledName(node) else { return .visitChildren }
        let position = facts.calls.count
        facts.calls.append(called)
        if called.name == "detached" { facts.triggers.startsDetachedTask = true }
        if mainActorJobDepth > 0 { facts.triggers.callsInMainActorJobs.append(called.lookupName) }
        updateCurrentBody { $0.calls.append(position) }
        return called.iteratesWithWorkPerElement ? recordLoop(Syntax(node)) : .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if APICatalogue.propertyNames.contains(node.declName.baseName.text), !(node.parent?.is(FunctionCallExprSyntax.self) ?? false) {
            facts.propertyReads.append(node)
            updateCurrentBody { $0.propertyReads.append(node) }
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            let declared = node.typeAnnotation?.type.simpleName
            facts.variableTypes.record(name, type: declared ?? node.initializer.flatMap { facts.variableTypes.type(of: $0.value) })
        }
        return .visitChildren
    }
}

extension CalledName {
    /// Where the index should look for the callee.
    func receiverKind(types: VariableTypes) -> ReceiverKind {
        if isImplicitMember { return .implicitMember }
        guard let receiver else { return .implicitSelf }
        if let reference = receiver.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.tokenKind == .keyword(.self) { return .implicitSelf }
            if reference.baseName.text.startsWithUppercase { return .type(reference.baseName.text) }
        }
        return .instance(types.type(of: receiver))
    }

    /// `name(label:)` as messages print it.
    var display: String { Self.display(name: name, labels: labels) }

    static func display(name: String, labels: [String?]) -> String {
        "\(name)(\(labels.filter { $0 != trailingClosureLabel }.map { ($0 ?? "_") + ":" }.joined()))"
    }
}
