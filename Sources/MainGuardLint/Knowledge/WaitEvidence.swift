import SwiftSyntax

/// Whether a catalogued wait or sleep on the main thread is short by how it is written, so only
/// `include_low_cost` reports it.
///
/// Waits and sleeps need no evidence of cost, except where the syntax shows they end quickly or rarely
/// run. Blind reviews of real apps rejected each of these shapes as not worth a change:
/// - **a lock**: a wait on a semaphore the file creates with a positive count (`DispatchSemaphore(value: 1)`,
///   `VariableTypes.isLock`): a mutex taken around short critical sections;
/// - **a thread handshake**: a wait right after starting a thread, which signals once its run loop exists;
/// - **a quick callback**: a semaphore or group signalled only from the completion handler of a system
///   API that answers from a local service (`provider.loadObject`, `center.getNotificationSettings`);
/// - **a retry**: a sleep on a failure path (`catch`, `if isTransientError(status)`), which runs when the
///   system fails;
/// - **a pause before exiting**: a sleep or a wait followed by `exit` or `fatalError` (time to send a last
///   report, a helper process that must finish first), which the app means to do; also where the wait is
///   reached through the app's own function (`spawn(command: uicache); exit(0)`, blind round Y);
/// - **a brief pause**: a sleep written shorter than 100 ms (`usleep(50_000)`,
///   `Thread.sleep(forTimeInterval: 0.03)`) that does not repeat (no loop, not in `body` or a per-frame,
///   per-row or per-event callback). It fits inside the 100 ms a discrete interaction may take; apps use
///   it to pace synthetic key presses and clicks, and blind reviews rejected each such pause they read.
///
/// - **a brief timeout**: a wait whose timeout is written shorter than 100 ms (`wait(timeout: .now() + 0.05)`)
///   and that does not repeat: like a brief pause, it ends within a discrete interaction's budget.
///
/// A timeout of a second or more (`wait(timeout: .now() + 5)`) says the author expects a long wait: it is
/// always reported. So are waits on work dispatched to a queue, on the app's own or network callbacks,
/// and on signals sent from another function.
///
/// ```swift
/// // not reported: thread.start(); ready.wait()
/// // reported:     session.dataTask(with: url) { _, _, _ in done.signal() }.resume(); done.wait()
/// ```
enum WaitEvidence {
    /// A wait for a block the same function hands the main queue, which signals when it has run: a bridge
    /// written for background callers (a server's queue asking the main actor for an answer). On the main
    /// thread it could only time out, so like `DispatchQueue.main.sync` it is reported only where the code
    /// is declared for the main thread (blind round BF: a socket server's frame handler, main-actor only by
    /// a Swift 5 module's default isolation).
    ///
    /// ```swift
    /// // DispatchQueue.main.async { answer = dispatcher.dispatch(frame); semaphore.signal() }
    /// // _ = semaphore.wait(timeout: .now() + 5)   // written for a background queue
    /// ```
    static func waitsForTheMainQueue(_ call: CalledName) -> Bool {
        call.waitsForAMainQueueBlock
    }

    /// The calls that hand a block to the main queue, by receiver and name.
    static let mainQueueHandOffs: Set<String> = ["DispatchQueue.main.async", "OperationQueue.main.addOperation", "RunLoop.main.perform"]

    /// True when `call`, which matched `entry`, waits or sleeps briefly or only on failure.
    static func isShort(_ entry: CatalogueEntry, at call: CalledName, types: VariableTypes) -> Bool {
        if endsTheProcessAfter(entry, reachedAt: call.call) { return true }
        switch entry.kind {
        case .sleep:
            return Syntax(call.call).isOnAFailurePath || call.isABriefPause || seconds(slept: call) == 0
        case .wait:
            if call.pollsWithoutWaiting || call.hasABriefTimeout || call.followsASignalOfItsSemaphore { return true }
            guard waitsForASignal.contains(entry.display), !call.hasALongTimeout else { return false }
            let waitsOnALock = call.receiverName.map(types.isLock) ?? false
            return waitsOnALock || call.waitsForAThreadToStart || call.waitsForAQuickCallback
        case .mainSync, .syncIO, .heavyCompute:
            return false
        }
    }

