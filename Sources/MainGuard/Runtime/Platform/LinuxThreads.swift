#if os(Linux)
import Glibc

/// Linux: the main thread is the one whose kernel id is the process id; a thread's CPU time comes
/// from its CPU-time clock (`pthread_getcpuclockid`).
enum PlatformThreads: ThreadPlatform {
    static var isMainThread: Bool { _gettid() == getpid() }

    static func cpuNanoseconds(of thread: pthread_t) -> UInt64? {
        var clock = clockid_t()
        guard pthread_getcpuclockid(thread, &clock) == 0 else { return nil }
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Stack capture: a signal handler on the sampled thread (``StackSampler``).
    static var stackCapture: (any ThreadStackCapture)? { StackSampler.shared }

    /// Without executors: the heartbeat (Linux programs rarely run a main run loop to observe).
    static func mainThreadMonitors(reportingTo pulse: MainThreadPulse,
                                   mainQueueThread: AtomicValue<UInt>) -> [any MainThreadMonitor] {
        [HeartbeatMonitor(pulse: pulse, mainQueueThread: mainQueueThread)]
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
}

// glibc's gettid(2) wrapper (declared only with _GNU_SOURCE, so not imported).
@_silgen_name("gettid")
private func _gettid() -> pid_t
#endif
