import SwiftSyntax

/// The declarations of a file as the index needs them: types and extensions, and every function,
/// method and initializer with its name, labels, effects, enclosing type and own isolation.
///
/// On its own (`collect`) it is the cheap first pass of a lint run: it skips function bodies,
/// accessors, closures, initial values and top-level statements whose bytes cannot hold a
/// declaration (`SourcePrefilter`), so most of a file's nodes are never visited. `FactCollector`
/// extends it to walk everything and also record what the bodies do.
class DeclarationCollector: SyntaxVisitor {
    let fileIndex: Int
    let settings: ModuleSettings
    private(set) var types: [TypeDeclarationRecord] = []
    /// In source order (pre-order), so a later full walk of the same file lists the same functions in
    /// the same positions.
    var functions: [FunctionRecord] = []
    private var typeNames: [String] = []
    /// Imported modules (`import Foundation`, `@testable import App`, `import struct Kit.Model`), and those re-exported.
    private(set) var imports: [String] = []
    private(set) var reexports: [String] = []
    /// nil: visit every subtree (the full walk).
    private let prefilter: SourcePrefilter?
    /// False when the text names none of the values `FreshIdentity` looks for, so no type can have one.
    /// Read from the bytes when the first type is entered (files without types never pay for it).
    private lazy var mayHoldFreshValues: Bool = prefilter.map { prefilter in
        FreshIdentity.necessaryWords.contains(where: prefilter.contains)
    } ?? true

    init(fileIndex: Int, settings: ModuleSettings, prefilter: SourcePrefilter?) {
        self.fileIndex = fileIndex
        self.settings = settings
        self.prefilter = prefilter
        super.init(viewMode: .sourceAccurate)
    }

    /// The declarations of `tree`, parsed from `text`, without walking the bodies that declare nothing.
    /// `mentions`: the text's, when the caller has read them already.
    static func collect(_ tree: SourceFileSyntax, text: String, fileIndex: Int, settings: ModuleSettings,
                        mentions: SourceMentions? = nil) -> FileFacts {
        SourcePrefilter.withPrefilter(over: text) { prefilter in
            let collector = DeclarationCollector(fileIndex: fileIndex, settings: settings, prefilter: prefilter)
            collector.walk(tree)
            var facts = FileFacts()
            facts.types = collector.types
            facts.functions = collector.functions
            facts.imports = collector.imports
            facts.reexports = collector.reexports
            facts.hasBodyFacts = false
            facts.mentions = mentions ?? SourceMentions(prefilter, tree: tree)
            return facts
        }
    }

    /// Hooks for `FactCollector`, which keeps its own scopes in step with the declarations.
    func didEnterType() {}
    func didLeaveType() {}
    func didEnterFunction(_ position: Int, parameters: FunctionParameterListSyntax) {}
    func didLeaveFunction() {}

    // MARK: Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enterType(Syntax(node)) }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    private func enterType(_ node: Syntax) -> SyntaxVisitorContinueKind {
        let declaration = TypeDeclarationFacts(node)
        let freshIdentity = mayHoldFreshValues ? declaration.memberBlock.flatMap(FreshIdentity.init(members:)) : nil
        types.append(TypeDeclarationRecord(name: declaration.name, keyword: declaration.keyword,
                                           explicitIsolation: declaration.explicitIsolation,
                                           inherited: declaration.inherited, settings: settings,
                                           isObservableMacro: declaration.attributes.contains(named: "Observable"),
                                           freshIdentity: freshIdentity, propertyTypes: declaration.storedPropertyTypes))
        typeNames.append(declaration.name)
        // The full walk only: the stored properties the type declares, for `storedPropertiesOfTheInnermostType`.
        if prefilter == nil { storedPropertiesByType[declaration.name, default: []].formUnion(declaration.storedPropertyNames) }
        enclosingTypes.append((node.id, TypeLocalIsolation(declaration, settings: settings)))
        didEnterType()
        guard prefilter != nil, let members = declaration.memberBlock?.members else { return .visitChildren }
        // Declarations only: of a type's children only the members can declare anything (its attributes,
        // inheritance and generic clauses are skipped in both passes), so they are walked directly and
        // the rest (keywords, names, clauses, braces) is never visited.
        for member in members { walk(member.decl) }
        return .skipChildren
    }

    /// The names of the stored properties the innermost type declares in this file, up to here (an extension
    /// in the same file after the type's declaration knows them): a name read on its own that is one of these
    /// runs no getter.
    var storedPropertiesOfTheInnermostType: Set<String> { typeNames.last.flatMap { storedPropertiesByType[$0] } ?? [] }
    private var storedPropertiesByType: [String: Set<String>] = [:]

    private func leaveType() {
        typeNames.removeLast()
        enclosingTypes.removeLast()
        didLeaveType()
    }

    // MARK: Functions

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(Syntax(node), name: node.name.text, parameters: node.signature.parameterClause.parameters,
                      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                      isConcurrent: node.attributes.contains(named: "concurrent"),
                      isStatic: node.modifiers.makesATypeMember,
                      returnType: node.signature.returnClause?.type.simpleName, body: node.body)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(Syntax(node), name: "init", parameters: node.signature.parameterClause.parameters,
                      isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil, isConcurrent: false, isStatic: true,
                      body: node.body)
    }

    override func visitPost(_ node: FunctionDeclSyntax) { didLeaveFunction() }
    override func visitPost(_ node: InitializerDeclSyntax) { didLeaveFunction() }

    private func enterFunction(_ node: Syntax, name: String, parameters: FunctionParameterListSyntax,
                               isAsync: Bool, isConcurrent: Bool, isStatic: Bool, returnType: String? = nil,
                               body: CodeBlockSyntax?) -> SyntaxVisitorContinueKind {
        var record = FunctionRecord(
            name: name,
            parameters: parameters.map { Parameter(label: $0.argumentLabel, hasDefault: $0.takesADefault,
                                                   name: ($0.secondName ?? $0.firstName).text,
                                                   defaultLiteral: $0.defaultValue.flatMap { ParameterCondition.literal($0.value) },
                                                   isClosure: $0.type.closureKind.isClosure, isEscapingClosure: $0.type.closureKind.isEscaping,
                                                   isSendableClosure: $0.type.isSendableClosureType) },
            isAsync: isAsync, isConcurrent: isConcurrent, isStatic: isStatic, isFilePrivate: node.isFilePrivateDeclaration,
            enclosingType: typeNames.last, hasBody: body != nil, returnType: returnType, fileIndex: fileIndex,
            isolation: IsolationResolver.localContext(of: node, settings: settings, enclosingType: typeIsolation).isolation,
            ownHeaviness: nil, ownHeavinessBeforeSuspension: nil, callees: [], calleesBeforeSuspension: [])
        (record.runsClosuresOffTheCallersThread, record.forwardsClosuresThrough) = ClosureForwarding.forwarding(parameters, body: body)
        if !record.runsClosuresOffTheCallersThread, record.parameters.contains(where: \.isEscapingClosure) {
            let delivery = ClosureForwarding.mainQueueDelivery(parameters, body: body)
            for index in record.parameters.indices where delivery.delivered.contains(record.parameters[index].name) {
                record.parameters[index].isCalledOnTheMainQueue = true
            }
            record.handsClosuresOn = delivery.through
        }
        functions.append(record)
        didEnterFunction(functions.count - 1, parameters: parameters)
        guard let prefilter else { return .visitChildren }
        // Declarations only: of a function's children only the body can declare anything (the parameter
        // and return clauses are skipped in both passes), and only when its bytes may.
        if let body, prefilter.mayDeclare(in: body.position.utf8Offset..<body.endPosition.utf8Offset) { walk(body.statements) }
        return .skipChildren
    }

    // MARK: Getters

    /// Where the getters recorded in this walk begin (`VariableDeclSyntax.computedGetter`), so the full walk
    /// enters their scope at the body and leaves it after, as for a function.
    private var getterBodies: [SyntaxIdentifier: Int] = [:]

    /// Records a computed property's getter as a function named by the property, in source order: before
    /// anything its body declares, as the full walk meets them.
    private func enterGetter(of node: VariableDeclSyntax, _ getter: VariableDeclSyntax.Getter) {
        let record = FunctionRecord(
            name: getter.name, parameters: [], isAsync: getter.isAsync, isConcurrent: false,
            isStatic: node.modifiers.makesATypeMember,
            isFilePrivate: Syntax(node).isFilePrivateDeclaration, enclosingType: typeNames.last, hasBody: true, isGetter: true,
            returnType: getter.type, fileIndex: fileIndex,
            isolation: IsolationResolver.localContext(of: Syntax(node), settings: settings, enclosingType: typeIsolation).isolation,
            ownHeaviness: nil, ownHeavinessBeforeSuspension: nil, callees: [], calleesBeforeSuspension: [])
        functions.append(record)
        getterBodies[getter.body.id] = functions.count - 1
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        if let position = getterBodies[node.id] { didEnterFunction(position, parameters: []) }
        return .visitChildren
    }

    override func visitPost(_ node: AccessorDeclSyntax) {
        if getterBodies[node.id] != nil { didLeaveFunction() }
    }

    override func visitPost(_ node: AccessorBlockSyntax) {
        if getterBodies[node.id] != nil { didLeaveFunction() }
    }

    /// The types and extensions being walked, innermost last, with their own isolation, read once per
    /// type for all of its functions.
    private var enclosingTypes: [(id: SyntaxIdentifier, isolation: TypeLocalIsolation)] = []

    private func typeIsolation(_ node: Syntax, settings: ModuleSettings) -> TypeLocalIsolation {
        enclosingTypes.last { $0.id == node.id }?.isolation ?? TypeLocalIsolation(node, settings: settings)
    }

    // MARK: Subtrees without anything that matters

    // Types, attributes, modifiers and imports hold no calls the rules check and no declaration the index
    // records; parameter types are read from the function declaration directly. Both passes skip them,
    // so both see the same declarations.
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text {
            imports.append(module)
            if node.attributes.contains(named: "_exported") { reexports.append(module) }
        }
        return .skipChildren
    }
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

    // Bodies, accessors, initial values, closures and statements: where nearly all of a file's nodes
    // are, and where declarations are rare (local functions and types).
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        if let position = getterBodies[node.id] { didEnterFunction(position, parameters: []) }
        return visitIfDeclaring(Syntax(node))
    }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    // Declarations that are not recorded but may hold recorded ones (in initial values, accessors,
    // bodies): walked only when their bytes may declare something.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let getter = node.computedGetter { enterGetter(of: node, getter) }
        return visitIfDeclaring(Syntax(node))
    }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { visitIfDeclaring(Syntax(node)) }
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        node.item.is(DeclSyntax.self) ? .visitChildren : visitIfDeclaring(Syntax(node))
    }

    private func visitIfDeclaring(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let prefilter else { return .visitChildren }
        return prefilter.mayDeclare(in: node.position.utf8Offset..<node.endPosition.utf8Offset) ? .visitChildren : .skipChildren
    }
}