    /// A sleep or a wait, written at `call` or reached through the app's own function called there, with the
    /// process ending right after it: the wait is the last thing the app does on purpose.
    static func endsTheProcessAfter(_ entry: CatalogueEntry, reachedAt call: some SyntaxProtocol) -> Bool {
        [.sleep, .wait].contains(entry.kind) && Syntax(call).isFollowedByExit
    }

    /// Shorter than this, a sleep that runs once fits in a discrete interaction's budget.
    static let briefPause = 0.1

    /// The time a sleep call asks for, in seconds, when its argument is written as a number or a product
    /// of numbers: `usleep(50_000)`, `usleep(30 * 1000)`, `sleep(1)`, `Thread.sleep(forTimeInterval: 0.05)`.
    static func seconds(slept call: CalledName) -> Double? {
        let scale: Double
        switch (call.name, call.call.arguments.first?.label?.text) {
        case ("usleep", nil): scale = 0.000_001
        case ("sleep", nil): scale = 1
        case ("sleep", "forTimeInterval"): scale = 1
        default: return nil
        }
        guard let argument = call.call.arguments.first, call.call.arguments.count == 1 else { return nil }
        return product(of: argument.expression).map { $0 * scale }
    }

    /// `50_000`, `0.05`, `30 * 1000`: the value of a literal or a product of literals. A conversion to an
    /// integer type truncates (`sleep(UInt32(0.5))` sleeps for 0 seconds: blind round BM).
    static func product(of expression: ExprSyntax) -> Double? {
        if let integer = expression.integerLiteralValue { return Double(integer) }
        if let conversion = expression.as(FunctionCallExprSyntax.self), conversion.arguments.count == 1,
           let only = conversion.arguments.first, only.label == nil, conversion.trailingClosure == nil,
           let type = conversion.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            guard let value = product(of: only.expression) else { return nil }
            if integerTypes.contains(type) { return value.rounded(.towardZero) }
            return ["Double", "TimeInterval", "Float", "CGFloat"].contains(type) ? value : nil
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.filter { $0 != "_" }) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return product(of: only.expression)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count % 2 == 1, var value = product(of: elements[0]) else { return nil }
        for index in stride(from: 1, to: elements.count, by: 2) {
            guard elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "*",
                  let factor = product(of: elements[index + 1]) else { return nil }
            value *= factor
        }
        return value
    }

    /// The integer types a sleep's argument is converted to, which drop the fraction.
    private static let integerTypes: Set<String> = ["UInt32", "Int32", "UInt", "Int", "UInt64", "Int64", "useconds_t"]

    /// The waits whose signal the same function can show.
    static let waitsForASignal: Set<String> = ["DispatchSemaphore.wait()", "DispatchGroup.wait()"]

    /// System APIs that answer from a local service in milliseconds and call back on a queue of their
    /// own: `NSItemProvider` loads of a dropped file's URL, notification settings. A wait for an app's
    /// own completion handler (`api.logout { }`), a network reply or a permission prompt is not here.
    /// (`NSPersistentContainer.loadPersistentStores` calls its handler before it returns unless the
    /// store is added asynchronously.)
    static let quickSystemCallbacks: Set<String> = [
        "loadObject", "loadItem", "loadDataRepresentation", "loadFileRepresentation", "loadInPlaceFileRepresentation",
        "getNotificationSettings", "getPendingNotificationRequests", "getDeliveredNotifications", "loadPersistentStores",
    ]

    /// `.now() + 5`, `.now() + .seconds(2)`, `DispatchTime.now() + 1.5`: the timeout in seconds, if written.
    static func seconds(inTimeout text: String) -> Double? {
        let scales: [(String, Double)] = [(".milliseconds(", 0.001), (".microseconds(", 0.000_001), (".nanoseconds(", 1e-9), (".seconds(", 1)]
        for (marker, scale) in scales {
            if let range = text.range(of: marker) {
                return Double(text[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "_" }.filter { $0 != "_" }).map { $0 * scale }
            }
        }
        guard let plus = text.lastIndex(of: "+") else { return nil }
        let literal = text[text.index(after: plus)...].filter { !$0.isWhitespace && $0 != "_" }
        return Double(literal)
    }
}

