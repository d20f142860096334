import SwiftSyntax

/// `blocking_call_on_main_actor`: a blocking catalogue API called directly in main-actor code (View
/// bodies and helpers, control actions, `@MainActor` methods, view-controller methods) outside Task
/// bodies. Sleeps, waits and `DispatchQueue.main.sync` are errors; synchronous I/O and decoding warnings.
enum BlockingCallOnMainActor: Rule {
    static let description = RuleDescription(
        id: "blocking_call_on_main_actor", name: "Blocking Call on Main Actor", severity: .error,
        summary: "A sleep, wait, DispatchQueue.main.sync or synchronous I/O called directly in main-actor code")

    static func check(_ context: RuleContext) -> [RuleHit] {
        let calls: [RuleHit] = context.facts.calls.compactMap { call in
            guard !call.isAwaited, let called = CalledName(call), let entry = context.catalogueEntry(for: called, at: call) else { return nil }
            return hit(entry, token: called.nameToken, at: call, context)
        }
        let reads: [RuleHit] = context.facts.propertyReads.compactMap { read in
            guard let entry = APICatalogue.entry(forPropertyRead: read, types: context.facts.variableTypes) else { return nil }
            return hit(entry, token: read.declName.baseName, at: read, context)
        }
        return calls + reads
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
