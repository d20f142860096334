import SwiftSyntax

/// `blocking_call_on_main_actor`: a blocking catalogue API called directly in main-actor code (View
/// bodies and helpers, control actions, `@MainActor` methods, view-controller methods) outside Task
/// bodies, or reached through a synchronous module function that does not run on the main actor itself.
/// Sleeps, waits and `DispatchQueue.main.sync` are errors; synchronous I/O and decoding warnings.
enum BlockingCallOnMainActor: Rule {
    static let description = RuleDescription(
        id: "blocking_call_on_main_actor", name: "Blocking Call on Main Actor", severity: .error,
        summary: "A sleep, wait, DispatchQueue.main.sync or synchronous I/O called in main-actor code, directly or through a helper")

    static func check(_ context: RuleContext) -> [RuleHit] {
        let calls: [RuleHit] = context.calls.compactMap { call in
            guard let entry = call.catalogueEntry, !call.node.isAwaited else { return nil }
            return hit(entry, token: call.called.nameToken, at: call.node, context)
        }
        let throughModuleFunctions: [RuleHit] = context.calls.compactMap { call in
            guard call.catalogueEntry == nil, !call.node.isAwaited, let first = call.callees.first,
                  call.callees.allSatisfy(\.isSynchronousCodeOffTheMainActor),
                  let reached = first.catalogueCall, call.callees.allSatisfy({ $0.catalogueCall != nil }) else { return nil }
            let site = context.executionContext(of: call.node)
            guard site.job == nil, let origin = site.isolation.mainActorOrigin else { return nil }
            return RuleHit(token: call.called.nameToken, severity: reached.entry.kind.severityOnMainActor,
                           message: Message.blockingCallee(first.signature, reached: reached, origin: origin, settings: context.settings))
        }
        let reads: [RuleHit] = context.facts.propertyReads.compactMap { read in
            guard let entry = APICatalogue.entry(forPropertyRead: read, types: context.facts.variableTypes) else { return nil }
            return hit(entry, token: read.declName.baseName, at: read, context)
        }
        return calls + throughModuleFunctions + reads
    }

    private static func hit(_ entry: CatalogueEntry, token: TokenSyntax, at node: some SyntaxProtocol,
                            _ context: RuleContext) -> RuleHit? {
        let site = context.executionContext(of: node)
        guard site.job == nil, let origin = site.isolation.mainActorOrigin else { return nil }
        return RuleHit(token: token, severity: entry.kind.severityOnMainActor,
                       message: Message.blocking(entry, origin: origin, settings: context.settings))
    }

    enum Message {
        static func blocking(_ entry: CatalogueEntry, origin: MainActorOrigin, settings: ModuleSettings) -> String {
            "\(entry.display) blocks the main thread in main-actor code (\(origin.description)): while it runs no event "
                + "is handled and no frame is drawn; \(OffMainActorAdvice.budget). Fix: \(fix(entry.kind, settings))."
        }

        /// A module function that does not run on the main actor itself (its own calls are not reported
        /// there), called synchronously from main-actor code, so the blocking call it reaches runs on the main thread.
        static func blockingCallee(_ signature: String, reached: CatalogueCall, origin: MainActorOrigin, settings: ModuleSettings) -> String {
            "\(signature) blocks the main thread in main-actor code (\(origin.description)): it \(reached.description), "
                + "and called from here that runs on the main thread, so no event is handled and no frame is drawn "
                + "until it returns; \(OffMainActorAdvice.budget). Fix: \(fix(reached.entry.kind, settings))."
        }

        private static func fix(_ kind: BlockingKind, _ settings: ModuleSettings) -> String {
            switch kind {
            case .sleep: "use `try await Task.sleep(for:)` in a Task, which suspends instead of blocking"
            case .wait: "await the result instead of waiting (an async API, `withCheckedContinuation`, a task group)"
            case .mainSync: "call the code directly: this already runs on the main actor, and `DispatchQueue.main.sync` from the main thread deadlocks"
            case .syncIO, .heavyCompute: OffMainActorAdvice.forSettings(settings) + ", then update the UI with the result"
            }
        }
    }
}

private extension FunctionFacts {
    /// A synchronous function with a body that is not main-actor code itself (its blocking calls are not
    /// reported where it makes them), yet runs on the main thread when main-actor code calls it.
    var isSynchronousCodeOffTheMainActor: Bool {
        guard !isAsync, hasBody, !isolation.isMainActor else { return false }
        if case .otherActor = isolation { return false }
        return true
    }
}
