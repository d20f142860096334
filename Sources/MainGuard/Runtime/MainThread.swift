import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's main thread that the executors and the watchdog need.
///
/// The main thread's `pthread_t` can only be learnt on the main thread itself, so it is recorded
/// the first time MainGuard code runs there (the main executor's first job, or `Runtime.run`).
final class MainThread: Sendable {
    private let handle = Atomic<UInt>(0)

    /// `true` on the process's main thread.
    static var isCurrent: Bool {
        #if os(Linux)
        return _gettid() == getpid()
        #else
        return pthread_main_np() != 0
        #endif
    }

    /// Call on the main thread: remembers its handle for signalling.
    func noteCurrentIfMain() {
        guard handle.load(ordering: .relaxed) == 0, Self.isCurrent else { return }
        #if os(Linux)
        handle.store(pthread_self(), ordering: .relaxed)
        #else
        handle.store(UInt(bitPattern: pthread_self()), ordering: .relaxed)
        #endif
    }

    var isKnown: Bool { handle.load(ordering: .relaxed) != 0 }

    /// The main thread's handle once known.
    var pthread: pthread_t? {
        let raw = handle.load(ordering: .relaxed)
        #if os(Linux)
        return raw == 0 ? nil : raw
        #else
        return raw == 0 ? nil : pthread_t(bitPattern: raw)
        #endif
    }

    /// The main thread's CPU-time clock.
    ///
    /// On Linux it is derived from the main thread's kernel id (the process id), exactly as glibc's
    /// `pthread_getcpuclockid` does, so it is available from any thread before the handle is known.
    var cpuClock: ThreadCPUClock? {
        #if os(Linux)
        return ThreadCPUClock(linuxThreadID: getpid())
        #else
        return nil
        #endif
    }
}

extension ThreadCPUClock {
    #if os(Linux)
    /// glibc: `MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)` = `(~tid << 3) | CPUCLOCK_PERTHREAD_MASK | CPUCLOCK_SCHED`.
    init(linuxThreadID: pid_t) {
        self.init(rawClock: clockid_t((~Int32(linuxThreadID)) << 3) | 4 | 2)
    }
    #endif
}

#if os(Linux)
// glibc's gettid(2) wrapper (declared only with _GNU_SOURCE, so not imported).
@_silgen_name("gettid")
private func _gettid() -> pid_t
#endif
