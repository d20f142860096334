#if os(Linux)
import Foundation
import Glibc

/// Finds the frame-pointer chain of a thread stopped inside code built without frame pointers.
///
/// glibc's blocking calls (futex waits) use `rbp` (on arm64 `x29`) as an ordinary register, so the frame-pointer
/// walk from the interrupted registers ends at once, and DWARF unwinding gives up in libraries
/// without unwind tables. The caller's chain is still intact further up the stack: this scans the
/// words above the stack pointer for one that points to a frame record (saved `rbp`, return
/// address) from which a chain of at least three plausible return addresses continues.
///
/// It runs on the watchdog thread right after a capture, while the main thread is blocked in the
/// call that stopped the walk (only that case needs it). Every read goes through `/proc/self/mem`,
/// so a stale or wrong address yields an error instead of a crash.
struct StackScan {
    private let memory: Int32
    private let stackEnd: UInt
    private let stackPointer: UInt
    private let stack: [UInt]

    static func recoverFrameChain(stackPointer: UInt, maximumFrames: Int = 64) -> [UInt] {
        #if arch(x86_64) || arch(arm64)
        guard stackPointer != 0, let scan = StackScan(stackPointer: stackPointer) else { return [] }
        defer { close(scan.memory) }
        return scan.recover(maximumFrames: maximumFrames)
        #else
        return []
        #endif
    }

    private init?(stackPointer: UInt) {
        guard let stackEnd = Self.mappingEnd(containing: stackPointer) else { return nil }
        let memory = open("/proc/self/mem", O_RDONLY)
        guard memory >= 0 else { return nil }
        let count = Int(min(64 * 1024, stackEnd - stackPointer)) / 8
        var words = [UInt](repeating: 0, count: count)
        let read = words.withUnsafeMutableBytes { pread(memory, $0.baseAddress, $0.count, off_t(Int64(bitPattern: UInt64(stackPointer)))) }
        guard read > 0 else { close(memory); return nil }
        self.memory = memory
        self.stackEnd = stackEnd
        self.stackPointer = stackPointer
        self.stack = Array(words.prefix(read / 8))
    }

    private func recover(maximumFrames: Int) -> [UInt] {
        for (index, record) in stack.enumerated() {
            let slot = stackPointer + UInt(index * 8)
            guard record > slot, record < stackEnd - 16, record & 7 == 0 else { continue }
            let chain = walk(from: record, limit: maximumFrames)
            guard chain.count >= 3 else { continue }
            // A function that keeps no frame pointer leaves no record, so its caller's frame would be
            // skipped: the return addresses lying between two records are kept too (innermost first).
            // A stale one from an earlier call still names a function of that stretch of the stack.
            var frames: [UInt] = []
            var lower = slot
            for (record, returnAddress) in chain {
                frames += returnAddresses(from: lower, to: record)
                frames.append(returnAddress)
                lower = record + 16
            }
            return Array(frames.prefix(maximumFrames))
        }
        return []
    }

    /// The frame records from `start` upwards, each with the return address stored after it.
    private func walk(from start: UInt, limit: Int) -> [(record: UInt, returnAddress: UInt)] {
        var chain: [(record: UInt, returnAddress: UInt)] = []
        var record = start
        while chain.count < limit, let returnAddress = load(record + 8), isReturnAddress(returnAddress) {
            chain.append((record, returnAddress))
            guard let next = load(record), next > record, next < stackEnd - 16, next & 7 == 0 else { break }
            record = next
        }
        return chain
    }

    private func returnAddresses(from lower: UInt, to upper: UInt) -> [UInt] {
        guard lower < upper else { return [] }
        return stride(from: lower, to: upper, by: 8).compactMap(load).filter(isReturnAddress)
    }

    private func load(_ address: UInt) -> UInt? {
        if address >= stackPointer, case let index = Int((address - stackPointer) / 8), index < stack.count {
            return stack[index]
        }
        var value: UInt = 0
        let read = withUnsafeMutableBytes(of: &value) { pread(memory, $0.baseAddress, 8, off_t(Int64(bitPattern: UInt64(address)))) }
        return read == 8 ? value : nil
    }

    /// A code address in a loaded image, right after a call instruction.
    private func isReturnAddress(_ address: UInt) -> Bool {
        guard address > 4096, Symbolicator.isInLoadedImage(address) else { return false }
        #if arch(arm64)
        // AArch64 instructions are 4 bytes: the one before the return address must be a call.
        var instruction: UInt32 = 0
        let read = withUnsafeMutableBytes(of: &instruction) { pread(memory, $0.baseAddress, 4, off_t(Int64(bitPattern: UInt64(address - 4)))) }
        guard read == 4 else { return false }
        let directCall = instruction & 0xFC00_0000 == 0x9400_0000             // BL imm26
        let registerCall = instruction & 0xFFFF_FC1F == 0xD63F_0000           // BLR Xn
        let authenticatedCall = instruction & 0xFEFF_F800 == 0xD63F_0800      // BLRAA / BLRAB / BLRAAZ / BLRABZ
        return directCall || registerCall || authenticatedCall
        #else
        var bytes = [UInt8](repeating: 0, count: 6)   // the six bytes before the return address
        let read = bytes.withUnsafeMutableBytes { pread(memory, $0.baseAddress, 6, off_t(Int64(bitPattern: UInt64(address - 6)))) }
        guard read == 6 else { return false }
        let directCall = bytes[1] == 0xE8                                    // call rel32
        let registerCall = bytes[4] == 0xFF && bytes[5] & 0xF8 == 0xD0       // call reg
        let memoryCall8 = bytes[3] == 0xFF && bytes[4] & 0x38 == 0x10        // call [reg+disp8]
        let memoryCall32 = bytes[0] == 0xFF && bytes[1] & 0x38 == 0x10       // call [reg+disp32] / [rip+disp32]
        return directCall || registerCall || memoryCall8 || memoryCall32
        #endif
    }

    /// The end of the memory mapping holding `address`, from `/proc/self/maps`.
    private static func mappingEnd(containing address: UInt) -> UInt? {
        // /proc files report size 0, so read until end of file rather than by size.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        for line in maps.split(separator: "\n") {
            let range = line.prefix { $0 != " " }.split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16) else { continue }
            if start <= address, address < end { return end }
        }
        return nil
    }
}
#endif
