#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the main executor writes what each main-actor job did, and the watchdog reads it.
///
/// State flows one way: executors record here → the watchdog polls the running job and adds
/// stall details → a session snapshots a ``Recording`` → ``ReportBuilder`` makes the report value.
/// The running job is published through atomics so the watchdog can poll it without a lock; the
/// completed-job bookkeeping is behind one mutex that only the main thread takes per job.
/// Memory is bounded: a histogram, counters, a ring of recent jobs, the worst stalls, a sample.
final class MainActorRecorder: Sendable {
    /// Sequence number of the job running on the main thread, 0 when the main thread is between jobs.
    /// A new job's number is stored sequentially consistent, as ``jobStarts`` requires.
    let runningSequence = AtomicValue<UInt64>(0)
    /// Where the watchdog sleeps while there is nothing to watch; a starting job wakes it.
    let jobStarts = Parking()
    /// Monotonic start of the running job; written before `runningSequence`, so a reader that sees the
    /// same sequence before and after reading it has a consistent pair.
    let runningStart = AtomicValue<UInt64>(0)
    /// Main-actor jobs enqueued and not yet started.
    let queuedJobs = AtomicValue<Int>(0)
    /// When a main-actor job was last enqueued or finished (for "quiet for D").
    let lastActivity = AtomicValue<UInt64>(0)
    /// Jobs at least this long are stalls (the session's budget), in nanoseconds.
    let stallFloor = AtomicValue<UInt64>(5_000_000)
    /// The thread running the current job (`ThreadHandle`), for the watchdog's CPU clock and stack capture.
    let runningThread = AtomicValue<UInt>(0)
    /// Its kernel id (`RunQueue`), for how long it waited for a CPU during a stall; 0 where unknown.
    let runningKernelThread = AtomicValue<Int32>(0)
    /// Task and origin of the running job, for reporting a job that never returns.
    private let runningTaskID = AtomicValue<UInt64>(0)
    private let runningOrigin = AtomicValue<UInt8>(0)
    private let runningTaskFirstSeen = AtomicValue<UInt64>(0)
    private let sequenceCounter = AtomicValue<UInt64>(0)
    private let state: Protected<RecordingState>

    init() {
        state = Protected(RecordingState(thresholds: Thresholds(), maxListedStalls: 50, maxTimelineJobs: 400,
                                     startNanoseconds: MonotonicClock.now()))
        lastActivity.store(MonotonicClock.now(), ordering: .relaxed)
    }

    /// Starts a fresh recording window (a watch session).
    func beginWindow(thresholds: Thresholds, maxListedStalls: Int, maxTimelineJobs: Int) {
        stallFloor.store(UInt64(thresholds.budgetMilliseconds * 1_000_000), ordering: .relaxed)
        state.withLock {
            $0 = RecordingState(thresholds: thresholds, maxListedStalls: maxListedStalls,
                                maxTimelineJobs: maxTimelineJobs, startNanoseconds: MonotonicClock.now())
        }
    }

    // MARK: Executor side (the main thread)

    func jobEnqueued(at time: UInt64) {
        queuedJobs.add(1, ordering: .relaxed)
        lastActivity.store(time, ordering: .relaxed)
    }

    /// Publishes the job now taking the main thread; returns its sequence number.
    func jobWillStart(at start: UInt64, info: EnqueuedJobInfo, thread: UInt) -> UInt64 {
        let sequence = sequenceCounter.add(1, ordering: .relaxed).newValue
        queuedJobs.subtract(1, ordering: .relaxed)
        runningTaskID.store(info.taskID, ordering: .relaxed)
        runningOrigin.store(info.origin.code, ordering: .relaxed)
        runningTaskFirstSeen.store(info.taskFirstSeenNanoseconds, ordering: .relaxed)
        runningStart.store(start, ordering: .relaxed)
        runningThread.store(thread, ordering: .relaxed)
        runningKernelThread.store(RunQueue.currentThreadID(), ordering: .relaxed)
        runningSequence.store(sequence, ordering: .sequentiallyConsistent)
        jobStarts.unparkIfParked()
        return sequence
    }

