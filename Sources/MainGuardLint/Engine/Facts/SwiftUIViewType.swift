import Foundation
import SwiftSyntax

/// The SwiftUI facts of one file, gathered in one walk over its declarations and shared by the
/// render-loop rules: the views it declares and the classes (models) it declares.
///
/// ```swift
/// let file = SwiftUIFile(Parser.parse(source: "struct Row: View { @State var on = false; var body: some View { Text(\"\") } }"))
/// print(file.views[0].name, file.views[0].storedProperties[0].wrappers) // Row ["State"]
/// ```
struct SwiftUIFile {
    /// Views and view modifiers, in source order.
    let views: [SwiftUIViewType]
    /// What runs while each view's `body` is evaluated, computed once for every rule (same order as `views`).
    let bodyEvaluations: [ViewBodyEvaluation]
    let referenceTypes: ReferenceTypeNames
    /// What all linted files declare (views, models, fresh identities).
    let module: SwiftUIModuleTypes

    /// `module` adds what other files declare: a `View` conformance written elsewhere, models declared elsewhere.
    init(_ file: SourceFileSyntax, module: SwiftUIModuleTypes = SwiftUIModuleTypes([])) {
        let collector = TypeDeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(file)
        views = collector.order.compactMap { name in
            let declarations = collector.declarations[name] ?? []
            let isView = module.views.contains(name)
                || declarations.contains { $0.inheritedNames.contains(where: SwiftUIViewType.protocols.contains) }
            return isView ? SwiftUIViewType(name: name, members: declarations.flatMap(\.members)) : nil
        }
        bodyEvaluations = views.map(ViewBodyEvaluation.init)
        referenceTypes = ReferenceTypeNames(collector.declarations, module: module)
        self.module = module
    }

    /// A file that declares no view or view modifier (its type records show it, `declaresView`), or one
    /// checked by no rule that looks at views: nothing to walk, and no copy of the module's class names,
    /// which every such file used to pay for.
    init(noViewsIn module: SwiftUIModuleTypes) {
        views = []
        bodyEvaluations = []
        referenceTypes = ReferenceTypeNames([:], module: module)
        self.module = module
    }

    /// The file's views, or none without walking it when `types` (the file's type records) declare none.
    static func of(_ file: SourceFileSyntax, types: [TypeDeclarationRecord], module: SwiftUIModuleTypes) -> SwiftUIFile {
        let declaresView = types.contains { type in
            module.views.contains(type.name) || type.inherited.contains(where: SwiftUIViewType.protocols.contains)
        }
        return declaresView ? SwiftUIFile(file, module: module) : SwiftUIFile(noViewsIn: module)
    }
}

/// The SwiftUI-relevant types of all linted files, from the module index's type records.
///
/// ```swift
/// let index = ModuleIndex(sources: ["@Observable final class Model {}"])
/// print(index.swiftUITypes.observable) // ["Model"]
/// ```
struct SwiftUIModuleTypes: Sendable {
    /// Types declaring `View` or `ViewModifier` conformance (in any of their declarations).
    var views: Set<String> = []
    /// Classes and actors.
    var classes: Set<String> = []
    /// `@Observable` classes and `ObservableObject` conformers.
    var observable: Set<String> = []
    /// Types whose `id` is fresh (`let id = UUID()`, `var id: UUID { UUID() }`).
    var freshIdentities: [String: FreshIdentity] = [:]
    /// Types declaring `Equatable` or `Hashable` conformance (in any of their declarations).
    var equatable: Set<String> = []

    init(_ records: [TypeDeclarationRecord]) {
        for record in records {
            if record.inherited.contains(where: SwiftUIViewType.protocols.contains) { views.insert(record.name) }
            if record.keyword == "class" || record.keyword == "actor" { classes.insert(record.name) }
            if record.isObservableMacro || record.inherited.contains("ObservableObject") { observable.insert(record.name) }
            if let identity = record.freshIdentity { freshIdentities[record.name] = identity }
            if record.inherited.contains("Equatable") || record.inherited.contains("Hashable") { equatable.insert(record.name) }
        }
    }
}

/// A SwiftUI `View` or `ViewModifier` declared in a file, with its members gathered over the type's
/// declaration and the same file's extensions of it.
///
/// No type checker is available: a type is a view when it (or one of its extensions in the file)
/// lists `View` or `ViewModifier` among its inherited types, or when the caller already knows it is
/// one (a conformance declared in another file).
struct SwiftUIViewType {
    var name: String
    /// Stored instance properties, in declaration order.
    var storedProperties: [ViewStoredProperty]
    /// Computed properties and functions (instance and static) by name, `body` included.
    var members: [String: [Syntax]]
    /// The getter of `var body` or the declaration of `func body(content:)`.
    var body: Syntax?
    /// `static func ==` declarations written in the type or its extensions.
    var equalityOperators: [FunctionDeclSyntax]
    /// `init` declarations written in the type or its extensions.
    var initializers: [InitializerDeclSyntax]

