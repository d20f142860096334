#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanosecond timestamps from `CLOCK_MONOTONIC`: the executors stamp every job with them, so
/// stall durations come from the executor's own clock rather than from the watchdog's polling.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary, fixed point (boot on Linux). Costs one vDSO call (~20 ns).
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    static func milliseconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000_000 }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let total = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return total <= 0 ? 0 : UInt64(min(total, Double(UInt64.max / 2)))
    }
}
