import SwiftParser
import SwiftSyntax

/// A function, method or initializer of the linted code, with where it runs and whether it is heavy.
///
/// ```swift
/// for function in index.functions where function.heaviness != nil {
///     print(function.signature, function.heaviness!)
/// }
/// ```
public struct FunctionFacts: Sendable {
    /// `name(label:)`; initializers print as `Type(label:)`.
    public var signature: String
    public var name: String
    public var parameters: [Parameter]
    public var isAsync: Bool
    /// `@concurrent`: always runs on the global concurrent executor.
    public var isConcurrent: Bool
    public var enclosingType: String?
    /// False for protocol requirements.
    public var hasBody: Bool
    /// Where the body runs when called synchronously (for async functions: absent `nonisolated(nonsending)`).
    public var isolation: Isolation
    /// The settings of the module the function is declared in.
    public var settings: ModuleSettings
    /// Runs every escaping closure handed to it on a background queue or thread (`ClosureForwarding`).
    var runsClosuresOffTheCallersThread = false
    /// Known heaviness, or the solver that settles it on first read.
    var heavinessSource: HeavinessSource

    /// Why the body is likely long synchronous work ("loops", "calls Data(contentsOf:)", "recurses",
    /// "calls parse(_:), which loops"); nil for cheap functions. Settled on first read: following calls
    /// through the module may walk bodies in other files, so a run pays only for what rules read.
    public var heaviness: String? {
        get { heavinessSource.heaviness }
        set { heavinessSource = heavinessSource.settling(heaviness: .some(newValue)) }
    }

    /// The test of its parameters the function's heaviness needs: `save(wait: Bool = false)` is heavy only
    /// when `if wait { prepare() }` runs, so a call that leaves `wait` out does no heavy work. nil when
    /// the function is heavy whatever the arguments.
    var heavinessCondition: ParameterCondition? { heavinessSource.heavinessCondition }

    /// Identifies the function across files for `FindingsByCause`: its module, type and signature.
    var causeKey: String {
        "\(settings.targetName ?? "")|\(enclosingType ?? "")|\(signature)"
    }

    /// The same, restricted to what an async body does before its first `await`.
    public var heavinessBeforeFirstSuspension: String? {
        get { heavinessSource.beforeFirstSuspension }
        set { heavinessSource = heavinessSource.settling(beforeFirstSuspension: .some(newValue)) }
    }

    /// The blocking or heavy catalogue API the body calls, itself or through module functions; nil when
    /// none, or when the rules did not ask (see `ResolvedCall.callees`).
    var catalogueCall: CatalogueCall? { heavinessSource.catalogueCall }

    /// Small work the body does, itself or through module functions, that a caller running it per event
    /// makes costly (`HeavinessSolver.costWhenRepeated(of:)`); computed with `catalogueCall`.
    var costWhenRepeated: CatalogueCall? { heavinessSource.costWhenRepeated }

    /// An image the body is handed and encodes itself (`FunctionRecord.ownEncodeOfAHandedImage`): costly where
    /// a caller hands it a user's photo; computed with `catalogueCall`.
    var encodeOfAHandedImage: CatalogueEntry? { heavinessSource.encodeOfAHandedImage }

    /// The engine computed `heaviness` here (or settles it on first read): a rule reads it only then.
    /// Elsewhere it was not asked for, which is not the same as cheap (`HeavinessSource.notComputed`).
    var isHeavinessComputed: Bool {
        switch heavinessSource {
        case .settled, .onDemand: true
        case .catalogueCallsOnDemand, .notComputed: false
        }
    }

    /// The engine computed the catalogue calls this function reaches (`catalogueCall`).
    var areCatalogueCallsComputed: Bool {
        if case .notComputed = heavinessSource { return false }
        return true
    }

    /// True when the function is main-actor by an explicit choice (annotation, UI type), so it is meant to
    /// touch UI state; default isolation alone does not count.
    public var needsMainActor: Bool {
        isolation.mainActorOrigin.map { !$0.isDefaultIsolation } ?? false
    }
}

