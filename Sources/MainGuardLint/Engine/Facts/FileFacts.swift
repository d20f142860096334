import SwiftSyntax

/// A parameter as callers see it: its argument label and whether it may be omitted.
///
/// ```swift
/// let labels = function.parameters.map { $0.label ?? "_" } // ["from", "_"]
/// ```
extension FunctionParameterSyntax {
    /// The label a call writes for this parameter: nil for `_`.
    var argumentLabel: String? { firstName.tokenKind == .wildcard ? nil : firstName.text }
    /// A call may leave it out: it has a default value, or is variadic.
    var takesADefault: Bool { defaultValue != nil || ellipsis != nil }
}

public struct Parameter: Sendable, Hashable {
    /// nil for `_`.
    public var label: String?
    public var hasDefault: Bool
    /// The name inside the function (`reload` in `fromDisk reload: Bool`).
    public var name: String = ""
    /// A default written as a literal (`true`, `false`, `.all`): `ParameterCondition` reads it.
    public var defaultLiteral: String? = nil
    /// A closure: `() -> Void`, `@escaping () -> Void`, `(() -> Void)?`.
    public var isClosure = false
    /// A closure the function may keep and call after it returns (`@escaping`, or optional, which
    /// escapes implicitly): a closure literal handed to it is not work done at the call.
    public var isEscapingClosure = false
    /// A closure declared `@Sendable`: a closure literal handed to it is not isolated to the caller's actor.
    public var isSendableClosure = false
    /// An escaping closure the function calls on the main queue, wherever it is called from
    /// (`ClosureForwarding.mainQueueDelivery`): a network client's completion delivered in
    /// `DispatchQueue.main.async { }`. The index also sets it where the closure goes on to such a parameter.
    public var isCalledOnTheMainQueue = false
}

extension [Parameter] {
    /// Whether the parameter a closure argument binds to escapes: the one labelled `label`, or, for a
    /// single trailing closure, the last closure parameter. false when the syntax does not say which.
    ///
    /// ```swift
    /// // func configureMenu(_ cell: Cell, onSelect: @escaping (Int) -> Void)
    /// configureMenu(cell) { index in apply(index) } // escapes(label: nil, isTrailing: true) == true
    /// ```
    func escapes(label: String?, isTrailing: Bool) -> Bool {
        parameter(label: label, isTrailing: isTrailing)?.isEscapingClosure ?? false
    }

    /// Whether that parameter is kept to be called later, from any thread (`@escaping @Sendable`): the
    /// function is handing the closure to other threads, so a closure literal handed to it runs there,
    /// not on the caller's actor (a decoder a cache runs in a detached task: blind round AT).
    ///
    /// ```swift
    /// // init(service: Service, decoder: @escaping @Sendable (Data) -> Image?)
    /// self.init(service: service) { data in decode(data) } // keepsForOtherThreads(label: nil, isTrailing: true) == true
    /// ```
    func keepsForOtherThreads(label: String?, isTrailing: Bool) -> Bool {
        parameter(label: label, isTrailing: isTrailing).map { $0.isEscapingClosure && $0.isSendableClosure } ?? false
    }

    /// Whether the parameter an argument binds to is a closure the function calls on the main queue: the one
    /// labelled `label`, the last closure parameter for a trailing closure, or the unlabelled one at `index`.
    func callsOnTheMainQueue(label: String?, isTrailing: Bool, index: Int) -> Bool {
        boundParameter(label: label, isTrailing: isTrailing, index: index)?.isCalledOnTheMainQueue ?? false
    }

    /// The parameter an argument binds to: the one labelled `label`, the last closure parameter for a
    /// trailing closure, or the unlabelled one at `index` among the arguments.
    func boundParameter(label: String?, isTrailing: Bool, index: Int) -> Parameter? {
        parameter(label: label, isTrailing: isTrailing)
            ?? (label == nil && !isTrailing && indices.contains(index) && self[index].label == nil ? self[index] : nil)
    }

    /// The parameter a closure argument binds to: the one labelled `label`, or, for a single trailing
    /// closure, the last closure parameter.
    private func parameter(label: String?, isTrailing: Bool) -> Parameter? {
        if let label { return first { $0.label == label } }
        guard isTrailing else { return nil }
        return last { $0.isClosure }
    }
}

extension TypeSyntax {
    /// `@Sendable () -> Void`, also optional (`(@Sendable () -> Void)?`) or escaping.
    var isSendableClosureType: Bool {
        var type = Syntax(self)
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) { type = Syntax(optional.wrappedType); continue }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                type = Syntax(only.type)
                continue
            }
            break
        }
        guard let attributed = type.as(AttributedTypeSyntax.self), attributed.baseType.isFunctionType else { return false }
        return attributed.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Sendable" }
    }

    /// `(isClosure, isEscaping)` for a parameter's type: `@escaping () -> Void` and `(() -> Void)?` escape,
    /// `() -> Void` does not.
    var closureKind: (isClosure: Bool, isEscaping: Bool) {
        if let attributed = self.as(AttributedTypeSyntax.self), attributed.baseType.isFunctionType {
            let escaping = attributed.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "escaping" }
            return (true, escaping)
        }
        if isFunctionType { return (true, false) }
        let wrapped = self.as(OptionalTypeSyntax.self)?.wrappedType ?? self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
        if let wrapped, wrapped.isFunctionType { return (true, true) }
        return (false, false)
    }

    /// `() -> Void`, also in parentheses (`(() -> Void)` as an optional's wrapped type is written).
    private var isFunctionType: Bool {
        if `is`(FunctionTypeSyntax.self) { return true }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
            return only.type.isFunctionType
        }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.isFunctionType }
        return false
    }
}

