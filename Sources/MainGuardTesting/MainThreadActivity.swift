/// What the main thread was doing while over budget, told apart by its CPU time.
///
/// A thread that computes uses about as much CPU time as wall time; one that waits (a sleep, a
/// semaphore, a lock, synchronous I/O) uses almost none. The two need different fixes, so every
/// failure message says which one it was. The cut at half the wall time matches `Stall.isBusy`.
enum MainThreadActivity: Equatable {
    case busy
    case blocked

    init(cpuMilliseconds: Double, wallMilliseconds: Double) {
        self = cpuMilliseconds >= wallMilliseconds / 2 ? .busy : .blocked
    }

    /// "busy computing (cpu 298.7 ms of 300.2 ms)".
    func describe(cpuMilliseconds: Double, wallMilliseconds: Double) -> String {
        let clocks = "cpu \(cpuMilliseconds.milliseconds) of \(wallMilliseconds.milliseconds)"
        switch self {
        case .busy: return "busy computing (\(clocks))"
        case .blocked: return "blocked waiting (\(clocks)): a sleep, a semaphore or lock wait, or synchronous I/O"
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
        }
    }
}
