import Foundation

/// How a watched run is measured and when it ends.
///
/// ```swift
/// var options = WatchOptions()
/// options.thresholds.hangMilliseconds = 200
/// options.timeout = .seconds(10)
/// let report = Runtime.run(workload, options: options)
/// ```
public struct WatchOptions: Sendable {
    /// What counts as over budget, a missed frame, a hang and a severe hang.
    public var thresholds: Thresholds
    /// The longest a run may take. When it passes, the run ends and the report shows any stall
    /// still going on (and says so in its note). `nil`: wait for the workload however long it takes.
    public var timeout: Duration?
    /// After the workload's body returns, the run continues until the main actor has been quiet
    /// (nothing queued or running) this long, so work the body started is measured too. Default 200 ms.
    public var settle: Duration
    /// How many stalls the report lists (the longest); counts always include every stall. Default 50.
    public var maxListedStalls: Int
    /// How many jobs the report's timeline keeps (the longest stalls plus an even sample). Default 2000.
    public var maxTimelineJobs: Int
    /// Called on the watchdog's timer thread when `timeout` passes while the main thread is still
    /// inside a job. `Runtime.run` cannot return while the main thread is stuck, so this is where a
    /// command-line tool gets the report of a workload that hangs forever: print it, then `exit`.
    /// If the job does return later, `Runtime.run` returns the same report.
    public var onTimeout: (@Sendable (WatchdogReport) -> Void)?
    /// How to measure the main thread. `.automatic` (the default): MainGuard's executors where the
    /// platform lets them be installed, unless the environment variable `MAINGUARD_MEASUREMENT=heartbeat`
    /// says otherwise; `.withoutExecutors`: watch the main thread from outside (heartbeat, and the
    /// main run loop's observer on Apple platforms) even where executors are installed. A session
    /// made with `.withoutExecutors` installs no executors if none are installed yet.
    ///
    /// ```swift
    /// var options = WatchOptions()
    /// options.measurement = .withoutExecutors
    /// let session = Watchdog.start(workload: "legacy callbacks", options: options)
    /// ```
    public var measurement: MeasurementRequest

    public init(thresholds: Thresholds = Thresholds(), timeout: Duration? = nil, settle: Duration = .milliseconds(200),
                maxListedStalls: Int = 50, maxTimelineJobs: Int = 2_000,
                onTimeout: (@Sendable (WatchdogReport) -> Void)? = nil, measurement: MeasurementRequest = .automatic) {
        self.measurement = measurement
        self.thresholds = thresholds
        self.timeout = timeout
        self.settle = settle
        self.maxListedStalls = maxListedStalls
        self.maxTimelineJobs = maxTimelineJobs
        self.onTimeout = onTimeout
    }
}

/// Which measurement a process or a session asks for (see ``WatchOptions/measurement``).
///
/// The environment variable `MAINGUARD_MEASUREMENT=heartbeat` makes a whole process measure
/// without executors, as it must on Apple platforms: that is how CI keeps that path tested on Linux.
///
/// ```swift
/// // MAINGUARD_MEASUREMENT=heartbeat swift test
/// if MeasurementRequest.environment == .withoutExecutors { print("no executors will be installed") }
/// ```
public enum MeasurementRequest: Sendable, Hashable {
    /// MainGuard's executors where they can be installed; the heartbeat (and run-loop observer) elsewhere.
    case automatic
    /// No executors: the main thread is watched by a heartbeat, and by an observer of the main run loop where there is one.
    case withoutExecutors

    /// What `MAINGUARD_MEASUREMENT` asks for: `heartbeat` (or `runloop`) → `.withoutExecutors`; unset or anything else → `.automatic`.
    public static var environment: MeasurementRequest {
        let environment = ProcessInfo.processInfo.environment
        // The preloaded agent owns this process's executors (see `Runtime.agentEnvironmentVariable`).
        if environment[Runtime.agentEnvironmentVariable] == "\(getpid())" { return .withoutExecutors }
        guard let value = environment["MAINGUARD_MEASUREMENT"]?.lowercased() else { return .automatic }
        return value == "heartbeat" || value == "runloop" ? .withoutExecutors : .automatic
    }
}
