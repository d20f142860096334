/// A path glob as SwiftLint's `included`/`excluded` accept: `*` and `?` stay within one path
/// component, `**` crosses folders (and `**/` may match no folder at all).
///
/// ```swift
/// Glob("/app/**/Generated/*.swift").matches("/app/Sources/Generated/API.swift") // true
/// ```
public struct Glob: Sendable, Hashable {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether the whole path matches the pattern.
    public func matches(_ path: String) -> Bool {
        Self.match(Array(pattern.unicodeScalars)[...], Array(path.unicodeScalars)[...])
    }

    /// Whether the path or one of its ancestor folders matches: excluding `Sources/Generated`
    /// excludes every file in it.
    public func matchesPathOrAncestor(_ path: String) -> Bool {
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if matches(String(candidate)) { return true }
            guard let slash = candidate.lastIndex(of: "/") else { return false }
            candidate = candidate[..<slash]
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ path: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        let rest = pattern.dropFirst()
        switch first {
        case "*" where rest.first == "*":
            let afterStars = rest.dropFirst()
            if afterStars.first == "/", match(afterStars.dropFirst(), path) { return true }
            return matchSkipping(afterStars, path, crossingFolders: true)
        case "*":
            return matchSkipping(rest, path, crossingFolders: false)
        case "?":
            guard let next = path.first, next != "/" else { return false }
            return match(rest, path.dropFirst())
        default:
            return path.first == first && match(rest, path.dropFirst())
        }
    }

    /// Tries the rest of the pattern after skipping 0, 1, 2... characters of the path.
    private static func matchSkipping(
        _ pattern: ArraySlice<Unicode.Scalar>, _ path: ArraySlice<Unicode.Scalar>, crossingFolders: Bool
    ) -> Bool {
        var candidate = path
        while true {
            if match(pattern, candidate) { return true }
            guard let next = candidate.first, crossingFolders || next != "/" else { return false }
            candidate = candidate.dropFirst()
        }
    }
}
