import SwiftSyntax

/// Where code runs, as far as the syntax and the module settings tell.
///
/// ```swift
/// if case .mainActor(let origin) = resolver.context(of: Syntax(call)).isolation {
///     print("runs on the main actor because of \(origin.description)")
/// }
/// ```
public enum Isolation: Sendable, Hashable {
    /// Main-actor code, with the declaration or setting that made it so.
    case mainActor(MainActorOrigin)
    /// Not isolated to any actor (runs on the global concurrent executor when async).
    case nonisolated
    /// Isolated to an `actor` type or a global actor other than the main actor.
    case otherActor(String)

    public var isMainActor: Bool {
        if case .mainActor = self { true } else { false }
    }

    public var mainActorOrigin: MainActorOrigin? {
        if case .mainActor(let origin) = self { origin } else { nil }
    }
}

/// Why code is on the main actor, worded for messages: "ContentView.body", "@MainActor class ButtonModel".
///
/// ```swift
/// let origin = MainActorOrigin("default isolation MainActor of target App", isDefaultIsolation: true)
/// ```
public struct MainActorOrigin: Sendable, Hashable {
    public var description: String
    /// The place alone, for a message short of room: "AlbumViewController.load" for
    /// "AlbumViewController.load (AlbumViewController subclasses UIViewController)".
    public var brief: String
    /// True when only the module's default isolation (SE-0466) puts the code on the main actor.
    public var isDefaultIsolation: Bool

    public init(_ description: String, brief: String? = nil, isDefaultIsolation: Bool = false) {
        self.description = description
        self.brief = brief ?? description
        self.isDefaultIsolation = isDefaultIsolation
    }
}

/// An asynchronous job boundary between a node and the declaration it is written in.
enum EnclosingJob {
    /// A `Task { }` body; the call is the `Task(...)` expression.
    case unstructuredTask(FunctionCallExprSyntax)
    /// `MainActor.run { }` / `DispatchQueue.main.async { }`.
    case mainActorJob(String)
    /// A closure handed to a function of the linted code that calls it on the main queue
    /// (`ClosureForwarding.mainQueueDelivery`); the function's name ("NetworkClient.request").
    case mainQueueCompletion(String)
}

/// The isolation at a node plus the innermost job boundary that the node runs in.
struct ExecutionContext {
    var isolation: Isolation
    var job: EnclosingJob?
}

/// Computes the isolation at a syntax node by walking outward to the nearest isolation source.
///
/// Sources: `@MainActor in` closures, `@MainActor` functions/types/extensions, SwiftUI and UIKit/AppKit
/// main-actor types (via `ModuleIndex`), and the module's default isolation. `nonisolated`, `@concurrent`,
/// actors, other global actors, `Task.detached` and closures handed to background APIs break the chain;
/// `Task { }` bodies inherit where they are written.
///
/// ```swift
/// let resolver = IsolationResolver(index: index, settings: settings)
/// let isolation = resolver.isolation(at: Syntax(callExpression))
/// ```
public struct IsolationResolver: Sendable {
    let types: TypeIsolationTable
    public let settings: ModuleSettings

    public init(index: ModuleIndex, settings: ModuleSettings) {
        self.init(types: index.types, settings: settings)
    }

    init(types: TypeIsolationTable, settings: ModuleSettings) {
        self.types = types
        self.settings = settings
    }

    /// The isolation code at `node` runs with.
    public func isolation(at node: Syntax) -> Isolation {
        context(of: node).isolation
    }

    func context(of node: Syntax) -> ExecutionContext {
        let local = Self.localContext(of: node, settings: settings)
        return ExecutionContext(isolation: resolve(local.isolation), job: local.job)
    }

    /// The isolation once every file is indexed: an enclosing type's isolation may come from another file.
    func resolve(_ isolation: LocalIsolation) -> Isolation {
        switch isolation {
        case .settled(let isolation):
            return isolation
        case .memberOfType(let type, let member, let extensionConformance):
            let known = types.isolation(ofType: type, member: member, inModule: settings.moduleKey)
            if let known, known.isMainActor || extensionConformance == nil { return known }
            // An extension that conforms to a main-actor protocol isolates its own members (`extension Card: View`),
            // whether or not the linted code declares the type.
            if let conformance = extensionConformance {
                return .mainActor(.conformance(type: type, member: member, protocolName: conformance))
            }
            return settings.defaultIsolation
        }
    }

