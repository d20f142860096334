import SwiftSyntax

/// Private functions that nothing calls: a `private` or `fileprivate` function is callable only from its
/// own file, so one whose name the file's text holds only where it declares it is dead code, and work in it
/// never runs. A mention inside another private function that nothing calls does not count either: a
/// helper called only from a dead function is dead too (blind round AS: a folder listed by a helper whose
/// one caller nothing calls). Strings count as mentions (a `perform("name")`): the check errs towards
/// reporting. Comments do not: a comment calls nothing. Each function's name is searched once per file,
/// however many hits it holds.
///
/// Without `include_low_cost`, a call on an error path (`Syntax.isOnAnErrorPath`: a `catch`, `if !succeeded`)
/// does not count either: a helper called only there runs when something failed, which blind reviews judged
/// a rare path (round AS: a process stopped and polled only in a `defer` when a dry run failed). Nor does a
/// call that runs only for a launch argument or an environment variable (`Syntax.runsOnlyForALaunchArgument`:
/// blind round BA, an in-app regression suite run only when `MUSICPLAYER_RUN_REGRESSION_TESTS=1`), nor a call
/// in a function named for a one-off task (`AppLifecycle.isInOneOffTask`: blind round BI, the table reads of a
/// Launchpad importer, private helpers that only its `importFrom…` functions call).
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

    /// True when `node` is written in a private function or computed property (`Syntax.enclosingPrivateCode`)
    /// that its file names only where it declares it, or in other private code that nothing calls.
    mutating func contains(_ node: Syntax) -> Bool {
        guard let code = node.enclosingPrivateCode else { return false }
        return isUncalled(code, root: node.root, assumingUncalled: [])
    }

    /// `assumingUncalled`: the functions whose answer is being worked out further up, taken as uncalled so
    /// that two helpers calling only each other are dead; an answer that leans on them is not kept.
    private mutating func isUncalled(_ code: NamedCode, root: Syntax, assumingUncalled: Set<SyntaxIdentifier>) -> Bool {
        if let known = answers[code.node.id] { return known }
        let assumed = assumingUncalled.union([code.node.id])
        var answer = true
        for mention in callingMentions(of: code, root: root) {
            guard let caller = mention?.enclosingPrivateCode else {
                answer = false
                break
            }
            if assumed.contains(caller.node.id) { continue }
            // A chain of helpers deeper than a few calls counts as called: the answer stays cheap and the
            // stack shallow in a generated file of thousands of private functions.
            if assumed.count >= Self.deepestChain || !isUncalled(caller, root: root, assumingUncalled: assumed) {
                answer = false
                break
            }
        }
        if assumingUncalled.isEmpty || !answer { answers[code.node.id] = answer }
        return answer
    }
}

extension UncalledFunctions {
    /// How code that its file's callers do not explain may be reached from outside the file.
    enum Entry: Equatable {
        /// Only by a call that names the function: another file must call it.
        case byItsName
        /// Only on or in a type of the linted code, which something must create, and can only by its name:
        /// another file, a storyboard, a nib or a property list must name it (`typeReachedOnlyByName`).
        case throughItsType(String)
        /// The system, another module or the Objective-C runtime may run it by a name no file writes.
        case fromOutside
    }

