import SwiftSyntax

/// `blocking_call_on_main_actor`: a blocking catalogue API called directly in main-actor code (View
/// bodies and helpers, control actions, `@MainActor` methods, view-controller methods) outside Task
/// bodies, or reached through a synchronous module function that does not run on the main actor itself.
/// Sleeps, waits and `DispatchQueue.main.sync` are errors; synchronous I/O and decoding warnings.
enum BlockingCallOnMainActor: Rule {
    static let description = RuleDescription(
        id: "blocking_call_on_main_actor", name: "Blocking Call on Main Actor", severity: .error,
        summary: "A sleep, wait, DispatchQueue.main.sync or synchronous I/O called in main-actor code, directly or through a helper")

    static let requirements: Set<RuleRequirement> = [.mainActorCode]
    static let hitPolicies: Set<HitPolicy> = [.measuresCost, .needsACaller, .oneCausePerFunction, .sharesCausesAcrossRules, .threadOfItsCallers,
                                               .yieldsToViewBodyRules]

    static func check(_ context: RuleContext) -> [RuleHit] {
        let calls: [(Syntax, RuleHit)] = context.calls.compactMap { call in
            guard let entry = call.catalogueEntry, !call.node.isAwaited else { return nil }
            return hit(entry, token: call.called.nameToken, at: call.node, context).map { (Syntax(call.node), $0) }
        }
        let throughModuleFunctions: [(Syntax, RuleHit)] = context.calls.compactMap { call in
            guard call.catalogueEntry == nil else { return nil }
            // `load()` where only `load(reload: true)` does the work.
            return throughCallees(call.callees, at: Syntax(call.node), token: call.called.nameToken, context) { requirement, first in
                requirement.outcome(calleeParameters: first.parameters, labels: call.called.labels,
                                    arguments: ParameterCondition.arguments(of: call.node, forwarding: [])) != .contradicted
            }
        }
        // `total` where the linted code computes `total` with a blocking call: a read runs the getter as a
        // call runs a function. A getter takes no arguments, so work under a test of parameters is not its own.
        let throughGetters: [(Syntax, RuleHit)] = context.reads.compactMap { read in
            throughCallees(read.callees, at: Syntax(read.read.node), token: read.read.nameToken, context) { _, _ in false }
        }
        let reads: [(Syntax, RuleHit)] = context.facts.propertyReads.compactMap { read in
            guard let entry = APICatalogue.entry(forPropertyRead: read, types: context.facts.variableTypes, settings: context.settings) else { return nil }
            return hit(entry, token: read.declName.baseName, at: read, context).map { (Syntax(read), $0) }
        }
        let all = calls + throughModuleFunctions + throughGetters + reads + (context.settings.includesLowCost ? [] : perEvent(context) + slowCommands(context) + userImages(context))
        let reported = Set(all.map { $0.0.id })
        return all.filter { !$0.0.isInClosure(ofAnyCallIn: reported) }.map(\.1)
    }

    /// The blocking or heavy catalogue API every callee of the un-awaited call or read at `node` reaches,
    /// when none of them is main-actor itself (`isSynchronousCodeOffTheMainActor`) and the site is main-actor
    /// code outside a job: reported at `token`, naming the chain. `allows` decides a work reached only under
    /// a test of the first callee's parameters (`CatalogueCall.requires`).
    private static func throughCallees(_ callees: [FunctionFacts], at node: Syntax, token: TokenSyntax, _ context: RuleContext,
                                       allows: (ParameterCondition, FunctionFacts) -> Bool) -> (Syntax, RuleHit)? {
        guard !node.isAwaited, let first = callees.first,
              callees.allSatisfy({ $0.areCatalogueCallsComputed && $0.isSynchronousCodeOffTheMainActor }),
              let reached = first.catalogueCall, callees.allSatisfy({ $0.catalogueCall != nil }),
              reached.requires.map({ allows($0, first) }) ?? true,
              counts(reached.entry, at: node, context.settings),
              context.settings.includesLowCost || !WaitEvidence.endsTheProcessAfter(reached.entry, reachedAt: node),
              context.settings.includesLowCost || !AppLifecycle.reachesThroughOneOffTask([first.signature] + reached.through) else { return nil }
        let site = context.executionContext(of: node)
        guard site.job == nil, let origin = site.isolation.mainActorOrigin?.at(node) else { return nil }
        return (node, RuleHit(token: token, severity: reached.entry.kind.severityOnMainActor,
                              message: Message.blockingCallee(first.signature, reached: reached, origin: origin, settings: context.settings),
                              cause: reached.causeKey(from: first)))
    }

