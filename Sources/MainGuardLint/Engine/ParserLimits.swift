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
        // Fast path: without that many `[` bytes in the whole text there cannot be such a run.
        guard text.utf8.count(where: { $0 == UInt8(ascii: "[") }) > maximumNestedSquareBrackets else { return nil }
        var text = text
        let longest = text.withUTF8 { buffer -> Int in
            guard !buffer.isEmpty else { return 0 }
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
}
