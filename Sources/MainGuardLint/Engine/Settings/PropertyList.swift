import Foundation

/// A value of an old-style (OpenStep) ASCII property list, the format of Xcode's `project.pbxproj`.
///
/// ```swift
/// let plist = try PropertyList.parse("{ isa = PBXGroup; children = (A1, B2); }")
/// print(plist["children"]?.strings ?? []) // ["A1", "B2"]
/// ```
public enum PropertyList: Sendable, Hashable {
    case string(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])

    /// The text of a string value; nil for arrays and dictionaries.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The string elements of an array value (other elements skipped); empty for other values.
    public var strings: [String] {
        if case .array(let elements) = self { return elements.compactMap(\.string) }
        return []
    }

    /// The entries of a dictionary value; nil for strings and arrays.
    public var dictionary: [String: PropertyList]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The value stored under `key` when this is a dictionary.
    public subscript(key: String) -> PropertyList? {
        dictionary?[key]
    }

    /// Why a property list could not be read, with the line it stopped at.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Parses the whole text as one value (`// !$*UTF8*$!` headers and `/* */` comments are skipped).
    /// Throws `ParseError` for malformed text; never traps.
    public static func parse(_ text: String) throws -> PropertyList {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the top-level value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        /// Project files nest about six levels deep; the cap keeps hostile input from exhausting the stack.
        static let maximumDepth = 256

        func error(_ reason: String) -> ParseError {
            ParseError(line: bytes[..<min(position, bytes.count)].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }, reason: reason)
        }

        mutating func value(depth: Int) throws -> PropertyList {
            guard depth < Self.maximumDepth else { throw error("nested too deeply") }
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var entries: [String: PropertyList] = [:]
                while true {
                    try skipTrivia()
                    if try peek() == UInt8(ascii: "}") { position += 1; return .dictionary(entries) }
                    let key = try string()
                    try expect("=")
                    entries[key] = try value(depth: depth + 1)
                    try expect(";")
                }
            case UInt8(ascii: "("):
                position += 1
                var elements: [PropertyList] = []
                while true {
                    try skipTrivia()
                    if try peek() == UInt8(ascii: ")") { position += 1; return .array(elements) }
                    elements.append(try value(depth: depth + 1))
                    try skipTrivia()
                    if try peek() == UInt8(ascii: ",") { position += 1 } else { try expect(")"); return .array(elements) }
                }
            case UInt8(ascii: "<"):
                // Data: kept as its hex text; project files do not use it for anything read here.
                let start = position
                guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { throw error("unterminated data") }
                position = end + 1
                return .string(String(decoding: bytes[start..<position], as: UTF8.self))
            default:
                return .string(try string())
            }
        }

        mutating func peek() throws -> UInt8 {
            guard position < bytes.count else { throw error("unexpected end of file") }
            return bytes[position]
        }

        mutating func expect(_ character: Unicode.Scalar) throws {
            try skipTrivia()
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else {
                throw error("expected '\(character)'")
            }
            position += 1
        }

        /// A quoted string (with `\"`, `\\`, `\n`, `\t`, `\Uxxxx` escapes) or a bare word.
        mutating func string() throws -> String {
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file") }
            if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                return try quoted(bytes[position])
            }
            let start = position
            while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
            guard position > start else { throw error("expected a value") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func quoted(_ quote: UInt8) throws -> String {
            position += 1
            var result: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == quote { return String(decoding: result, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): result.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "U"):
                    let end = min(position + 4, bytes.count)
                    let hex = String(decoding: bytes[position..<end], as: UTF8.self)
                    position = end
                    if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                        result.append(contentsOf: Array(String(Character(scalar)).utf8))
                    }
                default: result.append(escaped)
                }
            }
            throw error("unterminated string")
        }

        /// Letters, digits and the punctuation Xcode writes unquoted (`_ $ / : . - +`); other bytes end a word.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                 UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "~"):
                return true
            default:
                return byte >= 0x80
            }
        }

        /// Skips whitespace, `// line` and `/* block */` comments.
        mutating func skipTrivia() throws {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    position += 2
                    while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    guard position + 1 < bytes.count else { throw error("unterminated comment") }
                    position += 2
                } else {
                    return
                }
            }
        }
    }
}