    /// The functions, not `private`, and the types that every chain of this file's callers leading to
    /// `node` starts from: `node` runs only if another file calls one of those functions or names one of
    /// those types (`UncalledElsewhere`). `entry` says how each start may be reached: a function that is
    /// not private, an initializer, an accessor or a property's initial value. Nil when code of this file
    /// that may run reaches `node` (`Entry.fromOutside`), when `node` is in no function, or when the
    /// callers met number more than four times `deepestChain` (the answer stays cheap in a generated file).
    ///
    /// ```swift
    /// // enum Exporter { static func share(_ image: UIImage) { Task { await save(image) } }
    /// //                 private static func save(_ image: UIImage) async { _ = image.pngData() } }
    /// uncalled.rootsCalledOnlyElsewhere(around: Syntax(hit.token)) { _ in .byItsName } // ([share], [])
    /// ```
    func rootsCalledOnlyElsewhere(around node: Syntax, entry: (Syntax) -> Entry) -> (functions: [NamedCode], types: [String])? {
        guard let start = node.enclosingNamedCode, !start.is(SourceFileSyntax.self) else { return nil }
        var roots: [SyntaxIdentifier: NamedCode] = [:]
        var types: Set<String> = []
        var seen: Set<SyntaxIdentifier> = []
        var pending = [start]
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            guard seen.count <= Self.deepestChain * 4 else { return nil }
            let function = NamedCode(next)
            if function?.isCallableOnlyInItsFile != true {
                switch entry(next) {
                case .fromOutside: return nil
                case .throughItsType(let name):
                    // The type's own code runs only once something creates the type: its callers in the file need no following.
                    types.insert(name)
                    continue
                case .byItsName:
                    guard let function else { return nil }
                    roots[next.id] = function
                }
            }
            guard let function else { return nil }
            for mention in callingMentions(of: function, root: node.root) {
                guard let caller = mention?.enclosingNamedCode, !caller.is(SourceFileSyntax.self) else { return nil }
                pending.append(caller)
            }
        }
        return (roots.values.sorted { $0.node.position < $1.node.position }, types.sorted())
    }

    /// The type of the linted code that `node` (a declaration, or code in a property's initial value) is a
    /// member of, when the file names that type only inside its own declaration and its extensions: code
    /// in it runs only once another file, a storyboard, a nib, a property list or Objective-C creates or
    /// names the type. `declaresType` tells types of the linted code from the SDK's (an extension of
    /// `UIViewController` runs on every controller); `isInert` tells attributes that change nothing about who
    /// creates the type. Nil for a `public` type, an attributed one (`@main`, `@objc(Name)`), or a type whose
    /// metadata the system reads at build time (`AppIntent`).
    ///
    /// ```swift
    /// // final class ListsViewController: UITableViewController { override func viewDidLoad() { ... } }
    /// uncalled.typeReachedOnlyByName(around: Syntax(viewDidLoad), isInert: { $0.isEmpty }, declaresType: index.declaresType)
    /// // "ListsViewController"
    /// ```
    func typeReachedOnlyByName(around node: Syntax, isInert: (AttributeListSyntax) -> Bool, declaresType: (String) -> Bool) -> String? {
        var current = node.parent
        while let ancestor = current, !ancestor.is(SourceFileSyntax.self) {
            if let group = ancestor.asProtocol(DeclGroupSyntax.self) {
                guard let name = group.reachableName, declaresType(name), isInert(group.attributes),
                      !group.modifiers.opensBeyondTheModule,
                      !(group.inheritanceClause?.inheritedTypes ?? []).contains(where: { SDKProtocols.isFoundByMetadata($0.type.trimmedDescription) })
                else { return nil }
                let mentions = SourcePrefilter.withPrefilter(over: text) { $0.offsets(ofWord: name) }
                let insideTheType = mentions.allSatisfy { offset in
                    // A comment of this file (its header names the file, often after the type) creates nothing.
                    guard let token = node.root.token(at: AbsolutePosition(utf8Offset: offset)), !token.hasInAComment(offset) else { return true }
                    var node: Syntax? = Syntax(token)
                    while let ancestor = node {
                        if let group = ancestor.asProtocol(DeclGroupSyntax.self), group.reachableName == name { return true }
                        node = ancestor.parent
                    }
                    return false
                }
                return insideTheType ? name : nil
            }
            current = ancestor.parent
        }
        return nil
    }

    /// The tokens of the file that name `function` and may call it: not its declaration, not a call to
    /// itself (a retry, a polling loop: blind round Z read a `sleep` in a private method that only restarts
    /// itself), not a word in a comment or a localization key (`"settings.reload"`), and, with `ignoresRarePaths`, not a call on an error path, for a
    /// launch argument or in a one-off task. A word in a string maps to its token.
    private func callingMentions(of function: NamedCode, root: Syntax) -> [Syntax?] {
        let body = function.ownOffsets
        let declaration = function.declaration
        let offsets = SourcePrefilter.withPrefilter(over: text) { prefilter in
            prefilter.offsets(ofWord: function.name).filter { !body.contains($0) && $0 != declaration && !prefilter.isInADottedKey(at: $0) }
        }
        return offsets.compactMap { offset -> Syntax?? in
            // Past the last token: a comment at the end of the file.
            guard let token = root.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
            // A comment calls nothing: prose, or a call someone commented out (`// reload()`); nor does code that
            // never runs (`Syntax.isUnreachable`: after a `return`, under a placeholder's nil).
            return token.hasInAComment(offset) || Syntax(token).isUnreachable ? nil : .some(Syntax(token))
        }.filter { mention in
            !(ignoresRarePaths && mention.map { $0.isOnAnErrorPath || $0.runsOnlyForALaunchArgument || AppLifecycle.isInOneOffTask($0) } == true)
        }
    }
}

extension DeclGroupSyntax {
    /// The name code outside the type writes to reach it: a type's own name, or the last part of the type
    /// an extension extends (`Outer.Inner` → `Inner`); nil for a protocol and for a generic or composed extended type.
    var reachableName: String? {
        if let type = self.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = self.as(StructDeclSyntax.self) { return type.name.text }
        if let type = self.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = self.as(ActorDeclSyntax.self) { return type.name.text }
        guard let extended = self.as(ExtensionDeclSyntax.self)?.extendedType else { return nil }
        if let type = extended.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil { return type.name.text }
        if let type = extended.as(MemberTypeSyntax.self), type.genericArgumentClause == nil { return type.name.text }
        return nil
    }
}

