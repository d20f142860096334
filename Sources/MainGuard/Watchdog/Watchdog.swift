import Foundation

/// Watches a window of time in a process where MainGuard's runtime is installed (or installs the
/// test flavour on first use), and answers "is the main actor busy right now?".
///
/// ```swift
/// Runtime.installForTesting()
/// let session = Watchdog.start(workload: "open document")
/// await document.open()
/// _ = Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(50), timeout: .seconds(5))
/// let report = session.stop()
/// XCTAssertEqual(report.hangs, 0)
/// ```
public enum Watchdog {
    /// Starts watching the main thread. One session watches at a time (a process has one main
    /// thread): if another session is running, this waits up to `waitForOtherSession` for it to stop,
    /// then stops with a clear error. Stop the session with ``WatchSession/stop(note:)``.
    public static func start(workload: String = "watch session", options: WatchOptions = WatchOptions(),
                             waitForOtherSession: Duration = .seconds(120)) -> WatchSession {
        let installed = ExecutorInstallation.shared.installation(for: options.measurement, flavour: .testing)
        return WatchSession(workload: workload, options: options, installed: installed,
                            waitForOtherSession: waitForOtherSession)
    }

    /// Starts a session that measures without executors even where they are installed (the same
    /// as `options.measurement = .withoutExecutors`): a thread posts to the main queue every 2 ms and
    /// measures how late each post runs, and on Apple platforms an observer times each pass of the
    /// main run loop. Useful where main-thread work does not go through Swift's main actor (plain
    /// `DispatchQueue.main` code); the report's mode is `.heartbeat` or `.runLoop`.
    ///
    /// ```swift
    /// let session = Watchdog.startHeartbeat(workload: "legacy callbacks")
    /// RunLoop.main.run(until: Date().addingTimeInterval(1))
    /// print(session.stop().longestStallMilliseconds)
    /// ```
    public static func startHeartbeat(workload: String = "heartbeat session", options: WatchOptions = WatchOptions(),
                                      waitForOtherSession: Duration = .seconds(120)) -> WatchSession {
        var options = options
        options.measurement = .withoutExecutors
        return start(workload: workload, options: options, waitForOtherSession: waitForOtherSession)
    }

    /// `true` while the main thread is inside a main-actor job (executor mode), or, without
    /// executors, while a session sees the main thread busy (a heartbeat or run-loop pass running
    /// late); `false` when nothing is installed.
    ///
    /// ```swift
    /// if Watchdog.isMainThreadInJob { print("the main actor is busy") }
    /// ```
    public static var isMainThreadInJob: Bool {
        let installation = ExecutorInstallation.shared
        if installation.current?.mode != .executor, let pulse = installation.pulse {
            return pulse.isBusy(now: MonotonicClock.now())
        }
        return installation.current?.recorder.runningJob() != nil
    }

    /// `true` when no main-actor job is running or queued and none has run or been enqueued for `duration`.
    ///
    /// Without executors (heartbeat or run-loop mode) MainGuard cannot see queued jobs; then it is
    /// `true` when the running session has seen the main thread answer promptly, with no stretch of
    /// work of 4 ms or more, for `duration`, counted from the session's start at the earliest.
    ///
    /// ```swift
    /// let idle = Watchdog.isMainActorQuiet(for: .milliseconds(100))
    /// ```
    public static func isMainActorQuiet(for duration: Duration) -> Bool {
        let installation = ExecutorInstallation.shared
        let now = MonotonicClock.now()
        if installation.current?.mode != .executor, let pulse = installation.pulse {
            return pulse.isQuiet(since: MonotonicClock.nanoseconds(duration), now: now)
        }
        guard let recorder = installation.current?.recorder else { return true }
        return recorder.isQuiet(since: MonotonicClock.nanoseconds(duration), now: now)
    }

    /// Waits until the main actor has been quiet for `settle` (see ``isMainActorQuiet(for:)``), or
    /// `timeout` passes; returns whether it became quiet. Called on the main thread, it keeps
    /// `RunLoop.main` running while it waits, so main-actor work queued there can finish.
    ///
    /// ```swift
    /// let settled = Watchdog.waitUntilMainActorIsQuiet(for: .milliseconds(50), timeout: .seconds(2))
    /// ```
    @discardableResult
    public static func waitUntilMainActorIsQuiet(for settle: Duration, timeout: Duration) -> Bool {
        let deadline = MonotonicClock.now() &+ MonotonicClock.nanoseconds(timeout)
        while !isMainActorQuiet(for: settle) {
            guard MonotonicClock.now() < deadline else { return false }
            if MainThread.isCurrent {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.001))
            } else {
                usleep(500)
            }
        }
        return true
    }
}