/// How a call names its receiver, which decides where the index looks for the callee.
enum ReceiverKind: Sendable, Hashable {
    /// `f()` or `self.f()`: the caller's type first, then free functions.
    case implicitSelf
    /// `Type.f()`: static members of that type.
    case type(String)
    /// `value.f()`: members of the value's inferred type; nil when the syntax shows neither type nor name.
    case instance(String?)
    /// `store.f()` where the syntax does not show `store`'s type: members of a type the name names
    /// (`AccountStore`, `store`), so `textView.insertText(_:)` does not bind to a view model's `insertText(_:)`.
    case namedInstance(String)
    /// `.f()`: static members of an unknown type (static methods and initializers; an enum case with
    /// associated values, `.request(transfer)`, is not a function of the index at all).
    case implicitMember
    /// Any member of that name of any type: what an awaited call may run when its receiver's type is unknown
    /// (`RuleContext.awaitedCallees`). Rules ask with it; fact collection never records it.
    case anyMember
    /// `exporter.f()` after `let exporter = ExportFactory.make(format)`: members of the type the static
    /// function declares it returns (a protocol: its conformers'), when the index knows that function;
    /// otherwise as `namedInstance(name)`.
    case returnedBy(type: String, function: String, name: String)
    /// `cell.show(x)` after `guard let cell = view as? PhotoCell`: members of the type cast to, as for
    /// `instance`; where the linted code declares no such type (an Objective-C or SDK class), as
    /// `namedInstance(name)`.
    case cast(type: String, name: String)

    /// The callee is looked up in the caller's own type: `f()`, `Self.f()`, or a method of a value that a
    /// function called by its name alone returned (`let resized = resize(image); resized.f()`).
    var namesTheCallersType: Bool {
        switch self {
        case .implicitSelf, .type("Self"): true
        case .returnedBy(let type, _, _): type == VariableTypes.calledByName
        default: false
        }
    }

    /// A value whose type the syntax does not show.
    var isUntypedInstance: Bool {
        switch self {
        case .instance(nil), .namedInstance, .returnedBy: true
        case .implicitSelf, .type, .instance, .implicitMember, .anyMember, .cast: false
        }
    }
}

/// A call inside a function body, kept for resolving heaviness through module functions. A plain
/// value: the index outlives the syntax trees of most files.
struct CallReference: Sendable {
    var name: String
    var labels: [String?]
    var receiver: ReceiverKind
    /// The test of the caller's parameters the call runs under (`ParameterCondition`).
    var condition: ParameterCondition?
    /// Argument values parallel to `labels` (`ParameterCondition.arguments(of:forwarding:)`); empty when none is known.
    var arguments: [String?] = []
    /// The call this one is written in a closure argument of, in the same function: a callee that keeps
    /// that closure (`@escaping`) runs this call later, once per event of its own, not each time the
    /// function runs (`HeavinessSolver.costWhenRepeated(of:)`).
    var handOff: HandOff? = nil
    /// Its arguments name a slow command-line tool (`SlowCommands`): a callee that runs a process and waits
    /// for it (`FunctionRecord.ownCostWhenRepeated`) does heavy work at this call.
    var namesASlowCommand = false
    /// A read of a property (`self.total`, `contactCount`), not a call: it resolves only to getters
    /// (`FunctionRecord.isGetter`), and a call only to functions.
    var readsAProperty = false

    /// A closure argument: the position of the call it is handed to among the function's callees, and
    /// how it is passed (`Parameter.escapes(label:isTrailing:)`).
    struct HandOff: Sendable, Hashable {
        var call: Int
        var label: String?
        var isTrailing: Bool
    }

    init(called: CalledName, receiver: ReceiverKind, condition: ParameterCondition? = nil, arguments: [String?] = []) {
        name = called.name
        labels = called.labels
        self.receiver = receiver
        self.condition = condition
        self.arguments = arguments
    }

    /// A property read: no labels, and `readsAProperty`.
    init(read: PropertyRead, receiver: ReceiverKind, condition: ParameterCondition?) {
        name = read.name
        labels = []
        self.receiver = receiver
        self.condition = condition
        readsAProperty = true
    }

    var display: String { readsAProperty ? name : CalledName.display(name: name, labels: labels) }
}

/// A type or extension declaration as the index sees it.
struct TypeDeclarationRecord: Sendable {
    var name: String
    var keyword: String
    var explicitIsolation: Isolation?
    var inherited: [String]
    /// The settings of the file that declares it. The cache does not keep them with the record: it keys
    /// a file's records by the file's settings and puts them back when it reads them (`IndexInputs`).
    var settings: ModuleSettings
    /// Written `@Observable` (SwiftUI rules: mutating such a model's properties updates views).
    var isObservableMacro = false
    /// An `id` made fresh per value or per read (SwiftUI rules: unstable row identity).
    var freshIdentity: FreshIdentity?
    /// The stored properties whose type the declaration writes, in order: `var versioningService:
    /// VersioningService`, `let store = DraftStore()` (`TypeHierarchy.typeOfProperty(named:)`).
    var propertyTypes: [StoredPropertyType] = []
}

/// A stored property of a type and the type its declaration names: the annotation's (an optional's wrapped
/// type) or the initializer's called type.
///
/// ```swift
/// // struct Services { var versioning: VersionChecker; let drafts = DraftStore() }
/// StoredPropertyType(name: "versioning", type: "VersionChecker")
/// ```
struct StoredPropertyType: Sendable, Hashable {
    var name: String
    var type: String
}

