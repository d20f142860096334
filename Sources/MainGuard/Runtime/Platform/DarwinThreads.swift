#if canImport(Darwin)
import Darwin

// Apple platforms. Not compiled or run on the Linux machines this package is developed on: written
// against the documented Mach and pthread APIs and checked by CI's macOS job (see README, "Platforms").

/// Darwin: `pthread_main_np` says whether this is the main thread; a thread's CPU time comes from
/// `thread_info(THREAD_BASIC_INFO)` on its Mach port (user plus system time, microsecond resolution).
enum PlatformThreads: ThreadPlatform {
    static var isMainThread: Bool { pthread_main_np() != 0 }

    static func cpuNanoseconds(of thread: pthread_t) -> UInt64? {
        // The thread's own port name; pthread_mach_thread_np adds no reference, so none is released.
        let port = pthread_mach_thread_np(thread)
        guard port != 0 else { return nil }
        var info = thread_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<thread_basic_info>.size / MemoryLayout<integer_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
            }
        }
        guard result == KERN_SUCCESS else { return nil }
        func nanoseconds(_ time: time_value_t) -> UInt64 {
            UInt64(max(0, time.seconds)) &* 1_000_000_000 &+ UInt64(max(0, time.microseconds)) &* 1_000
        }
        return nanoseconds(info.user_time) &+ nanoseconds(info.system_time)
    }

    /// Stack capture: the sampled thread is suspended and its registers read (``DarwinStackSampler``).
    static var stackCapture: (any ThreadStackCapture)? { DarwinStackSampler.shared }

    /// Without executors (always, on Apple platforms): an observer of the main run loop times each of
    /// its passes, and the heartbeat covers the times the run loop does not run (a main queue drained
    /// by `dispatch_main`, as in a Swift Testing process).
    static func mainThreadMonitors(reportingTo pulse: MainThreadPulse,
                                   mainQueueThread: AtomicValue<UInt>) -> [any MainThreadMonitor] {
        [RunLoopObserverMonitor(pulse: pulse), HeartbeatMonitor(pulse: pulse, mainQueueThread: mainQueueThread)]
    }
}

/// How long a thread waited for a CPU. Darwin reports no per-thread run-queue wait, so the figure
/// is unknown (`nil`) and stalls are judged by CPU time alone, with the machine's load average as
/// a caution (see Linux's counterpart in `LinuxThreads.swift`).
///
/// ```swift
/// let waited = RunQueue.waitNanoseconds(ofThread: RunQueue.currentThreadID())   // nil here
/// ```
package enum RunQueue {
    package static func currentThreadID() -> Int32 { 0 }
    package static func waitNanoseconds(ofThread id: Int32) -> UInt64? { nil }
}
#endif
