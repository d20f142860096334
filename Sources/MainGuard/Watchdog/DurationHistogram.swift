#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts of durations in log-scaled buckets: constant memory however many jobs run, with
/// percentiles accurate to about 9 % (eight buckets per doubling) and an exact maximum.
///
/// ```swift
/// var histogram = DurationHistogram()
/// histogram.add(nanoseconds: 2_000_000)
/// histogram.percentileMilliseconds(0.5)   // ≈ 2
/// ```
public struct DurationHistogram: Sendable, Hashable {
    private static let bucketsPerDoubling = 8.0
    private static let bucketCount = 8 * 44   // up to 2^44 ns ≈ 4.9 hours
    private var counts: [UInt64] = Array(repeating: 0, count: DurationHistogram.bucketCount)
    public private(set) var total: UInt64 = 0
    public private(set) var maxNanoseconds: UInt64 = 0

    public init() {}

    public mutating func add(nanoseconds: UInt64) {
        counts[Self.bucket(for: nanoseconds)] += 1
        total += 1
        maxNanoseconds = max(maxNanoseconds, nanoseconds)
    }

    /// The duration below which `fraction` (0...1) of the recorded durations fall, in milliseconds.
    public func percentileMilliseconds(_ fraction: Double) -> Double {
        guard total > 0 else { return 0 }
        let rank = UInt64((Double(total) * min(max(fraction, 0), 1)).rounded(.up))
        var seen: UInt64 = 0
        for (bucket, count) in counts.enumerated() where count > 0 {
            seen += count
            if seen >= max(rank, 1) {
                return min(Self.representative(bucket), Double(maxNanoseconds)) / 1_000_000
            }
        }
        return Double(maxNanoseconds) / 1_000_000
    }

    private static func bucket(for nanoseconds: UInt64) -> Int {
        guard nanoseconds > 1 else { return 0 }
        let index = Int(log2(Double(nanoseconds)) * bucketsPerDoubling)
        return min(max(index, 0), bucketCount - 1)
    }

    /// The geometric middle of a bucket, in nanoseconds.
    private static func representative(_ bucket: Int) -> Double {
        exp2((Double(bucket) + 0.5) / bucketsPerDoubling)
    }
}