    /// Small work (one image file, one file read: `FunctionRecord.ownCostWhenRepeated`) that main-actor code
    /// runs on every tick, change or row (`CostEvidence.event(repeating:)`), or once per file of a folder
    /// (`CostEvidence.repeatsPerFileOfAFolder(_:)`), through module functions that may be main-actor
    /// themselves: reported at the call the event or loop runs, naming the chain. Only without
    /// `include_low_cost`, which reports the small work where it is done.
    private static func perEvent(_ context: RuleContext) -> [(Syntax, RuleHit)] {
        var listings: [SyntaxIdentifier: Bool] = [:]
        return context.calls.compactMap { call in
            guard call.catalogueEntry == nil, !call.node.isAwaited, !call.callees.isEmpty,
                  let event = CostEvidence.event(repeating: Syntax(call.node))
                    ?? (CostEvidence.repeatsPerFileOfAFolder(call.node, listings: &listings) ? CostEvidence.fileOfAFolder : nil),
                  !context.isInClosureAFunctionKeeps(Syntax(call.node)),
                  event != CostEvidence.timerTick || !FrequentCallbacks.endsTheRepetition(call.called.name),
                  let (first, reached) = workWhenRepeated(at: call, calleesAre: \.isSynchronousCodeWithABody),
                  let origin = context.executionContext(of: call.node).isolation.mainActorOrigin?.at(Syntax(call.node)) else { return nil }
            return (Syntax(call.node), RuleHit(token: call.called.nameToken, severity: reached.entry.kind.severityOnMainActor,
                                               message: Message.repeatedCallee(first.signature, reached: reached, event: event, origin: origin,
                                                                                   settings: context.settings),
                                               cause: reached.causeKey(from: first)))
        }
    }

    /// A call of the app's helper that runs a process and waits for it (`FunctionRecord.ownCostWhenRepeated`),
    /// whose arguments name a slow tool (`SlowCommands`): `shell("/usr/sbin/system_profiler", [...])`. The
    /// helper alone is short work; what it runs here is not. Only without `include_low_cost`, which reports
    /// the wait where it is written.
    private static func slowCommands(_ context: RuleContext) -> [(Syntax, RuleHit)] {
        context.calls.compactMap { call in
            // The arguments first: naming a slow tool is rare, and the callees' facts are solved on demand.
            guard SlowCommands.areNamed(inArguments: call.node.arguments, calling: call.called.name),
                  let (first, reached) = workWhenRepeated(at: call, calleesAre: \.isSynchronousCodeOffTheMainActor),
                  CostEvidence.singleOperations[reached.entry.display] == .process else { return nil }
            let site = context.executionContext(of: call.node)
            guard site.job == nil, let origin = site.isolation.mainActorOrigin?.at(Syntax(call.node)) else { return nil }
            return (Syntax(call.node), RuleHit(token: call.called.nameToken, severity: reached.entry.kind.severityOnMainActor,
                                               message: Message.blockingCallee(first.signature, reached: reached, origin: origin, settings: context.settings),
                                               cause: reached.causeKey(from: first)))
        }
    }

