import Foundation

/// Follows calls through module functions to decide which functions do heavy synchronous work, on
/// demand: only the functions asked about and those their calls reach are settled, and a file's
/// bodies are walked only when one of its functions is reached (most files' never are).
///
/// A function is heavy when its own body loops or calls a catalogued API, when a call of its body may
/// call a function of its own cycle of calls (recursion), or when a call can only reach heavy
/// functions; the reason names the first such call in source order. Cycles are the strongly connected
/// components of the call graph (functions with heavy work of their own end a path), so the answer is
/// the same whichever function is asked about first and on whichever thread.
final class HeavinessSolver: @unchecked Sendable {
    private let resolve: @Sendable (CallReference, FunctionRecord) -> [Int]
    private let loadBodies: @Sendable (Int) -> [FunctionRecord]
    private let threads: Int
    /// The position of each file's first function.
    private let fileStarts: [Int]
    /// Guards everything below: lint workers ask concurrently.
    private let lock = NSLock()
    private var records: [FunctionRecord]
    private var hasBodies: [Bool]
    /// Files whose bodies have not been walked yet; at 0 nothing is ever loaded again.
    private var filesWithoutBodies: Int
    /// Per function, per call: the synchronous module functions it may call.
    private var callees: [[[Int]]?]
    /// nil until settled.
    private var results: [String??]
    private var resultsBeforeSuspension: [String??]
    private var catalogueCalls: [Int: CatalogueCall] = [:]
    private var costsWhenRepeated: [Int: CatalogueCall] = [:]
    /// Settled functions whose heaviness comes only through calls made under a test of their parameters
    /// (`if waitForCompletion { prepare() }`): the test a call's arguments must allow.
    private var conditions: [Int: ParameterCondition] = [:]
    /// Per file: `include_low_cost`, which counts recursion as long work. By default it is not: blind
    /// reviews judged none of the sampled recursions worth a change (a path's depth, a one-step guard),
    /// and a recursion over a tree shows its cost through the loops of its body.
    private let recursionIsWork: [Bool]

    /// `records` are the functions of `files` in order (`files.flatMap(\.functions)`, passed in so the
    /// index does not build it twice). `bodies` walks one file and returns its functions with their body
    /// facts, in the same order. When every file's bodies are already known, calls are resolved on
    /// `threads` up front.
    init(files: [FileFacts], records: [FunctionRecord], threads: Int, recursionIsWork: [Bool],
         bodies: @escaping @Sendable (Int) -> [FunctionRecord], resolve: @escaping @Sendable (CallReference, FunctionRecord) -> [Int]) {
        self.resolve = resolve
        self.recursionIsWork = recursionIsWork
        loadBodies = bodies
        self.threads = threads
        var starts: [Int] = []
        var next = 0
        for file in files {
            starts.append(next)
            next += file.functions.count
        }
        fileStarts = starts
        var settled = records
        for position in records.indices where !records[position].handedOffCatalogueCalls.isEmpty {
            settled[position] = Self.settlingHandedOffCatalogueCalls(of: records[position], records: records, resolve: resolve)
        }
        let records = settled
        self.records = records
        hasBodies = files.map(\.hasBodyFacts)
        filesWithoutBodies = hasBodies.count { !$0 }
        results = Array(repeating: nil, count: records.count)
        resultsBeforeSuspension = Array(repeating: nil, count: records.count)
        if hasBodies.allSatisfy({ $0 }) {
            callees = Parallel.chunkedMap(count: records.count, threads: threads) { position in
                Self.synchronousCallees(of: records[position], at: position, records: records, resolve: resolve)
            }
        } else {
            callees = Array(repeating: nil, count: records.count)
        }
    }

    /// Why the function is heavy; nil when it is cheap.
    func heaviness(of position: Int) -> String? {
        lock.withLock {
            settle(position)
            return results[position]!
        }
    }

