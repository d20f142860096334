#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about threads that the executors and the watchdog need.
enum MainThread {
    /// `true` on the process's main thread.
    static var isCurrent: Bool {
        #if os(Linux)
        return _gettid() == getpid()
        #else
        return pthread_main_np() != 0
        #endif
    }
}

/// A thread's `pthread_t` as a plain integer, so it can be published through an atomic.
///
/// The watchdog samples *the thread running the current main-actor job*, not "the main thread":
/// where the main queue is drained by `dispatchMain()` (an async `main`, Swift Testing's runner),
/// main-actor jobs run on a Dispatch worker thread while the process's main thread is gone.
enum ThreadHandle {
    static func current() -> UInt {
        #if os(Linux)
        return pthread_self()
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }

    static func pthread(_ handle: UInt) -> pthread_t? {
        #if os(Linux)
        return handle == 0 ? nil : handle
        #else
        return pthread_t(bitPattern: handle)
        #endif
    }

    /// The thread's CPU-time clock (valid while the thread runs; the watchdog only asks about the
    /// thread that is running the current job).
    static func cpuClock(_ handle: UInt) -> ThreadCPUClock? {
        guard let thread = pthread(handle) else { return nil }
        var clock = clockid_t()
        guard pthread_getcpuclockid(thread, &clock) == 0 else { return nil }
        return ThreadCPUClock(rawClock: clock)
    }
}

#if os(Linux)
// glibc's gettid(2) wrapper (declared only with _GNU_SOURCE, so not imported).
@_silgen_name("gettid")
private func _gettid() -> pid_t
#endif