    /// A call of the app's helper that encodes the image it is handed (`FunctionFacts.encodeOfAHandedImage`),
    /// where the caller shows the image is a user's photo or capture
    /// (`CostEvidence.handsAUserImage(at:image:)`): `image.saveImage(imageName: id)` in a view that presents the camera. The
    /// helper alone could be encoding an icon. Only without `include_low_cost`, which reports the encode
    /// where it is written.
    private static func userImages(_ context: RuleContext) -> [(Syntax, RuleHit)] {
        context.calls.compactMap { call in
            // The encode first: it is rare, and the catalogue calls a callee reaches are solved on demand.
            guard call.callees.allSatisfy({ $0.areCatalogueCallsComputed && $0.isSynchronousCodeWithABody }),
                  let (first, encode) = encodeOfAUserImage(at: call), call.callees.allSatisfy({ $0.catalogueCall == nil }) else { return nil }
            let site = context.executionContext(of: call.node)
            guard site.job == nil, let origin = site.isolation.mainActorOrigin?.at(Syntax(call.node)) else { return nil }
            let reached = CatalogueCall(entry: encode, through: [])
            return (Syntax(call.node), RuleHit(token: call.called.nameToken, severity: encode.kind.severityOnMainActor,
                                               message: Message.blockingCallee(first.signature, reached: reached, origin: origin, settings: context.settings),
                                               cause: reached.causeKey(from: first)))
        }
    }

    /// The image encode every callee of an un-awaited call does to the image it is handed
    /// (`FunctionFacts.encodeOfAHandedImage`), with the first callee, where the caller shows the image is a
    /// user's photo or capture (`CostEvidence.handsAUserImage(at:image:)`) or hands one image per element of a
    /// list (`CostEvidence.handsImagesInALoop(at:image:)`); the caller checks the callees' other facts.
    static func encodeOfAUserImage(at call: ResolvedCall) -> (first: FunctionFacts, encode: CatalogueEntry)? {
        // `ImageHelper.compress(photo)`: a static helper is handed the image as its argument. A call that
        // hands nothing (`refresh()`) is not followed: finding a helper's encode loads its body.
        let receiver = call.called.receiver.flatMap { $0.as(DeclReferenceExprSyntax.self)?.baseName.text.startsWithUppercase == true ? nil : $0 }
        guard call.catalogueEntry == nil, let image = receiver ?? call.node.arguments.first?.expression, !call.node.isAwaited,
              let first = call.callees.first,
              let encode = first.encodeOfAHandedImage, call.callees.allSatisfy({ $0.encodeOfAHandedImage != nil }) else { return nil }
        guard CostEvidence.handsAUserImage(at: call.node, image: image) || CostEvidence.handsImagesInALoop(at: call.node, image: image) else { return nil }
        return (first, encode)
    }

    /// The small work every callee of an un-awaited call does where a caller repeats it
    /// (`FunctionFacts.costWhenRepeated`), when none reaches heavy work of its own and each is accepted,
    /// with the first callee: what ``perEvent(_:)`` and ``slowCommands(_:)`` report.
    private static func workWhenRepeated(at call: ResolvedCall, calleesAre accepted: (FunctionFacts) -> Bool)
        -> (first: FunctionFacts, reached: CatalogueCall)? {
        guard call.catalogueEntry == nil, !call.node.isAwaited, let first = call.callees.first,
              call.callees.allSatisfy({ $0.areCatalogueCallsComputed && accepted($0) }),
              call.callees.allSatisfy({ $0.catalogueCall == nil }),
              let reached = first.costWhenRepeated, call.callees.allSatisfy({ $0.costWhenRepeated != nil }),
              // `icon(for: nil)` where only `if let uri` reaches the work.
              reached.requires.map({ $0.outcome(calleeParameters: first.parameters, labels: call.called.labels,
                                                arguments: ParameterCondition.arguments(of: call.node, forwarding: [])) }) != .contradicted
        else { return nil }
        return (first, reached)
    }

    private static func hit(_ entry: CatalogueEntry, token: TokenSyntax, at node: some SyntaxProtocol,
                            _ context: RuleContext) -> RuleHit? {
        guard counts(entry, at: Syntax(node), context.settings) else { return nil }
        let site = context.executionContext(of: node)
        guard site.job == nil, let origin = site.isolation.mainActorOrigin?.at(Syntax(node)) else { return nil }
        var hit = RuleHit(token: token, severity: entry.kind.severityOnMainActor,
                          message: Message.blocking(entry, origin: origin, settings: context.settings, canAwait: Syntax(node).canAwait,
                                                    usesOnlyItsText: entry.display == htmlImport && Syntax(node).resultIsReadOnlyAsText))
        // A documented fix (one serial queue for a capture session) is made once per type.
        hit.sharesCauseWithItsType = entry.documentedFix != nil
        return hit
    }

