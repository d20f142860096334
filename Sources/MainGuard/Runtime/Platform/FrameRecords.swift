/// The frame-record walk every stack capture shares (Linux x86_64 and arm64 in a signal handler,
/// Darwin on a suspended thread).
///
/// x86_64 (System V) and AArch64 (AAPCS64, Apple's and Linux's) lay out a frame record the same way:
/// the frame pointer (`rbp` / `x29`) points at two words, the caller's frame pointer and then the
/// return address (on AArch64 the saved `x30`, the link register). Swift keeps frame pointers, so
/// following the chain reaches the user's frames. Every step must stay inside the thread's stack
/// and move up it, so a frame without a frame pointer ends the walk instead of sending it to an
/// arbitrary address. It reads memory and writes a caller-provided buffer only: it never
/// allocates, so it is safe in a signal handler and while another thread is suspended.
enum FrameRecords {
    /// Where code addresses end on arm64: pointer-authentication codes sit in the bits above the
    /// virtual address. On Apple platforms 36 bits, as crash reporters use (the images of an iOS
    /// process, and in practice of a macOS one, lie below 64 GB); on Linux the usual 48-bit user
    /// address space. Stack addresses are never signed. Elsewhere no bits are masked.
    #if arch(arm64) && canImport(Darwin)
    static let codeAddressMask: UInt = 0x0000_000F_FFFF_FFFF
    #elseif arch(arm64)
    static let codeAddressMask: UInt = 0x0000_FFFF_FFFF_FFFF
    #else
    static let codeAddressMask: UInt = ~0
    #endif

    /// Appends the return addresses of the chain starting at `framePointer` to `frames[count...]`
    /// (stopping at `capacity`) and returns the new count. Only addresses in `low ..< high` (the
    /// thread's stack, `low` its stack pointer) are dereferenced; `high == 0` (unknown) walks nothing.
    static func walk(framePointer start: UInt, low: UInt, high: UInt,
                     into frames: UnsafeMutablePointer<UInt>, count: Int, capacity: Int) -> Int {
        var count = count
        // Unknown stack top (0): `high &- 16` would wrap and let any address through.
        guard high > low else { return count }
        var framePointer = start
        while count < capacity, framePointer >= low, framePointer < high &- 16, framePointer & 7 == 0 {
            guard let frame = UnsafePointer<UInt>(bitPattern: framePointer) else { break }
            let next = frame[0]
            let returnAddress = frame[1] & codeAddressMask
            guard returnAddress != 0 else { break }
            frames[count] = returnAddress
            count += 1
            guard next > framePointer else { break }
            framePointer = next
        }
        return count
    }
}