extension CalledName {
    /// `usleep(50_000)` outside any loop or frequent callback: a pause shorter than `WaitEvidence.briefPause`.
    /// In a loop over a few items the pauses add up: `for step in 1...14 { post(drag); usleep(6_000) }` paces
    /// a synthetic drag in 84 ms (blind round AX), `for _ in 0..<20 { usleep(50_000) }` sleeps a second.
    fileprivate var isABriefPause: Bool {
        guard let seconds = WaitEvidence.seconds(slept: self) else { return false }
        let node = Syntax(call)
        // `usleep(100_000)` is 0.1 s, not a hair under it in floating point.
        guard seconds * Double(node.iterationsOfFewItemLoops) + 1e-9 < WaitEvidence.briefPause else { return false }
        return !CostEvidence.repeats(node)
    }

    /// The `timeout:` or `wallTimeout:` argument of a wait: `group.wait(timeout: .now() + 5)`.
    var timeoutArgument: LabeledExprSyntax? {
        call.arguments.first { ["timeout", "wallTimeout"].contains($0.label?.text) }
    }

    /// `semaphore.wait(timeout: .now())`: a check that returns at once, usually in a loop that runs the run
    /// loop between checks (blind round AO: a browser polling for its servers to stop while it quits).
    fileprivate var pollsWithoutWaiting: Bool {
        guard let timeout = timeoutArgument else { return false }
        return [".now()", "DispatchTime.now()", "DispatchWallTime.now()"].contains(timeout.expression.trimmedDescription)
    }

    /// `semaphore.wait(timeout: .now() + 0.05)` outside any loop or frequent callback: the wait ends within
    /// `WaitEvidence.briefPause`, whatever it waits for (blind round AX rejected 2 of 2: a download's state
    /// read from an actor, on opening a book and on a cancel tap).
    ///
    /// A timeout the function takes as a parameter counts by its default (`deadline: DispatchTimeInterval =
    /// .milliseconds(50)`, then `wait(timeout: .now() + deadline)`): a helper that bounds a first frame's read
    /// (blind round BA).
    fileprivate var hasABriefTimeout: Bool {
        guard let timeout = timeoutArgument else { return false }
        let text = timeout.expression.trimmedDescription
        guard let seconds = WaitEvidence.seconds(inTimeout: text) ?? defaultOfTheParameter(endingTimeout: text).flatMap({
            WaitEvidence.seconds(inTimeout: ".now() + " + $0)
        }), seconds > 0, seconds + 1e-9 < WaitEvidence.briefPause else { return false }
        return !CostEvidence.repeats(Syntax(call))
    }

    /// `.now() + deadline`, where `deadline` is a parameter of the enclosing function with a default value:
    /// that value's text.
    private func defaultOfTheParameter(endingTimeout text: String) -> String? {
        guard let plus = text.lastIndex(of: "+"), let function = Syntax(call).enclosingFunction?.as(FunctionDeclSyntax.self) else { return nil }
        let name = text[text.index(after: plus)...].trimmingCharacters(in: .whitespaces)
        return function.signature.parameterClause.parameters.first { ($0.secondName ?? $0.firstName).text == name }?
            .defaultValue?.value.trimmedDescription
    }

    /// `wait(timeout: .now() + 5)`: a timeout of a second or more.
    fileprivate var hasALongTimeout: Bool {
        guard let timeout = timeoutArgument else { return false }
        return (WaitEvidence.seconds(inTimeout: timeout.expression.trimmedDescription) ?? 0) >= 1
    }

    /// `start(); ready.wait()` in a `Thread` subclass, or `thread.start(); ready.wait()`: the new thread
    /// signals as soon as it runs, in microseconds.
    fileprivate var waitsForAThreadToStart: Bool {
        let inThreadSubclass = Syntax(call).enclosingTypeInherits("Thread")
        return (Syntax(call).enclosingStatement?.previousStatements(limit: 3) ?? []).contains { statement in
            statement.tokens(viewMode: .sourceAccurate).contains { token in
                guard token.text == "start", let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let started = CalledName.calling(reference) else { return false }
                guard let receiver = started.receiver else { return inThreadSubclass }
                let text = receiver.trimmedDescription
                if receiver.is(SuperExprSyntax.self) || text == "self" { return inThreadSubclass }
                return text.containsCaseInsensitive("thread")
            }
        }
    }

