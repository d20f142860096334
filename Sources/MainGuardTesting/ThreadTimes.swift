#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MainGuard

/// How the calling thread has spent its life so far: on a CPU, and waiting in the run queue for one.
///
/// CPU time alone cannot tell a thread that waits (a sleep, a lock, I/O: little CPU) from one that
/// computes on an overloaded machine (little CPU too, because other processes get the cores).
/// Linux's scheduler statistics (schedstat, read by MainGuard's `RunQueue`, as the watchdog does for
/// stalls) also count the time the thread was ready to run but had no CPU, which settles it.
/// Elsewhere only the CPU time is known.
struct ThreadTimes {
    var onCPU: Duration
    /// `nil` where the platform does not say.
    var waitingForCPU: Duration?

    static func current() -> ThreadTimes {
        var time = timespec()
        let onCPU: Duration = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0
            ? .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec)) : .zero
        // Read outside the timed part of an iteration; a wait is added to the figure when it ends,
        // which is all a finished iteration needs.
        let waiting = RunQueue.waitNanoseconds(ofThread: RunQueue.currentThreadID()).map { Duration.nanoseconds(Int64($0)) }
        return ThreadTimes(onCPU: onCPU, waitingForCPU: waiting)
    }

    static func - (later: ThreadTimes, earlier: ThreadTimes) -> ThreadTimes {
        let waiting: Duration? = if let end = later.waitingForCPU, let start = earlier.waitingForCPU { end - start } else { nil }
        return ThreadTimes(onCPU: later.onCPU - earlier.onCPU, waitingForCPU: waiting)
    }
}

/// The machine's recent load against its cores: on an overloaded machine a computing thread gets
/// only part of a CPU, so a stall's CPU time alone no longer tells computing from waiting.
struct MachineLoad: Equatable {
    /// The one-minute load average.
    var average: Double
    var cores: Int

    var isOverloaded: Bool { average > Double(cores) }

    /// The load now, where the platform says (`getloadavg`).
    static func current() -> MachineLoad? {
        var averages = [Double](repeating: 0, count: 1)
        guard getloadavg(&averages, 1) == 1 else { return nil }
        return MachineLoad(average: averages[0], cores: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }
}