/// The declarations of all linted files: a plain value built once per run, immutable afterwards.
///
/// Calls are resolved by name and argument labels (no type checker is available); where a call
/// cannot be resolved, only the `APICatalogue` applies.
///
/// ```swift
/// let index = ModuleIndex(sources: ["func work() { for _ in 0..<1_000 {} }"])
/// print(index.functions.first?.heaviness ?? "cheap") // "loops"
/// ```
public struct ModuleIndex: Sendable {
    /// Every function as declared, in file order. Its isolation is resolved when it is read
    /// (`declaredFunction(at:)`): the rules ask about the few functions calls reach, not all of them.
    private let records: [FunctionRecord]
    /// Each file's settings, for resolving the isolation of its functions.
    private let settings: [ModuleSettings]
    private let heaviness: HeavinessSolver
    let types: TypeIsolationTable
    /// Views and reference models across all linted files, for the SwiftUI render-loop rules.
    let swiftUITypes: SwiftUIModuleTypes
    private let hierarchy: TypeHierarchy
    private let functionsByKey: [String: [Int]]
    /// The names of the computed properties whose getters are among the functions.
    private let getterNames: Set<String>
    /// Some type of the linted code declares an initializer (`self.init(...)`, named `self`, may resolve).
    private let declaresInitializers: Bool
    private let visibility: ModuleVisibility
    /// The names of the functions that call a closure handed to them on the main queue
    /// (`Parameter.isCalledOnTheMainQueue`): a file that names none has no such closure.
    let mainQueueDeliverers: Set<String>
    /// Some linted file compiles with a Swift 6.2 setting (default isolation MainActor or
    /// NonisolatedNonsendingByDefault), without which no async function stays on the main actor (`async_function_runs_on_main_actor`).
    let usesSwift62Settings: Bool

    /// Every function of the linted code with its heaviness. Settles the heaviness of all of them
    /// (walking every body not walked yet), so the engine itself asks only for the functions calls reach.
    public var functions: [FunctionFacts] {
        records.indices.map { position in
            var function = declaredFunction(at: position)
            function.heavinessSource = .settled(heaviness.heaviness(of: position),
                                               beforeFirstSuspension: heaviness.heavinessBeforeFirstSuspension(of: position))
            return function
        }
    }

    /// Builds the index of a few sources (tests, documentation examples).
    public init(sources: [String], settings: ModuleSettings = .classic) {
        let files = sources.enumerated().map { index, source in
            FactCollector.collect(Parser.parse(source: source), fileIndex: index, settings: settings)
        }
        self.init(facts: files, settings: files.map { _ in settings })
    }

    /// `threads`: the type table and the function tables are built side by side, and call resolution
    /// when every body is known is split across cores. `bodies` walks a file whose facts hold only its
    /// declarations and returns its functions with their body facts, in the same order; it runs only for
    /// the files of functions whose heaviness is asked for.
    init(facts files: [FileFacts], settings: [ModuleSettings], threads: Int = 1,
         bodies: @escaping @Sendable (Int) -> [FunctionRecord] = { _ in preconditionFailure("every file's bodies were collected") }) {
        usesSwift62Settings = settings.contains(where: \.describesSwift62)
        let typeRecords = files.flatMap(\.types)
        // The type table and the function tables do not depend on each other: built at the same time,
        // the index does not leave a core idle between the parallel passes before and after it.
        let (types, (swiftUITypes, hierarchy, declared, byKey)) = Parallel.both(threads: threads, {
            TypeIsolationTable(typeRecords)
        }, {
            let records = files.flatMap(\.functions)
            var byKey: [String: [Int]] = [:]
            for (position, record) in records.enumerated() {
                byKey[Self.key(name: record.name, type: record.enclosingType), default: []].append(position)
            }
            return (SwiftUIModuleTypes(typeRecords), TypeHierarchy(typeRecords), records, byKey)
        })
        self.types = types
        self.swiftUITypes = swiftUITypes
        self.hierarchy = hierarchy
        functionsByKey = byKey
        getterNames = Set(declared.lazy.filter(\.isGetter).map(\.name))
        declaresInitializers = byKey.keys.contains { $0.hasSuffix(".init") }
        let functionsByName = byKey
        let visibility = ModuleVisibility(files: files, settings: settings)
        self.visibility = visibility
        // Name resolution reads names, labels, types and files, never how closures run: settling that
        // here leaves every call resolving as it did.
        let resolve: @Sendable (CallReference, FunctionRecord) -> [Int] = { reference, caller in
            Self.candidates(of: reference, callerType: caller.enclosingType, callerFile: caller.fileIndex, functions: declared,
                            byKey: functionsByName, hierarchy: hierarchy, visibility: visibility)
        }
        var records = declared
        ClosureForwarding.settleForwardingThroughCalls(&records, resolve: resolve)
        ClosureForwarding.settleMainQueueDelivery(&records, resolve: resolve)
        heaviness = HeavinessSolver(files: files, records: records, threads: threads,
                                    recursionIsWork: settings.map(\.includesLowCost), bodies: bodies, resolve: resolve)
        mainQueueDeliverers = Set(records.lazy.filter { $0.parameters.contains(where: \.isCalledOnTheMainQueue) }.map(\.name))
        self.records = records
        self.settings = settings
    }