    /// The stored property with this name, if the view declares one.
    func storedProperty(named name: String) -> ViewStoredProperty? {
        storedProperties.first { $0.name == name }
    }

    static let protocols: Set<String> = ["View", "ViewModifier"]

    fileprivate init(name: String, members declarations: [DeclSyntax]) {
        self.name = name
        var stored: [ViewStoredProperty] = []
        var members: [String: [Syntax]] = [:]
        var body: Syntax?
        var equalityOperators: [FunctionDeclSyntax] = []
        var initializers: [InitializerDeclSyntax] = []
        for member in declarations {
            if let initializer = member.as(InitializerDeclSyntax.self) {
                initializers.append(initializer)
            } else if let function = member.as(FunctionDeclSyntax.self) {
                let functionName = function.name.text
                if functionName == "==", function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) {
                    equalityOperators.append(function)
                    continue
                }
                members[functionName, default: []].append(Syntax(function))
                if functionName == "body", function.signature.parameterClause.parameters.first?.firstName.text == "content" {
                    body = Syntax(function)
                }
            } else if let variable = member.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.makesATypeMember
                for binding in variable.bindings {
                    guard let propertyName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if binding.isComputed {
                        members[propertyName, default: []].append(Syntax(binding))
                        if propertyName == "body", !isStatic { body = Syntax(binding) }
                    } else if !isStatic {
                        stored.append(ViewStoredProperty(name: propertyName, declaration: variable, binding: binding))
                    }
                }
            }
        }
        self.storedProperties = stored
        self.members = members
        self.body = body
        self.equalityOperators = equalityOperators
        self.initializers = initializers
    }
}

/// A stored property of a view, with the property wrappers that decide who owns its value.
struct ViewStoredProperty {
    var name: String
    /// Attribute names as written, e.g. `["State"]`, `["Environment"]`.
    var wrappers: [String]
    var isLet: Bool
    var hasInitialValue: Bool { initialValue != nil }
    /// `= expression`, computed each time the view (a value) is created.
    var initialValue: ExprSyntax?
    /// The declared type as written (`[Item]`, `Binding<Int>`), when annotated.
    var typeName: String?
    /// The type's name from the annotation (optionality dropped) or from an initializer `= Model()`.
    var declaredTypeName: String?
    /// `let onTap: () -> Void`: a callback, not data.
    var isFunctionType: Bool
    /// `@Environment(Model.self)`: an observable model read from the environment.
    var isEnvironmentObject: Bool
    var declaration: VariableDeclSyntax

    init(name: String, declaration: VariableDeclSyntax, binding: PatternBindingSyntax) {
        self.name = name
        self.declaration = declaration
        let attributes = declaration.attributes.compactMap { $0.as(AttributeSyntax.self) }
        wrappers = attributes.map { $0.attributeName.trimmedDescription }.filter { !Self.nonWrapperAttributes.contains($0) }
        isLet = declaration.bindingSpecifier.tokenKind == .keyword(.let)
        initialValue = binding.initializer?.value
        let type = binding.typeAnnotation?.type
        typeName = type?.trimmedDescription
        isFunctionType = type.map(Self.isFunction) ?? false
        if let typeName, !typeName.hasPrefix("[") {
            declaredTypeName = typeName.trimmingCharacters(in: ["?", "!"])
        } else if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  // `Model()`, or `Box<Element>()` named without its generic arguments.
                  let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
                    ?? call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self),
                  callee.baseName.text.first?.isUppercase == true {
            declaredTypeName = callee.baseName.text
        }
        isEnvironmentObject = attributes.contains { attribute in
            guard attribute.attributeName.trimmedDescription == "Environment",
                  case .argumentList(let arguments) = attribute.arguments,
                  let argument = arguments.first?.expression.as(MemberAccessExprSyntax.self) else { return false }
            return argument.declName.baseName.tokenKind == .keyword(.self)
        }
    }

    /// Wrappers whose value SwiftUI stores and writes: assigning them while `body` runs invalidates the view.
    var isViewState: Bool { wrappers.contains(where: Self.stateWrappers.contains) }

    /// Wrappers that hold a reference model SwiftUI observes (`@StateObject`, `@Bindable`, `@Environment(Model.self)`, ...).
    var holdsObservedModel: Bool { isEnvironmentObject || wrappers.contains(where: Self.modelWrappers.contains) }

    /// No property wrapper: a value the parent passes in (or a constant).
    var isPlain: Bool { wrappers.isEmpty }

    /// The element type of a collection: `Item` for `[Item]`, `Array<Item>` or `[Item]?`, or, without an
    /// annotation, for `= [Item(...), ...]` and `= Item.samples` (a type's static list of itself, by convention).
    var elementTypeName: String? {
        guard var type = typeName else { return initialValue.flatMap(Self.elementType(ofInitialValue:)) }
        if type.hasSuffix("?") { type.removeLast() }
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            return String(type.dropFirst().dropLast())
        }
        for prefix in ["Array<", "ArraySlice<", "ContiguousArray<", "IdentifiedArrayOf<"] where type.hasPrefix(prefix) && type.hasSuffix(">") {
            return String(type.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    private static func elementType(ofInitialValue value: ExprSyntax) -> String? {
        if let array = value.as(ArrayExprSyntax.self), let first = array.elements.first?.expression.as(FunctionCallExprSyntax.self) {
            return first.calledExpression.as(DeclReferenceExprSyntax.self).map(\.baseName.text).flatMap(uppercased)
        }
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return uppercased(base.baseName.text)
        }
        return nil
    }

    private static func uppercased(_ name: String) -> String? {
        name.first?.isUppercase == true ? name : nil
    }

    static let stateWrappers: Set<String> = [
        "State", "Binding", "FocusState", "AppStorage", "SceneStorage", "AccessibilityFocusState",
    ]
    static let modelWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "Bindable"]
    /// Attributes that are not property wrappers and leave a property plain.
    private static let nonWrapperAttributes: Set<String> = [
        "MainActor", "available", "objc", "nonobjc", "IBOutlet", "IBInspectable", "usableFromInline", "inlinable",
        "ViewBuilder", "preconcurrency", "_spi", "ObservationIgnored",
    ]

    private static func isFunction(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFunction(only.type)
        }
        return false
    }
}

