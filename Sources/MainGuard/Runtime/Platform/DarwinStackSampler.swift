#if canImport(Darwin)
import Darwin

/// Captures another thread's stack on Apple platforms: suspend it, read its registers, follow its
/// frame records, resume it.
///
/// Mach lets one thread read another's registers (`thread_get_state`), so no signal is needed, unlike
/// Linux. While the sampled thread is suspended it may hold any lock, malloc's included, so nothing
/// between `thread_suspend` and `thread_resume` allocates or takes a lock: the walk (``FrameRecords``)
/// writes into a buffer allocated up front, and only after resuming are the addresses copied out
/// (and later symbolicated with `dladdr`). The walk never leaves the thread's stack
/// (`pthread_get_stackaddr_np` / `pthread_get_stacksize_np`), and on arm64 the
/// pointer-authentication bits of return addresses are masked off. The task name is not read:
/// the Swift runtime keeps the current task in the sampled thread's own thread-local storage, out
/// of reach of another thread (Linux reads it inside the signal handler, on the thread itself).
///
/// Not compiled or run here (Linux); written against the documented Mach APIs and built by CI's
/// macOS job. A function caught in its prologue, or a leaf without a frame record, is found through
/// the link register on arm64; on x86_64 it is missed (its caller is still named).
final class DarwinStackSampler: ThreadStackCapture, @unchecked Sendable {
    // @unchecked: `frames` is only touched inside `lock`.
    static let maximumFrames = 64
    static let shared: DarwinStackSampler? = DarwinStackSampler()

    /// One capture at a time: the buffer is shared.
    private let lock = ConditionLock()
    private let frames = UnsafeMutablePointer<UInt>.allocate(capacity: DarwinStackSampler.maximumFrames)

    /// Runs the walk once on the calling thread, not suspended. The first use of a generic or an
    /// imported type makes the runtime build its metadata, which allocates; after this, nothing the
    /// walk does can allocate while another thread is suspended (possibly holding malloc's lock).
    private init() {
        // pthread_mach_thread_np adds no port reference (mach_thread_self would, to be released
        // through the global `mach_task_self_`, which Swift 6 rejects as shared mutable state).
        let port = pthread_mach_thread_np(pthread_self())
        lock.withLock { _ = walkSuspended(port, stackHigh: UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))) }
    }

    deinit { frames.deallocate() }

    /// `timeoutMilliseconds` is not needed: suspending and reading registers does not wait for the thread.
    func capture(thread: pthread_t, timeoutMilliseconds: Int) -> (addresses: [UInt], taskName: String?)? {
        // A thread cannot suspend itself and go on walking.
        guard pthread_equal(thread, pthread_self()) == 0 else { return nil }
        let port = pthread_mach_thread_np(thread)
        guard port != 0 else { return nil }
        let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))   // the top: stacks grow down
        return lock.withLock {
            guard thread_suspend(port) == KERN_SUCCESS else { return nil }
            let count = walkSuspended(port, stackHigh: high)
            thread_resume(port)
            guard count > 0 else { return nil }
            return (Array(UnsafeBufferPointer(start: frames, count: count)), nil)
        }
    }

    /// Reads the suspended thread's registers and walks its frame records into `frames`. No allocation.
    private func walkSuspended(_ port: mach_port_t, stackHigh high: UInt) -> Int {
        #if arch(arm64)
        var state = arm_thread_state64_t()
        guard withUnsafeMutableBytes(of: &state, { Self.readState(port, ARM_THREAD_STATE64, into: $0) }) else { return 0 }
        let mask = FrameRecords.codeAddressMask
        frames[0] = UInt(state.__pc) & mask
        var count = 1
        // The link register: the caller of a leaf, or of a function caught in its prologue/epilogue.
        if case let link = UInt(state.__lr) & mask, link != 0 {
            frames[count] = link
            count += 1
        }
        let framePointer = UInt(state.__fp), stackPointer = UInt(state.__sp)
        #elseif arch(x86_64)
        var state = x86_thread_state64_t()
        guard withUnsafeMutableBytes(of: &state, { Self.readState(port, x86_THREAD_STATE64, into: $0) }) else { return 0 }
        frames[0] = UInt(state.__rip)
        let count = 1
        let framePointer = UInt(state.__rbp), stackPointer = UInt(state.__rsp)
        #else
        return 0
        #endif
        return FrameRecords.walk(framePointer: framePointer, low: stackPointer, high: high, into: frames,
                                 count: count, capacity: Self.maximumFrames)
    }

    /// `thread_get_state` into a state structure's bytes (its size gives the count of 32-bit words).
    /// Not generic: instantiating generic metadata on first use allocates, and the thread is suspended.
    private static func readState(_ port: mach_port_t, _ flavor: Int32, into state: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = state.baseAddress else { return false }
        var count = mach_msg_type_number_t(state.count / MemoryLayout<natural_t>.size)
        return thread_get_state(port, thread_state_flavor_t(flavor), base.assumingMemoryBound(to: natural_t.self), &count) == KERN_SUCCESS
    }
}
#endif
