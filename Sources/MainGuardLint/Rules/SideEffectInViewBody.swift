import SwiftSyntax

/// `side_effect_in_view_body`: starting work (tasks, queued blocks, notifications, defaults writes,
/// network requests, timers, file writes) while SwiftUI evaluates `body`, which it does an
/// unpredictable number of times. `body` must only describe the view.
enum SideEffectInViewBody: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 0 of 7); see Rules/side_effect_in_view_body.md.
    static let description = RuleDescription(
        id: "side_effect_in_view_body", name: "Side Effect in View Body", severity: .warning,
        summary: "Starts a Task, queued work, a notification, a defaults write, a request or a file write while SwiftUI evaluates body",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]
    static let hitPolicies: Set<HitPolicy> = [.describesViewBody]

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.swiftUI.evaluatedRegions { view, region in
            let visitor = SideEffectVisitor(location: RenderLoop.location(of: region, in: view), includesLowCost: context.settings.includesLowCost)
            visitor.walkRegion(region)
            return visitor.hits
        }
    }

    private final class SideEffectVisitor: ViewBodyEvaluationVisitor {
        let location: String
        /// `include_low_cost`: a block queued on the main queue is reported too.
        let includesLowCost: Bool
        var hits: [RuleHit] = []

        init(location: String, includesLowCost: Bool) {
            self.location = location
            self.includesLowCost = includesLowCost
            super.init()
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let called = CalledName(node), let effect = SideEffect(called), includesLowCost || !effect.isLowCost {
                hits.append(RuleHit(token: effect.token, severity: description.severity,
                                    message: Message.sideEffect(effect.what, location: location, fix: effect.fix)))
            }
            return .visitChildren
        }
    }

    /// A call that starts work, with the token a finding points at.
    private struct SideEffect {
        var what: String
        var fix: String
        var token: TokenSyntax
        /// `DispatchQueue.main.async { size = proxy.size }` in a `GeometryReader`: a block that only writes
        /// values measured during layout, which settle on the next evaluation. Blind reviews rejected all
        /// such findings. A block that posts, calls or starts anything is not low cost, unless a
        /// `GeometryReader` queues it (the scroll-offset and drag-index idioms: blind rounds N and O judged
        /// all three such findings deliberate). `Task { size = measured }` is the same hop.
        /// (`asyncAfter` is not: a delayed write re-renders the view on a timer, for as long as it shows.)
        var isLowCost = false

        init?(_ call: CalledName) {
            // Every call in `body` comes here: the receiver's text is built only for names that can match.
            guard Self.names.contains(call.name) || call.name.hasPrefix("scheduledTimer") else { return nil }
            let receiver = call.receiverText ?? ""
            token = call.nameToken
            switch call.name {
            case "Task" where call.receiver == nil && !call.isImplicitMember
                && (call.labels.contains(CalledName.trailingClosureLabel) || call.labels.contains("operation")):
                (what, fix) = ("`Task { }` starts a new task", Fix.task)
                isLowCost = call.queuedBlockOnlyAssigns || Syntax(call.call).isInGeometryReader
            case "detached" where call.startsDetachedTask:
                guard let taskToken = call.receiver?.firstToken(viewMode: .sourceAccurate) else { return nil }
                token = taskToken
                (what, fix) = ("`Task.detached { }` starts a new task", Fix.task)
            case let name where ["async", "asyncAfter"].contains(name) && receiver.hasPrefix("DispatchQueue"):
                (what, fix) = ("`\(receiver).\(call.name)` queues a block", Fix.task)
                isLowCost = receiver == "DispatchQueue.main" && name == "async"
                    && (call.queuedBlockOnlyAssigns || Syntax(call.call).isInGeometryReader)
            case "post" where receiver.hasSuffix("NotificationCenter.default"):
                (what, fix) = ("`NotificationCenter.post` wakes every observer", Fix.event)
            case let name where ["set", "setValue", "removeObject"].contains(name) && receiver.hasPrefix("UserDefaults"):
                (what, fix) = ("a UserDefaults write updates every @AppStorage reader", Fix.event)
            case let name where ["dataTask", "downloadTask", "uploadTask", "webSocketTask"].contains(name) && receiver.hasPrefix("URLSession"):
                (what, fix) = ("`URLSession.\(call.name)` starts a network request", Fix.task)
            case let name where name.hasPrefix("scheduledTimer") && receiver == "Timer":
                (what, fix) = ("`Timer.\(name)` schedules a timer", Fix.task)
            case let name where Self.fileChanges.contains(name) && receiver.hasPrefix("FileManager"):
                (what, fix) = ("`FileManager.\(call.name)` changes files synchronously", Fix.event)
            case "FileHandle" where call.isInitializerCall && (call.labels.first ?? nil)?.hasPrefix("forWriting") == true:
                (what, fix) = ("`FileHandle(\((call.labels.first ?? nil) ?? ""):)` opens a file for writing", Fix.event)
            case "write" where ["to", "toFile", "toURL", "contentsOf"].contains(call.labels.first ?? nil):
                (what, fix) = ("`write(\(call.labels.first.flatMap { $0 } ?? ""):)` writes a file synchronously", Fix.event)
            default:
                return nil
            }
        }

        private static let fileChanges: Set<String> = ["createFile", "createDirectory", "removeItem", "moveItem", "copyItem", "trashItem"]
        /// Every name the cases above match, but `scheduledTimer…`.
        private static let names: Set<String> = fileChanges.union([
            "Task", "detached", "async", "asyncAfter", "post", "set", "setValue", "removeObject",
            "dataTask", "downloadTask", "uploadTask", "webSocketTask", "FileHandle", "write",
        ])
    }

    enum Fix {
        static let task = "start it from `.task { }` (`.task(id:)` for an input) or from the action that needs it"
        static let event = "do it in the action or `.onChange(of:)` that causes it"
    }

    enum Message {
        static func sideEffect(_ what: String, location: String, fix: String) -> String {
            "\(what.prefix(1).uppercased() + what.dropFirst()) while SwiftUI evaluates \(location), on every render; \(fix)"
        }
    }
}

private extension Syntax {
    /// Written in a `GeometryReader`'s content, or in a function handed its `GeometryProxy`: code that runs
    /// when layout measures the view.
    var isInGeometryReader: Bool {
        var node = parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self), closure.enclosingCall.flatMap(CalledName.init)?.name == "GeometryReader" {
                return true
            }
            if let function = current.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { $0.type.trimmedDescription == "GeometryProxy" }
            }
            if current.isFunctionBoundary { return false }
            node = current.parent
        }
        return false
    }
}

private extension CalledName {
    /// The trailing closure's statements are all assignments: `{ height = proxy.size.height }`, also in
    /// `Task { @MainActor in ... }`.
    var queuedBlockOnlyAssigns: Bool {
        guard let closure = call.trailingClosure, !closure.statements.isEmpty else { return false }
        return closure.statements.allSatisfy { item in
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { return false }
            return sequence.elements.contains { $0.is(AssignmentExprSyntax.self) }
                && !sequence.elements.contains { $0.is(FunctionCallExprSyntax.self) }
        }
    }
}
