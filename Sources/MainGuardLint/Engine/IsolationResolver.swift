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
public struct MainActorOrigin: Sendable, Hashable {
    public var description: String
    /// True when only the module's default isolation (SE-0466) puts the code on the main actor.
    public var isDefaultIsolation: Bool

    public init(_ description: String, isDefaultIsolation: Bool = false) {
        self.description = description
        self.isDefaultIsolation = isDefaultIsolation
    }
}

/// An asynchronous job boundary between a node and the declaration it is written in.
enum EnclosingJob {
    /// A `Task { }` body; the call is the `Task(...)` expression.
    case unstructuredTask(FunctionCallExprSyntax)
    /// `MainActor.run { }` / `DispatchQueue.main.async { }`.
    case mainActorJob(String)
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
        var job: EnclosingJob?
        var member: String?
        var current: Syntax? = node
        while let node = current {
            switch node.kind {
            case .closureExpr:
                let closure = node.cast(ClosureExprSyntax.self)
                switch closure.role {
                case .unstructuredTask:
                    if job == nil, let call = closure.enclosingCall { job = .unstructuredTask(call) }
                case .mainActorJob(let description):
                    return ExecutionContext(isolation: .mainActor(MainActorOrigin(description)), job: job ?? .mainActorJob(description))
                case .mainActorCode(let description):
                    return ExecutionContext(isolation: .mainActor(MainActorOrigin(description)), job: job)
                case .background:
                    return ExecutionContext(isolation: .nonisolated, job: job)
                case .inherits:
                    break
                }
            case .deinitializerDecl:
                return ExecutionContext(isolation: .nonisolated, job: job)
            case .functionDecl, .initializerDecl, .subscriptDecl, .variableDecl, .accessorDecl:
                let declaration = DeclarationIsolationFacts(node)
                if let isolation = declaration.explicitIsolation(describing: declaration.name) {
                    return ExecutionContext(isolation: isolation, job: job)
                }
                if member == nil, !(node.is(VariableDeclSyntax.self) && node.isInsideFunctionBody) { member = declaration.name }
            case .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                return ExecutionContext(isolation: typeIsolation(node, member: member), job: job)
            case .sourceFile:
                return ExecutionContext(isolation: defaultIsolation, job: job)
            default:
                break
            }
            current = node.parent
        }
        return ExecutionContext(isolation: defaultIsolation, job: job)
    }

    private var defaultIsolation: Isolation { settings.defaultIsolation }

    private func typeIsolation(_ node: Syntax, member: String?) -> Isolation {
        let facts = TypeDeclarationFacts(node)
        if let explicit = facts.explicitIsolation { return explicit }
        if let known = types.isolation(ofType: facts.name, member: member) { return known }
        // An extension of a type the linted code does not declare (e.g. `extension Text: ...`).
        if facts.isExtension, let conformance = facts.inherited.first(where: settings.isMainActorProtocol) {
            return .mainActor(.conformance(type: facts.name, member: member, protocolName: conformance))
        }
        return defaultIsolation
    }
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
    /// True for local variables, whose names must not be used as the member in messages.
    var isInsideFunctionBody: Bool {
        var node = parent
        while let current = node {
            if current.is(CodeBlockSyntax.self) { return true }
            if current.is(MemberBlockSyntax.self) { return false }
            node = current.parent
        }
        return false
    }
}

/// The isolation-relevant parts of a function, initializer, subscript, property or accessor declaration.
struct DeclarationIsolationFacts {
    var name: String
    var attributes: AttributeListSyntax?
    var modifiers: DeclModifierListSyntax?
    var keyword: String

    init(_ node: Syntax) {
        if let function = node.as(FunctionDeclSyntax.self) {
            name = "\(function.name.text)()"; attributes = function.attributes; modifiers = function.modifiers; keyword = "func"
        } else if let initializer = node.as(InitializerDeclSyntax.self) {
            name = "init()"; attributes = initializer.attributes; modifiers = initializer.modifiers; keyword = ""
        } else if let subscriptDecl = node.as(SubscriptDeclSyntax.self) {
            name = "subscript"; attributes = subscriptDecl.attributes; modifiers = subscriptDecl.modifiers; keyword = ""
        } else if let variable = node.as(VariableDeclSyntax.self) {
            name = variable.bindings.first?.pattern.trimmedDescription ?? "property"
            attributes = variable.attributes; modifiers = variable.modifiers; keyword = "var"
        } else if let accessor = node.as(AccessorDeclSyntax.self) {
            name = accessor.accessorSpecifier.text; attributes = accessor.attributes; modifiers = nil; keyword = ""
        } else {
            name = ""; attributes = nil; modifiers = nil; keyword = ""
        }
    }

