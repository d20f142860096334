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
        while position < end {
            let byte = bytes[position]
            guard Self.startsKeyword[Int(byte)] else {
                position += 1
                continue
            }
            if position > 0, Self.continuesName(bytes[position - 1]) || bytes[position - 1] == UInt8(ascii: ".") {
                position += 1
                continue
            }
            for keyword in Self.declarationKeywords where keyword.first == byte && matches(keyword, at: position, end: end) {
                return true
            }
            position += 1
        }
        return false
    }

    /// For each of `words`, whether it occurs anywhere in the text (as any part of any token, comment
    /// or string); one pass over the bytes for all of them.
    func contains(_ words: [StaticString]) -> [Bool] {
        let patterns = words.map { UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount) }
        var startsPattern = [Bool](repeating: false, count: 256)
        for pattern in patterns { if let first = pattern.first { startsPattern[Int(first)] = true } }
        var found = [Bool](repeating: false, count: words.count)
        var missing = words.count
        for position in bytes.indices where startsPattern[Int(bytes[position])] {
            for (number, pattern) in patterns.enumerated() where !found[number] && pattern.first == bytes[position] {
                guard position + pattern.count <= bytes.count, matchesBytes(pattern, at: position) else { continue }
                found[number] = true
                missing -= 1
                if missing == 0 { return found }
            }
        }
        return found
    }

    private func matches(_ keyword: [UInt8], at position: Int, end: Int) -> Bool {
        guard position + keyword.count <= end else { return false }
        for offset in 1..<keyword.count where bytes[position + offset] != keyword[offset] { return false }
        let after = position + keyword.count
        return after >= bytes.count || !Self.continuesName(bytes[after])
    }

    private func matchesBytes(_ pattern: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        for offset in 1..<pattern.count where bytes[position + offset] != pattern[offset] { return false }
        return true
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
}
