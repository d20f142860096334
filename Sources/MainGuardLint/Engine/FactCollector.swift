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
        case function(FunctionBody)
        case transparentClosure
        case escapingJob
        case type(String)
    }

    /// What a function body does, collected while walking it.
    private struct FunctionBody {
        var record: FunctionRecord
        var firstAwait: AbsolutePosition?
        var firstLoop: (start: AbsolutePosition, end: AbsolutePosition)?
        var calls: [FunctionCallExprSyntax] = []
        var propertyReads: [MemberAccessExprSyntax] = []
    }

    private var scopes: [Scope] = []
    private var finishedBodies: [FunctionBody] = []

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
        for body in finishedBodies {
            var record = body.record
            let beforeSuspension: (AbsolutePosition) -> Bool = { position in body.firstAwait.map { position < $0 } ?? true }
            if let loop = body.firstLoop {
                record.ownHeaviness = "loops"
                if beforeSuspension(loop.end) { record.ownHeavinessBeforeSuspension = "loops" }
            }
            for call in body.calls {
                guard let called = CalledName(call) else { continue }
                let early = beforeSuspension(call.position)
                if let entry = APICatalogue.entry(for: called, types: types, settings: settings) {
                    if record.ownHeaviness == nil { record.ownHeaviness = "calls \(entry.display)" }
                    if early, record.ownHeavinessBeforeSuspension == nil { record.ownHeavinessBeforeSuspension = "calls \(entry.display)" }
                    continue
                }
                let reference = CallReference(name: called.name, labels: called.labels,
                                              receiver: called.receiverKind(types: types), display: called.display)
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
                      isStatic: node.modifiers.contains("static") || node.modifiers.contains("class"))
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(Syntax(node), name: "init", parameters: node.signature.parameterClause.parameters,
                      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, isConcurrent: false, isStatic: true)
    }

    override func visitPost(_ node: FunctionDeclSyntax) { leaveFunction() }
    override func visitPost(_ node: InitializerDeclSyntax) { leaveFunction() }

    private func enterFunction(_ node: Syntax, name: String, parameters: FunctionParameterListSyntax,
                               isAsync: Bool, isConcurrent: Bool, isStatic: Bool) -> SyntaxVisitorContinueKind {
        for parameter in parameters {
            facts.variableTypes.record((parameter.secondName ?? parameter.firstName).text,
                                       type: parameter.type.trimmedDescription.simpleTypeName)
        }
        let record = FunctionRecord(
            name: name,
            parameters: parameters.map { Parameter(label: $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text,
                                                   hasDefault: $0.defaultValue != nil || $0.ellipsis != nil) },
            isAsync: isAsync, isConcurrent: isConcurrent, isStatic: isStatic, enclosingType: enclosingTypeName, fileIndex: fileIndex,
            declaration: node, ownHeaviness: nil, ownHeavinessBeforeSuspension: nil, callees: [], calleesBeforeSuspension: [])
        scopes.append(.function(FunctionBody(record: record)))
        return .visitChildren
    }

    private func leaveFunction() {
        if case .function(let body) = scopes.removeLast() { finishedBodies.append(body) }
    }

    /// Applies `change` to the innermost function body whose synchronous work the current node is part of.
    private func updateCurrentBody(_ change: (inout FunctionBody) -> Void) {
        for position in scopes.indices.reversed() {
            switch scopes[position] {
            case .function(var body):
                change(&body)
                scopes[position] = .function(body)
                return
            case .transparentClosure:
                continue
            case .escapingJob, .type:
                return
            }
        }
    }

    // MARK: Closures, loops, awaits, calls

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(node.role == .inherits ? .transparentClosure : .escapingJob)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) { scopes.removeLast() }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { recordLoop(Syntax(node)) }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { recordLoop(Syntax(node)) }
    override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { recordLoop(Syntax(node)) }

    private func recordLoop(_ node: Syntax) -> SyntaxVisitorContinueKind {
        updateCurrentBody { body in
            if body.firstLoop == nil { body.firstLoop = (node.position, node.endPositionBeforeTrailingTrivia) }
        }
        return .visitChildren
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        updateCurrentBody { body in
            if body.firstAwait == nil { body.firstAwait = node.positionAfterSkippingLeadingTrivia }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        facts.calls.append(node)
        updateCurrentBody { $0.calls.append(node) }
        return .visitChildren
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
            let declared = node.typeAnnotation?.type.trimmedDescription.simpleTypeName
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
            if reference.baseName.text.first?.isUppercase == true { return .type(reference.baseName.text) }
        }
        return .instance(types.type(of: receiver))
    }

    /// `name(label:)` as messages print it.
    var display: String {
        let labels = self.labels.filter { $0 != Self.trailingClosureLabel }.map { ($0 ?? "_") + ":" }.joined()
        return "\(name)(\(labels))"
    }
}