    /// Whether `entry`, reached at `node`, is reported there: deleting a growing folder only from a launch
    /// callback (`CatalogueEntry.costsOnlyAtLaunch`), and no database operation in the app's own setup
    /// (`AppLifecycle.isInAppSetup`: opening and reading its store before the first screen) unless
    /// `include_low_cost` asks for it.
    private static func counts(_ entry: CatalogueEntry, at node: Syntax, _ settings: ModuleSettings) -> Bool {
        guard !entry.costsOnlyAtLaunch || AppLifecycle.isInLaunch(node) else { return false }
        return settings.includesLowCost || CostEvidence.singleOperations[entry.display] != .database || !AppLifecycle.isInAppSetup(node)
    }

    enum Message {
        /// `canAwait`: the call sits where code may `await` (an async function's own body). `usesOnlyItsText`: an
        /// HTML import whose attributed string is read only for its `.string`.
        static func blocking(_ entry: CatalogueEntry, origin: MainActorOrigin, settings: ModuleSettings, canAwait: Bool = false,
                             usesOnlyItsText: Bool = false) -> String {
            MessageBudget.fit { style in
                "\(entry.display) \(entry.effect) in main-actor code (\(style.origin(origin))); "
                    + (usesOnlyItsText ? "only its text is read: strip the tags instead of importing the HTML"
                       : fix(entry, settings, canAwait: canAwait))
            }
        }

        /// A module function that does not run on the main actor itself (its own calls are not reported
        /// there), called synchronously from main-actor code, so the blocking call it reaches runs on the
        /// main thread. The blocking call comes first, then the functions it is reached through.
        static func blockingCallee(_ signature: String, reached: CatalogueCall, origin: MainActorOrigin, settings: ModuleSettings) -> String {
            MessageBudget.fit { style in
                "\(reached.entry.display) \(reached.entry.effect) in main-actor code (\(style.origin(origin))), "
                    + "via \(style.chain([signature] + reached.through)); \(fix(reached.entry, settings, canAwait: false))"
            }
        }

        /// Small work a chain of calls does on every event: the work, where the main actor came from, the
        /// event, the chain; the fix is to do it once. A helper process or a script run on every tick polls
        /// something that changes (blind round AX: a notch widget's shell command refreshed every 5 s), so
        /// keeping one result would break it: the fix there is to run it off the main actor.
        static func repeatedCallee(_ signature: String, reached: CatalogueCall, event: String, origin: MainActorOrigin,
                                   settings: ModuleSettings) -> String {
            // Once per file of a folder, the work is what the loop is for: move it, not keep it.
            let moves = [.process, .appleEvent].contains(CostEvidence.singleOperations[reached.entry.display]) || event == CostEvidence.fileOfAFolder
            return MessageBudget.fit { style in
                "\(reached.entry.display) \(reached.entry.effect) in main-actor code (\(style.origin(origin))) on every \(event), "
                    + "via \(style.chain([signature] + reached.through)); "
                    + (moves ? fix(reached.entry, settings, canAwait: false) : "do it once and keep the result")
            }
        }

        /// `canAwait`: where the work is (a task's body, an async function's) may `await`. A sleep elsewhere
        /// (`viewDidLoad`, a synchronous helper) cannot become `Task.sleep` there (blind round CI: a class table's
        /// `sleep(1)` in `viewDidLoad`, in an app that supports iOS 10): the rest is scheduled instead.
        static func fix(_ entry: CatalogueEntry, _ settings: ModuleSettings, canAwait: Bool = true) -> String {
            if let documented = entry.documentedFix { return documented }
            return switch entry.kind {
            case .sleep: canAwait ? "use `try await Task.sleep(for:)` instead"
                : "schedule what follows with `DispatchQueue.main.asyncAfter` instead of sleeping"
            case .wait: "await the result instead of waiting"
            case .mainSync: "call the code directly: `DispatchQueue.main.sync` on the main thread deadlocks"
            case .syncIO, .heavyCompute:
                entry.isMainActorOnly ? "cache or precompute the result: this API must run on the main actor"
                    : OffMainActorAdvice.forSettings(settings)
            }
        }
    }
}

