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
        guard position < end, let base = bytes.baseAddress else { return false }
        // A keyword starts a word: only bytes after a boundary that can start one are compared.
        var afterBoundary = position == 0 || !Self.blocksKeyword(base[position - 1])
        while position < end {
            let byte = base[position]
            if afterBoundary, Self.startsKeyword(byte), let length = Self.declarationKeywordLength(at: base + position, available: end - position),
               position + length >= bytes.count || !Self.continuesName(base[position + length]) {
                return true
            }
            afterBoundary = !Self.blocksKeyword(byte)
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
        // memchr finds each occurrence of one byte far faster than a byte loop; it looks for the word's
        // rarest byte, so it stops rarely (`.main` by its `m`, not at every period; `random` by its `m`).
        let anchor = (0..<count).min { Self.frequency(word.utf8Start[$0]) < Self.frequency(word.utf8Start[$1]) } ?? 0
        let anchorByte = Int32(word.utf8Start[anchor])
        var position = 0
        var checks = 0
        while position + count <= bytes.count,
              let found = memchr(base + position + anchor, anchorByte, bytes.count - position - count + 1) {
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

    /// True when `word` occurs as a whole word (not inside a longer name), in code, comments or strings.
    /// It looks for the word's rarest byte with `memchr` and stops at the first occurrence.
    func containsWord(_ word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard let base = bytes.baseAddress, !pattern.isEmpty, pattern.count <= bytes.count else { return false }
        let anchor = pattern.indices.min { Self.frequency(pattern[$0]) < Self.frequency(pattern[$1]) } ?? 0
        // The anchor byte can sit from `anchor` up to the last place that leaves room for the rest of the word.
        let limit = bytes.count - (pattern.count - 1 - anchor)
        var position = anchor
        while position < limit, let hit = memchr(base + position, Int32(pattern[anchor]), limit - position) {
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let start = found - anchor
            if isWholeWord(pattern, at: start) { return true }
            position = found + 1
        }
        return false
    }

    /// True when `word` occurs as a whole word followed by `(` or `{` (spaces between) and not after
    /// `func `: a call of a function of that name, perhaps with a trailing closure, not its declaration.
    func callsWord(_ word: String) -> Bool {
        let declaration = Array("func ".utf8)
        return offsets(ofWord: word).contains { start in
            var next = start + word.utf8.count
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: "(") || bytes[next] == UInt8(ascii: "{") else { return false }
            return start < declaration.count || !bytes[(start - declaration.count)..<start].elementsEqual(declaration)
        }
    }

    /// Where `word` occurs as a whole word (not inside a longer name), by UTF-8 offset: every mention of
    /// a type's name, in code, comments and strings alike.
    func offsets(ofWord word: String) -> [Int] {
        let pattern = Array(word.utf8)
        guard let base = bytes.baseAddress, let first = pattern.first else { return [] }
        var found: [Int] = []
        var position = 0
        while position + pattern.count <= bytes.count,
              let hit = memchr(base + position, Int32(first), bytes.count - position - pattern.count + 1) {
            let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if isWholeWord(pattern, at: start) { found.append(start) }
            position = start + 1
        }
        return found
    }

    /// The byte at `offset` is in a line comment (`//`, `///`): a `//` comes before it on its line, outside
    /// a string literal (an even number of unescaped quotes before it). A comment calls nothing, whether it
    /// is prose (`// We do not call removeMapping() here`) or code someone commented out (`// setUpTor()`):
    /// blind round BE, two waits whose only mentions were in comments.
    ///
    /// ```swift
    /// prefilter.isInLineComment(at: offset) // true for "start" in "// tor.start()", false in "let s = \"//start\""
    /// ```
    func isInLineComment(at offset: Int) -> Bool {
        lineBefore(offset)?.inComment ?? false
    }

    /// The word at `offset` is a later part of a dotted key in a string literal (`"more.backup.restoreBackup"`,
    /// a localization key): it names no function to call (blind round BF: a restore that nothing called,
    /// kept by its settings row's title key). A string that is the name, or starts with it, still counts (a
    /// selector: `"restoreBackup:"`), as does a member after a type (`"PhotoExporter.share"`) and a type after
    /// a module (`"App.ListsViewController"`).
    ///
    /// ```swift
    /// prefilter.isInADottedKey(at: offset) // true for "restoreBackup" in "more.backup.restoreBackup"
    /// ```
    func isInADottedKey(at offset: Int) -> Bool {
        guard let base = bytes.baseAddress, offset > 0, offset <= bytes.count, base[offset - 1] == UInt8(ascii: "."),
              let line = lineBefore(offset), line.inString else { return false }
        // The part before the dot starts in lowercase, as a key's parts do; a type's name does not.
        var part = offset - 1
        while part > line.start, base[part - 1] != UInt8(ascii: "."), base[part - 1] != UInt8(ascii: "\"") { part -= 1 }
        return part < offset - 1 && base[part] >= UInt8(ascii: "a") && base[part] <= UInt8(ascii: "z")
    }

    /// The line of `offset`, read from its start up to `offset`: where it starts, whether `offset` is inside a
    /// string literal (an odd number of unescaped quotes before it), and whether a `//` outside a string
    /// comes before it. nil for an offset outside the text.
    private func lineBefore(_ offset: Int) -> (start: Int, inString: Bool, inComment: Bool)? {
        guard let base = bytes.baseAddress, offset >= 0, offset <= bytes.count else { return nil }
        var start = offset
        while start > 0, base[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var inString = false
        var position = start
        while position < offset {
            let byte = base[position]
            if byte == UInt8(ascii: "\\"), inString {
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            if !inString, byte == UInt8(ascii: "/"), position + 1 < offset, base[position + 1] == UInt8(ascii: "/") {
                return (start, false, true)
            }
            position += 1
        }
        return (start, inString, false)
    }

    /// `DEBUG`, `DEBUG_CALIBRATION`, or either `&& ...`: a compilation condition only debug builds meet
    /// (`#if DEBUG`), as both `debugOnlyRanges()` and `Syntax.isDebugOnlyCode` read it.
    static func isDebugBuildCondition(_ condition: String) -> Bool {
        // `DEBUG`, or a flag named for a debugging build of its own (`DEBUG_CALIBRATION`, which blind round
        // BV's probe found set only by an internal calibration target), alone or first of an `&&`.
        let flag = condition.prefix { $0 != " " && $0 != "&" }
        guard flag == "DEBUG" || flag.hasPrefix("DEBUG_") else { return false }
        let rest = condition.dropFirst(flag.count).drop { $0 == " " }
        return rest.isEmpty || rest.hasPrefix("&&")
    }

    /// The byte ranges compiled only into debug builds: the lines after `#if DEBUG` (or `#if DEBUG && ...`, as
    /// `Syntax.isDebugOnlyCode` reads them) up to the matching `#else`, `#elseif` or `#endif`, nested
    /// conditions included. A name written there calls nothing in the app users run (blind round BN: a
    /// list of every installed app, reached only from a debug menu).
    ///
    /// ```swift
    /// prefilter.debugOnlyRanges() // [12..<80] for "#if DEBUG\n menu.addItem(seedItem)\n#endif"
    /// ```
    func debugOnlyRanges() -> [Range<Int>] {
        guard contains("#if DEBUG"), let base = bytes.baseAddress else { return [] }
        var ranges: [Range<Int>] = []
        // Per open `#if`: where its debug-only part started, if it is one and is still open.
        var open: [Int?] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, base[end] != UInt8(ascii: "\n") { end += 1 }
            var first = start
            while first < end, base[first] == UInt8(ascii: " ") || base[first] == UInt8(ascii: "\t") { first += 1 }
            if first < end, base[first] == UInt8(ascii: "#") {
                let line = String(decoding: UnsafeBufferPointer(start: base + first, count: end - first), as: UTF8.self)
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                switch words.first {
                case "#if":
                    let condition = words.dropFirst().joined(separator: " ")
                    open.append(Self.isDebugBuildCondition(condition) ? end : nil)
                case "#else", "#elseif", "#endif":
                    if let last = open.last, let debugStart = last { ranges.append(debugStart..<first) }
                    if words.first == "#endif" { _ = open.popLast() } else if !open.isEmpty { open[open.count - 1] = nil }
                default: break
                }
            }
            start = end + 1
        }
        return ranges
    }

    /// The word of `length` bytes at `offset` is a Swift file's name: `.swift` follows it, ending a word
    /// (`ListsViewController.swift` in a project's file list).
    func namesASwiftFile(wordAt offset: Int, length: Int) -> Bool {
        let suffix = Array(".swift".utf8)
        let start = offset + length
        guard let base = bytes.baseAddress, start + suffix.count <= bytes.count,
              suffix.indices.allSatisfy({ base[start + $0] == suffix[$0] }) else { return false }
        let end = start + suffix.count
        return end == bytes.count || !Self.continuesName(base[end])
    }

    /// When the word at `offset` follows a `.` (`value.load`, `Config.load`, `)\n    .load`), the name
    /// written just before the dot, or "" for any other expression there (a call, a subscript, an implicit
    /// member); nil when no dot precedes the word.
    func receiverBeforeDot(at offset: Int) -> String? {
        guard let base = bytes.baseAddress, offset <= bytes.count else { return nil }
        var position = offset - 1
        while position >= 0, Self.isSpace(base[position]) { position -= 1 }
        guard position >= 0, base[position] == UInt8(ascii: ".") else { return nil }
        return wordBefore(position) ?? ""
    }

    /// The first byte at or after `offset` that is not a space, tab or line break; nil at the end.
    func byteAfterSpaces(at offset: Int) -> UInt8? {
        offsetAfterSpaces(at: offset).map { bytes[$0] }
    }

    /// Where that byte is.
    func offsetAfterSpaces(at offset: Int) -> Int? {
        var position = max(offset, 0)
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        return position < bytes.count ? position : nil
    }

    /// The names the text's declarations of `type` inherit, or its extensions add: `["NSObject",
    /// "NSTableViewDelegate"]` for `class Exporter: NSObject, NSTableViewDelegate {`. A generic clause is
    /// skipped up to its `>`; the list ends at `{` or `where`. With `declaredBy: ["protocol"]`, the
    /// protocols a protocol of that name refines.
    func inheritedNames(of type: String, declaredBy keywords: Set<String> = ["class", "struct", "enum", "actor", "extension"]) -> [String] {
        offsets(ofWord: type).flatMap { offset -> [String] in
            guard let keyword = wordBefore(offset), keywords.contains(keyword),
                  let base = bytes.baseAddress else { return [] }
            var position = offset + type.utf8.count
            if byteAfterSpaces(at: position) == UInt8(ascii: "<") {
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
                position += 1
            }
            guard let colon = offsetAfterSpaces(at: position), bytes[colon] == UInt8(ascii: ":") else { return [] }
            var end = colon + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "{") { end += 1 }
            let clause = String(decoding: UnsafeBufferPointer(start: base + colon + 1, count: end - colon - 1), as: UTF8.self)
            let list = clause.components(separatedBy: " where ").first ?? clause
            return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    /// The names of the protocols the text declares (`ProgressView` for `protocol ProgressView: AnyObject {`).
    func declaredProtocolNames() -> [String] {
        guard containsWord("protocol") else { return [] }
        return offsets(ofWord: "protocol").compactMap { nameAfter($0 + "protocol".utf8.count)?.name }
    }

    /// The names of the classes the text declares (`AppHandlers` for `final class AppHandlers: NSObject {`), not
    /// the members `class func` and `class var` declare.
    func declaredClassNames() -> [String] {
        guard containsWord("class") else { return [] }
        return offsets(ofWord: "class").compactMap { offset in
            guard let name = nameAfter(offset + "class".utf8.count)?.name, name.first?.isUppercase == true else { return nil }
            return name
        }
    }

    /// The name written just before `offset`, spaces between; nil when none ends there.
    private func wordBefore(_ offset: Int) -> String? {
        guard let base = bytes.baseAddress, offset <= bytes.count else { return nil }
        var position = offset - 1
        while position >= 0, Self.isSpace(base[position]) { position -= 1 }
        let end = position + 1
        while position >= 0, Self.continuesName(base[position]) { position -= 1 }
        guard end > position + 1 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base + position + 1, count: end - position - 1), as: UTF8.self)
    }

    /// `label` in `label: value` starting at `offset` (after spaces); nil when no name and colon start there.
    func labelAfter(_ offset: Int) -> String? {
        guard let (label, end) = nameAfter(offset), byteAfterSpaces(at: end) == UInt8(ascii: ":") else { return nil }
        return label
    }

    /// The name starting at `offset` (after spaces) and the offset just past it; nil when none starts there.
    private func nameAfter(_ offset: Int) -> (name: String, end: Int)? {
        guard let start = offsetAfterSpaces(at: offset), let base = bytes.baseAddress else { return nil }
        var end = start
        while end < bytes.count, Self.continuesName(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self), end)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// `pattern` starts at byte `start` and neither byte around it continues a name. The caller has checked
    /// that the pattern fits in the text from `start`.
    private func isWholeWord(_ pattern: [UInt8], at start: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = start + pattern.count
        return memcmp(base + start, pattern, pattern.count) == 0
            && (start == 0 || !Self.continuesName(base[start - 1])) && (end == bytes.count || !Self.continuesName(base[end]))
    }

    /// A rough rank of how often `byte` occurs in Swift source (higher is more often): punctuation and
    /// lowercase letters by their frequency in English text, then digits and capitals. Only picks
    /// which byte of a word `contains` looks for; any choice gives the same answer.
    private static func frequency(_ byte: UInt8) -> Int {
        if let rank = lowercaseByFrequency.firstIndex(of: byte) { return 20 + rank }
        let isCapitalOrDigit = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        return isCapitalOrDigit ? 10 : 50
    }

    private static let lowercaseByFrequency = Array("zqjxkvbpgwyfmculdhrsnioate".utf8)

    /// ASCII letters, digits and `_`: a keyword next to one of these is part of a longer name. Other
    /// bytes (including non-ASCII ones) count as a boundary, which can only make the answer "may".
    private static func continuesName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The keywords that start the declarations `DeclarationCollector` records: `func`, `init`, `class`,
    /// `struct`, `enum`, `actor`, `protocol`, `extension`. `protocol` and `extension` cannot be local in
    /// valid code, but the parser still builds them there.
    ///
    /// The length of the keyword spelled at `start` (within `available` bytes), or nil. Compares the first
    /// four bytes as one integer, then the rest: this runs at most word starts of every body.
    private static func declarationKeywordLength(at start: UnsafePointer<UInt8>, available: Int) -> Int? {
        guard available >= 4 else { return nil }
        let head = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
        let tail = { (text: StaticString) -> Bool in
            available >= 4 + text.utf8CodeUnitCount && memcmp(start + 4, text.utf8Start, text.utf8CodeUnitCount) == 0
        }
        // The integers are the keywords' first four bytes read as a little-endian UInt32.
        switch head {
        case 0x636E7566 /* func */, 0x74696E69 /* init */, 0x6D756E65 /* enum */: return 4
        case 0x73616C63 /* clas */: return tail("s") ? 5 : nil
        case 0x6F746361 /* acto */: return tail("r") ? 5 : nil
        case 0x75727473 /* stru */: return tail("ct") ? 6 : nil
        case 0x746F7270 /* prot */: return tail("ocol") ? 8 : nil
        case 0x65747865 /* exte */: return tail("nsion") ? 9 : nil
        default: return nil
        }
    }

    /// The first bytes of the declaration keywords: `f`, `i`, `c`, `s`, `e`, `a`, `p`.
    private static func startsKeyword(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "a"),
             UInt8(ascii: "p"): true
        default: false
        }
    }

    /// Bytes after which a keyword cannot start: name bytes, and `.` (`.init` is a member, not a declaration).
    private static func blocksKeyword(_ byte: UInt8) -> Bool { continuesName(byte) || byte == UInt8(ascii: ".") }
}