    /// Every `signal()`/`leave()` of this semaphore or group in the statements before the wait is in the
    /// completion handler of a system API that answers quickly (`WaitEvidence.quickSystemCallbacks`).
    fileprivate var waitsForAQuickCallback: Bool {
        everySignal { WaitEvidence.quickSystemCallbacks.contains($0.name) }
    }

    /// Every `signal()`/`leave()` of this semaphore or group in the statements before the wait is in a block
    /// handed to the main queue (`DispatchQueue.main.async`, `OperationQueue.main.addOperation`,
    /// `RunLoop.main.perform`).
    fileprivate var waitsForAMainQueueBlock: Bool {
        everySignal { WaitEvidence.mainQueueHandOffs.contains("\($0.receiverText ?? "").\($0.name)") }
    }

    /// There is a `signal()`/`leave()` of this semaphore or group in the 20 statements before the wait, and
    /// each is in a closure handed to a call that `isHandedTo` accepts.
    private func everySignal(isHandedTo accepts: (CalledName) -> Bool) -> Bool {
        guard let name = receiverName else { return false }
        var signals = 0
        for statement in Syntax(call).enclosingStatement?.previousStatements(limit: 20) ?? [] {
            for token in statement.tokens(viewMode: .sourceAccurate) where token.text == "signal" || token.text == "leave" {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                      member.base?.trimmedDescription.hasSuffix(name) == true else { continue }
                signals += 1
                guard let handler = Syntax(member).enclosingClosure?.enclosingCall.flatMap(CalledName.init), accepts(handler) else { return false }
            }
        }
        return signals > 0
    }

    /// `semaphore` in `semaphore.wait()` and `self.semaphore.wait()`.
    fileprivate var receiverName: String? {
        receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text ?? receiver?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}

private extension Syntax {
    /// `NSApp.terminate(nil)` quits the app too (blind round AN: a relaunch that sleeps a second for its
    /// helper to start, then terminates).
    private static let applications: Set<String> = ["NSApp", "NSApplication.shared", "NSApplication.shared()"]

    /// One of the next two statements ends the process: `sleep(2); exit(0)`, `sleep(1); fatalError(...)`,
    /// `sleep(1); NSApp.terminate(self)`.
    var isFollowedByExit: Bool {
        (enclosingStatement?.nextStatements(limit: 2) ?? []).contains { statement in
            guard let call = statement.item.as(FunctionCallExprSyntax.self), let called = CalledName(call) else { return false }
            if called.name == "terminate", let receiver = called.receiverText { return Self.applications.contains(receiver) }
            // `Darwin.exit(0)`, `Glibc.exit(0)`: the C library's, spelled with its module beside a method of that name.
            let receiver = called.receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text
            return (called.receiver == nil || ["Darwin", "Glibc", "Foundation"].contains(receiver))
                && ["exit", "_Exit", "abort", "fatalError", "preconditionFailure"].contains(called.name)
        }
    }

    /// The type declaration around this node lists `name` among its inherited types.
    func enclosingTypeInherits(_ name: String) -> Bool {
        enclosingTypeDeclaration?.inherited.contains(name) ?? false
    }
}

private extension CalledName {
    /// `semaphore.signal()` as the statement just before `semaphore.wait()`: the count is already up, so the
    /// wait returns at once (blind round CQ: an undo manager's leftover pair, reported in place of the wait
    /// that blocks in the function it calls).
    var followsASignalOfItsSemaphore: Bool {
        guard name == "wait", let receiver = receiver?.trimmedDescription,
              let item = Syntax(call).parent?.as(CodeBlockItemSyntax.self) ?? Syntax(call).parent?.parent?.as(CodeBlockItemSyntax.self),
              let list = item.parent?.as(CodeBlockItemListSyntax.self),
              let position = list.firstIndex(where: { $0.id == item.id }), position != list.startIndex else { return false }
        let previous = list[list.index(before: position)]
        guard let signal = (previous.item.as(ExpressionStmtSyntax.self)?.expression ?? previous.item.as(ExprSyntax.self))?.as(FunctionCallExprSyntax.self),
              let member = signal.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == "signal" && member.base?.trimmedDescription == receiver
    }
}
