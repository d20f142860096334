#if os(Linux)
import Glibc

/// Captures the main thread's stack while it is stalled, from the watchdog thread.
///
/// Linux has no API to read another thread's registers, so the watchdog sends the main thread a
/// signal (`SIGPROF`) and the handler, running on the main thread in the middle of the stalled
/// code, records its return addresses into a preallocated buffer together with the current task's
/// name, then posts a semaphore. Two walks, merged: glibc's `backtrace()` (DWARF unwinding: exact,
/// including leaf functions, but it stops at code without unwind tables, such as
/// libswiftDispatch under a blocking wait or the Swift half of libswift_Concurrency) and a
/// frame-pointer walk from the interrupted registers (Swift keeps frame pointers, so this reaches
/// the user's frames under a blocked call; a function caught in its prologue or at its `ret` has no
/// frame record yet, so its return address is taken from the top of the stack). The handler follows
/// async-signal-safe discipline: no allocation, no locks, no Swift runtime calls that could
/// allocate; `backtrace()` is primed once at setup (its first call loads libgcc_s, which is not
/// signal safe). `SA_RESTART` keeps interrupted blocking calls (futex waits, reads) going;
/// a bare `usleep`/`nanosleep` in the stalled code returns early (EINTR) when signalled, so
/// MainGuard signals at most once per stall.
///
/// Darwin reads another thread's registers directly instead (`DarwinStackSampler.swift`).
final class StackSampler: ThreadStackCapture {
    static let maximumFrames = 64
    static let taskNameCapacity = 128
    /// One capture at a time: the signal handler writes a single process-wide slot. A bare lock,
    /// not `Protected(())`: ThreadSanitizer mistakes accesses to a zero-sized stored value for a race.
    private let lock = ConditionLock()

    /// Set up once per process (installs the signal handler); `nil` where capture is unsupported.
    static let shared: StackSampler? = {
        // Touch the slot so its lazy initialisation never happens inside the signal handler.
        let slot = captureSlot
        var frames = [UnsafeMutableRawPointer?](repeating: nil, count: 4)
        _ = _backtrace(&frames, 4)
        // The handler must never allocate: see primeCaptureHandler.
        primeCaptureHandler(slot)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, _, context in handleCaptureSignal(context) }
        action.sa_flags = SA_RESTART | SA_SIGINFO
        sigemptyset(&action.sa_mask)
        guard sigaction(SIGPROF, &action, nil) == 0 else { return nil }
        _ = slot
        return StackSampler()
    }()

    /// The main thread's return addresses (innermost first) and task name, or `nil` when the main
    /// thread did not answer within `timeoutMilliseconds`.
    func capture(thread: pthread_t, timeoutMilliseconds: Int = 200) -> (addresses: [UInt], taskName: String?)? {
        lock.withLock {
            let slot = captureSlot
            while sem_trywait(slot.pointee.done) == 0 {}
            // The handler takes this token before it writes the slot: a handshake in both directions
            // (token → handler writes → `done` → this thread reads) that ThreadSanitizer can follow.
            // The handler may only follow frame pointers inside the target thread's stack.
            slot.pointee.stackHigh = StackBounds.high(of: thread)
            sem_post(slot.pointee.ready)
            guard pthread_kill(thread, SIGPROF) == 0 else {
                _ = sem_trywait(slot.pointee.ready)
                return nil
            }
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
            let addresses = Self.merge(unwound: unwound, walked: chain)
            let name = slot.pointee.taskName[0] == 0 ? nil : String(cString: slot.pointee.taskName)
            return (addresses, name)
        }
    }

    /// One stack from the two walks, starting at the interrupted instruction. `backtrace()` begins
    /// with the handler's own frames, which are dropped, and stops at the first function without
    /// unwind tables (the Swift code in libswift_Concurrency has none); the frame-pointer walk
    /// (`walked`, whose first address is the interrupted instruction) supplies the frames it missed.
    /// Only the first address is an exact instruction: the symbolicator treats the others as
    /// return addresses, so the interrupted one must not sit behind the handler's frames.
    /// When `backtrace()` never reaches the interrupted instruction (ThreadSanitizer defers the
    /// handler to a later point of the thread, so its stack is not the interrupted one), both
    /// walks are kept whole and ``StallAttribution`` strips the handler's frames by name.
    static func merge(unwound: [UInt], walked: [UInt]) -> [UInt] {
        let start = walked.first.flatMap { unwound.firstIndex(of: $0) }
        let stalled = start.map { Array(unwound[$0...]) } ?? unwound
        var known = Set(stalled)
        return stalled + walked.filter { known.insert($0).inserted }
    }
}

