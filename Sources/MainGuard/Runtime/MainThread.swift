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

/// How long a thread has waited for a CPU: on an overloaded machine a computing main thread gets
/// only part of a core, so its CPU time alone would make a busy stall look like a blocked one.
///
/// Linux's scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`) count the time a thread was
/// ready to run but had no CPU. A wait is added when it ends, so a thread reading its own figure sees
/// every wait so far; another thread's figure lags by the wait in progress, if any. Elsewhere the
/// figure is unknown (`nil`) and stalls are judged by CPU time alone. MainGuardTesting reads the
/// same figure for its budget checks (`package` access: one reader for both libraries).
///
/// ```swift
/// let waited = RunQueue.waitNanoseconds(ofThread: RunQueue.currentThreadID())
/// ```
package enum RunQueue {
    #if os(Linux)
    /// The calling thread's kernel id, cached per thread: a `gettid` system call per main-actor job
    /// would cost more than the rest of the job's bookkeeping.
    package static func currentThreadID() -> Int32 {
        if let cached = pthread_getspecific(threadIDKey) { return Int32(truncatingIfNeeded: Int(bitPattern: cached)) }
        let id = _gettid()
        pthread_setspecific(threadIDKey, UnsafeRawPointer(bitPattern: Int(id)))
        return id
    }

    /// A thread-specific slot for the cached id (immutable once created; each thread writes only its own value).
    private static let threadIDKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Nanoseconds the thread (a kernel id from ``currentThreadID()``) has waited for a CPU since it started.
    package static func waitNanoseconds(ofThread id: Int32) -> UInt64? {
        guard id > 0 else { return nil }
        let file = open("/proc/self/task/\(id)/schedstat", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &buffer) { bytes -> UInt64? in
            let count = read(file, bytes.baseAddress, bytes.count)
            guard count > 0 else { return nil }
            // "ns-on-cpu ns-waiting-on-runqueue timeslices": the second field.
            let fields = bytes.prefix(count).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard fields.count >= 2 else { return nil }
            var value: UInt64 = 0
            for byte in fields[1] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
            }
            return value
        }
    }
    #else
    package static func currentThreadID() -> Int32 { 0 }
    package static func waitNanoseconds(ofThread id: Int32) -> UInt64? { nil }
    #endif
}

#if os(Linux)
// glibc's gettid(2) wrapper (declared only with _GNU_SOURCE, so not imported).
@_silgen_name("gettid")
private func _gettid() -> pid_t
#endif