    /// The walk outward to the nearest isolation source, reading only the file itself and its settings,
    /// so the single pass can run it for every declaration before the index exists.
    /// `enclosingType` reads a type declaration's own isolation; the single pass passes a memoized one
    /// (every method of a type would otherwise read the same attributes and conformances again).
    static func localContext(of node: Syntax, settings: ModuleSettings,
                             enclosingType: (Syntax, ModuleSettings) -> TypeLocalIsolation = { TypeLocalIsolation($0, settings: $1) })
        -> (isolation: LocalIsolation, job: EnclosingJob?) {
        var job: EnclosingJob?
        var member: String?
        var staticFunction = false
        // Closures that run where they are called, crossed on the way out. One of them handed to an API as
        // a callback (`completion:`, `begin { }`) runs when that API calls it, not as part of a job
        // body further out. Asked only at a job, which is rare, and each closure is checked once.
        var crossedCallback = false
        var unchecked: [ClosureExprSyntax] = []
        var crossedACallback: Bool {
            if !crossedCallback, !unchecked.isEmpty {
                crossedCallback = unchecked.contains(where: \.runsLaterThanItsCall)
                unchecked.removeAll()
            }
            return crossedCallback
        }
        var current: Syntax? = node
        while let node = current {
            switch node.kind {
            case .closureExpr:
                let closure = node.cast(ClosureExprSyntax.self)
                switch closure.role {
                case .unstructuredTask:
                    if job == nil, !crossedACallback, let call = closure.enclosingCall { job = .unstructuredTask(call) }
                case .mainActorTask where !crossedACallback:
                    let description = "Task { @MainActor in }"
                    return (.settled(.mainActor(MainActorOrigin(description))), job ?? .mainActorJob(description))
                case .mainActorJob(let description) where !crossedACallback:
                    return (.settled(.mainActor(MainActorOrigin(description))), job ?? .mainActorJob(description))
                case .mainActorTask, .mainActorJob:
                    // A callback written in a main-actor job runs where its API calls it back (a network
                    // client's queue), not in the job: the declaration around the job decides.
                    break
                case .mainActorCode(let description):
                    return (.settled(.mainActor(MainActorOrigin(description))), job)
                case .background:
                    return (.settled(.nonisolated), job)
                case .inherits:
                    unchecked.append(closure)
                }
            case .deinitializerDecl:
                return (.settled(.nonisolated), job)
            case .variableDecl where node.cast(VariableDeclSyntax.self).modifiers.contains(.async):
                // `async let` evaluates its initializer in a child task, off the current actor.
                return (.settled(.nonisolated), job)
            case .functionDecl, .initializerDecl, .subscriptDecl, .variableDecl, .accessorDecl:
                let declaration = DeclarationIsolationFacts(node)
                if let isolation = declaration.explicitIsolation {
                    return (.settled(isolation), job)
                }
                // NSFilePresenter callbacks run on the presenter's operation queue, not the main thread, even
                // in a main-actor class such as an NSDocument subclass (the SDK declares them nonisolated).
                if let function = node.as(FunctionDeclSyntax.self), FilePresenterCallbacks.names.contains(function.name.text) {
                    return (.settled(.nonisolated), job)
                }
                // A C callback runs where the C API calls it (`CCallbacks`), not on the module's default actor.
                if let function = node.as(FunctionDeclSyntax.self), settings.defaultIsolationMainActor, CCallbacks.isCallback(function) {
                    return (.settled(.nonisolated), job)
                }
                // `UIActivityItemSource`'s callbacks run on the main thread, though Swift does not say so.
                // The name is checked first: most functions are not callbacks, and the walk to the type is not free.
                if let function = node.as(FunctionDeclSyntax.self), MainThreadCallbacks.functionNames.contains(function.name.text),
                   let type = node.enclosingTypeDeclaration,
                   let source = MainThreadCallbacks.protocolCalling(function.name.text, conformances: type.inherited) {
                    let place = "\(type.name).\(function.name.text)"
                    return (.settled(.mainActor(MainActorOrigin("\(place) (a \(source) callback)", brief: place))), job)
                }
                if member == nil, !(node.is(VariableDeclSyntax.self) && node.isInsideFunctionBody) {
                    member = node.as(FunctionDeclSyntax.self)?.delegateSignature ?? declaration.name
                    staticFunction = node.as(FunctionDeclSyntax.self)?.modifiers.makesATypeMember ?? false
                }
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                let type = enclosingType(node, settings)
                // A static helper of a class that is main-actor only through its SDK superclass or a
                // protocol touches no instance's UI: its callers decide where it runs, and a blocking call
                // in it is reported where main-actor code calls it (`exportAsPDF(_:)` run on a global queue).
                if staticFunction, type.explicitIsolation == nil, !settings.defaultIsolationMainActor {
                    return (.settled(.nonisolated), job)
                }
                return (type.isolation(ofMember: member), job)
            case .sourceFile:
                return (.settled(settings.defaultIsolation), job)
            default:
                break
            }
            current = node.parent
        }
        return (.settled(settings.defaultIsolation), job)
    }

}

