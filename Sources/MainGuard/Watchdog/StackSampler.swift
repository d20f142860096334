import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Captures the main thread's stack while it is stalled, from the watchdog thread.
///
/// Linux has no API to read another thread's registers, so the watchdog sends the main thread a
/// signal (`SIGPROF`) and the handler, running on the main thread in the middle of the stalled
/// code, records its return addresses into a preallocated buffer together with the current task's
/// name, then posts a semaphore. Two walks, merged: glibc's `backtrace()` (DWARF unwinding: exact,
/// including leaf functions, but it stops at libraries without unwind tables, such as
/// libswiftDispatch under a blocking wait) and a frame-pointer walk from the interrupted
/// registers (Swift keeps frame pointers, so this reaches the user's frames under a blocked call). The handler follows
/// async-signal-safe discipline: no allocation, no locks, no Swift runtime calls that could
/// allocate; `backtrace()` is primed once at setup (its first call loads libgcc_s, which is not
/// signal safe). `SA_RESTART` keeps interrupted blocking calls (futex waits, reads) going;
/// a bare `usleep`/`nanosleep` in the stalled code returns early (EINTR) when signalled, so
/// MainGuard signals at most once per stall.
///
/// On Darwin the same design would use `thread_suspend` + `thread_get_state` and a frame-pointer
/// walk; it is not built here, so captures return `nil` there and stalls are reported without frames.
final class StackSampler: Sendable {
    static let maximumFrames = 64
    static let taskNameCapacity = 128
    private let lock = Mutex(())

    /// Set up once per process (installs the signal handler); `nil` where capture is unsupported.
    static let shared: StackSampler? = {
        #if os(Linux)
        // Touch the slot so its lazy initialisation never happens inside the signal handler.
        let slot = captureSlot
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 4)
        _ = _backtrace(&frames, 4)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, _, context in handleCaptureSignal(context) }
        action.sa_flags = SA_RESTART | SA_SIGINFO
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGPROF, &action, nil) == 0 else { return nil }
        _ = slot
        return StackSampler()
        #else
        return nil
        #endif
    }()

    /// The main thread's return addresses (innermost first) and task name, or `nil` when the main
    /// thread did not answer within `timeoutMilliseconds`.
    func capture(thread: pthread_t, timeoutMilliseconds: Int = 50) -> (addresses: [UInt], taskName: String?)? {
        #if os(Linux)
        return lock.withLock { _ in
            let slot = captureSlot
            while sem_trywait(slot.pointee.done) == 0 {}
            slot.pointee.count = 0
            guard pthread_kill(thread, SIGPROF) == 0 else { return nil }
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            deadline.tv_nsec += timeoutMilliseconds * 1_000_000
            deadline.tv_sec += deadline.tv_nsec / 1_000_000_000
            deadline.tv_nsec %= 1_000_000_000
            while sem_timedwait(slot.pointee.done, &deadline) != 0 {
                guard errno == EINTR else { return nil }
            }
            let unwound = (0..<Int(slot.pointee.count)).map { UInt(bitPattern: slot.pointee.frames[$0]) }
            let walked = (0..<Int(slot.pointee.framePointerCount)).map { slot.pointee.framePointerFrames[$0] }
            let chain = walked.count > 2 ? walked : walked + StackScan.recoverFrameChain(stackPointer: slot.pointee.stackPointer)
            var known = Set(unwound)
            let addresses = unwound + chain.filter { known.insert($0).inserted }
            let name = slot.pointee.taskName[0] == 0 ? nil : String(cString: slot.pointee.taskName)
            return (addresses, name)
        }
        #else
        return nil
        #endif
    }
}

#if os(Linux)
/// The buffer the signal handler writes into. A signal handler has no context argument to carry a
/// pointer, so this one immutable global pointer is how the handler finds preallocated memory.
private struct CaptureSlot {
    var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    var count: Int32
    var framePointerFrames: UnsafeMutablePointer<UInt>
    var framePointerCount: Int32
    var stackPointer: UInt
    var taskName: UnsafeMutablePointer<CChar>
    var done: UnsafeMutablePointer<sem_t>
}

