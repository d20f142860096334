#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about threads that the executors and the watchdog need.
enum MainThread {
    /// `true` on the process's main thread.
    static var isCurrent: Bool { PlatformThreads.isMainThread }
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

    /// CPU nanoseconds the thread has consumed so far, or `nil` when it cannot be read (valid while
    /// the thread runs; the watchdog only asks about the thread that is running the current job).
    static func cpuNanoseconds(_ handle: UInt) -> UInt64? {
        pthread(handle).flatMap(PlatformThreads.cpuNanoseconds(of:))
    }
}

/// What each platform provides for watching threads (`Platform/LinuxThreads.swift`,
/// `Platform/DarwinThreads.swift`): one small set of functions, so a port is one file.
protocol ThreadPlatform {
    /// `true` on the process's main thread.
    static var isMainThread: Bool { get }
    /// CPU nanoseconds `thread` has consumed so far.
    static func cpuNanoseconds(of thread: pthread_t) -> UInt64?
}

/// Captures another thread's stack while it runs (`Platform/LinuxStackSampler.swift`,
/// `Platform/DarwinStackSampler.swift`).
protocol ThreadStackCapture: Sendable {
    /// The thread's return addresses (innermost first, the interrupted instruction first) and the name
    /// of the task it runs, or `nil` when the thread could not be sampled within `timeoutMilliseconds`.
    func capture(thread: pthread_t, timeoutMilliseconds: Int) -> (addresses: [UInt], taskName: String?)?
}