/// What a type or extension declaration itself says about its members' isolation.
struct TypeLocalIsolation {
    let name: String
    let explicitIsolation: Isolation?
    /// A main-actor protocol an extension declares (for types the linted code does not declare).
    let extensionConformance: String?

    init(_ node: Syntax, settings: ModuleSettings) {
        self.init(TypeDeclarationFacts(node), settings: settings)
    }

    init(_ facts: TypeDeclarationFacts, settings: ModuleSettings) {
        name = facts.name
        explicitIsolation = facts.explicitIsolation
        extensionConformance = explicitIsolation == nil && facts.isExtension ? facts.inherited.first(where: settings.isMainActorProtocol) : nil
    }

    func isolation(ofMember member: String?) -> LocalIsolation {
        if let explicitIsolation { return .settled(explicitIsolation) }
        return .memberOfType(name, member: member, extensionConformance: extensionConformance)
    }
}

/// What the outward walk from a node learns from its own file: the isolation, or the enclosing type
/// whose isolation (declared perhaps in another file) decides it.
enum LocalIsolation: Sendable {
    case settled(Isolation)
    /// A member without isolation of its own in a type or extension without one; `extensionConformance`
    /// is a main-actor protocol the extension declares, for types the linted code does not declare.
    case memberOfType(String, member: String?, extensionConformance: String?)
}

extension ModuleSettings {
    /// The isolation of unannotated declarations: the main actor under default isolation MainActor (SE-0466).
    var defaultIsolation: Isolation {
        guard defaultIsolationMainActor else { return .nonisolated }
        let target = targetName.map { " of target \($0)" } ?? ""
        return .mainActor(MainActorOrigin("default isolation MainActor\(target)", isDefaultIsolation: true))
    }
}

extension MainActorOrigin {
    /// "ContentView.body" when the member is known, "ContentView (a View)" otherwise.
    static func conformance(type: String, member: String?, protocolName: String) -> MainActorOrigin {
        MainActorOrigin(member.map { "\(type).\($0.trimmingSuffix("()"))" } ?? "\(type) (a \(protocolName))")
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

private extension Syntax {
    /// True for local variables (in a function body, a closure or a computed property's getter), whose
    /// names must not be used as the member in messages.
    var isInsideFunctionBody: Bool {
        var node = parent
        while let current = node {
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) || current.is(AccessorBlockSyntax.self) { return true }
            if current.is(MemberBlockSyntax.self) { return false }
            node = current.parent
        }
        return false
    }
}

/// The isolation-relevant parts of a function, initializer, subscript, property or accessor declaration.
struct DeclarationIsolationFacts {
    let node: Syntax
    let attributes: AttributeListSyntax?
    let modifiers: DeclModifierListSyntax?

    /// Reads the node by its kind (a cast, not a dynamic protocol check: the first pass reads every function).
    init(_ node: Syntax) {
        self.node = node
        switch node.kind {
        case .functionDecl: (attributes, modifiers) = Self.parts(node.cast(FunctionDeclSyntax.self))
        case .initializerDecl: (attributes, modifiers) = Self.parts(node.cast(InitializerDeclSyntax.self))
        case .subscriptDecl: (attributes, modifiers) = Self.parts(node.cast(SubscriptDeclSyntax.self))
        case .variableDecl: (attributes, modifiers) = Self.parts(node.cast(VariableDeclSyntax.self))
        case .accessorDecl:
            attributes = node.cast(AccessorDeclSyntax.self).attributes
            modifiers = nil
        default:
            // Only the declarations above carry isolation of their own (`localContext` asks about no other).
            attributes = nil
            modifiers = nil
        }
    }

    private static func parts(_ declaration: some WithAttributesSyntax & WithModifiersSyntax) -> (AttributeListSyntax?, DeclModifierListSyntax?) {
        (declaration.attributes, declaration.modifiers)
    }

    /// How messages name the declaration: `load()`, `init()`, `body`.
    var name: String {
        if let function = node.as(FunctionDeclSyntax.self) { return "\(function.name.text)()" }
        if node.is(InitializerDeclSyntax.self) { return "init()" }
        if let variable = node.as(VariableDeclSyntax.self) { return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? "property" }
        if let accessor = node.as(AccessorDeclSyntax.self) { return accessor.accessorSpecifier.text }
        return "subscript"
    }