    /// The test of the function's parameters its heaviness needs: nil when it is heavy whatever the
    /// arguments (its own work, or some call made under no test, is heavy).
    func heavinessCondition(of position: Int) -> ParameterCondition? {
        lock.withLock {
            settle(position)
            return conditions[position]
        }
    }

    /// Why the function is heavy before its first `await`; nil when that part is cheap.
    func heavinessBeforeFirstSuspension(of position: Int) -> String? {
        lock.withLock { beforeFirstSuspension(position) }
    }

    /// The blocking or heavy catalogue API the function calls, itself or through synchronous module
    /// functions (every candidate of a call must reach one); nil when none is found. Loops and recursion
    /// do not count here: this is what `blocking_call_on_main_actor` follows from main-actor code.
    func catalogueCall(of position: Int) -> CatalogueCall? {
        lock.withLock {
            var explored: Set<Int> = []
            return findCatalogueCall(position, explored: &explored)
        }
    }

    /// The small work (`FunctionRecord.ownCostWhenRepeated`) the function does, itself or through synchronous
    /// module functions (every candidate of a call must reach some), made under no test of its parameters;
    /// nil when none. A caller that runs the function per event makes it costly (`CostEvidence.event(repeating:)`).
    func costWhenRepeated(of position: Int) -> CatalogueCall? {
        lock.withLock {
            var explored: Set<Int> = []
            return findCostWhenRepeated(position, explored: &explored)
        }
    }

    /// The image the function is handed and encodes: itself (`FunctionRecord.ownEncodeOfAHandedImage`), or
    /// through a helper it passes that image on to (`writeImageToFile(image:)` → `write(image:to:)`: blind round
    /// CH's recall hunt, a camera photo JPEG-encoded two calls from the picker's callback); nil when none.
    func encodeOfAHandedImage(of position: Int) -> CatalogueEntry? {
        lock.withLock { findEncodeOfAHandedImage(position, hops: 0) }
    }

    // MARK: Everything below runs under `lock`.

    /// At most this many helpers between a function and the encode of the image it is handed.
    private static let imageHandOffHops = 2

    /// `encodeOfAHandedImage(of:)`: the function's own encode, or the one every synchronous candidate of a call
    /// reaches, where the call runs under no test, in place, and passes on a parameter named for an image
    /// (`$image`, `$photo`): the value the helper encodes is the one this function was handed.
    private func findEncodeOfAHandedImage(_ position: Int, hops: Int) -> CatalogueEntry? {
        let record = body(of: position)
        if let own = record.ownEncodeOfAHandedImage { return own }
        guard hops < Self.imageHandOffHops else { return nil }
        for reference in record.callees where reference.condition == nil && reference.handOff == nil
            && reference.arguments.contains(where: { $0.map(Self.namesAnImageParameter) ?? false }) {
            let candidates = resolve(reference, record)
            guard !candidates.isEmpty, candidates.allSatisfy({ !records[$0].isAsync }) else { continue }
            let encodes = candidates.map { findEncodeOfAHandedImage($0, hops: hops + 1) }
            if let encode = encodes.first ?? nil, encodes.allSatisfy({ $0 != nil }) { return encode }
        }
        return nil
    }

    /// `$image`, `$photo`: an argument that passes on a parameter named for an image (`ParameterCondition.arguments`).
    private static func namesAnImageParameter(_ argument: String) -> Bool {
        guard argument.hasPrefix("$") else { return false }
        let name = argument.dropFirst().lowercased()
        return ["image", "photo", "picture"].contains { name.contains($0) }
    }

    /// Written in a closure that the function it is handed to keeps (`@escaping`): it runs when that closure
    /// is called (a menu's action, a stored handler), once per such event, not each time this function runs.
    /// Only the small work a caller repeats skips it: a wait or a heavy call there still blocks the thread
    /// that calls the closure, usually the main thread on a tap.
    private func isKeptForLater(_ reference: CallReference, in record: FunctionRecord) -> Bool {
        guard let handOff = reference.handOff, handOff.call < record.callees.count else { return false }
        let keepers = resolve(record.callees[handOff.call], record)
        return !keepers.isEmpty && keepers.allSatisfy { records[$0].parameters.escapes(label: handOff.label, isTrailing: handOff.isTrailing) }
    }

