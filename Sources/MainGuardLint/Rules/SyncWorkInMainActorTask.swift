import SwiftSyntax

/// `sync_work_in_main_actor_task`: a `Task { }` (or `MainActor.run { }`, `DispatchQueue.main.async { }`)
/// body that runs on the main actor makes an un-awaited call that is likely long synchronous work: a
/// blocking or heavy catalogue API, or a module function that does not need the main actor and loops,
/// recurses or calls such APIs. Apple's `Task { doLongRunningWork(); updateUI() }` hangs the UI.
enum SyncWorkInMainActorTask: Rule {
    static let description = RuleDescription(
        id: "sync_work_in_main_actor_task", name: "Synchronous Work in Main-Actor Task", severity: .warning,
        summary: "Long synchronous work inside a Task, MainActor.run or DispatchQueue.main.async body that runs on the main actor")

    static let requirements: Set<RuleRequirement> = [.mainActorCode]
    static let hitPolicies: Set<HitPolicy> = [.measuresCost, .needsACaller, .oneCausePerFunction, .sharesCausesAcrossRules]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.calls.compactMap { call in
            // What is called decides first (already resolved); where it runs is a walk up the tree.
            // Deleting a growing folder counts only at launch (`CatalogueEntry.costsOnlyAtLaunch`), never in a task.
            let entry = call.catalogueEntry.flatMap { $0.costsOnlyAtLaunch ? nil : $0 }
            // Callees' heaviness is computed only where a main-actor job makes the call (`ResolvedCall.callees`).
            let heavyCallee = call.callees.first.flatMap { first in
                call.callees.allSatisfy { $0.isHeavinessComputed && $0.isHeavyWorkThatCanLeaveTheMainActor }
                    && first.catalogueCall?.entry.costsOnlyAtLaunch != true
                    // `save(image:)` where only `save(image:waitForCompletion: true)` does the work.
                    && first.heavinessCondition.map({ $0.outcome(calleeParameters: first.parameters, labels: call.called.labels,
                                                                 arguments: ParameterCondition.arguments(of: call.node, forwarding: [])) }) != .contradicted
                    && (context.settings.includesLowCost || !AppLifecycle.reachesThroughOneOffTask(first.oneOffTaskChain)) ? first : nil
            }
            // `image.saveImage(name:)`, a helper that encodes the user's photo it is handed (not heavy on its own).
            let encoder = entry != nil || heavyCallee != nil || context.settings.includesLowCost ? nil
                : call.callees.allSatisfy({ $0.isHeavinessComputed && !$0.isAsync && !$0.needsMainActor && $0.heaviness == nil })
                    ? BlockingCallOnMainActor.encodeOfAUserImage(at: call) : nil
            guard entry != nil || heavyCallee != nil || encoder != nil, !call.node.isAwaited else { return nil }
            let called = call.called
            // `guard Thread.isMainThread else { DispatchQueue.main.async { promptIfNeeded() }; return }`: the function
            // calls itself again on the main thread, where its work is reported (blind round CQ: the same wait twice).
            if heavyCallee != nil, Syntax(call.node).enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text == called.name,
               Syntax(call.node).enclosingClosure.map({ Syntax($0).runsOnlyOffTheMainThread }) == true { return nil }
            let site = context.executionContext(of: call.node)
            guard let job = site.job, let origin = site.isolation.mainActorOrigin else { return nil }
            let message = if let entry {
                Message.catalogued(entry, job: job, origin: origin, settings: context.settings)
            } else if let encoder {
                Message.heavyFunction(encoder.first.signature, reason: "calls \(encoder.encode.display)", job: job, origin: origin, settings: context.settings)
            } else {
                Message.heavyFunction(heavyCallee?.signature ?? called.display, reason: heavyCallee?.heaviness ?? "",
                                      job: job, origin: origin, settings: context.settings)
            }
            return RuleHit(token: called.nameToken, severity: description.severity, message: message,
                           cause: heavyCallee.map { CallChain.rootCause(of: $0) }
                               ?? encoder.map { CatalogueCall(entry: $0.encode, through: []).causeKey(from: $0.first) })
        }
    }

    enum Message {
        static func catalogued(_ entry: CatalogueEntry, job: EnclosingJob, origin: MainActorOrigin,
                               settings: ModuleSettings) -> String {
            // A sleep in a queue's block cannot await; neither can heavy work there move into an async function.
            let queued = job.isAQueuesBlock
            let fix = queued && [.syncIO, .heavyCompute].contains(entry.kind) && !entry.isMainActorOnly && entry.documentedFix == nil
                ? EnclosingJob.queueAdvice
                : queued && entry.kind == .wait && entry.documentedFix == nil ? EnclosingJob.queueWaitAdvice
                : BlockingCallOnMainActor.Message.fix(entry, settings, canAwait: !queued)
            return MessageBudget.fit { style in
                "\(entry.display) \(entry.effect) on the main actor: \(job.explanation(style.origin(origin))); \(fix)"
            }
        }

        /// The function where the work is comes first ("b() loops"), then the calls that reach it from
        /// the job (", via load() → a()").
        static func heavyFunction(_ signature: String, reason: String, job: EnclosingJob, origin: MainActorOrigin,
                                  settings: ModuleSettings) -> String {
            MessageBudget.fit { style in
                "\(CallChain.workFirst(signature, reason: reason, style: style)), on the main actor: "
                    + "\(job.explanation(style.origin(origin))); "
                    + (job.isAQueuesBlock ? EnclosingJob.queueAdvice : OffMainActorAdvice.forSettings(settings))
            }
        }
    }
}

private extension EnclosingJob {
    /// A block the main queue runs (`DispatchQueue.main.async`, an observer or operation on the main queue), not
    /// `MainActor.run` or a task: code written with queues, where the fix is a queue too (blind round CJ: a baby
    /// photo JPEG-encoded in a main-queue block, told to move into a `nonisolated` async function).
    var isAQueuesBlock: Bool {
        switch self {
        case .mainActorJob(let api): api != ClosureRole.mainActorRun
        case .mainQueueCompletion: true
        case .unstructuredTask: false
        }
    }

    /// The fix for heavy work in a main-queue block.
    static let queueAdvice = "do it on a background queue, then hop to the main queue with the result"
    /// The fix for a wait in a main-queue block, which cannot await.
    static let queueWaitAdvice = "continue in a completion handler instead of waiting"

    /// "this Task inherits @MainActor from ContentView.body".
    func explanation(_ origin: String) -> String {
        switch self {
        case .unstructuredTask: "this Task inherits @MainActor from \(origin)"
        case .mainActorJob(let api): "the \(api) body runs there"
        case .mainQueueCompletion(let helper): "\(helper) calls this closure there"
        }
    }
}

private extension FunctionFacts {
    /// The function and the functions its heaviness reason passes through ("calls legacyHelper(), which sleeps").
    var oneOffTaskChain: [String] {
        [signature] + CallChain.hops(of: heaviness ?? "")
    }

    /// Synchronous, heavy, and not main-actor by an explicit choice (so it is not a UI update).
    var isHeavyWorkThatCanLeaveTheMainActor: Bool {
        guard !isAsync, heaviness != nil, !needsMainActor else { return false }
        if case .otherActor = isolation { return false }
        return true
    }
}
