import SwiftSyntax

/// `async_function_runs_on_main_actor`: under Swift 6.2's `NonisolatedNonsendingByDefault` or default
/// isolation MainActor, awaiting a module async function from the main actor runs that function on the
/// main actor; if it does heavy synchronous work before its first suspension, the UI hangs. `@concurrent`
/// moves it to the global executor. With classic settings the same code is clean.
enum AsyncFunctionRunsOnMainActor: Rule {
    static let description = RuleDescription(
        id: "async_function_runs_on_main_actor", name: "Async Function Runs on Main Actor", severity: .warning,
        summary: "An awaited async function that Swift 6.2 settings keep on the main actor does heavy synchronous work")

    static let requirements: Set<RuleRequirement> = [.mainActorCode]
    static let hitPolicies: Set<HitPolicy> = [.measuresCost, .needsACaller]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.calls.compactMap { call in
            let callees = call.callees
            // Heaviness is computed only for awaited calls from main-actor code under Swift 6.2 settings.
            guard let first = callees.first, callees.allSatisfy(\.isHeavinessComputed), let reason = first.heavinessBeforeFirstSuspension,
                  let cause = first.settingThatKeepsItOnTheMainActor,
                  callees.allSatisfy({ $0.heavinessBeforeFirstSuspension != nil && $0.settingThatKeepsItOnTheMainActor != nil }),
                  // Deleting a growing folder counts only at launch (`CatalogueEntry.costsOnlyAtLaunch`).
                  first.catalogueCall?.entry.costsOnlyAtLaunch != true,
                  call.node.isAwaited, let origin = context.executionContext(of: call.node).isolation.mainActorOrigin
            else { return nil }
            return RuleHit(token: call.called.nameToken, severity: description.severity,
                           message: Message.runsOnMainActor(first.signature, reason: reason, cause: cause, caller: origin))
        }
    }

    enum Message {
        static func runsOnMainActor(_ signature: String, reason: String, cause: String, caller: MainActorOrigin) -> String {
            MessageBudget.fit { style in
                // Default isolation MainActor often explains both the function and its caller: said once.
                let awaitedFrom = caller.description == cause ? "" : "; awaited from \(style.origin(caller))"
                // The work comes first, so where a chain leads to it, "it" would name the helper that does it, a
                // synchronous function `@concurrent` cannot mark (blind probe CGv): name the awaited function.
                let marked = CallChain.hops(of: reason).isEmpty ? "it" : style.signature(signature)
                return "\(CallChain.workFirst(signature, reason: reason, style: style)) before its first await, on the main actor "
                    + "(\(cause)\(awaitedFrom)); mark \(marked) `@concurrent`"
            }
        }
    }
}

private extension FunctionFacts {
    /// Why an async function runs on the main actor only because of Swift 6.2 settings, or nil.
    var settingThatKeepsItOnTheMainActor: String? {
        guard isAsync, !isConcurrent else { return nil }
        switch isolation {
        case .mainActor(let origin) where origin.isDefaultIsolation:
            return origin.description
        case .nonisolated where settings.nonisolatedNonsendingByDefault:
            return "NonisolatedNonsendingByDefault"
        default:
            return nil
        }
    }
}