/// The buffer the signal handler writes into. A signal handler has no context argument to carry a
/// pointer, so this one immutable global pointer is how the handler finds preallocated memory.
private struct CaptureSlot {
    var frames: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    var count: Int32
    var framePointerFrames: UnsafeMutablePointer<UInt>
    var framePointerCount: Int32
    var stackPointer: UInt
    /// Top (highest address) of the sampled thread's stack; 0 when unknown (no frame-pointer walk).
    var stackHigh: UInt
    var taskName: UnsafeMutablePointer<CChar>
    var ready: UnsafeMutablePointer<sem_t>
    var done: UnsafeMutablePointer<sem_t>
}

nonisolated(unsafe) private let captureSlot: UnsafeMutablePointer<CaptureSlot> = {
    let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(done, 0, 0)
    let ready = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    sem_init(ready, 0, 0)
    let slot = UnsafeMutablePointer<CaptureSlot>.allocate(capacity: 1)
    let taskName = UnsafeMutablePointer<CChar>.allocate(capacity: StackSampler.taskNameCapacity)
    taskName.initialize(repeating: 0, count: StackSampler.taskNameCapacity)
    slot.initialize(to: CaptureSlot(
        frames: .allocate(capacity: StackSampler.maximumFrames), count: 0,
        framePointerFrames: .allocate(capacity: StackSampler.maximumFrames), framePointerCount: 0, stackPointer: 0, stackHigh: 0,
        taskName: taskName, ready: ready, done: done))
    return slot
}()

/// Runs the signal handler once, outside a signal, on a made-up context whose registers point into
/// a scratch "stack" (a two-record frame chain) and at a harmless instruction. Swift instantiates
/// generic and imported type metadata on first use, which allocates; a handler that allocates while
/// the interrupted thread holds malloc's lock deadlocks the process (seen in the 10,000-task stress
/// run and in `watch scroll-formatters`). After this every path the handler takes is instantiated.
private func primeCaptureHandler(_ slot: UnsafeMutablePointer<CaptureSlot>) {
    let stack = UnsafeMutablePointer<UInt>.allocate(capacity: 64)
    defer { stack.deallocate() }
    stack.initialize(repeating: 0, count: 64)
    let code = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
    defer { code.deallocate() }
    // A no-op instruction, not a prologue or epilogue one (x86_64: four `nop`s; AArch64: `nop`).
    #if arch(x86_64)
    code.initialize(repeating: 0x9090_9090, count: 4)
    #else
    code.initialize(repeating: 0xD503_201F, count: 4)
    #endif
    let base = UInt(bitPattern: stack)
    stack[8] = base + 16 * 8                      // frame record 1 → record 2
    stack[9] = UInt(bitPattern: code)             // its return address
    stack[17] = UInt(bitPattern: code)            // record 2: next 0 ends the chain
    var context = ucontext_t()
    let instruction = UInt64(UInt(bitPattern: code))
    #if arch(x86_64)
    withUnsafeMutableBytes(of: &context.uc_mcontext.gregs) { registers in
        let words = registers.bindMemory(to: UInt64.self)
        words[16] = instruction                   // REG_RIP
        words[15] = UInt64(base)                  // REG_RSP
        words[10] = UInt64(base + 8 * 8)          // REG_RBP
    }
    #elseif arch(arm64)
    withUnsafeMutableBytes(of: &context.uc_mcontext.regs) { registers in
        let words = registers.bindMemory(to: UInt64.self)
        words[29] = UInt64(base + 8 * 8)          // x29, the frame pointer
        words[30] = instruction                   // x30, the link register
    }
    context.uc_mcontext.sp = UInt64(base)
    context.uc_mcontext.pc = instruction
    #endif
    slot.pointee.stackHigh = base + 64 * 8
    sem_post(slot.pointee.ready)
    withUnsafeMutablePointer(to: &context) { handleCaptureSignal(UnsafeMutableRawPointer($0)) }
    while sem_trywait(slot.pointee.done) == 0 {}
    slot.pointee.stackHigh = 0
    slot.pointee.count = 0
    slot.pointee.framePointerCount = 0
}