nonisolated(unsafe) private let captureSlot: UnsafeMutablePointer<CaptureSlot> = {
    let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(done, 0, 0)
    let slot = UnsafeMutablePointer<CaptureSlot>.allocate(capacity: 1)
    let taskName = UnsafeMutablePointer<CChar>.allocate(capacity: StackSampler.taskNameCapacity)
    taskName.initialize(repeating: 0, count: StackSampler.taskNameCapacity)
    slot.initialize(to: CaptureSlot(
        frames: .allocate(capacity: StackSampler.maximumFrames), count: 0,
        framePointerFrames: .allocate(capacity: StackSampler.maximumFrames), framePointerCount: 0, stackPointer: 0,
        taskName: taskName, done: done))
    return slot
}()

private func handleCaptureSignal(_ context: UnsafeMutableRawPointer?) {
    let savedErrno = errno
    let slot = captureSlot
    slot.pointee.count = _backtrace(slot.pointee.frames, Int32(StackSampler.maximumFrames))
    slot.pointee.framePointerCount = 0
    if let context {
        walkFramePointers(context.assumingMemoryBound(to: ucontext_t.self), into: slot)
    }
    var length = 0
    if let name = _currentTaskName() {
        while length < StackSampler.taskNameCapacity - 1, name[length] != 0 {
            slot.pointee.taskName[length] = name[length]
            length += 1
        }
    }
    slot.pointee.taskName[length] = 0
    sem_post(slot.pointee.done)
    errno = savedErrno
}

/// Follows the saved frame-pointer chain of the interrupted code. Each step must move up the
/// stack by a plausible amount, so a frame without a frame pointer ends the walk instead of
/// sending it to an arbitrary address.
private func walkFramePointers(_ context: UnsafeMutablePointer<ucontext_t>, into slot: UnsafeMutablePointer<CaptureSlot>) {
    #if arch(x86_64)
    let registers = withUnsafeBytes(of: &context.pointee.uc_mcontext.gregs) { $0.bindMemory(to: Int64.self) }
    // glibc's <sys/ucontext.h> indices (REG_RBP = 10, REG_RIP = 16; the enum is not imported).
    let instructionPointer = UInt(bitPattern: Int(registers[16]))
    var framePointer = UInt(bitPattern: Int(registers[10]))
    slot.pointee.stackPointer = UInt(bitPattern: Int(registers[15]))   // REG_RSP
    let frames = slot.pointee.framePointerFrames
    frames[0] = instructionPointer
    var count = 1
    // Interrupted code built without frame pointers (libc, sanitizer runtimes) uses RBP as a plain
    // register; only a value inside the stack above RSP is a frame to follow (found by
    // AddressSanitizer: the first dereference crashed the watched process).
    let stackPointer = slot.pointee.stackPointer
    while count < StackSampler.maximumFrames, framePointer != 0, framePointer & 7 == 0,
          framePointer >= stackPointer, framePointer - stackPointer < UInt(64 << 20) {
        guard let frame = UnsafePointer<UInt>(bitPattern: framePointer) else { break }
        let next = frame[0]
        let returnAddress = frame[1]
        guard returnAddress != 0 else { break }
        frames[count] = returnAddress
        count += 1
        guard next > framePointer, next - framePointer < UInt(8 << 20) else { break }
        framePointer = next
    }
    slot.pointee.framePointerCount = Int32(count)
    #endif
}

// glibc's backtrace(3) (execinfo.h is not part of the Glibc module).
@_silgen_name("backtrace")
private func _backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32

// The Swift runtime's name of the task running on this thread (`Task(name:)`), or NULL.
@_silgen_name("swift_task_getCurrentTaskName")
private func _currentTaskName() -> UnsafePointer<CChar>?
#endif
