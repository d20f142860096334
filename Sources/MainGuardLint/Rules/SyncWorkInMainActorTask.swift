import SwiftSyntax

/// `sync_work_in_main_actor_task`: a `Task { }` (or `MainActor.run { }`, `DispatchQueue.main.async { }`)
/// body that runs on the main actor makes an un-awaited call that is likely long synchronous work: a
/// blocking or heavy catalogue API, or a module function that does not need the main actor and loops,
/// recurses or calls such APIs. Apple's `Task { doLongRunningWork(); updateUI() }` hangs the UI.
enum SyncWorkInMainActorTask: Rule {
    static let description = RuleDescription(
        id: "sync_work_in_main_actor_task", name: "Synchronous Work in Main-Actor Task", severity: .warning,
        summary: "Long synchronous work inside a Task, MainActor.run or DispatchQueue.main.async body that runs on the main actor")

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.facts.calls.compactMap { call in
            guard !call.isAwaited, let called = CalledName(call) else { return nil }
            let site = context.executionContext(of: call)
            guard let job = site.job, let origin = site.isolation.mainActorOrigin else { return nil }
            if let entry = context.catalogueEntry(for: called, at: call) {
                return RuleHit(token: called.nameToken, severity: description.severity,
                               message: Message.catalogued(entry, job: job, origin: origin, settings: context.settings))
            }
            let callees = context.callees(of: called, at: call)
            guard let first = callees.first, callees.allSatisfy(\.isHeavyWorkThatCanLeaveTheMainActor),
                  let reason = first.heaviness else { return nil }
            return RuleHit(token: called.nameToken, severity: description.severity,
                           message: Message.heavyFunction(first.signature, reason: reason, job: job, origin: origin,
                                                          settings: context.settings))
        }
    }

    enum Message {
        static func catalogued(_ entry: CatalogueEntry, job: EnclosingJob, origin: MainActorOrigin,
                               settings: ModuleSettings) -> String {
            "\(entry.display) blocks the main actor: \(job.explanation(origin)); \(OffMainActorAdvice.budget). "
                + "Fix: \(OffMainActorAdvice.forSettings(settings))."
        }

        static func heavyFunction(_ signature: String, reason: String, job: EnclosingJob, origin: MainActorOrigin,
                                  settings: ModuleSettings) -> String {
            "\(signature) is synchronous work on the main actor: \(job.explanation(origin)) and \(signature) \(reason); "
                + "\(OffMainActorAdvice.budget). Fix: \(OffMainActorAdvice.forSettings(settings))."
        }
    }
}

private extension EnclosingJob {
    /// "this Task inherits @MainActor from ContentView.body".
    func explanation(_ origin: MainActorOrigin) -> String {
        switch self {
        case .unstructuredTask: "this Task inherits @MainActor from \(origin.description)"
        case .mainActorJob(let api): "the \(api) body runs on the main actor"
        }
    }
}

private extension FunctionFacts {
    /// Synchronous, heavy, and not main-actor by an explicit choice (so it is not a UI update).
    var isHeavyWorkThatCanLeaveTheMainActor: Bool {
        guard !isAsync, heaviness != nil, !needsMainActor else { return false }
        if case .otherActor = isolation { return false }
        return true
    }
}