    private var keyword: String {
        if node.is(FunctionDeclSyntax.self) { return "func " }
        if node.is(VariableDeclSyntax.self) { return "var " }
        return ""
    }

    /// The isolation written on the declaration itself, if any.
    var explicitIsolation: Isolation? {
        if let modifiers, modifiers.isNonisolated { return .nonisolated }
        guard let attributes, !attributes.isEmpty else { return nil }
        switch attributes.isolationAttribute {
        case .concurrent: return .nonisolated
        case .mainActor: return .mainActor(MainActorOrigin("@MainActor \(keyword)\(name)"))
        case .otherGlobalActor(let name): return .otherActor(name)
        case nil: return nil
        }
    }
}

/// The isolation-relevant parts of a type or extension declaration.
struct TypeDeclarationFacts {
    var name: String
    var keyword: String
    var attributes: AttributeListSyntax
    var modifiers: DeclModifierListSyntax
    private var inheritanceClause: InheritanceClauseSyntax?
    /// The member block, for types and extensions (nil for any other node).
    private(set) var memberBlock: MemberBlockSyntax?

    var isExtension: Bool { keyword == "extension" }

    /// The type or extension this declaration is nested in.
    var enclosingTypeDeclaration: TypeDeclarationFacts? {
        memberBlock.flatMap { Syntax($0).parent?.enclosingTypeDeclaration }
    }

    /// The declared type of the stored property `name` among the members (`let loader: Loader`).
    func storedPropertyType(named name: String) -> TypeSyntax? {
        for member in memberBlock?.members ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.typeAnnotation?.type
            }
        }
        return nil
    }

    /// The stored properties among the members whose declaration names one type: `let checker: VersionChecker`,
    /// `var store: DraftStore?`, `let api = APIClient(session: .shared)` (`TypeSyntax.simpleName`: an array is `Array`).
    var storedPropertyTypes: [StoredPropertyType] {
        var found: [StoredPropertyType] = []
        for member in memberBlock?.members ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where !binding.isComputed {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let type = binding.typeAnnotation?.type.simpleName ?? binding.initializer?.value.initializedTypeName {
                    found.append(StoredPropertyType(name: name, type: type))
                }
            }
        }
        return found
    }

    /// The names of the stored properties among the members (observers keep a property stored).
    var storedPropertyNames: Set<String> {
        var names: Set<String> = []
        for member in memberBlock?.members ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where !binding.isComputed {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
            }
        }
        return names
    }

    /// The type a `typealias` named `name` among the members stands for.
    func typeAlias(named name: String) -> TypeSyntax? {
        for member in memberBlock?.members ?? [] {
            if let alias = member.decl.as(TypeAliasDeclSyntax.self), alias.name.text == name { return alias.initializer.value }
        }
        return nil
    }

    /// Superclass and conformances, as simple type names (``TypeSyntax/inheritedName``). Every model of a
    /// type declaration reads them here: the index's record, the SwiftUI model, the rules.
    var inherited: [String] {
        inheritanceClause?.inheritedTypes.compactMap { $0.type.inheritedName } ?? []
    }

    /// Reads the node by its kind (a cast to each concrete declaration, not a dynamic check for
    /// `DeclGroupSyntax` conformance, which the first pass would pay for every type).
    init(_ node: Syntax) {
        switch node.kind {
        case .classDecl: self.init(node.cast(ClassDeclSyntax.self), keyword: "class") { $0.name.text }
        case .structDecl: self.init(node.cast(StructDeclSyntax.self), keyword: "struct") { $0.name.text }
        case .enumDecl: self.init(node.cast(EnumDeclSyntax.self), keyword: "enum") { $0.name.text }
        case .actorDecl: self.init(node.cast(ActorDeclSyntax.self), keyword: "actor") { $0.name.text }
        case .protocolDecl: self.init(node.cast(ProtocolDeclSyntax.self), keyword: "protocol") { $0.name.text }
        case .extensionDecl: self.init(node.cast(ExtensionDeclSyntax.self), keyword: "extension") { $0.extendedType.simpleName ?? "" }
        default: self.init(name: "", keyword: "", attributes: [], modifiers: [], inheritanceClause: nil, memberBlock: nil)
        }
    }

    private init<Group: DeclGroupSyntax>(_ group: Group, keyword: String, name: (Group) -> String) {
        self.init(name: name(group), keyword: keyword, attributes: group.attributes, modifiers: group.modifiers,
                  inheritanceClause: group.inheritanceClause, memberBlock: group.memberBlock)
    }

    private init(name: String, keyword: String, attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax,
                 inheritanceClause: InheritanceClauseSyntax?, memberBlock: MemberBlockSyntax?) {
        self.name = name
        self.keyword = keyword
        self.attributes = attributes
        self.modifiers = modifiers
        self.inheritanceClause = inheritanceClause
        self.memberBlock = memberBlock
    }

    /// Isolation written on this declaration: `actor`, `@MainActor`, `nonisolated`, another global actor.
    var explicitIsolation: Isolation? {
        if keyword == "actor" { return .otherActor(name) }
        if modifiers.isNonisolated { return .nonisolated }
        switch attributes.isolationAttribute {
        case .mainActor: return .mainActor(MainActorOrigin("@MainActor \(keyword) \(name)"))
        case .otherGlobalActor(let name): return .otherActor(name)
        case .concurrent, nil: return nil
        }
    }
}