/// A function, method or initializer, with what its body does synchronously.
struct FunctionRecord: Sendable {
    var name: String
    var parameters: [Parameter]
    var isAsync: Bool
    var isConcurrent: Bool
    var isStatic: Bool
    /// `private` or `fileprivate` (itself, or its type or extension): callable only from its own file.
    var isFilePrivate = false
    var enclosingType: String?
    /// False for protocol requirements: a call through the protocol runs a conformer's implementation.
    var hasBody = true
    /// A computed property's getter (`var averageColor: UIColor? { ... }`), named by the property: a read of
    /// the property runs it, as a call runs a function (`CallReference.readsAProperty`).
    var isGetter = false
    /// The declared result type's name (`ExportStrategy` for `-> any ExportStrategy`); nil without one.
    var returnType: String? = nil
    var fileIndex: Int
    /// Where the body runs, as far as its own file tells (the index settles the rest).
    var isolation: LocalIsolation
    /// The first heavy thing the body does itself: a loop or a catalogue API.
    var ownHeaviness: String?
    var ownHeavinessBeforeSuspension: String?
    var callees: [CallReference]
    var calleesBeforeSuspension: [CallReference]
    /// The first blocking or heavy catalogue API the body calls or reads itself (a loop before it does not hide it).
    var ownCatalogueCall: CatalogueEntry? = nil
    /// The test of the function's parameters that `ownCatalogueCall` runs under.
    var ownCatalogueCallCondition: ParameterCondition? = nil
    /// The first catalogue call the body makes under no test of its parameters whose cost is small where it
    /// is written and adds up where a caller runs it per event (`CostEvidence.Evidence.whenItsCallerRepeats`).
    /// Without `include_low_cost` only: with it, such a call is `ownCatalogueCall`.
    var ownCostWhenRepeated: CatalogueEntry? = nil
    /// The first image encode the body makes under no test of its parameters, of an image it is handed
    /// (`CostEvidence.Evidence.whenItsCallerHandsAUserImage`): costly where a caller hands it a user's photo.
    /// Without `include_low_cost` only: with it, such a call is `ownCatalogueCall`.
    var ownEncodeOfAHandedImage: CatalogueEntry? = nil
    /// Keeps what it makes by key (`FactCollector`'s `keepsACache`): `if let image = thumbnails[url] { return
    /// image }` … `thumbnails[url] = image`, or a cache's `object(forKey:)`. Its small work runs once per key, so
    /// a caller that repeats it pays a lookup (`HeavinessSolver.costWhenRepeated(of:)`).
    var keepsACache = false
    /// Runs every escaping closure handed to it on a background queue or thread (`ClosureForwarding`).
    /// The index also sets it where every closure goes on through `forwardsClosuresThrough`.
    var runsClosuresOffTheCallersThread = false
    /// Calls of the body whose closure arguments are where its escaping closures run, when they are the only
    /// places besides background ones: `request(url) { data in completion(data) }`. The index settles the
    /// function as running closures off the caller's thread when every such call reaches one that does
    /// (`ClosureForwarding.settleForwardingThroughCalls`).
    var forwardsClosuresThrough: [CallReference] = []
    /// Escaping closure parameters handed on to calls of the app besides the main queue
    /// (`ClosureForwarding.ClosureHandOn`): the index marks a parameter `Parameter.isCalledOnTheMainQueue`
    /// when every such call hands it to one that is (`ClosureForwarding.settleMainQueueDelivery`).
    var handsClosuresOn: [ClosureForwarding.ClosureHandOn] = []
    /// Catalogue calls written in a closure argument of one of `callees` (`background { Thread.sleep(...) }`):
    /// the body's own work unless that call hands the closure to a helper that runs it on another thread,
    /// which the index may know only from another file. The solver settles them when it loads the body
    /// (`HeavinessSolver.install`), into `ownCatalogueCall` and `ownHeaviness`.
    var handedOffCatalogueCalls: [HandedOffCatalogueCall] = []

    /// A catalogue call written in a closure handed to another call of the same body.
    struct HandedOffCatalogueCall: Sendable {
        var entry: CatalogueEntry
        var condition: ParameterCondition?
        var handOff: CallReference.HandOff
        /// Written before the body's first `await`.
        var isBeforeSuspension: Bool
    }

    var signature: String {
        if isGetter { return name }
        let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
        return "\(name == "init" ? (enclosingType ?? "") : name)(\(labels))"
    }
}

/// Everything one pass over a file collects: declarations for the index, call sites for the rules.
/// The first pass of a lint run collects only the declarations (`DeclarationCollector`); the full pass
/// (`FactCollector`) adds what the bodies do.
struct FileFacts: Sendable {
    var types: [TypeDeclarationRecord] = []
    /// With `hasBodyFacts` false, only the declarations: no heaviness, no callees.
    var functions: [FunctionRecord] = []
    var hasBodyFacts = true
    /// The modules the file imports, and those of them it re-exports (`@_exported import`): they decide
    /// which files' functions its calls can resolve to (`ModuleVisibility`).
    var imports: [String] = []
    var reexports: [String] = []
    /// What the file's text mentions (from the declaration pass; "may" for the full pass).
    var mentions = SourceMentions()
    /// Calls of a named function, method or initializer in source order; rules read these instead of
    /// walking the tree again.
    var calls: [CalledName] = []
    /// The catalogue entry each of `calls` matches (same positions), resolved once with the file's variable types.
    var catalogueEntries: [CatalogueEntry?] = []
    /// Reads of catalogued properties (`handle.availableData`).
    var propertyReads: [MemberAccessExprSyntax] = []
    /// Reads of properties the linted code may declare as computed ones (`PropertyRead`), in source order;
    /// a name read on its own is left out where the function binds it.
    var getterReads: [PropertyRead] = []
    var variableTypes = VariableTypes()
    var triggers = RuleTriggers()

