/// The isolation of every type the linted code declares, merged over the type's declaration and extensions.
struct TypeIsolationTable: Sendable {
    /// Why a type's members are (or are not) main-actor; worded with the member at lookup time.
    enum Source: Sendable, Hashable {
        case explicit(Isolation)
        case conformance(type: String, protocolName: String)
        case sdkSuperclass(type: String, superclass: String)
        case moduleSuperclass(type: String, superclass: String)
        /// Extensions of an SDK main-actor class or protocol (`extension UIViewController`, `extension View`).
        case sdkType(String)
        case defaultIsolation(ModuleSettings)
        case nonisolated
    }

    private let sources: [String: Source]
    /// Types that several modules declare under one name (an app's `NotificationService` and its extension's,
    /// two apps linted together): each module's own declaration, by module, for code of that module.
    private let sourcesByModule: [String: [String: Source]]

    init(_ records: [TypeDeclarationRecord]) {
        // Positions, not copies of the records: a record holds its module's settings and name lists.
        let byName = Dictionary(grouping: records.indices, by: { records[$0].name })
        var sources: [String: Source] = [:]
        for name in byName.keys {
            _ = Self.resolve(name, records: records, byName: byName, sources: &sources, visiting: [])
        }
        var sourcesByModule: [String: [String: Source]] = [:]
        for (name, declarations) in byName where declarations.count > 1 {
            // Each module's first declaration that is not an extension.
            var primaries: [String: Int] = [:]
            for position in declarations where records[position].keyword != "extension" {
                if let module = records[position].settings.moduleKey, primaries[module] == nil { primaries[module] = position }
            }
            guard primaries.count > 1 else { continue }
            for (module, primary) in primaries {
                sourcesByModule[name, default: [:]][module] = Self.resolve(name, records: records, byName: byName, sources: &sources,
                                                                          visiting: [], primary: primary)
            }
        }
        self.sources = sources
        self.sourcesByModule = sourcesByModule
    }

    private static func resolve(_ name: String, records: [TypeDeclarationRecord], byName: [String: [Int]],
                                sources: inout [String: Source], visiting: Set<String>, primary chosen: Int? = nil) -> Source? {
        // One module's reading of a shared name (`chosen`: its primary declaration) is neither read from nor written
        // to the table of names.
        if chosen == nil, let known = sources[name] { return known }
        guard let declarations = byName[name], !visiting.contains(name) else { return nil }
        let primary = (chosen ?? declarations.first { records[$0].keyword != "extension" }).map { records[$0] }
        let source: Source
        // Swift infers a type's isolation from the superclass and conformances of its primary declaration
        // only: a conformance an extension adds (perhaps in another module) isolates that extension's members
        // at most, never the type's. Extensions alone count only for types the linted code does not declare.
        let inherited = primary?.inherited ?? declarations.flatMap { records[$0].inherited }
        let settings = (primary ?? records[declarations[0]]).settings
        if let explicit = primary?.explicitIsolation {
            source = .explicit(explicit)
        } else if let conformance = inherited.first(where: settings.isMainActorProtocol) {
            source = .conformance(type: name, protocolName: conformance)
        } else if let superclass = inherited.first(where: settings.isMainActorClass) {
            source = .sdkSuperclass(type: name, superclass: superclass)
        } else if let superclass = inherited.first(where: { base in
            // Most inherited names (`Hashable`, `Sendable`) are not declared here: checked before the
            // set of names being visited is copied for the recursion.
            guard byName[base] != nil,
                  let resolved = resolve(base, records: records, byName: byName, sources: &sources, visiting: visiting.union([name]))
            else { return false }
            return resolved.isExplicitMainActor
        }) {
            source = .moduleSuperclass(type: name, superclass: superclass)
        } else if primary == nil, settings.isMainActorSDKType(name) {
            source = .sdkType(name)
        } else if settings.defaultIsolationMainActor {
            source = .defaultIsolation(settings)
        } else {
            source = .nonisolated
        }
        if chosen == nil { sources[name] = source }
        return source
    }

    /// The isolation of `member` of the named type, or nil when the type is not declared in the linted code.
    /// `module`: the module of the code asking (`ModuleSettings.moduleKey`); where several modules declare a
    /// type of this name, its own module's declaration decides.
    func isolation(ofType name: String, member: String?, inModule module: String?) -> Isolation? {
        guard let source = module.flatMap({ sourcesByModule[name]?[$0] }) ?? sources[name] else { return nil }
        switch source {
        case .explicit(let isolation):
            return isolation
        case .conformance(let type, let protocolName):
            return .mainActor(.conformance(type: type, member: member, protocolName: protocolName))
        case .sdkSuperclass(let type, let superclass):
            return .mainActor(Self.origin(type, member, because: "\(type) subclasses \(superclass)"))
        case .moduleSuperclass(let type, let superclass):
            return .mainActor(Self.origin(type, member, because: "\(type) inherits @MainActor from \(superclass)"))
        case .sdkType(let type):
            return .mainActor(Self.origin(type, member, because: "an extension of \(type), which is @MainActor"))
        case .defaultIsolation(let settings):
            return settings.defaultIsolation
        case .nonisolated:
            return .nonisolated
        }
    }

    /// "Type.member" for messages, or just the type.
    private static func place(_ type: String, _ member: String?) -> String {
        member.map { "\(type).\($0.trimmingSuffix("()"))" } ?? type
    }

    /// "Type.member (why the type is main-actor)", its brief form the place alone.
    private static func origin(_ type: String, _ member: String?, because reason: String) -> MainActorOrigin {
        let place = place(type, member)
        return MainActorOrigin("\(place) (\(reason))", brief: place)
    }
}

private extension TypeIsolationTable.Source {
    /// Main-actor for a reason other than default isolation: subclasses and conformers inherit it.
    var isExplicitMainActor: Bool {
        switch self {
        case .explicit(let isolation): isolation.isMainActor
        case .conformance, .sdkSuperclass, .moduleSuperclass, .sdkType: true
        case .defaultIsolation, .nonisolated: false
        }
    }
}