    /// The function at `position`, its heaviness settled when first read.
    func function(at position: Int) -> FunctionFacts {
        var function = declaredFunction(at: position)
        function.heavinessSource = .onDemand(heaviness, position: position)
        return function
    }

    /// The function at `position` with its heaviness not asked for (reading it is an engine bug), but the
    /// catalogue calls it reaches settled when first read (`FunctionFacts.catalogueCall`).
    func functionForCatalogueCalls(at position: Int) -> FunctionFacts {
        var function = declaredFunction(at: position)
        function.heavinessSource = .catalogueCallsOnDemand(heaviness, position: position)
        return function
    }

    /// The function at `position` as declared: isolation and signature; heaviness and catalogue calls not
    /// computed (`HeavinessSource.notComputed`).
    func declaredFunction(at position: Int) -> FunctionFacts {
        let record = records[position]
        let settings = settings[record.fileIndex]
        return FunctionFacts(signature: record.signature, name: record.name, parameters: record.parameters,
                             isAsync: record.isAsync, isConcurrent: record.isConcurrent, enclosingType: record.enclosingType,
                             hasBody: record.hasBody, isolation: IsolationResolver(types: types, settings: settings).resolve(record.isolation),
                             settings: settings, runsClosuresOffTheCallersThread: record.runsClosuresOffTheCallersThread,
                             heavinessSource: .notComputed)
    }

    /// The isolation of members of the named type, or nil when the linted code does not declare it.
    func isolation(ofType name: String, member: String?, inModule module: String?) -> Isolation? {
        types.isolation(ofType: name, member: member, inModule: module)
    }

    /// False when no function of the linted code has the called name: the call cannot resolve.
    /// The linted code declares a type of this name, not only an extension of one.
    func declaresType(_ name: String) -> Bool { hierarchy.declares(name) }

    /// Some computed property of the linted code has this name (`PropertyRead`).
    func declaresGetter(named name: String) -> Bool { getterNames.contains(name) }

    func declaresFunction(named call: CalledName.LookupName) -> Bool {
        functionsByKey[call.name] != nil || (call.isInitializerCall && functionsByKey["\(call.name).init"] != nil)
            || ((call.name == "self" || call.name == "Self") && declaresInitializers)
    }

    /// Where the getters a property read may run are (`PropertyRead`), for `function(at:)` or `declaredFunction(at:)`.
    func getterPositions(of read: PropertyRead, receiver: ReceiverKind, callerType: String?, callerFile: Int) -> [Int] {
        let reference = CallReference(read: read, receiver: receiver, condition: nil)
        return Self.candidates(of: reference, callerType: callerType, callerFile: callerFile, functions: records,
                               byKey: functionsByKey, hierarchy: hierarchy, visibility: visibility)
    }

    /// Where the module functions a call may refer to are, for `function(at:)` or `declaredFunction(at:)`.
    /// `callerFile`: the position of the calling file, whose module and imports decide which modules' functions it sees.
    func calleePositions(of call: CalledName, receiver: ReceiverKind, callerType: String?, callerFile: Int) -> [Int] {
        let reference = CallReference(called: call, receiver: receiver)
        return Self.candidates(of: reference, callerType: callerType, callerFile: callerFile, functions: records,
                               byKey: functionsByKey, hierarchy: hierarchy, visibility: visibility)
    }