    /// Drops the call sites, which point into the syntax tree, so the tree can be freed; what the index
    /// needs (types, functions) and the triggers stay.
    mutating func releaseSyntax() {
        calls = []
        catalogueEntries = []
        propertyReads = []
        getterReads = []
    }
}

extension FileFacts {
    /// False when no rule can report in the file, decided from its declarations, its text and the index
    /// alone, before any body is walked, for the enabled rules' requirements (`RuleSet`): main-actor rules
    /// report only in main-actor code, a detached-task rule only at `Task.detached`, the render-loop
    /// rules only in views, an `everyFile` rule anywhere. A file's code can be main-actor only through
    /// its module's default isolation, its own text (`@MainActor`, `MainActor.run`, main queues) or a type
    /// it declares or extends whose isolation the index settles as main-actor (perhaps from another file:
    /// a superclass, a conformance, an annotation on the type's declaration).
    func mayNeedRules(_ rules: RuleSet, settings: ModuleSettings, index: ModuleIndex) -> Bool {
        rules.mayReport(startsDetachedTask: mentions.detached) {
            mentions.mainActor || settings.defaultIsolationMainActor
                || types.contains { type in
                    index.swiftUITypes.views.contains(type.name) || type.isMainActor(index: index, settings: settings)
                }
        }
    }
}

private extension TypeDeclarationRecord {
    /// The isolation `IsolationResolver` gives this type's unannotated members is the main actor.
    func isMainActor(index: ModuleIndex, settings: ModuleSettings) -> Bool {
        // An extension's main-actor conformance isolates its own members, whatever the type's isolation.
        if keyword == "extension", inherited.contains(where: settings.isMainActorProtocol) { return true }
        return index.isolation(ofType: name, member: nil, inModule: settings.moduleKey)?.isMainActor ?? false
    }
}

/// What in a file could make a rule report, noted during the full pass (`FactCollector`). Most files of a code base
/// start no main-actor job, call no catalogued API and declare no view: the engine skips the rules there.
struct RuleTriggers: Sendable {
    /// A call or property read matches the blocking/heavy catalogue (main-actor rules).
    var callsCatalogue = false
    /// A `Task.detached` call (detached-task rules).
    var startsDetachedTask = false
    /// An `await` (main-actor rules look at awaited calls under Swift 6.2 settings).
    var containsAwait = false
    /// Calls inside `Task { }`, `MainActor.run { }` or main-queue bodies (main-actor rules look at those
    /// whose callee the linted code declares).
    var callsInMainActorJobs: [CalledName.LookupName] = []
    /// Un-awaited calls anywhere else: main-actor rules follow those that resolve into the linted code to the blocking
    /// work they reach, perhaps in another file. No file-level check of the caller's own text may hide them.
    var synchronousCalls: Set<CalledName.LookupName> = []

    /// True when the file alone shows something a rule looks at; only a view conformance declared in
    /// another file can add to it (see `mayTrigger`).
    func mayTriggerOnItsOwn(_ rules: RuleSet, types: [TypeDeclarationRecord], usesSwift62Settings: Bool) -> Bool {
        rules.mayReport(startsDetachedTask: startsDetachedTask) {
            callsCatalogue || (containsAwait && usesSwift62Settings) || !callsInMainActorJobs.isEmpty
                || !synchronousCalls.isEmpty
                || types.contains { $0.inherited.contains(where: SwiftUIViewType.protocols.contains) }
        }
    }

    /// False when no enabled rule can report anything in the file (`types` are the file's type declarations).
    func mayTrigger(_ rules: RuleSet, types: [TypeDeclarationRecord], index: ModuleIndex) -> Bool {
        rules.mayReport(startsDetachedTask: startsDetachedTask) {
            callsCatalogue || (containsAwait && index.usesSwift62Settings)
                || callsInMainActorJobs.contains(where: index.declaresFunction(named:))
                || synchronousCalls.contains(where: index.declaresFunction(named:))
                // The render-loop rules look only at views, which are declared (or extended) in the file.
                || types.contains { index.swiftUITypes.views.contains($0.name) }
        }
    }
}

/// Declared types of variables and parameters in one file, by name (not scope-aware: good enough to
/// recognise `semaphore.wait()` on a `DispatchSemaphore`).
struct VariableTypes: Sendable {
    private var types: [String: String] = [:]
    /// Names whose type comes from a cast (`let cell = view as? PhotoCell`).
    private var castNames: Set<String> = []
    /// Names of semaphores created with a positive count (`DispatchSemaphore(value: 1)`): locks.
    private var locks: Set<String> = []
    /// Names holding the result of a static call (`let exporter = ExportFactory.make(format)`), whose type
    /// the index settles from the function's declared result; "" when the name is assigned two ways.
    private var factoryResults: [String: (type: String, function: String)] = [:]

