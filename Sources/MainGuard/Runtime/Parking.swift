
/// Lets one thread sleep until another has news for it, at the cost of one atomic load per piece of
/// news while nobody sleeps (no lock, no system call).
///
/// The sleeper marks itself parked, then looks for news, and sleeps only if there is none; the
/// announcer publishes its news, then looks at the mark and wakes the sleeper only if it is set.
/// Both sides use sequentially consistent accesses (the news with `.sequentiallyConsistent`
/// stores and loads), so at least one of them sees the other's write and no wake-up is lost.
/// The watchdog sleeps here between main-actor jobs, woken when a job starts.
final class Parking: Sendable {
    private let parked = AtomicValue<Bool>(false)
    private let lock = ConditionLock()

    /// Sleeps until ``unparkIfParked()`` is called or the monotonic `deadline` passes, unless
    /// `hasNews()` already holds. May return early (a spurious wake-up): callers re-check.
    func park(untilMonotonicNanoseconds deadline: UInt64?, unless hasNews: () -> Bool) {
        lock.withLock {
            parked.store(true, ordering: .sequentiallyConsistent)
            if !hasNews() {
                if let deadline {
                    lock.wait(untilMonotonicNanoseconds: deadline)
                } else {
                    lock.wait()
                }
            }
            parked.store(false, ordering: .relaxed)
        }
    }

    /// Wakes the sleeper if it is parked; call after publishing the news `park` checks.
    @inline(__always)
    func unparkIfParked() {
        guard parked.load(ordering: .sequentiallyConsistent) else { return }
        // Taking the lock orders this with the sleeper's check-then-wait: it is either waiting now
        // or will see the news. Signalling after unlocking spares the sleeper blocking on the lock.
        lock.withLock {}
        lock.signal()
    }
}