    /// The process wait a helper does (`FunctionRecord.ownCostWhenRepeated`, short work where it is written),
    /// when a call names a slow tool for it to run (`CallReference.namesASlowCommand`): heavy at that call.
    private func slowCommandRun(by position: Int) -> CatalogueCall? {
        var explored: Set<Int> = []
        guard let run = findCostWhenRepeated(position, explored: &explored),
              CostEvidence.singleOperations[run.entry.display] == .process else { return nil }
        return CatalogueCall(entry: run.entry, through: run.through)
    }

    /// A type named for a cache (`HistoryCache`, `ThumbnailCacher`) keeps what it loads: work reached
    /// through its methods runs once per item, not each time a caller repeats (blind round AN: a clipboard
    /// history's rows read each item's small payload files through its cache).
    private static func isACache(_ type: String?) -> Bool {
        guard let type else { return false }
        return type.hasSuffix("Cache") || type.hasSuffix("Cacher") || type.hasSuffix("CacheManager")
    }

    /// Depth-first like `findCatalogueCall` (a call under a test of the parameters counts with it, and one
    /// without a test is preferred), over calls not kept for later (`isKeptForLater`) and not into a cache's
    /// methods (`isACache`).
    private func findCostWhenRepeated(_ position: Int, explored: inout Set<Int>) -> CatalogueCall? {
        if let known = costsWhenRepeated[position] { return known }
        guard explored.insert(position).inserted else { return nil }
        let record = body(of: position)
        // A function that keeps what it makes by key does its small work once per key, however often a caller
        // asks (blind probe CAp: an alert's image loaded once into a dictionary, read on every frame of a drag;
        // round CB: a thumbnail kept per file and size).
        guard !record.keepsACache else { return nil }
        var found = record.ownCostWhenRepeated.map { CatalogueCall(entry: $0, through: []) }
        if found == nil {
            for (reference, candidates) in zip(record.callees, synchronousCallees(of: position))
            where !candidates.isEmpty && !isKeptForLater(reference, in: record)
                && !candidates.allSatisfy({ Self.isACache(records[$0].enclosingType) }) {
                let reached = candidates.map { findCostWhenRepeated($0, explored: &explored) }
                guard reached.allSatisfy({ $0 != nil }), let first = reached.first ?? nil else { continue }
                // A call made under a test of the function's parameters (`if let uri { load(uri) }`) counts with
                // that test, which the caller's arguments may contradict (round AQ's recall hunt: a cell's
                // icon requested synchronously under `if var u = uri`); one made without a test is preferred.
                guard let needed = requirement(of: reference, reaching: first, in: candidates[0]) else { continue }
                let requires = needed.condition
                let call = CatalogueCall(entry: first.entry, through: [reference.display] + first.through, requires: requires)
                if found == nil || requires == nil { found = call }
                if requires == nil { break }
            }
        }
        if let found { costsWhenRepeated[position] = found }
        return found
    }

