import MainGuard

/// Whether a watched window kept the main thread within budget, and the failure message when not.
///
/// A plain function of the watchdog's report: the assertion measures, this decides and explains.
struct HangVerdict {
    var report: WatchdogReport
    var budget: ScaledBudget
    /// Set when the main actor did not go quiet before the timeout.
    var timedOut: Duration?
    /// The machine's load when the watch ended: on an overloaded machine a stall's CPU time alone
    /// cannot tell computing from waiting.
    var machineLoad: MachineLoad?

    /// Stalls longer than the budget, longest first.
    var stallsOverBudget: [Stall] {
        report.stalls.filter { $0.durationMilliseconds > budget.milliseconds }
            .sorted { $0.durationMilliseconds > $1.durationMilliseconds }
    }

    var passed: Bool { timedOut == nil && stallsOverBudget.isEmpty }

    func failureMessage(userMessage: String) -> String {
        var lines: [String] = []
        let over = stallsOverBudget
        if let timedOut {
            lines.append("The main actor did not go quiet within the \(timedOut.milliseconds.milliseconds) timeout: "
                         + "main-actor work was still queued or running when the watch ended.")
        }
        if let worst = over.first {
            lines.append(contentsOf: describe(worst))
            if over.count > 1 {
                let others = over.dropFirst().prefix(5).map { $0.durationMilliseconds.milliseconds }
                lines.append("\(over.count - 1) more stall(s) over budget: \(others.joined(separator: ", "))"
                             + (over.count > 6 ? ", …" : ""))
            }
        } else if timedOut != nil {
            lines.append("No single stall exceeded the \(budget) budget: the operation kept scheduling main-actor work. "
                         + "Give it a longer timeout, or make sure the work it starts finishes.")
        }
        lines.append("Watched \(report.durationMilliseconds.milliseconds): \(report.mainActorJobs) main-actor job(s), "
                     + "measured by \(report.mode.measuredBy).")
        if let note = report.note { lines.append(note) }
        if !userMessage.isEmpty { lines.append(userMessage) }
        return lines.joined(separator: "\n")
    }

    private func describe(_ stall: Stall) -> [String] {
        let clocks = MainThreadActivity.Clocks(wall: stall.durationMilliseconds, cpu: stall.cpuMilliseconds,
                                               waitingForCPU: stall.cpuWaitMilliseconds, load: machineLoad)
        let activity = MainThreadActivity(clocks)
        let length = stall.ongoing ? "\(stall.durationMilliseconds.milliseconds) so far, still going on"
                                   : stall.durationMilliseconds.milliseconds
        var lines = [
            "Main-thread stall over budget: \(length) is over the \(budget) budget "
                + "(\(stall.category.rawValue.replacingUnderscores), at \(stall.startMilliseconds.milliseconds) into the watch).",
            "The main thread was \(MainThreadActivity.describe(clocks)).",
        ]
        let attribution = stall.attribution
        if !attribution.summary.isEmpty { lines.append("Where: \(attribution.summary)") }
        var task: [String] = []
        if let name = attribution.taskName { task.append("task \"\(name)\"") }
        if attribution.origin == .inheritedMainActor, let body = TaskBody(frames: attribution.frames) {
            task.append("a Task { } written in \(body.writtenIn), which inherited @MainActor there")
            if let call = body.synchronousCall { task.append("its body called \(call) synchronously on the main actor") }
        } else if attribution.origin == .unknown, report.mode != .executor, let body = TaskBody(frames: attribution.frames) {
            // Without executors no job's origin is recorded; the stack still shows the closure.
            task.append("a closure written in \(body.writtenIn) (a Task { } or a main-queue block: "
                        + "measured without executors, MainGuard cannot tell which)")
            if let call = body.synchronousCall { task.append("its body called \(call) synchronously on the main actor") }
        } else if let origin = attribution.origin.phrase {
            task.append("on the main actor via \(origin)")
        }
        if !task.isEmpty { lines.append("Task: \(task.joined(separator: ", "))") }
        if !attribution.frames.isEmpty {
            lines.append("Main-thread stack during the stall (innermost first):")
            lines.append(contentsOf: attribution.frames.prefix(8).map { "  \($0)" })
        }
        if stall.delayImposedMilliseconds > 0 {
            lines.append("Main-actor jobs queued behind it waited \(stall.delayImposedMilliseconds.milliseconds).")
        }
        if let rule = PredictingLintRule(stall: stall, activity: activity, originUnrecorded: report.mode != .executor) {
            lines.append("Lint rule \(rule.id) predicts this: \(rule.reason).")
        }
        lines.append(activity.advice)
        return lines
    }
}

/// Where a Task's body was written and what it called, read from the stalled stack (innermost
/// first): the outermost `closure #n in F` frame is the Task's body, written in `F`, and the frame
/// just inside it is the call the body made.
struct TaskBody: Equatable {
    var writtenIn: String
    var synchronousCall: String?

    init(writtenIn: String, synchronousCall: String?) {
        self.writtenIn = writtenIn
        self.synchronousCall = synchronousCall
    }

    init?(frames: [String]) {
        guard let index = frames.lastIndex(where: { $0.hasPrefix("closure #") }),
              let function = frames[index].split(separator: " in ").last, !function.hasPrefix("closure #")
        else { return nil }
        writtenIn = String(function)
        synchronousCall = index > 0 ? frames[index - 1] : nil
    }
}

/// The `mainguard lint` rule that flags the code pattern behind a stall, when one does. Rule ids
/// are plain strings: MainGuardTesting does not depend on the linter.
struct PredictingLintRule: Equatable {
    var id: String
    var reason: String

    /// `originUnrecorded`: measured without executors, where every origin is `.unknown`; a stack
    /// whose outermost user frame is a closure (``TaskBody``) then still points at the rule.
    init?(stall: Stall, activity: MainThreadActivity, originUnrecorded: Bool = false) {
        if originUnrecorded, stall.attribution.origin == .unknown, activity != .blocked,
           TaskBody(frames: stall.attribution.frames) != nil {
            id = "sync_work_in_main_actor_task"
            reason = "synchronous work in a closure (a Task or DispatchQueue.main block) that runs on the main actor"
            return
        }
        switch (activity, stall.attribution.origin) {
        case (.blocked, _):
            id = "blocking_call_on_main_actor"
            reason = "a sleep, wait or synchronous I/O call in main-actor code"
        case (.busy, .inheritedMainActor), (.busy, .mainActorRun), (.busy, .mainQueue),
             (.starvedOrBlocked, .inheritedMainActor), (.starvedOrBlocked, .mainActorRun), (.starvedOrBlocked, .mainQueue):
            id = "sync_work_in_main_actor_task"
            reason = "synchronous work in a Task (or MainActor.run / DispatchQueue.main block) that runs on the main actor"
        case (_, .explicitMainActor), (_, .unknown):
            return nil
        }
    }
}

extension JobOrigin {
    /// How the work got onto the main actor, in a message's words; `nil` when unknown.
    var phrase: String? {
        switch self {
        case .inheritedMainActor: "a Task { } that inherited @MainActor from where it was written"
        case .explicitMainActor: "@MainActor code"
        case .mainActorRun: "MainActor.run { }"
        case .mainQueue: "DispatchQueue.main"
        case .unknown: nil
        }
    }
}

extension MeasurementMode {
    /// "measured by …" in a failure message.
    var measuredBy: String {
        switch self {
        case .executor: "MainGuard's executors"
        case .heartbeat: "a main-queue heartbeat"
        case .runLoop: "an observer of the main run loop"
        }
    }
}

extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
