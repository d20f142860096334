import SwiftSyntax

/// Private functions that nothing calls: a `private` or `fileprivate` function is callable only from its
/// own file, so one whose name the file's text holds once outside its own body (its declaration) is dead
/// code, and work in it never runs. Comments and strings count as mentions (a `#selector`, a `perform("name")`): the check errs
/// towards reporting. Each function's name is searched once per file, however many hits it holds.
///
/// ```swift
/// var uncalled = UncalledFunctions(text: source)
/// let dead = uncalled.contains(Syntax(hit.token))
/// ```
struct UncalledFunctions {
    let text: String
    private var answers: [SyntaxIdentifier: Bool] = [:]

    init(text: String) { self.text = text }

    /// True when `node` is written in a private function (`Syntax.enclosingPrivateFunction`) that its file
    /// names only where it declares it.
    mutating func contains(_ node: Syntax) -> Bool {
        guard let function = node.enclosingPrivateFunction else { return false }
        if let known = answers[function.id] { return known }
        let name = function.name.text
        // A call to itself (a retry, a polling loop) is no caller: blind round Z read a `sleep` in a private
        // method that only restarts itself.
        let body = function.bodyOffsets
        let answer = SourcePrefilter.withPrefilter(over: text) { prefilter in
            prefilter.offsets(ofWord: name).filter { !body.contains($0) }.count <= 1
        }
        answers[function.id] = answer
        return answer
    }
}

extension FunctionDeclSyntax {
    /// The UTF-8 offsets of the body, braces included (empty without one): a mention of the function's name
    /// there is a call to itself.
    var bodyOffsets: Range<Int> { body.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset } ?? 0..<0 }
}