    /// Depth-first over synchronous callees; each function is explored once per question, so a cycle
    /// (or a function reached twice) ends the search there. Found answers are kept for later questions.
    ///
    /// A call or catalogue call made under a test of the function's parameters (`if reload { ... }`) counts
    /// with that test (`CatalogueCall.requires`), and one made without a test is preferred. A call whose
    /// arguments contradict the test its callee's work needs (`load()` with `reload: Bool = false`) reaches
    /// nothing through that callee.
    private func findCatalogueCall(_ position: Int, explored: inout Set<Int>) -> CatalogueCall? {
        if let known = catalogueCalls[position] { return known }
        guard explored.insert(position).inserted else { return nil }
        let record = body(of: position)
        var found = record.ownCatalogueCall.map { CatalogueCall(entry: $0, through: [], requires: record.ownCatalogueCallCondition) }
        if found == nil || found?.requires != nil {
            for (reference, candidates) in zip(record.callees, synchronousCallees(of: position)) where !candidates.isEmpty {
                let reached = candidates.map { candidate in
                    findCatalogueCall(candidate, explored: &explored) ?? (reference.namesASlowCommand ? slowCommandRun(by: candidate) : nil)
                }
                guard reached.allSatisfy({ $0 != nil }), let first = reached.first ?? nil else { continue }
                guard let needed = requirement(of: reference, reaching: first, in: candidates[0]) else { continue }
                let requires = needed.condition
                let call = CatalogueCall(entry: first.entry, through: [reference.display] + first.through, requires: requires)
                if var known = found, requires != nil {
                    // Work on several paths runs when any of their conditions holds.
                    known.requires = ParameterCondition.either(known.requires, requires)
                    found = known
                } else {
                    // A path that always runs is the one to name.
                    found = call
                }
                if found?.requires == nil { break }
            }
        }
        if let found { catalogueCalls[position] = found }
        return found
    }

    /// The test of its function's parameters a call needs to reach `reached` through `callee`: the call's own
    /// test, or the callee's when the call forwards the tested parameter (`reload: reload`; both tests must
    /// hold and that one says more than a branch of the caller, which the other branches often repeat).
    /// nil when the call's arguments contradict the callee's test (`load()` with `reload: Bool = false`).
    private func requirement(of reference: CallReference, reaching reached: CatalogueCall, in callee: Int) -> Requirement? {
        guard let needed = reached.requires else { return Requirement(condition: reference.condition) }
        switch needed.outcome(calleeParameters: records[callee].parameters, labels: reference.labels, arguments: reference.arguments) {
        case .contradicted: return nil
        case .mayRun: return Requirement(condition: reference.condition)
        case .forwarded(let condition): return Requirement(condition: condition)
        }
    }

    /// A test a call runs under, or none (`condition` nil): what `requirement(of:reaching:in:)` answers when
    /// the call can reach its callee's work at all.
    private struct Requirement {
        var condition: ParameterCondition?
    }

    private func body(of position: Int) -> FunctionRecord {
        let file = records[position].fileIndex
        if !hasBodies[file] { install(loadBodies(file), ofFile: file) }
        return records[position]
    }

    private func install(_ loaded: [FunctionRecord], ofFile file: Int) {
        let start = fileStarts[file]
        precondition(start + loaded.count <= records.count && loaded.indices.allSatisfy { records[start + $0].name == loaded[$0].name },
                     "the full walk of a file found other functions than its declaration walk")
        // How a function runs the closures handed to it was settled across files by the index
        // (`ClosureForwarding.settleForwardingThroughCalls`); a file's own walk knows only its part.
        var loaded = loaded
        for offset in loaded.indices {
            if records[start + offset].runsClosuresOffTheCallersThread { loaded[offset].runsClosuresOffTheCallersThread = true }
            if records[start + offset].parameters.contains(where: \.isCalledOnTheMainQueue) { loaded[offset].parameters = records[start + offset].parameters }
        }
        for offset in loaded.indices where !loaded[offset].handedOffCatalogueCalls.isEmpty {
            loaded[offset] = Self.settlingHandedOffCatalogueCalls(of: loaded[offset], records: records, resolve: resolve)
        }
        records.replaceSubrange(start..<(start + loaded.count), with: loaded)
        hasBodies[file] = true
        filesWithoutBodies -= 1
    }

    /// Walks the files of every function `start` may reach a wave at a time, each wave's files on
    /// `threads`, so the search finds their bodies ready: one file at a time would leave the other
    /// cores idle while the lint workers wait for this answer.
    private func loadReachableBodies(from start: Int) {
        var wave = [start]
        var seen: Set<Int> = [start]
        while !wave.isEmpty, filesWithoutBodies > 0 {
            let files = Set(wave.map { records[$0].fileIndex }).filter { !hasBodies[$0] }.sorted()
            if !files.isEmpty {
                let load = loadBodies
                let loaded = Parallel.map(count: files.count, threads: threads) { load(files[$0]) }
                for (file, records) in zip(files, loaded) { install(records, ofFile: file) }
            }
            var next: [Int] = []
            for position in wave where results[position] == nil && records[position].ownHeaviness == nil {
                for candidates in synchronousCallees(of: position) {
                    next += candidates.filter { results[$0] == nil && seen.insert($0).inserted }
                }
            }
            wave = next
        }
    }