private func handleCaptureSignal(_ context: UnsafeMutableRawPointer?) {
    let savedErrno = errno
    let slot = captureSlot
    // No token: a late signal from a capture that already gave up; leave the slot alone.
    guard sem_trywait(slot.pointee.ready) == 0 else {
        errno = savedErrno
        return
    }
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

/// Reads the interrupted registers and follows the frame-record chain (``FrameRecords``) from them.
private func walkFramePointers(_ context: UnsafeMutablePointer<ucontext_t>, into slot: UnsafeMutablePointer<CaptureSlot>) {
    let frames = slot.pointee.framePointerFrames
    #if arch(x86_64)
    let registers = withUnsafeBytes(of: &context.pointee.uc_mcontext.gregs) { $0.bindMemory(to: Int64.self) }
    // glibc's <sys/ucontext.h> indices (REG_RBP = 10, REG_RSP = 15, REG_RIP = 16; the enum is not imported).
    let instructionPointer = UInt(bitPattern: Int(registers[16]))
    let framePointer = UInt(bitPattern: Int(registers[10]))
    slot.pointee.stackPointer = UInt(bitPattern: Int(registers[15]))
    frames[0] = instructionPointer
    var count = 1
    // Optimised code may use rbp as an ordinary register: only addresses inside this thread's
    // stack (between the stack pointer and the stack's top) are ever dereferenced.
    let low = slot.pointee.stackPointer, high = slot.pointee.stackHigh
    // Interrupted before its prologue saved rbp or after its epilogue restored it, a function has
    // no frame record: rbp is still the caller's, so the chain would start at the caller's caller
    // and miss the caller, the code that is spinning. Its return address is on top of the stack.
    if high > low, let offset = returnAddressOffsetOutsideFrame(at: instructionPointer), low &+ offset < high &- 8,
       let top = UnsafePointer<UInt>(bitPattern: low &+ offset), top.pointee != 0 {
        frames[count] = top.pointee
        count += 1
    }
    #elseif arch(arm64)
    // glibc's aarch64 `mcontext_t`: regs[0...30] (x29 = frame pointer, x30 = link register), sp, pc.
    let registers = withUnsafeBytes(of: &context.pointee.uc_mcontext.regs) { $0.bindMemory(to: UInt64.self) }
    let framePointer = UInt(registers[29])
    slot.pointee.stackPointer = UInt(context.pointee.uc_mcontext.sp)
    frames[0] = UInt(context.pointee.uc_mcontext.pc)
    var count = 1
    let low = slot.pointee.stackPointer, high = slot.pointee.stackHigh
    // The link register holds the caller's return address while a function is in its prologue,
    // its epilogue or is a leaf that saves no frame record: the one frame the chain would miss.
    // In a body it may be stale (the return point of a finished call, inside this same function);
    // StallAttribution folds a function named twice in a row into one.
    let link = UInt(registers[30]) & FrameRecords.codeAddressMask
    if link != 0 {
        frames[count] = link
        count += 1
    }
    #else
    let framePointer: UInt = 0, low: UInt = 0, high: UInt = 0, count = 0   // no capture on other architectures
    #endif
    slot.pointee.framePointerCount = Int32(FrameRecords.walk(framePointer: framePointer, low: low, high: high, into: frames,
                                                             count: count, capacity: StackSampler.maximumFrames))
}

/// Where the return address lies above the stack pointer when the instruction at `address` runs
/// before the function's frame record exists (`push %rbp`, `mov %rsp,%rbp`) or after it is gone
/// (`ret`); `nil` inside the body, where the frame-pointer chain is right. Only the bytes of the
/// interrupted instruction itself are read, so every read is inside mapped code.
private func returnAddressOffsetOutsideFrame(at address: UInt) -> UInt? {
    #if arch(x86_64)
    guard let code = UnsafePointer<UInt8>(bitPattern: address) else { return nil }
    switch code[0] {
    case 0x55, 0xC3: return 0                                       // push %rbp; ret
    case 0x48 where code[1] == 0x89 && code[2] == 0xE5: return 8    // mov %rsp,%rbp (rbp pushed)
    default: return nil
    }
    #else
    return nil
    #endif
}

// glibc's backtrace(3) (execinfo.h is not part of the Glibc module).
@_silgen_name("backtrace")
private func _backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32

// The Swift runtime's name of the task running on this thread (`Task(name:)`), or NULL.
@_silgen_name("swift_task_getCurrentTaskName")
private func _currentTaskName() -> UnsafePointer<CChar>?

/// Stack extents of threads. Not cached: thread handles are reused after a thread exits, and a
/// stale extent would let the signal handler dereference memory outside the stack.
enum StackBounds {
    static func high(of thread: pthread_t) -> UInt {
        var attributes = pthread_attr_t()
        guard _pthreadGetAttributes(thread, &attributes) == 0 else { return 0 }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return 0 }
        return UInt(bitPattern: base) + UInt(size)
    }
}

// glibc's pthread_getattr_np (declared only with _GNU_SOURCE, so not imported).
@_silgen_name("pthread_getattr_np")
private func _pthreadGetAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif
