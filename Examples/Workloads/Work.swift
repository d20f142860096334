import Foundation

/// Really computes for `milliseconds` of wall time: FNV-1a hashes a buffer over and over until the
/// deadline, and returns the hash so the optimizer cannot drop the work.
///
/// ```swift
/// let checksum = spin(milliseconds: 300)
/// ```
nonisolated public func spin(milliseconds: Double) -> UInt64 {
    let deadline = Date().addingTimeInterval(milliseconds / 1_000)
    let buffer = (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    repeat {
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    } while Date() < deadline
    return hash
}
