import Foundation

/// A hash that is the same in every process and on every machine (Swift's `Hasher` is seeded
/// per process, so it cannot key a cache on disk): 64-bit, eight bytes a step (each step a bijection of
/// the state, so two inputs of one length that differ in one eight-byte word never collide), the
/// remaining bytes one by one as FNV-1a does, rendered with the input's length so that a collision
/// would also need an equal length.
///
/// ```swift
/// let key = StableHash.of("let x = 1")   // "9-af63bd4c8601b7df"-style text
/// ```
public enum StableHash {
    /// The hash of some bytes, as text.
    public static func of<Bytes: Sequence<UInt8>>(bytes: Bytes) -> String {
        bytes.withContiguousStorageIfAvailable(of(buffer:)) ?? Array(bytes).withUnsafeBufferPointer(of(buffer:))
    }

    /// The hash of a string's UTF-8.
    public static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8(of(buffer:))
    }

    /// The same hash over contiguous bytes, which every cached run pays for each file's text: a word at a
    /// time (FNV-1a byte by byte took a twelfth of a warm run).
    private static func of(buffer: UnsafeBufferPointer<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bytes = UnsafeRawBufferPointer(buffer)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01b3
            offset += 1
        }
        return "\(buffer.count)-" + String(hash, radix: 16)
    }

    /// The hash of several parts, each length-prefixed so that `["ab", "c"]` and `["a", "bc"]` differ.
    public static func combining(_ parts: [String]) -> String {
        of(parts.map { "\($0.utf8.count):\($0)" }.joined(separator: "|"))
    }
}