    /// Records `name` as the result of `Type.function(...)` when `value` is such a call (through `try`/`await`).
    mutating func recordFactoryResult(_ name: String, value: ExprSyntax) {
        var value = value
        while true {
            if let tried = value.as(TryExprSyntax.self) { value = tried.expression; continue }
            if let awaited = value.as(AwaitExprSyntax.self) { value = awaited.expression; continue }
            break
        }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return }
        let result: (type: String, function: String)
        // `let resized = resize(image, maxLength: 720)`: a function the caller calls by its name alone.
        if let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, !function.startsWithUppercase {
            result = (type: Self.calledByName, function: function)
        } else {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.startsWithUppercase,
                  !member.declName.baseName.text.startsWithUppercase else { return }
            result = (type: type, function: member.declName.baseName.text)
        }
        if let known = factoryResults[name], known != result { factoryResults[name] = ("", "") } else { factoryResults[name] = result }
    }

    /// The type of a factory result made by a call of a function by its name alone (`resize(image)`), which
    /// the caller's own type or a free function declares.
    static let calledByName = "*"

    /// The static call whose result `name` holds, when it holds one result only.
    func factoryResult(of name: String) -> (type: String, function: String)? {
        factoryResults[name].flatMap { $0.type.isEmpty ? nil : $0 }
    }

    /// Records `name` as a lock when `value` creates a semaphore with a positive count: a literal, or a
    /// constant named for a limit (`DispatchSemaphore(value: maxBuffersInFlight)`, Metal's frames in flight:
    /// a wait blocks only while every slot is taken, for at most a frame; blind round BH).
    mutating func recordLock(_ name: String, value: ExprSyntax) {
        guard let call = value.as(FunctionCallExprSyntax.self), let called = CalledName(call), called.name == "DispatchSemaphore",
              let count = call.arguments.first, count.label?.text == "value" else { return }
        if let literal = count.expression.as(IntegerLiteralExprSyntax.self) {
            guard let number = Int(literal.literal.text), number > 0 else { return }
        } else {
            let reference = count.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? count.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let reference, Self.limitWords.contains(where: { reference.containsCaseInsensitive($0) }) else { return }
        }
        locks.insert(name)
    }

    /// `name` holds a semaphore created with a positive count.
    func isLock(_ name: String) -> Bool { locks.contains(name) }

    /// Words of a constant that counts a semaphore's slots: `kMaxBuffersInFlight`, `maxConcurrentDownloads`.
    static let limitWords: [StaticString] = ["max", "inflight", "limit", "concurren", "capacity", "slots"]

    /// Names a closure gives `self` (`owner` in RxSwift's `.withUnretained(self).bind { owner, _ in }`).
    private var selfAliases: Set<String> = []

    /// Records `name` as another name for `self` (`ClosureExprSyntax.selfAliasParameter`).
    mutating func recordSelfAlias(_ name: String) { selfAliases.insert(name) }

    /// `name` is a closure's name for `self`, and no variable of the file declares it otherwise.
    func isSelfAlias(_ name: String) -> Bool { selfAliases.contains(name) && types[name] == nil }

    /// The file reads `Thread.isMainThread` somewhere: only then can a branch be left to other threads
    /// (`Syntax.runsOnlyOffTheMainThread`, whose walk over earlier statements is not free).
    var readsIsMainThread = false

    mutating func record(_ name: String, type: String?) {
        guard let type, !type.isEmpty else { return }
        if let known = types[name], known != type { types[name] = "" } else { types[name] = type }
    }

    /// Records `name` as declared of type `declared` (`let cell: PhotoCell = …`); without a declared type, as
    /// holding `value`: its type as `type(of:)` shows it, and whether that comes from a cast.
    mutating func record(_ name: String, declared: String?, value: ExprSyntax?) {
        guard let value else {
            if let declared { record(name, type: declared) }
            return
        }
        // `connection.remoteObjectProxyWithErrorHandler { ... } as? HelperProtocol`: a message to another process.
        if Self.isARemoteObjectProxy(value) { return record(name, type: Self.remoteObjectProxy) }
        if let declared { return record(name, type: declared) }
        let cast = Self.castType(of: value)
        if cast != nil { castNames.insert(name) }
        record(name, type: cast ?? type(of: value))
    }

    /// The type recorded for an XPC connection's proxy: no linted type has this name, so a call on the proxy
    /// binds to none of the app's functions. The call is a message that the other process handles (blind
    /// round AY: a privileged helper's `exit(code:)`, which waits for its queue, read as the app's own wait).
    static let remoteObjectProxy = "NSXPCConnection.remoteObjectProxy"

    /// `connection.remoteObjectProxy`, `connection.remoteObjectProxyWithErrorHandler { ... }` or
    /// `synchronousRemoteObjectProxyWithErrorHandler`, cast or not.
    static func isARemoteObjectProxy(_ value: ExprSyntax) -> Bool {
        var expression = value
        if let cast = expression.as(AsExprSyntax.self) { expression = cast.expression }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true, let first = sequence.elements.first {
            expression = first
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { expression = chained.expression }
        guard let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return false }
        return ["remoteObjectProxy", "remoteObjectProxyWithErrorHandler", "synchronousRemoteObjectProxyWithErrorHandler"].contains(name)
    }

    /// `name` holds a value cast to its type (`castType(of:)`).
    func isCast(_ name: String) -> Bool { castNames.contains(name) }

    /// The type a cast names: `PhotoCell` for `view as? PhotoCell` or `view as! PhotoCell`. The parser
    /// leaves a cast unfolded, as the sequence `[value, as?, Type]`.
    static func castType(of expression: ExprSyntax) -> String? {
        if let cast = expression.as(AsExprSyntax.self) { return cast.type.simpleName }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
              sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true else { return nil }
        return sequence.elements.last?.as(TypeExprSyntax.self)?.type.simpleName
    }

    subscript(name: String) -> String? {
        if let type = types[name], !type.isEmpty { return type }
        // A stored property declared in another file: the name is the best evidence left.
        return Self.conventionalType(ofName: name)
    }

    /// The type a name conventionally holds: `semaphore`, GRDB's `dbQueue` and `dbPool`, `captureSession`.
    static func conventionalType(ofName name: String) -> String? {
        if name.containsCaseInsensitive("semaphore") { return "DispatchSemaphore" }
        // GRDB's conventional names for the app's database connection.
        if name.containsCaseInsensitive("dbqueue") || name.containsCaseInsensitive("databasequeue") { return "DatabaseQueue" }
        if name.containsCaseInsensitive("dbpool") || name.containsCaseInsensitive("databasepool") { return "DatabasePool" }
        if name.containsCaseInsensitive("capturesession") { return "AVCaptureSession" }
        return nil
    }

    /// The type an expression evaluates to when the syntax shows it: `Foo(...)`, `Foo.shared`, a known variable.
    func type(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.startsWithUppercase ? name : self[name]
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let called = CalledName(call), called.isInitializerCall {
            return called.name
        }
        // `PKCS5.PBKDF2(...)`: a nested type's initializer, by the naming convention.
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.startsWithUppercase,
           member.declName.baseName.text.startsWithUppercase {
            return member.declName.baseName.text
        }
        // `self?.session` in a `[weak self]` closure is `self`'s property all the same.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrappingOptionals {
            if let reference = base.as(DeclReferenceExprSyntax.self),
               reference.baseName.tokenKind == .keyword(.self) || isSelfAlias(reference.baseName.text) {
                return self[member.declName.baseName.text]
            }
            if let typeName = base.as(DeclReferenceExprSyntax.self)?.baseName.text, typeName.startsWithUppercase,
               ["default", "shared", "sharedInstance", "standard", "current", "main"].contains(member.declName.baseName.text) {
                return typeName
            }
            // `database.dbQueue`: another object's property, whose declaration this file may not hold; its name's
            // convention is the evidence (blind round CN's recall hunt: a stop cache read through its database's queue).
            if let conventional = Self.conventionalType(ofName: member.declName.baseName.text) { return conventional }
        }
        if expression.is(ArrayExprSyntax.self) { return "Array" }
        if expression.is(DictionaryExprSyntax.self) { return "Dictionary" }
        if let unwrapped = expression.as(OptionalChainingExprSyntax.self) { return type(of: unwrapped.expression) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return type(of: unwrapped.expression) }
        if let tried = expression.as(TryExprSyntax.self) { return type(of: tried.expression) }
        // `cell as? PhotoCell`, `item as! Track`: the type cast to.
        return Self.castType(of: expression)
    }
}