extension SourceFileSyntax {
    /// The members of the type named `type` that the file declares, in its declaration and its extensions.
    func members(ofTypeNamed type: String) -> [MemberBlockItemSyntax] {
        statements.compactMap { $0.item.asProtocol(DeclGroupSyntax.self) }.filter { $0.reachableName == type }
            .flatMap(\.memberBlock.members)
    }
}

extension TokenSyntax {
    /// The UTF-8 offset falls in a comment of the token's leading or trailing trivia.
    func hasInAComment(_ offset: Int) -> Bool {
        offset < positionAfterSkippingLeadingTrivia.utf8Offset && leadingTrivia.pieces.contains { $0.isComment }
            || offset >= endPositionBeforeTrailingTrivia.utf8Offset && trailingTrivia.pieces.contains { $0.isComment }
    }
}

extension DeclModifierListSyntax {
    /// `private` or `fileprivate`: only code of the declaration's own file may use it.
    var limitUseToTheFile: Bool {
        contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }

    /// `public`, `open` or `package`: code of other modules may use the declaration.
    var opensBeyondTheModule: Bool {
        contains { [.keyword(.public), .keyword(.open), .keyword(.package)].contains($0.name.tokenKind) }
    }
}

/// Code that runs only where something names it: a function, or the getter of a computed property
/// (`VariableDeclSyntax.computedGetter`: a type's member or a global), which runs where the property is
/// read (blind round BR: a diagnostics property that nothing read, reported for the folder it lists).
///
/// ```swift
/// // var localModelDiagnostics: String { (try? FileManager.default.contentsOfDirectory(atPath: path))... }
/// NamedCode(Syntax(variable))?.name // "localModelDiagnostics"
/// ```
struct NamedCode {
    let node: Syntax
    let name: String
    let modifiers: DeclModifierListSyntax
    let attributes: AttributeListSyntax
    /// The UTF-8 offsets of the body (a function's braces, a property's whole declaration): a mention of
    /// the name there is a call to itself.
    let ownOffsets: Range<Int>
    /// The UTF-8 offset of the name where it is declared.
    let declaration: Int

    init?(_ node: Syntax) {
        if let function = node.as(FunctionDeclSyntax.self) {
            name = function.name.text
            modifiers = function.modifiers
            attributes = function.attributes
            ownOffsets = function.bodyOffsets
            declaration = function.name.positionAfterSkippingLeadingTrivia.utf8Offset
        } else if let variable = node.as(VariableDeclSyntax.self), let getter = variable.computedGetter {
            name = getter.name
            modifiers = variable.modifiers
            attributes = variable.attributes
            ownOffsets = variable.position.utf8Offset..<variable.endPosition.utf8Offset
            declaration = ownOffsets.lowerBound
        } else {
            return nil
        }
        self.node = node
    }

    /// `private` or `fileprivate`, or a function local to another: only its own file can call or read it.
    var isCallableOnlyInItsFile: Bool {
        node.as(FunctionDeclSyntax.self)?.isCallableOnlyInItsFile ?? isPrivateToItsFile
    }

    /// Declared `private` or `fileprivate`.
    var isPrivateToItsFile: Bool { modifiers.limitUseToTheFile }
}

extension Syntax {
    /// The code a caller must name to run the node (``NamedCode``): as `enclosingFunction`, except that a
    /// computed property's getter, written alone or as `get`, is its property's declaration.
    var enclosingNamedCode: Syntax? {
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let variable = current.as(VariableDeclSyntax.self), variable.computedGetter != nil { return current }
            node = current.parent
        }
        guard let accessor = node?.as(AccessorDeclSyntax.self), accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return node }
        var outer = accessor.parent
        while let current = outer, !current.isFunctionBoundary {
            if let variable = current.as(VariableDeclSyntax.self) { return variable.computedGetter != nil ? current : node }
            outer = current.parent
        }
        return node
    }
}

extension FunctionDeclSyntax {
    /// The argument labels as a signature spells them: `"_:cellForRowAt:"`, `""` without parameters.
    var argumentLabels: String {
        signature.parameterClause.parameters.map { ($0.firstName.tokenKind == .wildcard ? "_" : $0.firstName.text) + ":" }.joined()
    }

    /// `private`, `fileprivate`, or local to another function: only its own file can call it.
    var isCallableOnlyInItsFile: Bool {
        if isPrivateToItsFile { return true }
        guard let outer = Syntax(self).enclosingFunction else { return false }
        return !outer.is(MemberBlockSyntax.self) && !outer.is(SourceFileSyntax.self)
    }

    /// Declared `private` or `fileprivate`.
    var isPrivateToItsFile: Bool { modifiers.limitUseToTheFile }

    /// The UTF-8 offsets of the body, braces included (empty without one): a mention of the function's name
    /// there is a call to itself.
    var bodyOffsets: Range<Int> { body.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset } ?? 0..<0 }
}
