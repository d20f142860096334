#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition variable whose timed waits use `CLOCK_MONOTONIC`.
///
/// The executors' queues need "wait until a job arrives or a deadline passes"; `Synchronization.Mutex`
/// has no condition variable and `NSCondition` waits against the wall clock, which jumps.
final class ConditionLock: @unchecked Sendable {
    // The pthread objects live at stable heap addresses, as pthreads requires; every access goes
    // through the mutex, which is what makes the class Sendable.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if os(Linux)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call with the lock held (inside `withLock`).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits for a signal or until the monotonic deadline; call with the lock held.
    func wait(untilMonotonicNanoseconds deadline: UInt64) {
        #if os(Linux)
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &time)
        #else
        let now = MonotonicClock.now()
        let remaining = deadline > now ? deadline - now : 0
        var time = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, mutex, &time)
        #endif
    }

    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }
}