extension String {
    /// `lowercased().contains(word)` for a lowercase ASCII `word`, without building the lowercased copy
    /// for ASCII names (it runs for every receiver whose type the file does not declare).
    func containsCaseInsensitive(_ word: StaticString) -> Bool {
        var name = self
        let found: Bool? = name.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count >= pattern.count else { return false }
            return (0...(bytes.count - pattern.count)).contains { start in
                pattern.indices.allSatisfy { offset in
                    let byte = bytes[start + offset]
                    return (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == pattern[offset]
                }
            }
        }
        return found ?? lowercased().contains(word.description)
    }
}

extension APICatalogue {
    /// The catalogue entry a call matches, if any: a built-in one, else one the team configured.
    static func entry(for call: CalledName, types: VariableTypes, settings: ModuleSettings = .classic) -> CatalogueEntry? {
        if case .reported(let entry) = lookup(call, types: types, settings: settings) { entry } else { nil }
    }

    /// What a call is to the catalogue: an entry reported where it is, small work that costs a user time only
    /// where a caller runs it per event (`CostEvidence.Evidence.whenItsCallerRepeats`), or neither (nil).
    enum Lookup {
        case reported(CatalogueEntry)
        case whenItsCallerRepeats(CatalogueEntry)
        /// An image the function is handed, encoded (`CostEvidence.Evidence.whenItsCallerHandsAUserImage`).
        case whenItsCallerHandsAUserImage(CatalogueEntry)

        var reported: CatalogueEntry? { if case .reported(let entry) = self { entry } else { nil } }
        var whenItsCallerRepeats: CatalogueEntry? { if case .whenItsCallerRepeats(let entry) = self { entry } else { nil } }
        var whenItsCallerHandsAUserImage: CatalogueEntry? { if case .whenItsCallerHandsAUserImage(let entry) = self { entry } else { nil } }
    }

