import Foundation

/// Necessary-condition checks on a file's UTF-8 bytes, so the passes after parsing can skip work.
///
/// These never parse and never decide anything on their own: a token's text is a slice of the source
/// bytes, so when the bytes of a range do not contain a word, no token in that range can be that word and
/// the work that looks for it can be skipped. When they do contain it (in a comment, a string, a longer
/// name) the syntax tree decides as usual. Every answer errs towards "may contain".
struct SourcePrefilter {
    private let bytes: UnsafeBufferPointer<UInt8>

    /// `bytes` must stay valid while the prefilter is used (see `withPrefilter`).
    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Runs `body` with a prefilter over `text`, which a syntax tree parsed from the same text indexes
    /// by UTF-8 offsets.
    static func withPrefilter<Result>(over text: String, _ body: (SourcePrefilter) -> Result) -> Result {
        var text = text
        return text.withUTF8 { body(SourcePrefilter(bytes: $0)) }
    }

    /// False only when no declaration the index records (a type, extension, protocol, function or
    /// initializer) can start in `range`: none of their keywords occurs there as a separate word.
    func mayDeclare(in range: Range<Int>) -> Bool {
        let end = min(range.upperBound, bytes.count)
        var position = max(range.lowerBound, 0)
        let startsKeyword = Self.startsKeyword
        let blocksKeyword = Self.blocksKeyword
        // A keyword starts a word: only bytes after a boundary that can start one are compared.
        var afterBoundary = position == 0 || !blocksKeyword[Int(bytes[position - 1])]
        while position < end {
            let byte = bytes[position]
            if afterBoundary, startsKeyword[Int(byte)] {
                for keyword in Self.declarationKeywords where keyword.first == byte && matches(keyword, at: position, end: end) {
                    return true
                }
            }
            afterBoundary = !blocksKeyword[Int(byte)]
            position += 1
        }
        return false
    }

    /// True when `word` occurs anywhere in the text (as any part of any token, comment or string).
    func contains(_ word: StaticString) -> Bool {
        contains(word, where: { _ in true })
    }

    /// True when `word` occurs at a UTF-8 offset that `accepts` (asked in text order). After
    /// `maximumChecks` rejected occurrences the answer is "may" (true), so a text full of the word
    /// costs no more than `maximumChecks` calls of `accepts`.
    func contains(_ word: StaticString, where accepts: (Int) -> Bool, maximumChecks: Int = 64) -> Bool {
        let count = word.utf8CodeUnitCount
        guard let base = bytes.baseAddress, count > 0 else { return false }
        // memchr finds each occurrence of one byte far faster than a byte loop. It looks for the first
        // byte that is not `.`: periods are everywhere in Swift, so `.main` is found by its `m`.
        let anchor = word.utf8Start.pointee == UInt8(ascii: ".") && count > 1 ? 1 : 0
        var position = 0
        var checks = 0
        while position + count <= bytes.count,
              let found = memchr(base + position + anchor, Int32(word.utf8Start[anchor]), bytes.count - position - count + 1) {
            position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
            if memcmp(base + position, word.utf8Start, count) == 0 {
                guard checks < maximumChecks else { return true }
                if accepts(position) { return true }
                checks += 1
            }
            position += 1
        }
        return false
    }

    private func matches(_ keyword: [UInt8], at position: Int, end: Int) -> Bool {
        guard position + keyword.count <= end else { return false }
        for offset in 1..<keyword.count where bytes[position + offset] != keyword[offset] { return false }
        let after = position + keyword.count
        return after >= bytes.count || !Self.continuesName(bytes[after])
    }

    /// ASCII letters, digits and `_`: a keyword next to one of these is part of a longer name. Other
    /// bytes (including non-ASCII ones) count as a boundary, which can only make the answer "may".
    private static func continuesName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The keywords that start the declarations `DeclarationCollector` records. `protocol` and
    /// `extension` cannot be local in valid code, but the parser still builds them there.
    private static let declarationKeywords: [[UInt8]] = ["func", "init", "class", "struct", "enum", "actor", "protocol", "extension"]
        .map { Array($0.utf8) }

    private static let startsKeyword: [Bool] = (0..<256).map { byte in declarationKeywords.contains { $0.first == UInt8(byte) } }

    /// Bytes after which a keyword cannot start: name bytes, and `.` (`.init` is a member, not a declaration).
    private static let blocksKeyword: [Bool] = (0..<256).map { byte in continuesName(UInt8(byte)) || byte == Int(UInt8(ascii: ".")) }
}