    private func synchronousCallees(of position: Int) -> [[Int]] {
        if let known = callees[position] { return known }
        let resolved = Self.synchronousCallees(of: body(of: position), at: position, records: records, resolve: resolve)
        callees[position] = resolved
        return resolved
    }

    private static func synchronousCallees(of record: FunctionRecord, at position: Int, records: [FunctionRecord],
                                           resolve: (CallReference, FunctionRecord) -> [Int]) -> [[Int]] {
        record.callees.map { synchronousCallees(of: $0, in: record, at: position, records: records, resolve: resolve) }
    }

    /// The synchronous module functions one call of the function at `position` may run.
    private static func synchronousCallees(of reference: CallReference, in record: FunctionRecord, at position: Int,
                                           records: [FunctionRecord], resolve: (CallReference, FunctionRecord) -> [Int]) -> [Int] {
        // `items.append(x)` inside a method `append(_:)` delegates to another value's method of the
        // same name (the standard library's, usually): not recursion, and not a call of another
        // linted type's `append(_:)` either, which would make two such methods a cycle.
        let delegates = reference.receiver.isUntypedInstance && reference.name == record.name
        // `self.init(x)` or `Int(x)` inside an `init(_:)` of `Int` calls another overload with the same
        // labels (by argument type, which is not known here): not itself, and not a cycle of overloads.
        let delegatesToOverload = { (callee: Int) in
            record.name == "init" && records[callee].name == "init" && records[callee].enclosingType == record.enclosingType
                && records[callee].parameters.map(\.label) == record.parameters.map(\.label)
        }
        if let handOff = reference.handOff, isHandedToABackgroundHelper(handOff, in: record, records: records, resolve: resolve) { return [] }
        return resolve(reference, record).filter { callee in
            !records[callee].isAsync && !(delegates && records[callee].name == record.name) && !delegatesToOverload(callee)
        }
    }

    /// The record with its `handedOffCatalogueCalls` settled (`FunctionRecord.settleHandedOffCatalogueCalls`),
    /// against `records` whose `runsClosuresOffTheCallersThread` the index has settled.
    private static func settlingHandedOffCatalogueCalls(of record: FunctionRecord, records: [FunctionRecord],
                                                        resolve: (CallReference, FunctionRecord) -> [Int]) -> FunctionRecord {
        var settled = record
        settled.settleHandedOffCatalogueCalls { handOff in
            isHandedToABackgroundHelper(handOff, in: record, records: records, resolve: resolve)
        }
        return settled
    }

    /// Written in a closure handed to a helper that runs it on another thread (`api.post(body) { upload() }`)
    /// or later on the main queue, or in a closure written in such a closure: not the function's work.
    private static func isHandedToABackgroundHelper(_ handOff: CallReference.HandOff, in record: FunctionRecord, records: [FunctionRecord],
                                                    resolve: (CallReference, FunctionRecord) -> [Int]) -> Bool {
        // Each hand-off names a call written before (`FactCollector`), so the walk ends; the bound is a guard.
        var next: CallReference.HandOff? = handOff
        for _ in 0..<16 {
            guard let handOff = next, handOff.call < record.callees.count else { return false }
            let outer = record.callees[handOff.call]
            let helpers = resolve(outer, record)
            // A dispatch helper, a parameter kept to be called from other threads (`@escaping @Sendable`,
            // `Parameter.keepsForOtherThreads`), or one called later on the main queue (a client's completion,
            // `Parameter.isCalledOnTheMainQueue`: its work is reported where the closure is written).
            if !helpers.isEmpty, helpers.allSatisfy({ records[$0].runsClosuresOffTheCallersThread })
                || helpers.allSatisfy({ records[$0].parameters.keepsForOtherThreads(label: handOff.label, isTrailing: handOff.isTrailing) })
                || helpers.allSatisfy({ records[$0].parameters.callsOnTheMainQueue(label: handOff.label, isTrailing: handOff.isTrailing, index: -1) }) {
                return true
            }
            next = outer.handOff
        }
        return false
    }

