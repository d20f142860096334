/// The thresholds a watchdog measures main-thread stalls against.
///
/// The defaults are Apple's responsiveness guidance: a discrete interaction (a tap) must answer
/// within 100 ms, code that runs during continuous interaction (scrolling, per-frame work) should
/// stay under 5 ms, and Apple's tools report hangs from 250 ms.
///
/// ```swift
/// var thresholds = Thresholds()
/// thresholds.hangMilliseconds = 200   // a slower CI machine
/// ```
public struct Thresholds: Sendable, Hashable, Codable {
    /// A stall at least this long is a hang (default 100 ms: a discrete interaction's budget).
    public var hangMilliseconds: Double
    /// A stall at least this long is over budget (default 5 ms: continuous interaction's budget).
    public var budgetMilliseconds: Double
    /// A stall at least this long is a severe hang (default 250 ms: what Apple's tools report).
    public var severeHangMilliseconds: Double
    /// The display refresh rate used to count missed frames (default 120 Hz: 8.3 ms a frame).
    public var refreshRateHz: Double

    public init(hangMilliseconds: Double = 100, budgetMilliseconds: Double = 5,
                severeHangMilliseconds: Double = 250, refreshRateHz: Double = 120) {
        self.hangMilliseconds = hangMilliseconds
        self.budgetMilliseconds = budgetMilliseconds
        self.severeHangMilliseconds = severeHangMilliseconds
        self.refreshRateHz = refreshRateHz
    }

    /// One frame at ``refreshRateHz`` (8.3 ms at 120 Hz, 16.7 ms at 60 Hz).
    public var frameMilliseconds: Double { 1000 / refreshRateHz }

    enum CodingKeys: String, CodingKey {
        case hangMilliseconds = "hang_ms"
        case budgetMilliseconds = "budget_ms"
        case severeHangMilliseconds = "severe_hang_ms"
        case refreshRateHz = "refresh_rate_hz"
    }
}

/// How bad one stall was, from mildest to worst. A stall has exactly one category: the worst it reached.
///
/// ```swift
/// let category = StallCategory(durationMilliseconds: 120, thresholds: Thresholds()) // .hang
/// ```
public enum StallCategory: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable, Comparable {
    /// At least the continuous-interaction budget (5 ms) but shorter than a frame.
    case overBudget = "over_budget"
    /// At least one frame at the refresh rate (8.3 ms at 120 Hz): a visible hitch while scrolling.
    case missedFrame = "missed_frame"
    /// At least the discrete-interaction budget (100 ms): a tap feels unresponsive.
    case hang
    /// At least 250 ms: what Apple's hang detection reports.
    case severeHang = "severe_hang"

    /// The category of a stall of this length, or `nil` when it is within budget.
    public init?(durationMilliseconds: Double, thresholds: Thresholds) {
        switch durationMilliseconds {
        case thresholds.severeHangMilliseconds...: self = .severeHang
        case thresholds.hangMilliseconds...: self = .hang
        case thresholds.frameMilliseconds...: self = .missedFrame
        case thresholds.budgetMilliseconds...: self = .overBudget
        default: return nil
        }
    }

    public static func < (lhs: StallCategory, rhs: StallCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where the main-actor work of a stall came from.
public enum JobOrigin: String, Sendable, Hashable, Codable {
    /// A `Task { }` written in main-actor code: it inherited the main actor.
    case inheritedMainActor = "inherited_main_actor"
    /// A function or closure explicitly marked `@MainActor`.
    case explicitMainActor = "explicit_main_actor"
    /// A hop onto the main actor with `MainActor.run { }`.
    case mainActorRun = "main_actor_run"
    /// Work submitted to the main dispatch queue (`DispatchQueue.main.async`).
    case mainQueue = "main_queue"
    /// The origin could not be determined.
    case unknown
}

/// Which code a stall belongs to.
///
/// ```swift
/// let attribution = Attribution(frames: ["HangLaterButton.tapped()", "doLongRunningWork()"],
///                               taskName: "tap", origin: .inheritedMainActor,
///                               summary: "doLongRunningWork() in a Task that inherited @MainActor from HangLaterButton.tapped()")
/// ```
public struct Attribution: Sendable, Hashable, Codable {
    /// Demangled stack frames of the main thread during the stall, innermost first, runtime frames removed.
    public var frames: [String]
    /// The task's name (`Task(name:)`), when it has one.
    public var taskName: String?
    /// How the work got onto the main actor.
    public var origin: JobOrigin
    /// One line a person reads: the stalled code and where its main-actor isolation came from.
    public var summary: String

    public init(frames: [String], taskName: String? = nil, origin: JobOrigin = .unknown, summary: String) {
        self.frames = frames
        self.taskName = taskName
        self.origin = origin
        self.summary = summary
    }

    enum CodingKeys: String, CodingKey {
        case frames
        case taskName = "task_name"
        case origin
        case summary
    }
}

/// One moment the main thread could not respond.
public struct Stall: Sendable, Hashable, Codable {
    /// When the stall began, in milliseconds since the watched run started.
    public var startMilliseconds: Double
    /// Wall-clock length of the stall (for an ongoing stall: the time so far).
    public var durationMilliseconds: Double
    /// Main-thread CPU time during the stall: close to the duration when the main thread was
    /// computing, close to zero when it was blocked waiting.
    public var cpuMilliseconds: Double
    /// Time the main thread was ready to compute but waited for a CPU (other threads or processes had
    /// the cores). `nil` where the platform does not say (it does on Linux).
    public var cpuWaitMilliseconds: Double?
    public var category: StallCategory
    /// How long jobs queued behind the stall waited because of it.
    public var delayImposedMilliseconds: Double
    /// `true` when the stall had not ended when the report was made (a main thread that never returned).
    public var ongoing: Bool
    public var attribution: Attribution
    /// When the stalling job's task began, in milliseconds since the watched run started (executor
    /// mode; `nil` for jobs that are not tasks and in heartbeat mode). For a `Task { }` this is about
    /// when it was created, which may be long before it stalled.
    public var taskStartMilliseconds: Double?
    /// The test the stall belongs to (`mainguard watch --tests`): the one that started the stalling
    /// task, or else the one running when the stall began; `nil` when no test was running.
    public var test: String?

    /// `true` when the main thread was mostly computing rather than blocked: CPU time plus the time it
    /// waited for a CPU is at least half the wall time (on an overloaded machine a computing thread gets
    /// only part of a core; a thread blocked in a lock, a sleep or I/O does neither).
    ///
    /// ```swift
    /// let stall = Stall(startMilliseconds: 0, durationMilliseconds: 300, cpuMilliseconds: 120, cpuWaitMilliseconds: 170,
    ///                   category: .severeHang, attribution: attribution)
    /// stall.isBusy // true: it computed whenever it had a core
    /// ```
    public var isBusy: Bool { cpuMilliseconds + (cpuWaitMilliseconds ?? 0) >= durationMilliseconds / 2 }

    public init(startMilliseconds: Double, durationMilliseconds: Double, cpuMilliseconds: Double, cpuWaitMilliseconds: Double? = nil,
                category: StallCategory, delayImposedMilliseconds: Double = 0, ongoing: Bool = false,
                attribution: Attribution, taskStartMilliseconds: Double? = nil, test: String? = nil) {
        self.taskStartMilliseconds = taskStartMilliseconds
        self.test = test
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = durationMilliseconds
        self.cpuMilliseconds = cpuMilliseconds
        self.cpuWaitMilliseconds = cpuWaitMilliseconds
        self.category = category
        self.delayImposedMilliseconds = delayImposedMilliseconds
        self.ongoing = ongoing
        self.attribution = attribution
    }

    enum CodingKeys: String, CodingKey {
        case startMilliseconds = "start_ms"
        case durationMilliseconds = "duration_ms"
        case cpuMilliseconds = "cpu_ms"
        case cpuWaitMilliseconds = "cpu_wait_ms"
        case category
        case delayImposedMilliseconds = "delay_imposed_ms"
        case ongoing
        case attribution
        case taskStartMilliseconds = "task_start_ms"
        case test
    }
}

/// Percentiles of main-actor job durations, in milliseconds.
public struct DurationPercentiles: Sendable, Hashable, Codable {
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double

    public init(p50: Double, p95: Double, p99: Double, max: Double) {
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
    }
}

/// One main-actor job on the timeline, for the HTML picture of the main thread.
public struct TimelineJob: Sendable, Hashable, Codable {
    public var startMilliseconds: Double
    public var durationMilliseconds: Double
    /// The stall category the job reached, or `nil` when it was within budget.
    public var category: StallCategory?
    /// A short description for the hover text: task name, origin, top frame when known.
    public var label: String

    public init(startMilliseconds: Double, durationMilliseconds: Double, category: StallCategory?, label: String) {
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = durationMilliseconds
        self.category = category
        self.label = label
    }

    enum CodingKeys: String, CodingKey {
        case startMilliseconds = "start_ms"
        case durationMilliseconds = "duration_ms"
        case category
        case label
    }
}

/// How the main thread was measured.
public enum MeasurementMode: String, Sendable, Hashable, Codable {
    /// MainGuard's own main and global executors recorded every main-actor job.
    case executor
    /// A heartbeat thread posted to the main queue every few milliseconds and measured the delay
    /// (used where custom executors cannot be installed, or with `MAINGUARD_MEASUREMENT=heartbeat`).
    case heartbeat
    /// An observer of the main run loop timed each pass of it, from waking (or running sources) to
    /// going back to sleep; the heartbeat covered the times the run loop did not run (Apple platforms).
    case runLoop
}

/// Everything a watched run found: a plain value with text, JSON and HTML renderings.
///
/// ```swift
/// let report: WatchdogReport = ...
/// print(report.hangs, report.longestStallMilliseconds)
/// ```
public struct WatchdogReport: Sendable, Hashable, Codable {
    /// The workload's name (a sample workload's name, or the one passed to `Runtime.run`).
    public var workload: String
    public var mode: MeasurementMode
    /// Wall-clock length of the watched run.
    public var durationMilliseconds: Double
    public var thresholds: Thresholds
    /// How many main-actor jobs ran.
    public var mainActorJobs: Int
    public var longestStallMilliseconds: Double
    /// The worst stalls, longest first (bounded: see ``stallCounts`` for the complete counts).
    public var stalls: [Stall]
    /// Stalls at least the hang threshold (hangs and severe hangs).
    public var hangs: Int
    /// Stalls at least the continuous-interaction budget (every category).
    public var overBudget: Int
    /// Number of stalls in each category, counting every stall seen, not only the ones listed.
    public var stallCounts: [StallCategory: Int]
    /// Milliseconds of stall beyond one frame per second of run: Apple's hitch-time ratio.
    public var hitchTimeRatioMillisecondsPerSecond: Double
    public var jobDurationMilliseconds: DurationPercentiles
    /// Main-actor jobs for the timeline picture (bounded; the longest are always kept).
    public var timeline: [TimelineJob]
    /// Set when the run ended at its timeout, or the workload threw: what happened, in words.
    public var note: String?
    /// When the watched run started, in seconds since 1970 (set by watch sessions; `mainguard watch
    /// --tests` lines stalls up with the test frameworks' timestamps by it).
    public var startedAt: Double?
    /// The watched process (`mainguard watch -- EXECUTABLE` and `--tests`): its command and how it ended.
    public var process: WatchedProcess?
    /// One row per test that ran (`mainguard watch --tests`), in the order they started.
    public var tests: [TestOutcome]?

    public init(workload: String, mode: MeasurementMode, durationMilliseconds: Double, thresholds: Thresholds,
                mainActorJobs: Int, longestStallMilliseconds: Double, stalls: [Stall], hangs: Int, overBudget: Int,
                stallCounts: [StallCategory: Int], hitchTimeRatioMillisecondsPerSecond: Double,
                jobDurationMilliseconds: DurationPercentiles, timeline: [TimelineJob], note: String? = nil) {
        self.workload = workload
        self.mode = mode
        self.durationMilliseconds = durationMilliseconds
        self.thresholds = thresholds
        self.mainActorJobs = mainActorJobs
        self.longestStallMilliseconds = longestStallMilliseconds
        self.stalls = stalls
        self.hangs = hangs
        self.overBudget = overBudget
        self.stallCounts = stallCounts
        self.hitchTimeRatioMillisecondsPerSecond = hitchTimeRatioMillisecondsPerSecond
        self.jobDurationMilliseconds = jobDurationMilliseconds
        self.timeline = timeline
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case workload, mode
        case durationMilliseconds = "duration_ms"
        case thresholds
        case mainActorJobs = "main_actor_jobs"
        case longestStallMilliseconds = "longest_stall_ms"
        case stalls, hangs
        case overBudget = "over_budget"
        case stallCounts = "stall_counts"
        case hitchTimeRatioMillisecondsPerSecond = "hitch_time_ratio_ms_per_s"
        case jobDurationMilliseconds = "job_duration_ms"
        case timeline, note
        case startedAt = "started_at"
        case process, tests
    }
}

/// A process `mainguard watch` ran under the agent, and how it ended.
///
/// ```swift
/// let process = WatchedProcess(command: ["./tool", "--fast"], exitStatus: 0)
/// print(process.succeeded) // true
/// ```
public struct WatchedProcess: Sendable, Hashable, Codable {
    /// The executable and its arguments.
    public var command: [String]
    /// The exit status, when the process exited.
    public var exitStatus: Int32?
    /// The signal that ended the process, when one did.
    public var signal: Int32?
    /// Why the agent measured nothing or stopped early (a toolchain mismatch, a failure inside the
    /// agent); `nil` when it watched the whole run.
    public var agentProblem: String?

    public init(command: [String], exitStatus: Int32? = nil, signal: Int32? = nil, agentProblem: String? = nil) {
        self.command = command
        self.exitStatus = exitStatus
        self.signal = signal
        self.agentProblem = agentProblem
    }

    /// Exited with status 0.
    public var succeeded: Bool { exitStatus == 0 && signal == nil }

    enum CodingKeys: String, CodingKey {
        case command
        case exitStatus = "exit_status"
        case signal
        case agentProblem = "agent_problem"
    }
}

/// One test in a `mainguard watch --tests` run: its own result and the stalls it caused.
///
/// ```swift
/// let row = TestOutcome(name: "ButtonTests/hangLater()", library: .swiftTesting, passed: true,
///                       worstStallMilliseconds: 301, overBudget: 1, hangs: 1)
/// print(row.hangs > 0 ? "\(row.name) hangs" : "ok")
/// ```
public struct TestOutcome: Sendable, Hashable, Codable {
    /// The test framework that ran the test.
    public enum Library: String, Sendable, Hashable, Codable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    /// `Suite.testMethod` (XCTest) or `Suite/test()` (Swift Testing).
    public var name: String
    public var library: Library
    /// The test's own result, as the test framework reported it.
    public var passed: Bool
    /// The longest stall attributed to the test (0 when none).
    public var worstStallMilliseconds: Double
    /// Stalls attributed to the test that are over the budget (hangs included).
    public var overBudget: Int
    /// Stalls attributed to the test at or over the hang threshold.
    public var hangs: Int

    public init(name: String, library: Library, passed: Bool, worstStallMilliseconds: Double = 0,
                overBudget: Int = 0, hangs: Int = 0) {
        self.name = name
        self.library = library
        self.passed = passed
        self.worstStallMilliseconds = worstStallMilliseconds
        self.overBudget = overBudget
        self.hangs = hangs
    }

    enum CodingKeys: String, CodingKey {
        case name, library, passed
        case worstStallMilliseconds = "worst_stall_ms"
        case overBudget = "over_budget"
        case hangs
    }
}