/// Words a file's code contains, read from its bytes in the first pass (necessary conditions only,
/// see `SourcePrefilter`): without them, some rules cannot report in the file whatever its syntax says.
///
/// An occurrence counts only when the parsed tree has a token whose text covers it: a word in a
/// comment (`/// Use `@MainActor` in …` in generated documentation) does not make a file main-actor.
/// Words in string literals still count; they are rare and can only make the answer "may".
struct SourceMentions: Sendable {
    /// `MainActor` (attributes, `MainActor.run`, `MainActor.assumeIsolated`), `.main` (main queues), a
    /// protocol whose callbacks run on the main thread (`MainThreadCallbacks`) or an Alamofire response
    /// handler (main queue by default): the only ways a file's own text puts code on the main actor.
    var mainActor = true
    /// `Task.detached` or `Task<…>.detached` (detached-task rules look for these; `node.detached` and
    /// `case .detached` do not count).
    var detached = true

    init() {}

    init(_ prefilter: SourcePrefilter, tree: SourceFileSyntax) {
        let inCode = { (offset: Int, length: Int) in tree.token(covering: offset..<(offset + length)) != nil }
        mainActor = prefilter.contains("MainActor", where: { inCode($0, 9) })
            || prefilter.contains(".main", where: { inCode($0 + 1, 4) })
            || MainThreadCallbacks.protocolNames.contains { name in prefilter.contains(name, where: { inCode($0, name.utf8CodeUnitCount) }) }
            // One scan for the handlers' common prefix; the token there says which.
            || prefilter.contains("response", where: { offset in
                guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return false }
                let text = token.text
                return CalledName.alamofireResponseHandlers.contains { $0.description == text }
            })
        detached = prefilter.contains("detached", where: { offset in
            tree.token(covering: offset..<(offset + 8)).map(Self.mayBeTaskDetached) ?? false
        })
    }

    init(text: String, tree: SourceFileSyntax) {
        self = SourcePrefilter.withPrefilter(over: text) { SourceMentions($0, tree: tree) }
    }

    /// `detached` after `Task.` or `>.` (the end of `Task<Void, Never>`); the same tokens
    /// `CalledName.startsDetachedTask` reads from the call, so this can only say "may".
    private static func mayBeTaskDetached(_ token: TokenSyntax) -> Bool {
        guard token.text.contains("detached"), let period = token.previousToken(viewMode: .sourceAccurate),
              period.tokenKind == .period, let receiver = period.previousToken(viewMode: .sourceAccurate) else { return false }
        return receiver.text == "Task" || receiver.text == "`Task`" || receiver.tokenKind == .rightAngle
    }
}

