import Foundation

/// Every file's index inputs from the last run (``IndexInputs``), keyed by path and kept with the
/// content and settings they were collected for. It lives in its own file beside the findings
/// (``LintCache``), in ``BinaryWriter``'s form, and is read only by runs that lint something: a run over
/// an unchanged tree never pays for it.
///
/// ```swift
/// var store = cache.loadIndexInputs()
/// store.entries[path] = .init(contentHash: hash, settingsKey: key, inputs: IndexInputs(facts))
/// try cache.save(store)
/// ```
struct IndexInputsStore: Sendable {
    struct Entry: Sendable {
        var contentHash: String
        var settingsKey: String
        var inputs: IndexInputs
        /// The entry as the store read it (path included), against `table`: written back as it is when
        /// the entry is kept, so an edit run encodes only the files it changed.
        fileprivate var encoded: ArraySlice<UInt8>? = nil

        init(contentHash: String, settingsKey: String, inputs: IndexInputs) {
            self.contentHash = contentHash
            self.settingsKey = settingsKey
            self.inputs = inputs
        }
    }

    var entries: [String: Entry] = [:]
    /// The string table the read entries' bytes refer to.
    private var table: [String] = []
    /// Saves that added entries to a kept table since every entry was last encoded afresh: past
    /// `Self.reencodingInterval` the table (which keeps the strings of entries since changed or removed)
    /// is rebuilt.
    private var savesSinceFullEncoding = 0
    private static let reencodingInterval = 32

    /// The inputs of a file whose content and settings are those they were collected for.
    func inputs(forFile path: String, contentHash: String, settingsKey: String) -> IndexInputs? {
        guard let entry = entries[path], entry.contentHash == contentHash, entry.settingsKey == settingsKey else { return nil }
        return entry.inputs
    }

    /// Format 15 (each entry after its length, so entries decode on several threads; format 14: computed properties' getters are functions, and calls say whether they read a property;
    /// format 11: functions keep the image they are handed and encode; format 10: calls say whether their
    /// arguments name a slow command; format 9: functions keep the
    /// catalogue calls written in closures they hand to other calls; format 8:
    /// functions keep the calls their escaping closures are forwarded through; format 7: functions
    /// keep the small work that costs where a caller repeats it, parameters whether they take an escaping
    /// closure, calls the call whose closure they are written in; format 6: functions
    /// keep their declared result type, calls a receiver made by a static call; format 5: a main-actor
    /// origin keeps its brief form for short messages; format 4: calls and catalogue calls keep the
    /// parameter tests they run under, parameters their names and literal defaults; format 3: entries kept
    /// as read, a count of saves that extended the table; format 2: functions say whether they run their
    /// closures in the background); a store of another format reads as empty.
    private static let format = 15

    init() {}

    /// `threads`: entries are decoded on that many threads.
    init(decoding bytes: [UInt8], threads: Int = 1) throws {
        var reader = try BinaryReader(bytes)
        guard try reader.int() == Self.format else { throw BinaryReader.Malformed() }
        savesSinceFullEncoding = try reader.int()
        let count = try reader.int()
        guard count <= bytes.count else { throw BinaryReader.Malformed() }
        var records: [Range<Int>] = []
        records.reserveCapacity(count)
        for _ in 0..<count { records.append(try reader.skipRecord()) }
        guard reader.isAtEnd else { throw BinaryReader.Malformed() }
        let whole = reader
        let decoded = Parallel.chunkedMap(count: records.count, threads: threads, chunkSize: 256) { [records] item -> (String, Entry)? in
            var reader = whole.reader(of: records[item])
            guard let path = try? reader.string(), let contentHash = try? reader.string(), let settingsKey = try? reader.string(),
                  let inputs = try? IndexInputs(from: &reader), reader.isAtEnd else { return nil }
            var entry = Entry(contentHash: contentHash, settingsKey: settingsKey, inputs: inputs)
            entry.encoded = reader.bytes(since: records[item].lowerBound)
            return (path, entry)
        }
        entries.reserveCapacity(count)
        for record in decoded {
            guard let (path, entry) = record else { throw BinaryReader.Malformed() }
            entries[path] = entry
        }
        table = reader.strings
    }

    /// The entry for `path` as read, when it was collected for this content and these settings (its
    /// inputs are then the same): kept with its bytes, so saving does not encode it again.
    func unchangedEntry(forFile path: String, contentHash: String, settingsKey: String) -> Entry? {
        guard let entry = entries[path], entry.contentHash == contentHash, entry.settingsKey == settingsKey else { return nil }
        return entry
    }