extension MainActorOrigin {
    /// This origin for work at `node`, naming the event closure of built content it runs in
    /// (`Syntax.eventClosureInBuiltContent`): ".onEnded { } in StoreAppView.body".
    func at(_ node: Syntax) -> MainActorOrigin {
        guard !isDefaultIsolation, let event = node.eventClosureInBuiltContent else { return self }
        return MainActorOrigin("\(event) in \(brief)")
    }
}

/// The catalogue's HTML import into an attributed string (`NSAttributedString(data:)` with `.documentType: .html`).
private let htmlImport = "NSAttributedString(data:) with .html"

private extension Syntax {
    /// The attributed string this call makes is read only as plain text: `(try? NSAttributedString(...))?.string`,
    /// or a local it is bound to (`let text = try? ...`, `if let text = ...`) whose every later mention in the
    /// function is `text.string` (blind round CJ: a conference app's event, speaker and venue descriptions
    /// imported as HTML in `cellForRowAt` only to set a label's text: the importer is not needed at all).
    var resultIsReadOnlyAsText: Bool {
        var value = self
        while let parent = value.parent, parent.is(TryExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                || parent.is(TupleExprSyntax.self) || parent.is(LabeledExprListSyntax.self) || parent.is(LabeledExprSyntax.self) {
            value = parent
        }
        if let member = value.parent?.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == value {
            return member.declName.baseName.text == "string"
        }
        let name: String?
        if let binding = value.parent?.parent?.as(PatternBindingSyntax.self) {
            name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        } else if let binding = value.parent?.parent?.as(OptionalBindingConditionSyntax.self) {
            name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        } else {
            name = nil
        }
        guard let name, let function = enclosingFunction else { return false }
        // Mentions of the local itself: not a member of that name (`label.text` beside `let text`).
        let uses = function.tokens(viewMode: .sourceAccurate).filter { token in
            guard token.tokenKind == .identifier(name), token.position > position, let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { return false }
            return reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
        }
        return !uses.isEmpty && uses.allSatisfy { token in
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.base?.id == token.parent?.as(ExprSyntax.self)?.id
            else { return false }
            return member.declName.baseName.text == "string"
        }
    }

    /// In the body of an `async` function or accessor, outside any closure: code here may `await`. (A closure
    /// this rule reports in runs synchronously: a callback, a main-queue block.)
    var canAwait: Bool {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if current.is(ClosureExprSyntax.self) { return false }
            node = current.parent
        }
        if let function = node?.as(FunctionDeclSyntax.self) { return function.signature.effectSpecifiers?.asyncSpecifier != nil }
        if let accessor = node?.as(AccessorDeclSyntax.self) { return accessor.effectSpecifiers?.asyncSpecifier != nil }
        return node?.as(InitializerDeclSyntax.self)?.signature.effectSpecifiers?.asyncSpecifier != nil
    }

    /// Inside a closure handed to one of `calls`, within the same function: the read in
    /// `coordinate(readingItemAt:) { url in Data(contentsOf: url) }` is part of the coordinated read, whose
    /// finding says where to fix both (blind round X: a coordinate and its read, reported twice).
    func isInClosure(ofAnyCallIn calls: Set<SyntaxIdentifier>) -> Bool {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let closure = current.as(ClosureExprSyntax.self), let call = closure.enclosingCall, calls.contains(Syntax(call).id) { return true }
            node = current.parent
        }
        return false
    }
}

private extension FunctionFacts {
    /// A synchronous function with a body that runs where it is called from main-actor code: main-actor
    /// itself or not isolated at all.
    var isSynchronousCodeWithABody: Bool {
        guard !isAsync, hasBody else { return false }
        if case .otherActor = isolation { return false }
        return true
    }

    /// A synchronous function with a body that is not main-actor code itself (its blocking calls are not
    /// reported where it makes them), yet runs on the main thread when main-actor code calls it.
    var isSynchronousCodeOffTheMainActor: Bool {
        guard !isAsync, hasBody, !isolation.isMainActor else { return false }
        if case .otherActor = isolation { return false }
        return true
    }
}
