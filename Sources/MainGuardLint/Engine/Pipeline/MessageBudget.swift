/// Messages a person reads: about 200 characters at most, the heavy or blocking call first, where the
/// main actor came from in a few words, then the fix for the module's settings (the rationale is in
/// `mainguard explain RULE`). A rule builds its message in the fullest style that fits the budget;
/// a longer one drops the argument labels of the functions a call chain passes through, then the reason
/// a type is main-actor ("AlbumViewController.load" for "AlbumViewController.load (AlbumViewController
/// subclasses UIViewController)"), then the middle of the chain.
///
/// ```swift
/// let message = MessageBudget.fit { style in
///     "\(style.signature("saveSnippet(folder:name:content:)")) writes a file, via \(style.chain(["rename(_:)", "save(_:)"]))"
/// }
/// ```
enum MessageBudget {
    /// Characters a message aims to stay within (the other callers of a shared cause may add a few).
    static let characters = 200

    /// The first of `MessageStyle.progressivelyShorter` whose message fits, else the shortest.
    static func fit(_ build: (MessageStyle) -> String) -> String {
        var message = ""
        for style in MessageStyle.progressivelyShorter {
            message = build(style)
            if message.count <= characters { return message }
        }
        return message
    }
}

/// How much of each part a message spells out (see `MessageBudget`).
///
/// ```swift
/// MessageStyle(compactSignatures: true).signature("load(from:into:)") // "load(…)"
/// ```
struct MessageStyle: Sendable {
    /// `saveSnippet(…)` for `saveSnippet(folder:name:content:)`.
    var compactSignatures = false
    /// The place only, without why its type is main-actor.
    var briefOrigins = false
    /// A chain as its two ends: `load() → … → decode()` for `load() → parse() → decode()`.
    var shortChains = false

    static let progressivelyShorter = [
        MessageStyle(),
        MessageStyle(compactSignatures: true),
        MessageStyle(compactSignatures: true, briefOrigins: true),
        MessageStyle(compactSignatures: true, briefOrigins: true, shortChains: true),
    ]

    /// A function as `name(label:label:)`, or `name(…)` in a compact style when it has two labels or more.
    func signature(_ signature: String) -> String {
        guard compactSignatures, let open = signature.firstIndex(of: "("), signature.hasSuffix(")"),
              signature[open...].count(where: { $0 == ":" }) >= 2 else { return signature }
        return signature[..<open] + "(…)"
    }

    func origin(_ origin: MainActorOrigin) -> String {
        briefOrigins ? origin.brief : origin.description
    }

    /// The functions a call passes through, at most three of them (two in the shortest style):
    /// `load() → … → decode()`.
    func chain(_ functions: [String]) -> String {
        CallChain.shortened(functions.map(signature), limit: shortChains ? 2 : 3)
    }
}
