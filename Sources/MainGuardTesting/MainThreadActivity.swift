/// What the main thread was doing while over budget: computing or waiting.
///
/// A thread that computes uses about as much CPU time as wall time (plus, on a busy machine, time
/// waiting in the run queue for a CPU); one that waits (a sleep, a semaphore, a lock, synchronous
/// I/O) uses almost none. The two need different fixes, so every failure message says which one it
/// was. The cut at half the wall time matches `Stall.isBusy`. When only CPU time is known and the
/// machine is overloaded, a low CPU time proves nothing and the message says so.
enum MainThreadActivity: Equatable {
    case busy
    case blocked
    /// Little CPU time on an overloaded machine, with no run-queue figures to settle it.
    case starvedOrBlocked

    /// The time figures of one stretch of main-thread work, in milliseconds.
    struct Clocks {
        var wall: Double
        var cpu: Double
        /// Time ready to run but without a CPU, where known.
        var waitingForCPU: Double?
        /// The machine's load, consulted only when `waitingForCPU` is unknown.
        var load: MachineLoad?
    }

    init(_ clocks: Clocks) {
        let half = clocks.wall / 2
        if let waiting = clocks.waitingForCPU {
            self = clocks.cpu + waiting >= half ? .busy : .blocked
        } else if clocks.cpu >= half {
            self = .busy
        } else {
            self = clocks.load?.isOverloaded == true ? .starvedOrBlocked : .blocked
        }
    }

    /// "busy computing (cpu 298.7 ms of 300.2 ms)", for the message's "The main thread was …".
    static func describe(_ clocks: Clocks) -> String {
        let figures = "cpu \(clocks.cpu.milliseconds) of \(clocks.wall.milliseconds)"
        switch Self(clocks) {
        case .busy:
            guard let waiting = clocks.waitingForCPU, waiting >= clocks.wall / 10 else { return "busy computing (\(figures))" }
            return "busy computing (\(figures), and \(waiting.milliseconds) more ready to run but waiting for a CPU: "
                + "the machine is overloaded)"
        case .blocked:
            return "blocked waiting (\(figures)): a sleep, a semaphore or lock wait, or synchronous I/O"
        case .starvedOrBlocked:
            let load = clocks.load.map { " (load \($0.average.formatted(maxFractionDigits: 1)) on \($0.cores) cores)" } ?? ""
            return "short of CPU time (\(figures)) on an overloaded machine\(load): either computing but starved "
                + "of CPU, or blocked waiting; CPU time cannot tell which here"
        }
    }

    /// What to do about it.
    var advice: String {
        switch self {
        case .busy:
            "Move the synchronous work off the main actor (an async function marked @concurrent, or "
                + "Task.detached(priority:)) and come back to the main actor only to update the UI; "
                + "or cache what it recomputes, or split it into smaller pieces."
        case .blocked:
            "Do not wait on the main actor: await an async API instead of sleeping, waiting on a semaphore "
                + "or lock, or reading files and the network synchronously."
        case .starvedOrBlocked:
            "If it computes: " + Self.busy.advice + " If it waits: " + Self.blocked.advice
        }
    }
}