    /// Paths in sorted order. Entries kept from the store read are copied as bytes, against its string
    /// table (new strings are added after it), until `reencodingInterval` saves have added entries that
    /// way. A store read and encoded again unchanged gives the same bytes.
    func encoded() -> [UInt8] {
        let reusing = savesSinceFullEncoding < Self.reencodingInterval && entries.values.contains { $0.encoded != nil }
        var writer = reusing ? BinaryWriter(table: table) : BinaryWriter()
        writer.int(Self.format)
        let extendsTable = entries.values.contains { $0.encoded == nil }
        writer.int(reusing ? savesSinceFullEncoding + (extendsTable ? 1 : 0) : 0)
        writer.int(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.record { writer in
                if reusing, let bytes = entry.encoded { return writer.raw(bytes) }
                writer.string(path)
                writer.string(entry.contentHash)
                writer.string(entry.settingsKey)
                entry.inputs.write(to: &writer)
            }
        }
        return writer.finished()
    }
}

extension LintCache {
    var indexInputsURL: URL {
        directory.appendingPathComponent("index-\(StableHash.of(toolVersion)).bin")
    }

    /// The stored index inputs, or an empty store when there are none or they cannot be read.
    func loadIndexInputs(threads: Int = 1) -> IndexInputsStore {
        guard let data = try? Data(contentsOf: indexInputsURL),
              let store = try? IndexInputsStore(decoding: [UInt8](data), threads: threads) else { return IndexInputsStore() }
        return store
    }

    /// Writes atomically, like the findings.
    func save(_ store: IndexInputsStore) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(store.encoded()).write(to: indexInputsURL, options: .atomic)
        removeOtherBuildsFiles(like: indexInputsURL, prefix: "index-")
    }
}

// MARK: - The records, field by field

extension IndexInputs {
    init(from reader: inout BinaryReader) throws {
        types = try reader.array { try TypeDeclarationRecord(from: &$0) }
        functions = try reader.array { try FunctionRecord(from: &$0) }
        imports = try reader.array { try $0.string() }
        reexports = try reader.array { try $0.string() }
    }

    func write(to writer: inout BinaryWriter) {
        writer.array(types) { $1.write(to: &$0) }
        writer.array(functions) { $1.write(to: &$0) }
        writer.array(imports) { $0.string($1) }
        writer.array(reexports) { $0.string($1) }
    }
}

extension TypeDeclarationRecord {
    /// Settings are the file's, put back by `IndexInputs.facts(fileIndex:settings:)`.
    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.string(), keyword: try reader.string(), explicitIsolation: try reader.optional { try Isolation(from: &$0) },
                  inherited: try reader.array { try $0.string() }, settings: .classic, isObservableMacro: try reader.bool(),
                  freshIdentity: try reader.optional { try FreshIdentity(from: &$0) },
                  propertyTypes: try reader.array { StoredPropertyType(name: try $0.string(), type: try $0.string()) })
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(name)
        writer.string(keyword)
        writer.optional(explicitIsolation) { $1.write(to: &$0) }
        writer.array(inherited) { $0.string($1) }
        writer.bool(isObservableMacro)
        writer.optional(freshIdentity) { $1.write(to: &$0) }
        writer.array(propertyTypes) { writer, property in
            writer.string(property.name)
            writer.string(property.type)
        }
    }
}

