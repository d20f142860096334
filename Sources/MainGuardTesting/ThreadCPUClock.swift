#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time the calling thread has used. Comparing it with wall time tells computing (CPU ≈ wall)
/// from waiting on a lock, a semaphore, a sleep or I/O (CPU ≈ 0).
enum ThreadCPUClock {
    static func now() -> Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