    func jobDidEnd(sequence: UInt64, info: EnqueuedJobInfo, start: UInt64, end: UInt64) {
        runningSequence.store(0, ordering: .releasing)
        lastActivity.store(end, ordering: .relaxed)
        // Only a stall pays for reading the CPU clock and the run-queue wait (the thread reading its own).
        let isStall = end &- start >= stallFloor.load(ordering: .relaxed)
        let cpuAtEnd = isStall ? Self.currentThreadCPU() : nil
        let waitAtEnd = isStall ? RunQueue.waitNanoseconds(ofThread: RunQueue.currentThreadID()) : nil
        let record = MainActorJobRecord(sequence: sequence, taskID: info.taskID, priority: info.priority,
                                        origin: info.origin, enqueuedNanoseconds: info.enqueuedNanoseconds,
                                        startNanoseconds: start, endNanoseconds: end,
                                        taskFirstSeenNanoseconds: info.taskFirstSeenNanoseconds)
        state.withLock { $0.record(record, cpuAtEnd: cpuAtEnd, waitAtEnd: waitAtEnd) }
    }

    // MARK: Watchdog side

    /// The running job's sequence and start, or `nil` when the main thread is between jobs.
    func runningJob() -> (sequence: UInt64, start: UInt64, thread: UInt)? {
        let sequence = runningSequence.load(ordering: .acquiring)
        guard sequence != 0 else { return nil }
        let start = runningStart.load(ordering: .relaxed)
        let thread = runningThread.load(ordering: .relaxed)
        guard runningSequence.load(ordering: .acquiring) == sequence else { return nil }
        return (sequence, start, thread)
    }

    /// `true` when a job other than `sequence` is running (for ``jobStarts``: sequentially consistent).
    func isRunningJob(otherThan sequence: UInt64) -> Bool {
        let running = runningSequence.load(ordering: .sequentiallyConsistent)
        return running != 0 && running != sequence
    }

    /// `true` when the calling thread is the one running the current main-actor job.
    var isInsideJobOnCurrentThread: Bool {
        runningSequence.load(ordering: .acquiring) != 0 && runningThread.load(ordering: .relaxed) == ThreadHandle.current()
    }

    func noteStallDetected(sequence: UInt64, at time: UInt64, mainThreadCPU: UInt64, mainThreadWait: UInt64?) {
        state.withLock {
            $0.probe = StallProbe(sequence: sequence, detectedAt: time, cpuAtDetection: mainThreadCPU, waitAtDetection: mainThreadWait)
        }
    }

    func attach(_ capture: StackCapture, toSequence sequence: UInt64) {
        state.withLock { $0.attach(capture, toSequence: sequence) }
    }

    // MARK: Readers

    /// Everything recorded since the window began; a job still running past the budget is an ongoing stall.
    func recording(workload: String, mode: MeasurementMode, now: UInt64) -> Recording {
        let job = runningJob()
        let ongoingCPU = job.flatMap { ThreadHandle.cpuNanoseconds($0.thread) }
        let ongoingWait = job == nil ? nil : RunQueue.waitNanoseconds(ofThread: runningKernelThread.load(ordering: .relaxed))
        let running = job.map { running in
            MainActorJobRecord(sequence: running.sequence, taskID: runningTaskID.load(ordering: .relaxed), priority: 0,
                               origin: JobOrigin(code: runningOrigin.load(ordering: .relaxed)),
                               enqueuedNanoseconds: running.start, startNanoseconds: running.start, endNanoseconds: now,
                               taskFirstSeenNanoseconds: runningTaskFirstSeen.load(ordering: .relaxed))
        }
        return state.withLock { $0.recording(workload: workload, mode: mode, now: now,
                                              running: running, ongoingCPU: ongoingCPU, ongoingWait: ongoingWait) }
    }

    func recentJobs() -> [MainActorJobRecord] { state.withLock { $0.recentJobs() } }

    /// The stack the watchdog attached to a job's stall, if its inspection has finished.
    func capture(ofSequence sequence: UInt64) -> StackCapture? {
        state.withLock { $0.capture(ofSequence: sequence) }
    }

    func isQuiet(since duration: UInt64, now: UInt64) -> Bool {
        runningSequence.load(ordering: .acquiring) == 0 && queuedJobs.load(ordering: .relaxed) <= 0
            && now &- min(lastActivity.load(ordering: .relaxed), now) >= duration
    }

    private static func currentThreadCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// What the watchdog learnt about the job it caught running long.
struct StallProbe: Sendable {
    var sequence: UInt64
    var detectedAt: UInt64
    var cpuAtDetection: UInt64
    /// The thread's run-queue wait so far (`RunQueue`); nil where the platform does not say.
    var waitAtDetection: UInt64?
    var capture: StackCapture?
}

/// The main thread's stack and task during a stall, symbolicated and demangled (innermost first).
struct StackCapture: Sendable, Hashable {
    var frames: [String]
    var taskName: String?
}

/// One stall as recorded, in monotonic nanoseconds.
struct StallRecord: Sendable, Hashable {
    var job: MainActorJobRecord
    /// Main-thread CPU during the stall; `nil` when the watchdog never sampled it (a stall that
    /// ended before the watchdog's next poll).
    var cpuNanoseconds: UInt64?
    /// Time the main thread was ready to compute but waited for a CPU (an overloaded machine); `nil`
    /// where the platform does not say or the watchdog never sampled it.
    var cpuWaitNanoseconds: UInt64?
    var delayImposedNanoseconds: UInt64 = 0
    var ongoing = false
    var capture: StackCapture?