extension FunctionRecord {
    init(from reader: inout BinaryReader) throws {
        self.init(name: try reader.string(),
                  parameters: try reader.array { reader in
                      Parameter(label: try reader.optional { try $0.string() }, hasDefault: try reader.bool(), name: try reader.string(),
                                defaultLiteral: try reader.optional { try $0.string() }, isClosure: try reader.bool(),
                                isEscapingClosure: try reader.bool(), isSendableClosure: try reader.bool(), isCalledOnTheMainQueue: try reader.bool())
                  },
                  isAsync: try reader.bool(), isConcurrent: try reader.bool(), isStatic: try reader.bool(), isFilePrivate: try reader.bool(),
                  enclosingType: try reader.optional { try $0.string() }, hasBody: try reader.bool(), isGetter: try reader.bool(),
                  returnType: try reader.optional { try $0.string() }, fileIndex: 0,
                  isolation: try LocalIsolation(from: &reader), ownHeaviness: try reader.optional { try $0.string() },
                  ownHeavinessBeforeSuspension: try reader.optional { try $0.string() },
                  callees: try reader.array { try CallReference(from: &$0) }, calleesBeforeSuspension: try reader.array { try CallReference(from: &$0) },
                  ownCatalogueCall: try reader.optional { try CatalogueEntry(from: &$0) })
        runsClosuresOffTheCallersThread = try reader.bool()
        ownCatalogueCallCondition = try reader.optional { try ParameterCondition(from: &$0) }
        ownCostWhenRepeated = try reader.optional { try CatalogueEntry(from: &$0) }
        ownEncodeOfAHandedImage = try reader.optional { try CatalogueEntry(from: &$0) }
        keepsACache = try reader.bool()
        forwardsClosuresThrough = try reader.array { try CallReference(from: &$0) }
        handsClosuresOn = try reader.array { reader in
            ClosureForwarding.ClosureHandOn(parameter: try reader.string(), call: try CallReference(from: &reader),
                                            label: try reader.optional { try $0.string() }, isTrailing: try reader.bool(), index: try reader.int() - 1)
        }
        handedOffCatalogueCalls = try reader.array { reader in
            HandedOffCatalogueCall(entry: try CatalogueEntry(from: &reader), condition: try reader.optional { try ParameterCondition(from: &$0) },
                                   handOff: try CallReference.HandOff(from: &reader), isBeforeSuspension: try reader.bool())
        }
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(name)
        writer.array(parameters) { writer, parameter in
            writer.optional(parameter.label) { $0.string($1) }
            writer.bool(parameter.hasDefault)
            writer.string(parameter.name)
            writer.optional(parameter.defaultLiteral) { $0.string($1) }
            writer.bool(parameter.isClosure)
            writer.bool(parameter.isEscapingClosure)
            writer.bool(parameter.isSendableClosure)
            writer.bool(parameter.isCalledOnTheMainQueue)
        }
        writer.bool(isAsync)
        writer.bool(isConcurrent)
        writer.bool(isStatic)
        writer.bool(isFilePrivate)
        writer.optional(enclosingType) { $0.string($1) }
        writer.bool(hasBody)
        writer.bool(isGetter)
        writer.optional(returnType) { $0.string($1) }
        isolation.write(to: &writer)
        writer.optional(ownHeaviness) { $0.string($1) }
        writer.optional(ownHeavinessBeforeSuspension) { $0.string($1) }
        writer.array(callees) { $1.write(to: &$0) }
        writer.array(calleesBeforeSuspension) { $1.write(to: &$0) }
        writer.optional(ownCatalogueCall) { $1.write(to: &$0) }
        writer.bool(runsClosuresOffTheCallersThread)
        writer.optional(ownCatalogueCallCondition) { $1.write(to: &$0) }
        writer.optional(ownCostWhenRepeated) { $1.write(to: &$0) }
        writer.optional(ownEncodeOfAHandedImage) { $1.write(to: &$0) }
        writer.bool(keepsACache)
        writer.array(forwardsClosuresThrough) { $1.write(to: &$0) }
        writer.array(handsClosuresOn) { writer, handOn in
            writer.string(handOn.parameter)
            handOn.call.write(to: &writer)
            writer.optional(handOn.label) { $0.string($1) }
            writer.bool(handOn.isTrailing)
            // -1 when the closure is not among the unlabelled arguments (a trailing closure); counts are unsigned.
            writer.int(handOn.index + 1)
        }
        writer.array(handedOffCatalogueCalls) { writer, call in
            call.entry.write(to: &writer)
            writer.optional(call.condition) { $1.write(to: &$0) }
            call.handOff.write(to: &writer)
            writer.bool(call.isBeforeSuspension)
        }
    }
}

extension CallReference {
    init(from reader: inout BinaryReader) throws {
        name = try reader.string()
        labels = try reader.array { try $0.optional { try $0.string() } }
        switch try reader.int() {
        case 0: receiver = .implicitSelf
        case 1: receiver = .type(try reader.string())
        case 2: receiver = .instance(try reader.optional { try $0.string() })
        case 3: receiver = .namedInstance(try reader.string())
        case 4: receiver = .implicitMember
        case 5: receiver = .returnedBy(type: try reader.string(), function: try reader.string(), name: try reader.string())
        case 6: receiver = .cast(type: try reader.string(), name: try reader.string())
        case 7: receiver = .anyMember
        default: throw BinaryReader.Malformed()
        }
        condition = try reader.optional { try ParameterCondition(from: &$0) }
        arguments = try reader.array { try $0.optional { try $0.string() } }
        handOff = try reader.optional { try HandOff(from: &$0) }
        namesASlowCommand = try reader.bool()
        readsAProperty = try reader.bool()
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(name)
        writer.array(labels) { writer, label in writer.optional(label) { $0.string($1) } }
        switch receiver {
        case .implicitSelf: writer.int(0)
        case .type(let name): writer.int(1); writer.string(name)
        case .instance(let name): writer.int(2); writer.optional(name) { $0.string($1) }
        case .namedInstance(let name): writer.int(3); writer.string(name)
        case .implicitMember: writer.int(4)
        case .anyMember: writer.int(7)
        case .returnedBy(let type, let function, let name): writer.int(5); writer.string(type); writer.string(function); writer.string(name)
        case .cast(let type, let name): writer.int(6); writer.string(type); writer.string(name)
        }
        writer.optional(condition) { $1.write(to: &$0) }
        writer.array(arguments) { writer, value in writer.optional(value) { $0.string($1) } }
        writer.optional(handOff) { $1.write(to: &$0) }
        writer.bool(namesASlowCommand)
        writer.bool(readsAProperty)
    }
}