    /// Before the first `await`: the body's own work plus the synchronous callees it calls first.
    private func beforeFirstSuspension(_ position: Int) -> String? {
        if let known = resultsBeforeSuspension[position] { return known }
        let record = body(of: position)
        let result: String?
        if record.isAsync {
            result = record.ownHeavinessBeforeSuspension ?? record.calleesBeforeSuspension.lazy.compactMap { reference in
                let candidates = Self.synchronousCallees(of: reference, in: record, at: position, records: self.records,
                                                         resolve: self.resolve)
                return self.reasonToCall(reference, candidates: candidates, recursion: [])
            }.first
        } else {
            settle(position)
            result = results[position]!
        }
        resultsBeforeSuspension[position] = .some(result)
        return result
    }

    /// "calls f(), which loops" when every candidate is heavy (settling them first), "recurses" when every
    /// candidate is in `recursion` (an overload of the same name and labels is not a recursive call: the
    /// call is ambiguous), nil otherwise (cheap or unresolved).
    private func reasonToCall(_ reference: CallReference, candidates: [Int], recursion: Set<Int>) -> String? {
        guard !candidates.isEmpty else { return nil }
        if candidates.allSatisfy(recursion.contains) {
            return candidates.allSatisfy { recursionIsWork[records[$0].fileIndex] } ? "recurses" : nil
        }
        if candidates.contains(where: recursion.contains) { return nil }
        candidates.forEach(settle)
        let reasons = candidates.map { results[$0]! }
        guard reasons.allSatisfy({ $0 != nil }), let reason = reasons.first ?? nil else { return nil }
        return "\(reference.readsAProperty ? "reads" : "calls") \(reference.display), which \(reason)"
    }

    /// Tarjan's search from `start` over unsettled functions; each component is settled as soon as it is
    /// complete, when everything it calls outside itself is settled already.
    private func settle(_ start: Int) {
        guard results[start] == nil else { return }
        loadReachableBodies(from: start)
        var search = ComponentSearch()
        connect(start, &search)
    }

    private struct ComponentSearch {
        var order: [Int: Int] = [:]
        var lowest: [Int: Int] = [:]
        var stack: [Int] = []
    }

    private func connect(_ position: Int, _ search: inout ComponentSearch) {
        let number = search.order.count
        search.order[position] = number
        search.lowest[position] = number
        search.stack.append(position)
        if body(of: position).ownHeaviness == nil {
            for candidates in synchronousCallees(of: position) {
                // Settled functions belong to finished components; unsettled ones already numbered are on the stack.
                for callee in candidates where results[callee] == nil {
                    if let seen = search.order[callee] {
                        search.lowest[position] = min(search.lowest[position]!, seen)
                    } else {
                        connect(callee, &search)
                        search.lowest[position] = min(search.lowest[position]!, search.lowest[callee]!)
                    }
                }
            }
        }
        guard search.lowest[position] == search.order[position] else { return }
        var component: Set<Int> = []
        while let member = search.stack.popLast() {
            component.insert(member)
            if member == position { break }
        }
        // Members' reasons read only functions outside the component, all settled, or name the cycle.
        let reasons = component.map { member -> (Int, String?, ParameterCondition?) in
            if let own = records[member].ownHeaviness { return (member, own, nil) }
            let call = heavyCall(of: member, recursion: component)
            return (member, call.reason, call.condition)
        }
        for (member, reason, condition) in reasons {
            results[member] = .some(reason)
            conditions[member] = condition
        }
    }