    var durationNanoseconds: UInt64 { job.endNanoseconds &- job.startNanoseconds }
}

/// Estimates how much of a whole stall a thread clock counted (main-thread CPU time, or time spent
/// waiting for a CPU) from its readings at detection and at the end, assuming the part before
/// detection (at most one watchdog poll after the budget) behaved alike.
func estimatedOverStall(start: UInt64, detectedAt: UInt64, atDetection: UInt64, end: UInt64, atEnd: UInt64) -> UInt64 {
    let observedWall = Double(end &- min(detectedAt, end))
    let observed = Double(atEnd &- min(atDetection, atEnd))
    let fraction = observedWall > 100_000 ? min(1, observed / observedWall) : (observed > 0 ? 1 : 0)
    let unobservedWall = Double(detectedAt &- min(start, detectedAt))
    return UInt64(observed + unobservedWall * fraction)
}

extension StallRecord {
    /// Fills in CPU time and run-queue wait from the watchdog's probe and the readings at `end`. The
    /// wait is capped at the wall time the CPU time leaves: the reading at detection can lag by a
    /// wait then in progress, which the later reading counts in full.
    mutating func estimate(from probe: StallProbe, end: UInt64, cpuAtEnd: UInt64?, waitAtEnd: UInt64?) {
        let start = job.startNanoseconds
        if let cpuAtEnd {
            cpuNanoseconds = estimatedOverStall(start: start, detectedAt: probe.detectedAt, atDetection: probe.cpuAtDetection,
                                                end: end, atEnd: cpuAtEnd)
        }
        if let waitAtEnd, let waitAtDetection = probe.waitAtDetection {
            let wait = estimatedOverStall(start: start, detectedAt: probe.detectedAt, atDetection: waitAtDetection,
                                          end: end, atEnd: waitAtEnd)
            let wall = end &- min(start, end)
            cpuWaitNanoseconds = min(wait, wall &- min(cpuNanoseconds ?? 0, wall))
        }
    }
}

/// The recorder's mutable bookkeeping (always accessed under the recorder's lock).
struct RecordingState {
    var thresholds: Thresholds
    var maxListedStalls: Int
    var maxTimelineJobs: Int
    var startNanoseconds: UInt64
    var jobCount = 0
    var histogram = DurationHistogram()
    var tally: StallTally
    var worstStalls: [StallRecord] = []
    var probe: StallProbe?
    /// The most recent stall, for charging the wait of the jobs queued behind it.
    var lastStall: StallRecord?
    private var recent: [MainActorJobRecord] = []
    private var recentNext = 0
    private var sample: [MainActorJobRecord] = []
    private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let recentCapacity = 4_096

    init(thresholds: Thresholds, maxListedStalls: Int, maxTimelineJobs: Int, startNanoseconds: UInt64) {
        self.thresholds = thresholds
        self.maxListedStalls = max(0, maxListedStalls)
        self.maxTimelineJobs = max(0, maxTimelineJobs)
        self.startNanoseconds = startNanoseconds
        self.tally = StallTally(thresholds: thresholds)
    }

    mutating func record(_ job: MainActorJobRecord, cpuAtEnd: UInt64?, waitAtEnd: UInt64? = nil) {
        guard job.startNanoseconds >= startNanoseconds else { return }   // began before this window
        jobCount += 1
        let duration = job.endNanoseconds &- job.startNanoseconds
        histogram.add(nanoseconds: duration)
        remember(job)
        chargeDelay(to: job)
        guard tally.add(durationMilliseconds: MonotonicClock.milliseconds(duration)) != nil else { return }
        var stall = StallRecord(job: job)
        if let probe, probe.sequence == job.sequence {
            stall.capture = probe.capture
            stall.estimate(from: probe, end: job.endNanoseconds, cpuAtEnd: cpuAtEnd, waitAtEnd: waitAtEnd)
        }
        probe = nil
        if let lastStall { list(lastStall) }
        lastStall = stall
    }

    func capture(ofSequence sequence: UInt64) -> StackCapture? {
        if let probe, probe.sequence == sequence, let capture = probe.capture { return capture }
        if let lastStall, lastStall.job.sequence == sequence, let capture = lastStall.capture { return capture }
        return worstStalls.first { $0.job.sequence == sequence }?.capture
    }