/// Classes the linted file and the rest of the module declare: reference models whose changes SwiftUI
/// observes on its own. The module's names are consulted, not copied: a copy per file with a view was
/// about 4% of a lint of app code.
struct ReferenceTypeNames {
    /// Every class and actor the file declares.
    private var classes: Set<String> = []
    /// Classes the file marks `@Observable` or makes conform to `ObservableObject`.
    private var observable: Set<String> = []
    private let module: SwiftUIModuleTypes

    fileprivate init(_ declarations: [String: [TypeDeclaration]], module: SwiftUIModuleTypes) {
        self.module = module
        for (name, declarations) in declarations where declarations.contains(where: \.isReferenceType) {
            classes.insert(name)
            if declarations.contains(where: { $0.inheritedNames.contains("ObservableObject") || $0.attributeNames.contains("Observable") }) {
                observable.insert(name)
            }
        }
    }

    /// True for a class or actor declared in this file or elsewhere in the module.
    func isClass(_ name: String) -> Bool { classes.contains(name) || module.classes.contains(name) }

    /// True for an `@Observable` or `ObservableObject` class declared in this file or elsewhere in the module.
    func isObservable(_ name: String) -> Bool { observable.contains(name) || module.observable.contains(name) }
}

/// A type declaration or extension, reduced to what the SwiftUI vocabulary needs.
private struct TypeDeclaration {
    var inheritedNames: [String]
    var attributeNames: [String]
    var isReferenceType: Bool
    var members: [DeclSyntax]
}

/// Gathers type declarations and extensions by (unqualified) name, in source order.
private final class TypeDeclarationCollector: SyntaxVisitor {
    var declarations: [String: [TypeDeclaration]] = [:]
    var order: [String] = []

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), isReference: false, node.memberBlock)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), isReference: true, node.memberBlock)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), isReference: true, node.memberBlock)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), isReference: false, node.memberBlock)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(Syntax(node), isReference: false, node.memberBlock)
    }

    /// Members other than types hold no type declarations the rules care about (and skipping them keeps
    /// this walk a small fraction of the parse).
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Names and inherited types as the index reads them (`TypeDeclarationFacts`), so a view is a view
    /// to the file's model and to the module's alike.
    private func record(_ node: Syntax, isReference: Bool, _ memberBlock: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        let declaration = TypeDeclarationFacts(node)
        let name = declaration.name
        let inherited = declaration.inherited
        let attributeNames = declaration.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        if declarations[name] == nil { order.append(name) }
        declarations[name, default: []].append(TypeDeclaration(
            inheritedNames: inherited, attributeNames: attributeNames, isReferenceType: isReference,
            members: Self.declarations(in: memberBlock.members)))
        return .visitChildren
    }

    /// Member declarations, with those inside `#if` clauses (every clause: no build configuration is known).
    private static func declarations(in members: MemberBlockItemListSyntax) -> [DeclSyntax] {
        members.flatMap { item -> [DeclSyntax] in
            guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else { return [item.decl] }
            return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
                if case .decls(let nested)? = clause.elements { return declarations(in: nested) }
                return []
            }
        }
    }
}