    /// Why a function with no heavy work of its own is heavy: the first of its calls that can only reach
    /// heavy functions, in source order, and the test of its parameters every such call is made under
    /// (nil as soon as one is made under none, or the calls test different parameters).
    private func heavyCall(of member: Int, recursion: Set<Int>) -> (reason: String?, condition: ParameterCondition?) {
        var first: (reason: String, condition: ParameterCondition)?
        for (reference, candidates) in zip(records[member].callees, callees[member]!) {
            guard let reason = reasonToCall(reference, candidates: candidates, recursion: recursion) else { continue }
            guard let tested = reference.condition else { return (first?.reason ?? reason, nil) }
            guard let known = first else {
                first = (reason, tested)
                continue
            }
            guard let both = ParameterCondition.either(known.condition, tested) else { return (known.reason, nil) }
            first = (known.reason, both)
        }
        return (first?.reason, first?.condition)
    }
}

/// A catalogue API a function reaches: directly (`through` empty) or through the module functions named.
///
/// ```swift
/// let call = CatalogueCall(entry: entry, through: ["decode(_:)"])
/// print(call.entry.display, CallChain.shortened(call.through)) // "Data(contentsOf:) decode(_:)"
/// ```
struct CatalogueCall: Sendable {
    var entry: CatalogueEntry
    var through: [String]
    /// The test of the function's own parameters the call runs under (`ParameterCondition`); nil when it always runs.
    var requires: ParameterCondition? = nil

    /// The cause callers share: the function that makes the catalogue call, however they reach it, so
    /// thirteen screens reaching one file read through different helpers are one finding.
    func causeKey(from callee: FunctionFacts) -> String {
        guard let maker = through.last else { return callee.causeKey + "|" + entry.display }
        return "\(callee.settings.targetName ?? "")|\(maker)|\(entry.display)"
    }
}

/// Call chains as messages show them: at most three hops (`load() → … → decode()`).
enum CallChain {
    /// The hops joined with arrows; more than `limit` of them as the two ends around an ellipsis.
    static func shortened(_ hops: [String], limit: Int = 3) -> String {
        (hops.count > limit ? [hops[0], "…", hops[hops.count - 1]] : hops).joined(separator: " → ")
    }

    /// The function at the end of a heaviness chain, where the work is: `b()` for "calls a(), which calls
    /// b(), which loops"; the function itself when its own body is the work.
    /// Written as `CatalogueCall.causeKey(from:)` writes it ("calls " dropped from the work), so one helper's
    /// catalogue call is one cause for both rules that report it (`HitPolicy.sharesCausesAcrossRules`).
    static func rootCause(of function: FunctionFacts) -> String {
        let (hops, reason) = split(function.heaviness ?? "")
        let work = reason.hasPrefix("calls ") ? String(reason.dropFirst("calls ".count)) : reason
        guard let maker = hops.last else { return function.causeKey + "|" + work }
        return "\(function.settings.targetName ?? "")|\(maker)|\(work)"
    }

    /// A function's heaviness reason with the work first: "b() loops, via load() → a()" for `load()` and
    /// "calls a(), which calls b(), which loops" (the heaviness solver's reason); "load() loops" when its
    /// own body is the work.
    static func workFirst(_ signature: String, reason: String, style: MessageStyle) -> String {
        let (hops, work) = split(reason)
        guard let root = hops.last else { return "\(style.signature(signature)) \(reason)" }
        return "\(style.signature(root)) \(work), via \(style.chain([signature] + hops.dropLast()))"
    }

    /// The functions a reason passes through (`["a()", "b()"]`) and the work at its end (`"loops"`).
    /// The functions a heaviness reason passes through: `["a()", "b()"]` for "calls a(), which calls b(), which loops".
    static func hops(of reason: String) -> [String] {
        split(reason).hops
    }