extension TypeSyntax {
    /// The name a superclass or conformance goes by: ``simpleName`` without an SDK module, since
    /// inheriting `SwiftUI.View` or `UIKit.UIViewController` is inheriting the SDK type the knowledge
    /// names `View` and `UIViewController` (a receiver keeps the module: `os.Logger` is not the app's
    /// `Logger`).
    var inheritedName: String? {
        guard let name = simpleName, let dot = name.firstIndex(of: "."), SDKModules.names.contains(String(name[..<dot])) else {
            return simpleName
        }
        return String(name[name.index(after: dot)...])
    }

    /// `Foo` for `Foo`, `Outer.Foo`, `Foo<T>`, `Foo?`, `any Foo`, `@MainActor Foo`: how the index names types.
    /// Read from tokens, not from the printed type: printing a node copies it.
    var simpleName: String? {
        if let type = self.as(IdentifierTypeSyntax.self) { return type.name.text }
        if let type = self.as(MemberTypeSyntax.self) {
            // `os.Logger`, `Foundation.Data`: a module-qualified SDK type is not the app's own `Logger`.
            if let module = type.baseType.as(IdentifierTypeSyntax.self)?.name.text, SDKModules.names.contains(module) {
                return "\(module).\(type.name.text)"
            }
            return type.name.text
        }
        if let type = self.as(OptionalTypeSyntax.self) { return type.wrappedType.simpleName }
        if let type = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return type.wrappedType.simpleName }
        if let type = self.as(AttributedTypeSyntax.self) { return type.baseType.simpleName }
        if let type = self.as(SomeOrAnyTypeSyntax.self) { return type.constraint.simpleName }
        // `[Element]` and `[Key: Value]`: a receiver of these is no type of the linted code (unless it extends them).
        if self.is(ArrayTypeSyntax.self) { return "Array" }
        if self.is(DictionaryTypeSyntax.self) { return "Dictionary" }
        return nil
    }
}

extension PatternBindingSyntax {
    /// A getter (`{ ... }` or `get { }`) makes a computed property; `willSet`/`didSet` alone keep it stored.
    var isComputed: Bool {
        guard let accessors = accessorBlock?.accessors else { return false }
        switch accessors {
        case .getter:
            return true
        case .accessors(let list):
            return list.contains { [.keyword(.get), .keyword(._read), .keyword(.set)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}

private extension ExprSyntax {
    /// `APIClient` for `APIClient()` or `APIClient(session: .shared)`: the type an initializer call names.
    var initializedTypeName: String? {
        guard let call = self.as(FunctionCallExprSyntax.self), let called = CalledName(call), called.isInitializerCall else { return nil }
        return called.name
    }
}

extension FunctionDeclSyntax {
    /// `tableView(_:cellForRowAt:)` for a method named after the object it is handed first, as Cocoa's
    /// delegates and data sources are (`func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)`):
    /// its base name alone names a dozen methods (blind round CJ: "EventDetailViewController.tableView" read as
    /// ambiguous). nil for other functions, which messages name by their base name.
    ///
    /// ```swift
    /// // func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// function.delegateSignature // "collectionView(_:cellForItemAt:)"
    /// ```
    var delegateSignature: String? {
        let parameters = signature.parameterClause.parameters
        guard parameters.count > 1, let first = parameters.first, first.firstName.tokenKind == .wildcard else { return nil }
        var type = first.type.trimmedDescription
        if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("UI") || type.hasPrefix("NS") { type.removeFirst(2) }
        guard let initial = type.first, String(initial).lowercased() + type.dropFirst() == name.text else { return nil }
        return name.text + "(" + argumentLabels + ")"
    }
}