    private static func key(name: String, type: String?) -> String {
        name == "init" ? "\(type ?? "").init" : name
    }

    /// The candidates a call in `callerFile` may run: those `candidatesByName` finds, in the modules the
    /// caller sees.
    private static func candidates(of reference: CallReference, callerType: String?, callerFile: Int, functions: [FunctionRecord],
                                   byKey: [String: [Int]], hierarchy: TypeHierarchy, visibility: ModuleVisibility) -> [Int] {
        candidatesByName(of: reference, callerType: callerType, functions: functions, byKey: byKey, hierarchy: hierarchy)
            .filter { visibility.sees(functions[$0].fileIndex, from: callerFile) }
            // `private`/`fileprivate` functions are callable only from their own file.
            .filter { !functions[$0].isFilePrivate || functions[$0].fileIndex == callerFile }
    }

    /// `matching` when every candidate extends `View` (a method only a view has), else none.
    private static func viewExtensions(_ matching: [Int], functions: [FunctionRecord]) -> [Int] {
        matching.allSatisfy { functions[$0].enclosingType == "View" } ? matching : []
    }

    /// Candidates by name and labels, narrowed by the receiver: the caller's own type first for
    /// unqualified calls, then free functions.
    private static func candidatesByName(of reference: CallReference, callerType: String?, functions: [FunctionRecord],
                                         byKey: [String: [Int]], hierarchy: TypeHierarchy) -> [Int] {
        let isInitializer = reference.receiver == .implicitSelf && reference.name.startsWithUppercase
        // `self.init(...)` or `Self.init(...)` (`CalledName` names them `self` and `Self`) in a convenience or
        // delegating initializer: one of the caller's own initializers.
        let delegates = reference.receiver == .implicitSelf && (reference.name == "self" || reference.name == "Self")
        if delegates, callerType == nil { return [] }
        let key = delegates ? "\(callerType ?? "").init" : isInitializer ? "\(reference.name).init" : reference.name
        // `OnMainThread { }`: a free function named like a type, which the linted code does not declare.
        if isInitializer, byKey[key] == nil, let positions = byKey[reference.name] {
            return positions.filter { position in
                functions[position].enclosingType == nil && !functions[position].isGetter
                    && Self.labels(reference.labels, match: functions[position].parameters)
            }
        }
        guard let named = byKey[key] else { return [] }
        let labels = reference.labels
        // A read runs a getter, a call a function (`var total: Int` and `func total(in:)` may share a name).
        let matching = named.filter { functions[$0].isGetter == reference.readsAProperty && Self.labels(labels, match: functions[$0].parameters) }
        // Every case below narrows `matching` (the receiver never adds a candidate).
        if isInitializer || delegates || matching.isEmpty { return matching }
        switch reference.receiver {
        case .implicitSelf:
            // The caller's own type, then a superclass it inherits the method from, then free functions.
            if let callerType, let declared = Self.declaredOrInherited(matching, by: callerType, functions: functions, hierarchy: hierarchy) {
                return declared
            }
            return matching.filter { functions[$0].enclosingType == nil }
        case .type(let name):
            // `Self.f()` names the caller's own type.
            guard let owner = name == "Self" ? callerType : name else { return [] }
            return Self.declaredOrInherited(matching, by: owner, functions: functions, hierarchy: hierarchy) ?? []
        case .instance(let type?):
            // A value runs instance methods: a subclass's `class func request(_:)` does not hide the
            // `request(_:)` its superclass declares for instances (blind round CN: a network client's
            // class-level wrappers, read as the instance's methods).
            let matching = matching.filter { !functions[$0].isStatic }
            // A value typed as a protocol: its conformers' implementations and the protocol's extensions.
            if let conforming = hierarchy.conformers(of: type) {
                let implementations = matching.filter { position in
                    functions[position].hasBody && functions[position].enclosingType.map { $0 == type || conforming.contains($0) } == true
                }
                if !implementations.isEmpty { return implementations }
            }
            // A value typed as a class runs the method its class declares or inherits, or a subclass's override.
            let declared = Self.declaredOrInherited(matching, by: type, functions: functions, hierarchy: hierarchy) ?? []
            let subclasses = hierarchy.subclasses(of: type)
            // `Text(title).detachedTask { }`, `Row(item).card()`: a type that neither declares nor inherits the
            // method, which only the app's `View` extensions declare: the value is a view.
            if declared.isEmpty, subclasses.isEmpty { return Self.viewExtensions(matching, functions: functions) }
            if subclasses.isEmpty { return declared }
            return declared + matching.filter { position in
                functions[position].hasBody && functions[position].enclosingType.map(subclasses.contains) == true
            }
        case .implicitMember:
            // `.request(transfer)` builds an enum case or calls a static factory, never an instance method
            // (blind round CF: an enum case bound to a client's `request(_:)`, whose semaphore wait was
            // reported as an error on a screen that only queues a popup).
            return matching.filter { functions[$0].enclosingType != nil && functions[$0].isStatic }
        case .anyMember:
            return matching.filter { functions[$0].enclosingType != nil }
        case .instance(nil):
            // Neither the value's type nor a name for it (`makeStore().load()`): ambiguous, not resolved. Unless
            // every candidate extends `View`: only a view has such a method, so the value is one, as in a
            // modifier chain (`Text(title).detachedTask { }`: blind round BY, a helper that hands its closure to
            // `Task.detached`, read as work in `body`).
            return Self.viewExtensions(matching, functions: functions)
        case .namedInstance(let name):
            // A value whose type the syntax does not show (`Current.Log.error(...)`, `textView.insertText(_:)`):
            // instance methods of the one type its name names (`store` → `AccountStore`, `extensionApi` →
            // `ExtensionsApi`); otherwise unresolved.
            let hint = Self.singularWords(String(name.trimmingPrefix("_")))
            let instanceMethods = matching.filter { position in
                guard let type = functions[position].enclosingType, !functions[position].isStatic else { return false }
                return hint.count >= 3 && Self.singularWords(type).hasSuffix(hint)
            }
            let owners = Set(instanceMethods.compactMap { functions[$0].enclosingType })
            if owners.count == 1 { return instanceMethods }
            // `dependencyProvider.versioningService.blockingMasterData()`: the property's declaration names its
            // type where its name does not (blind round CA: a container's `VersioningSerivice`, a typo).
            guard owners.isEmpty, let declared = hierarchy.typeOfProperty(named: name) else { return [] }
            var typed = reference
            typed.receiver = .instance(declared)
            return candidatesByName(of: typed, callerType: callerType, functions: functions, byKey: byKey, hierarchy: hierarchy)
        case .cast(let type, let name):
            var typed = reference
            typed.receiver = .instance(type)
            let members = candidatesByName(of: typed, callerType: callerType, functions: functions, byKey: byKey, hierarchy: hierarchy)
            guard members.isEmpty, !hierarchy.declares(type) else { return members }
            typed.receiver = .namedInstance(name)
            return candidatesByName(of: typed, callerType: callerType, functions: functions, byKey: byKey, hierarchy: hierarchy)
        case .returnedBy(let type, let function, let name):
            // The one type the factory's declarations say they return; otherwise what the value's name names.
            let returned = Set((byKey[function] ?? []).filter { position in
                // `resize(image)`: the caller's own method or a free function; `Type.make()`: a static one.
                type == VariableTypes.calledByName
                    ? !functions[position].isGetter && [nil, callerType].contains(functions[position].enclosingType)
                    : functions[position].isStatic && functions[position].enclosingType == type
            }.compactMap { functions[$0].returnType })
            var typed = reference
            if returned.count == 1, let resultType = returned.first, resultType != "Self" || type != VariableTypes.calledByName {
                typed.receiver = .instance(resultType == "Self" ? type : resultType)
            } else {
                typed.receiver = .namedInstance(name)
            }
            return candidatesByName(of: typed, callerType: callerType, functions: functions, byKey: byKey, hierarchy: hierarchy)
        }
    }

