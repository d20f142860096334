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

/// A value behind a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer cannot see `Mutex` on Linux
/// (it locks with futexes inside the uninstrumented standard library), so every correctly locked
/// access would be reported as a race; pthread mutexes are intercepted and understood.
/// `package`: the preloaded agent (MainGuardAgent) keeps its session behind one too.
package final class Protected<Value>: @unchecked Sendable {
    // @unchecked: `value` is only accessed inside `withLock`.
    private let lock = ConditionLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}

/// Brief busy-waiting before sleeping on a condition variable, backing off while it does not pay.
///
/// A main-actor hop hands work from one thread to another and back; waking a sleeping thread
/// costs several microseconds each way, which dominates a hop. A thread that has just finished a
/// job therefore polls for the next one for up to 50 µs before it sleeps. Idle threads
/// never spin: only just after work. On a loaded machine the thread that would hand over the next
/// job is often not running, and spinning then takes the core it needs: after a spin that found
/// nothing, the next 1, 2, 4 … 64 chances to spin are skipped (sleep straight away), and one
/// spin that finds work restores spinning every time.
struct BriefSpin {
    /// Long enough to outlast one futex wake of the partner thread (10–40 µs on the 2-core Linux
    /// VMs this was measured on). With 10 µs, one missed hand-over (a preempted partner) made the
    /// next spins miss too, the back-off kicked in and hops fell back to a sleep and a wake-up each
    /// way for the rest of the run (100k hops: 1.1–3.4 s instead of 0.12–0.15 s). Spins happen
    /// only just after a job and only while a core is free, so idle cost does not change.
    static let nanoseconds: UInt64 = 50_000
    private static let maximumSkips = 64
    private var skipsAfterNextMiss = 1
    private var skipsLeft = 0

    /// Returns `true` as soon as `ready()` holds, `false` after the spin period (or at once while backing off).
    mutating func until(_ ready: () -> Bool) -> Bool {
        guard skipsLeft == 0 else {
            skipsLeft -= 1
            return ready()
        }
        let deadline = MonotonicClock.now() &+ Self.nanoseconds
        repeat {
            if ready() {
                skipsAfterNextMiss = 1
                return true
            }
        } while MonotonicClock.now() < deadline
        skipsLeft = skipsAfterNextMiss
        skipsAfterNextMiss = min(skipsAfterNextMiss * 2, Self.maximumSkips)
        return ready()
    }
}