/// One watched window of time. Make it with ``Watchdog/start(workload:options:waitForOtherSession:)``.
///
/// ```swift
/// let session = Watchdog.start(workload: "scroll")
/// // … run main-actor work …
/// let report = session.stop()
/// print(report.hangs, report.jobDurationMilliseconds.p99)
/// ```
public final class WatchSession: Sendable {
    /// How this session measures: `.executor` (every main-actor job recorded), or without
    /// executors `.heartbeat`, or `.runLoop` once an observer of the main run loop has seen it run.
    public var mode: MeasurementMode { pulse?.mode ?? .executor }
    private let workload: String
    private let installed: ExecutorInstallation.Installed
    /// Where this session's measurements are: the installation's job recorder in executor mode, the
    /// pulse's own recorder without executors.
    private let recorder: MainActorRecorder
    private let pulse: MainThreadPulse?
    private let watchdog: WatchdogMonitor
    private let monitors: [any MainThreadMonitor]
    private let finalReport = Protected<WatchdogReport?>(nil)

    init(workload: String, options: WatchOptions, installed: ExecutorInstallation.Installed, waitForOtherSession: Duration) {
        guard ExecutorInstallation.shared.beginSession(timeout: waitForOtherSession) else {
            preconditionFailure("""
                MainGuard watches one window at a time and another watch session did not stop within \
                \(waitForOtherSession): stop every session you start (session.stop()), and do not start one \
                inside another. Parallel tests that measure the main thread should run serialized.
                """)
        }
        self.workload = workload
        self.installed = installed
        if installed.mode == .executor, options.measurement == .automatic {
            recorder = installed.recorder
            pulse = nil
            monitors = []
        } else {
            let pulse = MainThreadPulse(recorder: MainActorRecorder())
            recorder = pulse.recorder
            self.pulse = pulse
            monitors = PlatformThreads.mainThreadMonitors(reportingTo: pulse, mainQueueThread: installed.mainQueueThread)
            ExecutorInstallation.shared.pulse = pulse
        }
        recorder.beginWindow(thresholds: options.thresholds, maxListedStalls: options.maxListedStalls,
                             maxTimelineJobs: options.maxTimelineJobs)
        watchdog = WatchdogMonitor(recorder: recorder, symbolicator: installed.symbolicator, thresholds: options.thresholds)
        watchdog.start()
        for monitor in monitors { monitor.start() }
    }

    deinit {
        stop(note: nil)
    }

    /// The report so far, without stopping. A job still running past the budget is listed as an ongoing stall.
    public func report(note: String? = nil) -> WatchdogReport {
        if let final = finalReport.withLock({ $0 }) { return final }
        // The state as of now, before waiting for an inspection in progress: symbolicating a large
        // binary's stack the first time can take longer than the stalled job has left, and a report
        // asked for while a job is stuck (a timeout) must show that job as the ongoing stall.
        var recording = recorder.recording(workload: workload, mode: mode, now: MonotonicClock.now())
        watchdog.waitForInspection()
        for index in recording.stalls.indices where recording.stalls[index].capture == nil {
            recording.stalls[index].capture = recorder.capture(ofSequence: recording.stalls[index].job.sequence)
        }
        var report = ReportBuilder.report(from: recording, note: note)
        // The window's start on the wall clock, from one paired reading of both clocks: what lines
        // stalls up with other programs' timestamps (test frameworks' output, for `watch --tests`).
        let wallNow = Date().timeIntervalSince1970, monotonicNow = MonotonicClock.now()
        report.startedAt = wallNow - Double(monotonicNow &- min(recording.startNanoseconds, monotonicNow)) / 1e9
        return report
    }

    /// Stops watching and returns the report (stopping twice returns the same report). Safe to call
    /// from any thread, including while the main thread is stuck: the stuck job is an ongoing stall.
    @discardableResult
    public func stop(note: String? = nil) -> WatchdogReport {
        if let final = finalReport.withLock({ $0 }) { return final }
        for monitor in monitors { monitor.stop() }
        watchdog.stop()
        let report = report(note: note)
        let first: Bool = finalReport.withLock { stored in
            guard stored == nil else { return false }
            stored = report
            return true
        }
        if first { ExecutorInstallation.shared.endSession() }
        return finalReport.withLock { $0! }
    }
}