    /// The candidates `type` declares; otherwise those of the nearest superclass that declares any; nil
    /// when neither does.
    private static func declaredOrInherited(_ candidates: [Int], by type: String, functions: [FunctionRecord],
                                            hierarchy: TypeHierarchy) -> [Int]? {
        let own = candidates.filter { functions[$0].enclosingType == type }
        if !own.isEmpty { return own }
        for superclass in hierarchy.superclasses(of: type) {
            let inherited = candidates.filter { functions[$0].enclosingType == superclass }
            if !inherited.isEmpty { return inherited }
        }
        return nil
    }

    /// A camel-case name in lower case with each word's plural `s` dropped, so that a value's name matches
    /// its type's whichever word is plural: `extensionApi` and `ExtensionsApi` both give `extensionapi`.
    ///
    /// ```swift
    /// ModuleIndex.singularWords("ExtensionsApi") // "extensionapi"
    /// ```
    static func singularWords(_ name: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { word.removeLast() }
            result += word
            word = ""
        }
        var previousWasUppercase = false
        for character in name {
            if character.isUppercase, !word.isEmpty, !previousWasUppercase { flush() }
            previousWasUppercase = character.isUppercase
            word.append(Character(character.lowercased()))
        }
        flush()
        return result
    }

    /// Call labels match when they line up with the parameters in order, skipping defaulted ones.
    /// An unlabeled trailing closure matches any label, after skipping defaulted parameters that the
    /// remaining arguments cannot be meant for.
    static func labels(_ labels: [String?], match parameters: [Parameter]) -> Bool {
        var next = parameters.startIndex
        for (position, label) in labels.enumerated() {
            let remainingArguments = labels.count - position
            while next < parameters.endIndex {
                let parameter = parameters[next]
                if label == CalledName.trailingClosureLabel {
                    let requiredLater = parameters[(next + 1)...].count { !$0.hasDefault }
                    guard parameter.hasDefault, requiredLater >= remainingArguments else { break }
                } else {
                    if parameter.label == label { break }
                    guard parameter.hasDefault else { return false }
                }
                next += 1
            }
            guard next < parameters.endIndex else { return false }
            next += 1
        }
        return parameters[next...].allSatisfy(\.hasDefault)
    }
}

