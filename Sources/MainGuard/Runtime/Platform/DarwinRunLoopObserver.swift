#if canImport(Darwin)
import CoreFoundation

/// Times each pass of the main run loop, the way the system's own hang detection sees the main
/// thread: busy from waking up (`afterWaiting`) or starting to run sources (`beforeSources`) until
/// it is about to sleep again (`beforeWaiting`) or leaves the loop (`exit`). Each pass is reported
/// to the session's ``MainThreadPulse`` from the main thread itself, so the stall's thread, CPU
/// clock and stack are the main thread's.
///
/// Where the main thread does not run its run loop (a process parked in `dispatch_main`, such as a
/// Swift Testing runner), no pass is ever seen and the heartbeat, started alongside, measures alone;
/// the report's mode then says `heartbeat`.
///
/// Not compiled or run here (Linux has no CFRunLoop in this package's use); written against the
/// documented CoreFoundation API and built by CI's macOS job.
final class RunLoopObserverMonitor: MainThreadMonitor {
    private let pulse: MainThreadPulse
    /// The installed observer; CFRunLoopObserver is thread-safe to add, remove and invalidate.
    private let observer = Protected<CFRunLoopObserver?>(nil)

    init(pulse: MainThreadPulse) {
        self.pulse = pulse
    }

    func start() {
        let activities: CFRunLoopActivity = [.afterWaiting, .beforeSources, .beforeWaiting, .exit]
        let pulse = self.pulse
        let created = CFRunLoopObserverCreateWithHandler(nil, activities.rawValue, true, 0) { _, activity in
            let now = MonotonicClock.now()
            if activity == .afterWaiting || activity == .beforeSources {
                // A pass already begun (afterWaiting, then beforeSources) is not restarted: `begin`
                // refuses while a stretch is open.
                pulse.begin(.runLoop, at: now, thread: ThreadHandle.current())
            } else {
                pulse.end(.runLoop, at: now)
            }
        }
        guard let created else { return }
        CFRunLoopAddObserver(CFRunLoopGetMain(), created, CFRunLoopMode.commonModes)
        observer.withLock { $0 = created }
    }

    func stop() {
        guard let installed = observer.withLock({ stored -> CFRunLoopObserver? in
            defer { stored = nil }
            return stored
        }) else { return }
        CFRunLoopRemoveObserver(CFRunLoopGetMain(), installed, CFRunLoopMode.commonModes)
        CFRunLoopObserverInvalidate(installed)
    }
}
#endif