    /// The isolation written on the declaration itself, if any.
    func explicitIsolation(describing name: String) -> Isolation? {
        if let modifiers, modifiers.isNonisolated { return .nonisolated }
        guard let attributes else { return nil }
        if attributes.contains(named: "concurrent") { return .nonisolated }
        if attributes.contains(named: "MainActor") {
            return .mainActor(MainActorOrigin(keyword.isEmpty ? "@MainActor \(name)" : "@MainActor \(keyword) \(name)"))
        }
        if let other = attributes.otherGlobalActor { return .otherActor(other) }
        return nil
    }
}

/// The isolation-relevant parts of a type or extension declaration.
struct TypeDeclarationFacts {
    var name: String
    var keyword: String
    var attributes: AttributeListSyntax
    var modifiers: DeclModifierListSyntax
    var inherited: [String]

    var isExtension: Bool { keyword == "extension" }

    init(_ node: Syntax) {
        let group = node.asProtocol(DeclGroupSyntax.self)
        attributes = group?.attributes ?? []
        modifiers = group?.modifiers ?? []
        inherited = group?.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription.simpleTypeName } ?? []
        if let decl = node.as(ClassDeclSyntax.self) { name = decl.name.text; keyword = "class" }
        else if let decl = node.as(StructDeclSyntax.self) { name = decl.name.text; keyword = "struct" }
        else if let decl = node.as(EnumDeclSyntax.self) { name = decl.name.text; keyword = "enum" }
        else if let decl = node.as(ActorDeclSyntax.self) { name = decl.name.text; keyword = "actor" }
        else if let decl = node.as(ProtocolDeclSyntax.self) { name = decl.name.text; keyword = "protocol" }
        else if let decl = node.as(ExtensionDeclSyntax.self) { name = decl.extendedType.trimmedDescription.simpleTypeName; keyword = "extension" }
        else { name = ""; keyword = "" }
    }

    /// Isolation written on this declaration: `actor`, `@MainActor`, `nonisolated`, another global actor.
    var explicitIsolation: Isolation? {
        if keyword == "actor" { return .otherActor(name) }
        if modifiers.isNonisolated { return .nonisolated }
        if attributes.contains(named: "MainActor") { return .mainActor(MainActorOrigin("@MainActor \(keyword) \(name)")) }
        if let other = attributes.otherGlobalActor { return .otherActor(other) }
        return nil
    }
}

extension String {
    /// `Foo` for `Outer.Foo`, `Foo<T>`, `Foo?`, `any Foo`: how the index names types.
    var simpleTypeName: String {
        var text = Substring(self)
        for prefix in ["any ", "some ", "@MainActor ", "@preconcurrency "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        if let generic = text.firstIndex(of: "<") { text = text[..<generic] }
        while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
        if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
        return String(text)
    }
}

/// SDK types whose members run on the main actor.
enum MainActorTypes {
    /// SwiftUI and UIKit/AppKit protocols that are `@MainActor`: conformers' members are main-actor.
    static let protocols: Set<String> = [
        "View", "App", "Scene", "ViewModifier", "Commands", "ToolbarContent", "PreviewProvider",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "ButtonStyle", "PrimitiveButtonStyle", "LabelStyle", "ToggleStyle",
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate", "NSWindowDelegate",
        "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate",
    ]

    /// UIKit/AppKit classes that are `@MainActor`: subclasses' members are main-actor.
    static let classes: Set<String> = [
        "UIViewController", "UIView", "UIResponder", "UITableViewCell", "UICollectionViewCell", "UITableViewController",
        "UICollectionViewController", "UINavigationController", "UITabBarController", "UIPageViewController",
        "UISplitViewController", "UIHostingController", "UIApplication", "UIWindow", "UIControl", "UIButton", "UILabel",
        "UIImageView", "UIScrollView", "UITableView", "UICollectionView", "UIStackView", "UICollectionReusableView",
        "NSViewController", "NSView", "NSWindowController", "NSResponder", "NSWindow", "NSApplication",
        "NSHostingController", "NSHostingView", "NSTableCellView", "NSControl", "NSButton", "NSTableView",
    ]
}