/// Which files' declarations a file can call: those of its own module and of the modules it imports
/// (and those they re-export with `@_exported import`). A corpus of several packages (or an app and its
/// packages) does not resolve a call into a module the caller cannot see, such as a function of the same
/// name in an unrelated package. Files whose module is unknown (no `Package.swift` or Xcode target
/// around them) see and are seen by every file.
///
/// ```swift
/// let visibility = ModuleVisibility(files: facts, settings: settings)
/// visibility.sees(calleeFile, from: callerFile)
/// ```
struct ModuleVisibility: Sendable {
    /// Each file's modules as `import` spells them (several when targets share the file), or nil when unknown.
    private let modulesOfFile: [Set<String>?]
    /// Each file's imported modules, with what they re-export.
    private let importsOfFile: [Set<String>]

    init(files: [FileFacts], settings: [ModuleSettings]) {
        let modules: [Set<String>?] = settings.map { settings in
            settings.moduleKey.map { Set([$0] + settings.otherModuleNames) }
        }
        var reexports: [String: Set<String>] = [:]
        for (file, modules) in zip(files, modules) {
            guard let modules, !file.reexports.isEmpty else { continue }
            for module in modules { reexports[module, default: []].formUnion(file.reexports) }
        }
        modulesOfFile = modules
        importsOfFile = files.map { file in
            var seen = Set(file.imports)
            var pending = Array(seen)
            while let module = pending.popLast() {
                for reexported in reexports[module] ?? [] where seen.insert(reexported).inserted { pending.append(reexported) }
            }
            return seen
        }
    }

    /// True when code in `caller` can call the declarations of `callee`.
    func sees(_ callee: Int, from caller: Int) -> Bool {
        guard let calleeModules = modulesOfFile[callee], let callerModules = modulesOfFile[caller] else { return true }
        return !calleeModules.isDisjoint(with: callerModules) || !calleeModules.isDisjoint(with: importsOfFile[caller])
    }

    /// SwiftPM's module name for a target: characters that cannot be in an identifier become `_` (`my-lib` → `my_lib`).
    static func moduleName(ofTarget target: String) -> String {
        String(String.UnicodeScalarView(target.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? scalar : "_"
        }))
    }
}
