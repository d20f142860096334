import SwiftSyntax

/// Private functions that nothing calls: a `private` or `fileprivate` function is callable only from its
/// own file, so one whose name the file's text holds only where it declares it is dead code, and work in it
/// never runs. A mention inside another private function that nothing calls does not count either: a
/// helper called only from a dead function is dead too (blind round AS: a folder listed by a helper whose
/// one caller nothing calls). Comments and strings count as mentions (a `#selector`, a `perform("name")`):
/// the check errs towards reporting. Each function's name is searched once per file, however many hits it holds.
///
/// Without `include_low_cost`, a call on an error path (`Syntax.isOnAnErrorPath`: a `catch`, `if !succeeded`)
/// does not count either: a helper called only there runs when something failed, which blind reviews judged
/// a rare path (round AS: a process stopped and polled only in a `defer` when a dry run failed). Nor does a
/// call that runs only for a launch argument or an environment variable (`Syntax.runsOnlyForALaunchArgument`:
/// blind round BA, an in-app regression suite run only when `MUSICPLAYER_RUN_REGRESSION_TESTS=1`).
///
/// ```swift
/// var uncalled = UncalledFunctions(text: source, ignoringRarePaths: true)
/// let dead = uncalled.contains(Syntax(hit.token))
/// ```
struct UncalledFunctions {
    let text: String
    /// Whether a call on an error path, or for a launch argument, counts as no call.
    let ignoresRarePaths: Bool
    private var answers: [SyntaxIdentifier: Bool] = [:]

    init(text: String, ignoringRarePaths: Bool) {
        self.text = text
        self.ignoresRarePaths = ignoringRarePaths
    }

    /// How many private callers deep a dead chain is followed.
    static let deepestChain = 6

    /// True when `node` is written in a private function (`Syntax.enclosingPrivateFunction`) that its file
    /// names only where it declares it, or in other private functions that nothing calls.
    mutating func contains(_ node: Syntax) -> Bool {
        guard let function = node.enclosingPrivateFunction else { return false }
        return isUncalled(function, root: node.root, assumingUncalled: [])
    }

    /// `assumingUncalled`: the functions whose answer is being worked out further up, taken as uncalled so
    /// that two helpers calling only each other are dead; an answer that leans on them is not kept.
    private mutating func isUncalled(_ function: FunctionDeclSyntax, root: Syntax, assumingUncalled: Set<SyntaxIdentifier>) -> Bool {
        if let known = answers[function.id] { return known }
        let assumed = assumingUncalled.union([function.id])
        var answer = true
        for mention in callingMentions(of: function, root: root) {
            guard let caller = mention?.enclosingPrivateFunction else {
                answer = false
                break
            }
            if assumed.contains(caller.id) { continue }
            // A chain of helpers deeper than a few calls counts as called: the answer stays cheap and the
            // stack shallow in a generated file of thousands of private functions.
            if assumed.count >= Self.deepestChain || !isUncalled(caller, root: root, assumingUncalled: assumed) {
                answer = false
                break
            }
        }
        if assumingUncalled.isEmpty || !answer { answers[function.id] = answer }
        return answer
    }
}

extension UncalledFunctions {
    /// The functions, not `private`, that every chain of this file's callers leading to `node` starts
    /// from: `node` runs only if another file calls one of them (`UncalledElsewhere`). Nil when code of
    /// this file that may run reaches `node` (a property's initial value, a function the system may call,
    /// which `mayBeCalledFromOutside` names), when `node` is in no function, or when the callers met number
    /// more than four times `deepestChain` (the answer stays cheap in a generated file).
    ///
    /// ```swift
    /// // enum Exporter { static func share(_ image: UIImage) { Task { await save(image) } }
    /// //                 private static func save(_ image: UIImage) async { _ = image.pngData() } }
    /// uncalled.rootsCalledOnlyElsewhere(around: Syntax(hit.token)) { _ in false } // [share]
    /// ```
    func rootsCalledOnlyElsewhere(around node: Syntax, mayBeCalledFromOutside: (FunctionDeclSyntax) -> Bool) -> [FunctionDeclSyntax]? {
        guard let function = node.enclosingFunction?.as(FunctionDeclSyntax.self) else { return nil }
        var roots: [SyntaxIdentifier: FunctionDeclSyntax] = [:]
        var seen: Set<SyntaxIdentifier> = []
        var pending = [function]
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            guard seen.count <= Self.deepestChain * 4 else { return nil }
            if !next.isCallableOnlyInItsFile {
                if mayBeCalledFromOutside(next) { return nil }
                roots[next.id] = next
            }
            for mention in callingMentions(of: next, root: node.root) {
                guard let caller = mention?.enclosingFunction?.as(FunctionDeclSyntax.self) else { return nil }
                pending.append(caller)
            }
        }
        return roots.values.sorted { $0.position < $1.position }
    }

    /// The tokens of the file that name `function` and may call it: not its declaration, not a call to
    /// itself (a retry, a polling loop: blind round Z read a `sleep` in a private method that only restarts
    /// itself), and, with `ignoresRarePaths`, not a call on an error path or for a launch argument. A word in
    /// a comment or a string maps to the token after it (nil past the end).
    private func callingMentions(of function: FunctionDeclSyntax, root: Syntax) -> [Syntax?] {
        let body = function.bodyOffsets
        let declaration = function.name.positionAfterSkippingLeadingTrivia.utf8Offset
        let offsets = SourcePrefilter.withPrefilter(over: text) { prefilter in
            prefilter.offsets(ofWord: function.name.text).filter { !body.contains($0) && $0 != declaration }
        }
        return offsets.map { root.token(at: AbsolutePosition(utf8Offset: $0)).map(Syntax.init) }.filter { mention in
            !(ignoresRarePaths && (mention?.isOnAnErrorPath == true || mention?.runsOnlyForALaunchArgument == true))
        }
    }
}

extension FunctionDeclSyntax {
    /// `private`, `fileprivate`, or local to another function: only its own file can call it.
    var isCallableOnlyInItsFile: Bool {
        if isPrivateToItsFile { return true }
        guard let outer = Syntax(self).enclosingFunction else { return false }
        return !outer.is(MemberBlockSyntax.self) && !outer.is(SourceFileSyntax.self)
    }

    /// Declared `private` or `fileprivate`.
    var isPrivateToItsFile: Bool {
        modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
    }

    /// The UTF-8 offsets of the body, braces included (empty without one): a mention of the function's name
    /// there is a call to itself.
    var bodyOffsets: Range<Int> { body.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset } ?? 0..<0 }
}
