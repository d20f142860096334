import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns return addresses into demangled Swift names.
///
/// `dladdr` only knows *dynamic* symbols, and SwiftPM links executables (including the test
/// runner) without `--export-dynamic`, so user code in an executable has no dynamic symbol. When
/// `dladdr` finds the image but no name, the image's ELF `.symtab` is read (once per image, kept
/// as a sorted address table; names are read from the file on demand). Names are demangled with
/// the Swift runtime's `swift_demangle`.
final class Symbolicator: Sendable {
    struct Frame: Sendable, Hashable {
        var name: String?
        var image: String
    }

    private let tables = Protected<[String: ELFSymbolTable]>([:])

    func symbolicate(_ addresses: [UInt]) -> [Frame] {
        addresses.enumerated().map { index, address in
            // A return address points after the call; look up the call instruction itself.
            symbolicate(index == 0 ? address : address &- 1)
        }
    }

    /// Reads the symbol table of the image holding `address` now, so the first stall is not slowed.
    func prepare(imageContaining address: UInt) {
        _ = symbolicate(address)
    }

    private func symbolicate(_ address: UInt) -> Frame {
        var info = DynamicLinkInfo()
        let found = withUnsafeMutableBytes(of: &info) { _dladdr(UnsafeRawPointer(bitPattern: address), $0.baseAddress!) }
        guard found != 0, let imagePath = info.imagePath.map({ String(cString: $0) }) else {
            return Frame(name: nil, image: "?")
        }
        if let symbol = info.symbolName {
            return Frame(name: Self.demangle(symbol), image: imagePath)
        }
        let base = UInt(bitPattern: info.imageBase)
        let mangled: String? = tables.withLock { tables in
            if tables[imagePath] == nil { tables[imagePath] = ELFSymbolTable(path: imagePath) }
            return tables[imagePath]?.name(containing: address, imageBase: base)
        }
        return Frame(name: mangled.map { name in name.withCString { Self.demangle($0) } }, image: imagePath)
    }

    /// `true` when `address` lies in a loaded executable or library.
    static func isInLoadedImage(_ address: UInt) -> Bool {
        var info = DynamicLinkInfo()
        return withUnsafeMutableBytes(of: &info) { _dladdr(UnsafeRawPointer(bitPattern: address), $0.baseAddress!) } != 0
    }

    static func demangle(_ symbol: UnsafePointer<CChar>) -> String {
        guard let demangled = _swiftDemangle(symbol, strlen(symbol), nil, nil, 0) else {
            return String(cString: symbol)
        }
        defer { free(demangled) }
        return String(cString: demangled)
    }
}

/// `Dl_info` (dlfcn.h's definition is hidden behind `_GNU_SOURCE`, so not imported).
private struct DynamicLinkInfo {
    var imagePath: UnsafePointer<CChar>?
    var imageBase: UnsafeMutableRawPointer?
    var symbolName: UnsafePointer<CChar>?
    var symbolAddress: UnsafeMutableRawPointer?
}

@_silgen_name("dladdr")
private func _dladdr(_ address: UnsafeRawPointer?, _ info: UnsafeMutableRawPointer) -> Int32

@_silgen_name("swift_demangle")
private func _swiftDemangle(_ mangled: UnsafePointer<CChar>?, _ length: Int, _ output: UnsafeMutablePointer<CChar>?,
                            _ outputSize: UnsafeMutablePointer<Int>?, _ flags: UInt32) -> UnsafeMutablePointer<CChar>?

/// The function symbols of one ELF file's `.symtab`, sorted by address.
struct ELFSymbolTable: Sendable {
    private struct Symbol: Sendable {
        var address: UInt64
        var size: UInt64
        var nameOffset: UInt64
    }
    private let symbols: [Symbol]
    private let stringTableOffset: UInt64
    private let isPositionIndependent: Bool
    private let path: String

    init?(path: String) {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func read(_ offset: UInt64, _ count: Int) -> Data? {
            guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.read(upToCount: count),
                  data.count == count else { return nil }
            return data
        }
        guard let header = read(0, 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2 else { return nil }
        let sectionTable: UInt64 = header.load(at: 0x28)
        let sectionSize = Int(header.load(at: 0x3A) as UInt16)
        let sectionCount = Int(header.load(at: 0x3C) as UInt16)
        guard sectionSize >= 64, let sections = read(sectionTable, sectionSize * sectionCount) else { return nil }
        // Prefer the full symbol table; stripped images only have the dynamic one.
        let symbolTypes: [UInt32] = [2, 11]   // SHT_SYMTAB, SHT_DYNSYM
        guard let symbolSection = symbolTypes.lazy.compactMap({ type in
            (0..<sectionCount).first { sections.load(at: $0 * sectionSize + 4) as UInt32 == type }
        }).first else { return nil }
        let entry = symbolSection * sectionSize
        let link = Int(sections.load(at: entry + 0x28) as UInt32)
        guard link < sectionCount,
              let table = read(sections.load(at: entry + 0x18), Int(sections.load(at: entry + 0x20) as UInt64))
        else { return nil }
        var symbols: [Symbol] = []
        symbols.reserveCapacity(table.count / 24)
        for offset in stride(from: 0, to: table.count - 23, by: 24) where table[table.startIndex + offset + 4] & 0xF == 2 {
            let address: UInt64 = table.load(at: offset + 8)
            guard address != 0 else { continue }
            symbols.append(Symbol(address: address, size: table.load(at: offset + 16),
                                  nameOffset: UInt64(table.load(at: offset) as UInt32)))
        }
        self.symbols = symbols.sorted { $0.address < $1.address }
        self.stringTableOffset = sections.load(at: link * sectionSize + 0x18)
        self.isPositionIndependent = (header.load(at: 0x10) as UInt16) == 3   // ET_DYN
        self.path = path
    }

    /// The mangled name of the function containing `address` (a process address).
    func name(containing address: UInt, imageBase: UInt) -> String? {
        let target = UInt64(isPositionIndependent ? address &- imageBase : address)
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].address <= target { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let symbol = symbols[low - 1]
        guard symbol.size == 0 || target < symbol.address + symbol.size else { return nil }
        return readName(at: stringTableOffset + symbol.nameOffset)
    }

    private func readName(at offset: UInt64) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: offset)) != nil, let bytes = try? file.read(upToCount: 4096) else { return nil }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}

private extension Data {
    func load<T: FixedWidthInteger>(at offset: Int) -> T {
        withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
