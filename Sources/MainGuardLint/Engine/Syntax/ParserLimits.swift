import Foundation
@_spi(Testing) @_spi(RawSyntax) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Inputs SwiftParser 603.0.1 cannot parse in reasonable time, recognised with its own lexer.
///
/// To decide whether `[` starts a type (`[[Int]]()`), the parser's lookahead tries an inline-array
/// type (`[3 of Int]`) and then a collection type, each recursing into the next `[`: two tries per
/// level, so a run of directly nested `[` costs 2^n (measured in a debug build: 14 levels 0.6 s,
/// 18 levels 6 s, 22 levels over a minute). No real code nests array brackets that deep, but a
/// generated or corrupted file can, and one such file must not hang a whole lint run.
///
/// ```swift
/// if let depth = ParserLimits.excessiveBracketRun(in: text) { print("skipped: \(depth) nested [") }
/// ```
public enum ParserLimits {
    /// The longest run of directly nested `[` the linter hands to SwiftParser.
    public static let maximumNestedSquareBrackets = 12

    /// The length of the longest run of consecutive `[` tokens when it exceeds the limit, else nil.
    /// Lexing is linear, so the check costs a fraction of the parse it protects.
    public static func excessiveBracketRun(in text: String) -> Int? {
        var text = text
        let longest = text.withUTF8 { buffer -> Int in
            // Lexing costs a good part of a parse; the bytes rule out nearly every real file first.
            guard mayHaveBracketRun(buffer) else { return 0 }
            var tracker = LookaheadTracker()
            return withUnsafeMutablePointer(to: &tracker) { tracker in
                var run = 0, longest = 0
                for lexeme in Lexer.tokenize(buffer, lookaheadTracker: tracker, experimentalFeatures: []) {
                    if lexeme.rawTokenKind == .endOfFile { break }
                    run = lexeme.rawTokenKind == .leftSquare ? run + 1 : 0
                    longest = max(longest, run)
                }
                return longest
            }
        }
        return longest > maximumNestedSquareBrackets ? longest : nil
    }

    /// A necessary condition for a run, read from the bytes without lexing: more than the limit of `[`
    /// bytes with nothing between them that would start a token. Between the `[` tokens of a run the
    /// lexer sees only trivia: whitespace, comments, control and non-ASCII bytes it cannot lex, a byte
    /// order mark, merge-conflict markers (with anything inside). So this resets the count only at a
    /// byte that starts a token outside a comment, counts every `[` inside a comment (a comment start
    /// inside a string literal is then harmless) and gives up on anything that may be a conflict marker
    /// inside a run (before a run, a marker's text can only add `[` bytes to count).
    /// False means the lexer cannot find a run; true sends the text to the lexer.
    static func mayHaveBracketRun(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var blockCommentDepth = 0
        var inLineComment = false
        var angleRun = 0
        var position = 0
        while position < bytes.count {
            if run == 0 {
                // Outside a run (and so outside any comment this check follows) only the next `[` matters.
                guard let base = bytes.baseAddress,
                      let found = memchr(base + position, Int32(UInt8(ascii: "[")), bytes.count - position) else { return false }
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let byte = bytes[position]
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            position += 1
            if byte == UInt8(ascii: "[") {
                run += 1
                if run > maximumNestedSquareBrackets { return true }
                continue
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                angleRun += 1
                if angleRun >= 4 { return true }
                continue
            }
            angleRun = 0
            if inLineComment {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { inLineComment = false }
            } else if blockCommentDepth > 0 {
                if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") { blockCommentDepth -= 1; position += 1 }
                else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") { blockCommentDepth += 1; position += 1 }
            } else if byte == UInt8(ascii: "/"), run > 0, next == UInt8(ascii: "/") {
                inLineComment = true
                position += 1
            } else if byte == UInt8(ascii: "/"), run > 0, next == UInt8(ascii: "*") {
                blockCommentDepth = 1
                position += 1
            } else if byte > 0x20, byte < 0x7F {
                run = 0
            }
        }
        return false
    }
}
