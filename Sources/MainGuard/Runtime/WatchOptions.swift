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

    public init(thresholds: Thresholds = Thresholds(), timeout: Duration? = nil, settle: Duration = .milliseconds(200),
                maxListedStalls: Int = 50, maxTimelineJobs: Int = 2_000,
                onTimeout: (@Sendable (WatchdogReport) -> Void)? = nil) {
        self.thresholds = thresholds
        self.timeout = timeout
        self.settle = settle
        self.maxListedStalls = maxListedStalls
        self.maxTimelineJobs = maxTimelineJobs
        self.onTimeout = onTimeout
    }
}
