import Foundation

/// Really computes for `milliseconds` of the calling thread's CPU time: FNV-1a hashes a buffer over
/// and over until the thread has run that long, and returns the hash so the optimizer cannot drop
/// the work.
///
/// CPU time, not wall time, makes it work of a stated size: on a busy machine the thread also waits
/// for a CPU, so the wall time (what the watchdog and the assertions see) can only be longer.
///
/// ```swift
/// let checksum = spin(milliseconds: 300)
/// ```
nonisolated public func spin(milliseconds: Double) -> UInt64 {
    let work = UInt64(max(0, milliseconds) * 1_000_000)
    // The CPU clock is read inline (no helper function) so a stack captured during the spin shows
    // `spin(milliseconds:)` itself as the innermost frame.
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    let start = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    // The clock is read after each pass over the buffer, so a pass is how far the spin can overshoot:
    // 1 KB is about 0.2 ms in a debug build and under 1.6 ms under ThreadSanitizer (4 KB took up to
    // 6 ms there, so `spin(milliseconds: 1)` computed for 2-6 ms).
    let buffer = (0..<1_024).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    repeat {
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    } while UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec) &- start < work
    return hash
}