    mutating func attach(_ capture: StackCapture, toSequence sequence: UInt64) {
        if probe?.sequence == sequence { probe?.capture = capture }
        if lastStall?.job.sequence == sequence { lastStall?.capture = capture }
        if let index = worstStalls.firstIndex(where: { $0.job.sequence == sequence }) {
            worstStalls[index].capture = capture
        }
    }

    func recentJobs() -> [MainActorJobRecord] {
        Array(recent[recentNext...] + recent[..<recentNext])
    }

    func recording(workload: String, mode: MeasurementMode, now: UInt64,
                   running: MainActorJobRecord?, ongoingCPU: UInt64?, ongoingWait: UInt64? = nil) -> Recording {
        var copy = self
        if let lastStall { copy.list(lastStall) }
        var stalls = copy.worstStalls
        var tally = self.tally
        if let running, running.startNanoseconds >= startNanoseconds,
           running.durationMilliseconds >= thresholds.budgetMilliseconds {
            var stall = StallRecord(job: running, ongoing: true)
            if let probe, probe.sequence == running.sequence {
                stall.capture = probe.capture
                stall.estimate(from: probe, end: now, cpuAtEnd: ongoingCPU, waitAtEnd: ongoingWait)
            }
            tally.add(durationMilliseconds: running.durationMilliseconds)
            stalls.append(stall)
        }
        return Recording(workload: workload, mode: mode, startNanoseconds: startNanoseconds, endNanoseconds: now,
                         thresholds: thresholds, mainActorJobs: jobCount, histogram: histogram, tally: tally,
                         stalls: stalls, sampledJobs: sample, maxListedStalls: maxListedStalls,
                         maxTimelineJobs: maxTimelineJobs)
    }

    /// Keeps the stall if it is among the `maxListedStalls` longest.
    private mutating func list(_ stall: StallRecord) {
        if let index = worstStalls.firstIndex(where: { $0.job.sequence == stall.job.sequence }) {
            worstStalls[index] = stall
            return
        }
        if worstStalls.count < maxListedStalls {
            worstStalls.append(stall)
        } else if let shortest = worstStalls.indices.min(by: {
            worstStalls[$0].durationNanoseconds < worstStalls[$1].durationNanoseconds
        }), worstStalls[shortest].durationNanoseconds < stall.durationNanoseconds {
            worstStalls[shortest] = stall
        }
    }

    /// Jobs that waited in the queue while the last stall held the main thread add that wait to it.
    private mutating func chargeDelay(to job: MainActorJobRecord) {
        guard var stall = lastStall, job.sequence != stall.job.sequence,
              job.enqueuedNanoseconds < stall.job.endNanoseconds else { return }
        let waitedFrom = max(job.enqueuedNanoseconds, stall.job.startNanoseconds)
        stall.delayImposedNanoseconds &+= stall.job.endNanoseconds &- waitedFrom
        lastStall = stall
    }

    private mutating func remember(_ job: MainActorJobRecord) {
        if recent.count < Self.recentCapacity {
            recent.append(job)
        } else {
            recent[recentNext] = job
            recentNext = (recentNext + 1) % Self.recentCapacity
        }
        // Reservoir sampling (algorithm R): every job has the same chance to be on the timeline.
        if sample.count < maxTimelineJobs {
            sample.append(job)
        } else if maxTimelineJobs > 0 {
            randomState ^= randomState << 13
            randomState ^= randomState >> 7
            randomState ^= randomState << 17
            let slot = Int(randomState % UInt64(jobCount))
            if slot < maxTimelineJobs { sample[slot] = job }
        }
    }
}

/// A recording window, frozen: the input of ``ReportBuilder``.
struct Recording: Sendable {
    var workload: String
    var mode: MeasurementMode
    var startNanoseconds: UInt64
    var endNanoseconds: UInt64
    var thresholds: Thresholds
    var mainActorJobs: Int
    var histogram: DurationHistogram
    var tally: StallTally
    var stalls: [StallRecord]
    var sampledJobs: [MainActorJobRecord]
    var maxListedStalls: Int
    var maxTimelineJobs: Int
    var note: String?
}

extension JobOrigin {
    /// A one-byte code, so the running job's origin can be published through an atomic.
    var code: UInt8 {
        switch self {
        case .unknown: 0
        case .inheritedMainActor: 1
        case .explicitMainActor: 2
        case .mainActorRun: 3
        case .mainQueue: 4
        }
    }

    init(code: UInt8) {
        self = [.unknown, .inheritedMainActor, .explicitMainActor, .mainActorRun, .mainQueue][Int(min(code, 4))]
    }
}