    /// `entry(for:types:settings:)`, keeping the small work it drops for want of repetition.
    static func lookup(_ call: CalledName, types: VariableTypes, settings: ModuleSettings = .classic) -> Lookup? {
        let builtIn = entriesByName[call.name]?.first(where: { $0.matches(call, types: types) })
            ?? prefixEntries.first(where: { call.name.hasPrefix($0.match.name) && $0.matches(call, types: types) })
        if let builtIn {
            if builtIn.kind == .syncIO, BundledResource.isRead(call.call) { return nil }
            // `Just.get(url, asyncCompletionHandler: { ... })` returns at once and calls the handler later.
            if builtIn.kind == .wait, call.labels.contains("asyncCompletionHandler") { return nil }
            if PhotoRequests.displays.contains(builtIn.display), !PhotoRequests.isSynchronous(call) { return nil }
            // A function that asserts it runs off the main thread, a background delegate callback, the branch a
            // `Thread.isMainThread` test leaves to other threads, dead code.
            let node = Syntax(call.call)
            if node.isDeclaredOffTheMainThread || node.isUnreachable || (!settings.includesLowCost && node.runsOnlyForALaunchArgument)
                || (builtIn.kind != .mainSync && types.readsIsMainThread && node.runsOnlyOffTheMainThread) { return nil }
            // `DispatchQueue.main.sync` is written to be called off the main thread; it deadlocks only
            // where the code is declared for the main thread, not in a helper that inherits it from a class.
            if builtIn.kind == .mainSync, !settings.includesLowCost, !settings.defaultIsolationMainActor,
               !Syntax(call.call).isDeclaredForTheMainThread { return nil }
            // So is a wait for a block it hands the main queue, under any settings (`WaitEvidence.waitsForTheMainQueue`).
            if builtIn.kind == .wait, !settings.includesLowCost, WaitEvidence.waitsForTheMainQueue(call),
               !Syntax(call.call).isDeclaredForTheMainThread { return nil }
            var builtIn = builtIn
            var smallHere = false
            var encodesAHandedImage = false
            if !settings.includesLowCost {
                if call.forwardsToSuperInOverride { return nil }
                switch CostEvidence.evidence(for: builtIn, at: call) {
                case .none: return nil
                case .shown: break
                case .atLaunchOnly: builtIn.costsOnlyAtLaunch = true
                case .whenItsCallerRepeats: smallHere = true
                case .whenItsCallerHandsAUserImage: encodesAHandedImage = true
                }
                if WaitEvidence.isShort(builtIn, at: call, types: types) { return nil }
            }
            // A coder's cost is the size of what it codes: without evidence of a collection it is cheap.
            if SizeEvidence.coders.contains(builtIn.display) {
                guard SizeEvidence.shows(call.call, types: types) || CostEvidence.codesABackup(at: call) else { return nil }
                if !settings.includesLowCost, CappedLists.holdOnlyACappedList(call.call) { return nil }
                if !settings.includesLowCost, !CostEvidence.showsCodedData(at: call) { return nil }
            }
            // `group.wait(timeout: .now() + 0.3)` is reported as the call it is, not as `wait()` (blind round AN).
            if builtIn.kind == .wait, builtIn.display.hasSuffix(".wait()"), let label = call.timeoutArgument?.label?.text {
                builtIn.display = builtIn.display.dropLast(2) + "(\(label):)"
            }
            if encodesAHandedImage { return .whenItsCallerHandsAUserImage(builtIn) }
            return smallHere ? .whenItsCallerRepeats(builtIn) : .reported(builtIn)
        }
        return configuredEntry(for: call, types: types, settings: settings).map(Lookup.reported)
    }

    /// `extra_blocking_apis` / `extra_heavy_apis`: `Type.member` matches calls on that type (or a value
    /// of it), a bare name matches a free function or any method of that name.
    private static func configuredEntry(for call: CalledName, types: VariableTypes, settings: ModuleSettings) -> CatalogueEntry? {
        let configured = settings.extraBlockingAPIs.map { ($0, BlockingKind.syncIO) } + settings.extraHeavyAPIs.map { ($0, .heavyCompute) }
        for (api, kind) in configured {
            let name = api.split(separator: ".").last.map(String.init) ?? api
            guard call.name == name else { continue }
            let matches: [CatalogueEntry.Match] = name == api
                ? [.function(name: name, prefix: false), .method(receiver: nil, name: name, prefix: false)]
                : [.method(receiver: String(api.dropLast(name.count + 1)), name: name, prefix: false)]
            if let match = matches.first(where: { CatalogueEntry(match: $0, kind: kind, display: api).matches(call, types: types) }) {
                return CatalogueEntry(match: match, kind: kind, display: api)
            }
        }
        return nil
    }

    /// The catalogue entry a property read matches, if any (`renderer.uiImage`), with the evidence of
    /// cost `CostEvidence` asks for.
    static func entry(forPropertyRead access: MemberAccessExprSyntax, types: VariableTypes, settings: ModuleSettings) -> CatalogueEntry? {
        guard let base = access.base else { return nil }
        let entry = entriesByName[access.declName.baseName.text]?.first {
            guard case .property(let receiver, _) = $0.match else { return false }
            return receiver == nil || types.type(of: base) == receiver
        }
        guard let entry, settings.includesLowCost || CostEvidence.shows(for: entry, atPropertyRead: Syntax(access)) else { return nil }
        return entry
    }

    /// Names of catalogued properties, so the collector keeps only the member accesses that can match.
    static let propertyNames: Set<String> = Set(entries.compactMap {
        if case .property(_, let name) = $0.match { name } else { nil }
    })
}