private extension SourceFileSyntax {
    /// The token whose text (without its trivia: comments, whitespace) covers `range`, if one does.
    func token(covering range: Range<Int>) -> TokenSyntax? {
        guard let token = token(at: AbsolutePosition(utf8Offset: range.lowerBound)),
              token.positionAfterSkippingLeadingTrivia.utf8Offset <= range.lowerBound,
              range.upperBound <= token.endPositionBeforeTrailingTrivia.utf8Offset else { return nil }
        return token
    }
}

private extension Syntax {
    /// A function or initializer marked `private`/`fileprivate`, or declared in a type or extension so marked.
    var isFilePrivateDeclaration: Bool {
        if modifiersMarkFilePrivate { return true }
        var node = parent
        while let current = node {
            switch current.kind {
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .extensionDecl:
                return current.modifiersMarkFilePrivate
            case .functionDecl, .initializerDecl, .closureExpr:
                // A local function is visible only inside its enclosing body anyway.
                return true
            default:
                node = current.parent
            }
        }
        return false
    }

    private var modifiersMarkFilePrivate: Bool {
        asProtocol(WithModifiersSyntax.self)?.modifiers.limitUseToTheFile == true
    }
}


extension VariableDeclSyntax {
    /// A computed property's getter with a body: `var size: Int { items.count }`, or the `get` of
    /// `var size: Int { get { ... } set { ... } }`. Not a stored property with observers, a protocol's
    /// requirement (`var size: Int { get }`) or SwiftUI content (`var body: some View`).
    struct Getter {
        var name: String
        /// The declared type's name.
        var type: String?
        var isAsync: Bool
        /// The accessor block of a getter written alone, or the `get` accessor: the scope its code runs in.
        var body: Syntax
    }

    var computedGetter: Getter? {
        // A type's member or a global: a local computed variable is not in the index (the declarations
        // pass does not walk bodies for it, and both passes must list the same functions).
        guard parent?.is(MemberBlockItemSyntax.self) == true || parent?.parent?.parent?.is(SourceFileSyntax.self) == true,
              bindings.count == 1, let binding = bindings.first, binding.initializer == nil,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let accessors = binding.accessorBlock else { return nil }
        let type = binding.typeAnnotation?.type.simpleName
        // `var header: some View`: SwiftUI builds the view it returns as part of `body`, which the
        // render-loop rules read as written; the view's own getters are main-actor code, reported in place.
        if let type, SwiftUICallbacks.builtContent.contains(type) { return nil }
        switch accessors.accessors {
        case .getter:
            return Getter(name: name, type: type, isAsync: false, body: Syntax(accessors))
        case .accessors(let list):
            guard let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), get.body != nil else { return nil }
            return Getter(name: name, type: type, isAsync: get.effectSpecifiers?.asyncSpecifier != nil, body: Syntax(get))
        }
    }
}
