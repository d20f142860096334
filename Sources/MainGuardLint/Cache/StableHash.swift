import Foundation

/// A hash that is the same in every process and on every machine (Swift's `Hasher` is seeded
/// per process, so it cannot key a cache on disk): 64-bit FNV-1a, rendered with the input's
/// length so that a collision would also need an equal length.
///
/// ```swift
/// let key = StableHash.of("let x = 1")   // "9-af63bd4c8601b7df"-style text
/// ```
public enum StableHash {
    /// The hash of some bytes, as text.
    public static func of<Bytes: Sequence<UInt8>>(bytes: Bytes) -> String {
        if let hashed = bytes.withContiguousStorageIfAvailable(of(buffer:)) { return hashed }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        return "\(count)-" + String(hash, radix: 16)
    }

    /// The hash of a string's UTF-8.
    public static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8(of(buffer:))
    }

    /// The same hash over contiguous bytes: a plain loop over a buffer, which every cached run pays for
    /// each file's text (iterating a `String.UTF8View` byte by byte took several times as long).
    private static func of(buffer: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\(buffer.count)-" + String(hash, radix: 16)
    }

    /// The hash of several parts, each length-prefixed so that `["ab", "c"]` and `["a", "bc"]` differ.
    public static func combining(_ parts: [String]) -> String {
        of(parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|"))
    }
}