private extension CatalogueEntry {
    func matches(_ call: CalledName, types: VariableTypes) -> Bool {
        switch match {
        case .function:
            return call.receiver == nil && !call.isImplicitMember
        case .initializer(let type, let firstLabels):
            guard call.isInitializerCall, call.name == type, let first = call.labels.first, let label = first else { return false }
            return firstLabels.contains(label)
        case .method(let receiver, let name, _):
            // `extension UIImage { func save() { jpegData(compressionQuality: 1) ... } }`: an image type's own encoders.
            guard let base = call.receiver else { return CostEvidence.selfEncoders.contains(name) && Syntax(call.call).extendsAnImageType }
            // `coordinator.coordinate(with: intents, queue: queue) { }` returns at once and runs the accessor on `queue`.
            if name == "coordinate", call.labels.contains("queue") { return false }
            guard let receiver else { return true }
            // `if Thread.isMainThread { work() } else { DispatchQueue.main.sync { work() } }` cannot deadlock.
            if kind == .mainSync { return call.receiverText == receiver && !Syntax(call.call).runsOnlyOffTheMainThread }
            if receiver.contains(".") { return call.receiverText == receiver }
            return types.type(of: base) == receiver
        case .labeledMethod(_, let firstLabels):
            // `value.write(to: &stream)` (TextOutputStreamable) passes a stream, not a file location.
            guard call.receiver != nil, let first = call.call.arguments.first, let label = first.label?.text,
                  !first.expression.is(InOutExprSyntax.self) else { return false }
            return firstLabels.contains(label)
        case .methodWaiting(_, let flag):
            return call.receiver != nil && call.call.arguments.contains { argument in
                argument.label?.text == flag && argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
            }
        case .property:
            return false
        }
    }
}

extension Syntax {
    /// True inside the branch that a `Thread.isMainThread` test leaves only to other threads: the `else` of
    /// `if Thread.isMainThread`, the body of `if !Thread.isMainThread`, after `guard !Thread.isMainThread`,
    /// or after `if Thread.isMainThread { ...; return }`.
    var runsOnlyOffTheMainThread: Bool {
        var child = self
        var node = parent
        while let current = node {
            if let branch = current.as(IfExprSyntax.self), let test = branch.conditions.mainThreadTest {
                if branch.elseBody.map({ Syntax($0) == child }) == true { return test }
                if Syntax(branch.body) == child { return !test }
            }
            // `guard Thread.isMainThread else { ...wait... }`: the else block runs where the test fails.
            if let guardStatement = current.as(GuardStmtSyntax.self), Syntax(guardStatement.body) == child,
               let test = guardStatement.conditions.mainThreadTest {
                return test
            }
            if let statements = current.as(CodeBlockItemListSyntax.self) {
                // The test opens the block (`guard !Thread.isMainThread else`): a few statements, so a block of
                // thousands costs no more per call.
                for item in statements.prefix(16) {
                    if Syntax(item) == child { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), guardStatement.conditions.mainThreadTest == false { return true }
                    // `if Thread.isMainThread { work(); return }`: what follows runs only off the main thread.
                    if let branch = (item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self))?.as(IfExprSyntax.self),
                       branch.elseBody == nil, branch.conditions.mainThreadTest == true, branch.body.statements.last?.item.exitsScope == true {
                        return true
                    }
                }
            }
            if current.is(FunctionDeclSyntax.self) || current.is(ClosureExprSyntax.self) { return false }
            child = current
            node = current.parent
        }
        return false
    }

    /// The code is declared to run on the main thread, not only on the main actor by a class it inherits
    /// from: an `@MainActor` function, closure or type, an override or `@IBAction` of an SDK method, a
    /// SwiftUI `body`, a per-frame or launch callback, or a closure `ClosureRole` puts on the main actor
    /// (`DispatchQueue.main.async`, `MainActor.run`, `MainActor.assumeIsolated`).
    var isDeclaredForTheMainThread: Bool { isDeclaredForTheMainThread(countingItsType: true) }

    /// `isDeclaredForTheMainThread`, optionally without an `@MainActor` on the type around the function:
    /// a method such a type declares still runs where a synchronous caller runs it, in Swift 5 mode (in
    /// Swift 6 mode a caller off the main actor does not compile).
    func isDeclaredForTheMainThread(countingItsType: Bool) -> Bool {
        var node = parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self) {
                switch closure.role {
                case .mainActorTask, .mainActorJob, .mainActorCode: return true
                case .unstructuredTask, .background, .inherits: return false
                }
            }
            if let function = current.as(FunctionDeclSyntax.self) {
                if function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
                    || function.attributes.contains(named: "MainActor") || function.attributes.contains(named: "IBAction")
                    || FrequentCallbacks.functions.contains(function.name.text) || AppLifecycle.isLaunch(function) { return true }
            }
            if let binding = current.as(PatternBindingSyntax.self), binding.pattern.trimmedDescription == "body" { return true }
            if [.classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl].contains(current.kind) {
                return countingItsType && TypeDeclarationFacts(current).explicitIsolation?.isMainActor ?? false
            }
            node = current.parent
        }
        return false
    }
}

private extension CodeBlockItemSyntax.Item {
    /// `return` or `throw`: the statements after it do not run.
    var exitsScope: Bool { `is`(ReturnStmtSyntax.self) || `is`(ThrowStmtSyntax.self) }
}

extension ConditionElementListSyntax {
    /// true for `Thread.isMainThread`, false for `!Thread.isMainThread`, nil for any other condition.
    var mainThreadTest: Bool? {
        guard count == 1, let expression = first?.condition.as(ExprSyntax.self) else { return nil }
        if let negated = expression.as(PrefixOperatorExprSyntax.self), negated.operator.text == "!" {
            return Self.testsForTheMainThread(negated.expression.trimmedDescription) ? false : nil
        }
        return Self.testsForTheMainThread(expression.trimmedDescription) ? true : nil
    }

    /// `Thread.isMainThread`, or an app's own wrapper of it named `isMain` (`DispatchQueue.isMain`: blind
    /// comparison of round AI, a `safeMainSync` that runs its block directly when `isMain`).
    static func testsForTheMainThread(_ text: String) -> Bool {
        text.hasSuffix("isMainThread") || text == "isMain" || text.hasSuffix(".isMain")
    }
}