    private static func split(_ reason: String) -> (hops: [String], work: String) {
        let parts = reason.components(separatedBy: ", which ")
        // "reads total, which ...": a computed property's getter is a hop like a function.
        let hops = parts.dropLast().map { part in
            ["calls ", "reads "].first(where: part.hasPrefix).map { String(part.dropFirst($0.count)) } ?? part
        }
        return (hops, parts.last ?? "")
    }
}

/// Where a function's heaviness comes from: known values, or the solver that settles them on first read.
/// Where a function's heaviness comes from: settled, solved on first read, or not computed at all.
///
/// A fact no rule asked for is `notComputed` (or, for `catalogueCallsOnDemand`, only the catalogue
/// calls are): reading it is an engine bug, not "cheap", so debug and test builds stop at the read
/// (`assertionFailure`); release builds answer nil, as "cheap", rather than crash a user's run.
enum HeavinessSource: Sendable {
    case settled(String?, beforeFirstSuspension: String?)
    case onDemand(HeavinessSolver, position: Int)
    /// Heaviness not asked for, but the catalogue calls it reaches are (`blocking_call_on_main_actor`).
    case catalogueCallsOnDemand(HeavinessSolver, position: Int)
    /// Declared only (isolation and signature): no rule asked for heaviness or catalogue calls.
    case notComputed

    var catalogueCall: CatalogueCall? {
        switch self {
        case .settled: nil
        case .onDemand(let solver, let position), .catalogueCallsOnDemand(let solver, let position): solver.catalogueCall(of: position)
        case .notComputed: Self.notComputed("the catalogue calls a function reaches")
        }
    }

    var costWhenRepeated: CatalogueCall? {
        switch self {
        case .settled: nil
        case .onDemand(let solver, let position), .catalogueCallsOnDemand(let solver, let position): solver.costWhenRepeated(of: position)
        case .notComputed: Self.notComputed("the small work a function reaches")
        }
    }

    var encodeOfAHandedImage: CatalogueEntry? {
        switch self {
        case .settled: nil
        case .onDemand(let solver, let position), .catalogueCallsOnDemand(let solver, let position): solver.encodeOfAHandedImage(of: position)
        case .notComputed: Self.notComputed("the image a function is handed and encodes")
        }
    }

    var heaviness: String? {
        switch self {
        case .settled(let heaviness, _): heaviness
        case .onDemand(let solver, let position): solver.heaviness(of: position)
        case .catalogueCallsOnDemand, .notComputed: Self.notComputed("a function's heaviness")
        }
    }

    /// The test of the function's parameters its heaviness needs (`HeavinessSolver.heavinessCondition(of:)`).
    var heavinessCondition: ParameterCondition? {
        switch self {
        case .settled: nil
        case .onDemand(let solver, let position): solver.heavinessCondition(of: position)
        case .catalogueCallsOnDemand, .notComputed: Self.notComputed("the test a function's heaviness needs")
        }
    }

    var beforeFirstSuspension: String? {
        switch self {
        case .settled(_, let beforeFirstSuspension): beforeFirstSuspension
        case .onDemand(let solver, let position): solver.heavinessBeforeFirstSuspension(of: position)
        case .catalogueCallsOnDemand, .notComputed: Self.notComputed("a function's heaviness before its first suspension")
        }
    }

    /// Settling one part keeps the other as known, without asking for what was not computed.
    func settling(heaviness: String?? = .none, beforeFirstSuspension: String?? = .none) -> HeavinessSource {
        let known: (String?, String?) = switch self {
        case .settled(let heaviness, let before): (heaviness, before)
        case .onDemand(let solver, let position): (solver.heaviness(of: position), solver.heavinessBeforeFirstSuspension(of: position))
        case .catalogueCallsOnDemand, .notComputed: (nil, nil)
        }
        return .settled(heaviness ?? known.0, beforeFirstSuspension: beforeFirstSuspension ?? known.1)
    }

    private static func notComputed<Fact>(_ fact: String) -> Fact? {
        assertionFailure("\(fact) was read, but no enabled rule's requirements asked the engine to compute it")
        return nil
    }
}