extension CallReference.HandOff {
    init(from reader: inout BinaryReader) throws {
        self.init(call: try reader.int(), label: try reader.optional { try $0.string() }, isTrailing: try reader.bool())
    }

    func write(to writer: inout BinaryWriter) {
        writer.int(call)
        writer.optional(label) { $0.string($1) }
        writer.bool(isTrailing)
    }
}

extension ParameterCondition {
    init(from reader: inout BinaryReader) throws {
        self.init(parameter: try reader.string(), values: try reader.array { try $0.string() })
    }

    func write(to writer: inout BinaryWriter) {
        writer.string(parameter)
        writer.array(values) { $0.string($1) }
    }
}

extension LocalIsolation {
    init(from reader: inout BinaryReader) throws {
        switch try reader.int() {
        case 0: self = .settled(try Isolation(from: &reader))
        case 1: self = .memberOfType(try reader.string(), member: try reader.optional { try $0.string() },
                                     extensionConformance: try reader.optional { try $0.string() })
        default: throw BinaryReader.Malformed()
        }
    }

    func write(to writer: inout BinaryWriter) {
        switch self {
        case .settled(let isolation):
            writer.int(0)
            isolation.write(to: &writer)
        case .memberOfType(let type, let member, let conformance):
            writer.int(1)
            writer.string(type)
            writer.optional(member) { $0.string($1) }
            writer.optional(conformance) { $0.string($1) }
        }
    }
}

extension Isolation {
    init(from reader: inout BinaryReader) throws {
        switch try reader.int() {
        case 0: self = .mainActor(MainActorOrigin(try reader.string(), brief: try reader.string(), isDefaultIsolation: try reader.bool()))
        case 1: self = .nonisolated
        case 2: self = .otherActor(try reader.string())
        default: throw BinaryReader.Malformed()
        }
    }

    func write(to writer: inout BinaryWriter) {
        switch self {
        case .mainActor(let origin):
            writer.int(0)
            writer.string(origin.description)
            writer.string(origin.brief)
            writer.bool(origin.isDefaultIsolation)
        case .nonisolated: writer.int(1)
        case .otherActor(let name): writer.int(2); writer.string(name)
        }
    }
}

extension FreshIdentity {
    init(from reader: inout BinaryReader) throws {
        switch try reader.int() {
        case 0: self = .newOnEveryRead
        case 1: self = .newPerInstance
        default: throw BinaryReader.Malformed()
        }
    }

    func write(to writer: inout BinaryWriter) {
        writer.int(self == .newOnEveryRead ? 0 : 1)
    }
}

extension CatalogueEntry {
    init(from reader: inout BinaryReader) throws {
        let match: Match
        switch try reader.int() {
        case 0: match = .function(name: try reader.string(), prefix: try reader.bool())
        case 1: match = .initializer(type: try reader.string(), firstLabels: try reader.array { try $0.string() })
        case 2: match = .method(receiver: try reader.optional { try $0.string() }, name: try reader.string(), prefix: try reader.bool())
        case 3: match = .labeledMethod(name: try reader.string(), firstLabels: try reader.array { try $0.string() })
        case 4: match = .methodWaiting(name: try reader.string(), flag: try reader.string())
        case 5: match = .property(receiver: try reader.optional { try $0.string() }, name: try reader.string())
        default: throw BinaryReader.Malformed()
        }
        guard let kind = BlockingKind(rawValue: try reader.string()) else { throw BinaryReader.Malformed() }
        self.init(match: match, kind: kind, display: try reader.string(), costsOnlyAtLaunch: try reader.bool())
    }

    func write(to writer: inout BinaryWriter) {
        switch match {
        case .function(let name, let prefix):
            writer.int(0); writer.string(name); writer.bool(prefix)
        case .initializer(let type, let labels):
            writer.int(1); writer.string(type); writer.array(labels) { $0.string($1) }
        case .method(let receiver, let name, let prefix):
            writer.int(2); writer.optional(receiver) { $0.string($1) }; writer.string(name); writer.bool(prefix)
        case .labeledMethod(let name, let labels):
            writer.int(3); writer.string(name); writer.array(labels) { $0.string($1) }
        case .methodWaiting(let name, let flag):
            writer.int(4); writer.string(name); writer.string(flag)
        case .property(let receiver, let name):
            writer.int(5); writer.optional(receiver) { $0.string($1) }; writer.string(name)
        }
        writer.string(kind.rawValue)
        writer.string(display)
        writer.bool(costsOnlyAtLaunch)
    }
}
