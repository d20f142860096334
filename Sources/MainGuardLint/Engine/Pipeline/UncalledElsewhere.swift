import SwiftSyntax

/// Findings in functions that no linted code calls. A function that is not `public` can be called only
/// from its own module, so when no linted file of the run names it, except where it is declared, the work
/// in it never runs: dead code, or code that only tests call (issue 17: test targets "and code reachable
/// only from them" are not reported by default). Blind rounds AX and AZ: a Finder helper's `copyFiles` and
/// an image-saving enum's `saveToPhotos` that nothing called, each reported as a hang.
///
/// Two steps, so a cached run parses nothing:
/// - While a file's tree is at hand, ``roots(around:uncalled:declaresType:)`` follows the callers of the
///   function around a finding within its file (`UncalledFunctions.rootsCalledOnlyElsewhere`) and keeps, with
///   the finding, the functions every chain starts from (`Finding.uncalledRoots`). A function the system
///   may call by a name no file writes keeps its findings (``mayBeCalledFromOutside(_:declaresType:)``):
///   `public`, `override`, `@objc` and other attributed functions, members of types that conform to
///   protocols this run does not declare. Only a run that holds whole projects does this
///   (`Linter.SourceInput.callersAreLinted`): `mainguard lint` of a folder with the projects that claim its
///   files, not of single files or of a folder inside a target.
/// - Once per run, ``removing(from:inputs:)`` drops the finding when no other linted file names any of those
///   functions as a word (code, comments and strings alike) and no file gives their type a conformance
///   beyond the inert ones (``isInert(_:)``): an app protocol's conformer is kept too.
///
/// A file the configuration excludes is no caller: a function only such files call counts as dead.
///
/// ```swift
/// // enum FinderActions { static func copyFiles(_ urls: [URL], to folder: URL) { ... copyItem ... } } // no caller
/// let kept = UncalledElsewhere.removing(from: findings, inputs: inputs)
/// ```
enum UncalledElsewhere {
    /// The rules whose findings predict a stall when the code runs: dead code stalls nothing. The other
    /// rules judge how code is written (a detached task's priority), whether it runs or not.
    static let ruleIDs: Set<String> = ["blocking_call_on_main_actor", "sync_work_in_main_actor_task"]

    /// A function a finding runs only through, when another file calls it: its name and its type's ("" at top level).
    struct Root: Hashable, Sendable, Codable {
        var name: String
        var type: String
    }

    /// Protocols no system code calls a member of by name (`ObservableObject`'s publisher is synthesised),
    /// and the root class: a type that inherits only these, the SDK's UI classes (which call only
    /// `override`s) and types of the linted code gets no calls from outside.
    static let inertInheritance: Set<String> = [
        "NSObject", "ObservableObject", "Sendable", "Equatable", "Hashable", "Identifiable", "Error", "CaseIterable",
        "Comparable", "CustomStringConvertible",
    ]

    /// Attributes that change neither who calls a function nor how.
    static let inertAttributes: Set<String> = ["MainActor", "discardableResult", "available", "concurrent", "Sendable", "Observable", "frozen"]

    /// The roots of the finding at `node` (``UncalledFunctions/rootsCalledOnlyElsewhere(around:mayBeCalledFromOutside:)``),
    /// or nil when its file may run it.
    static func roots(around node: Syntax, uncalled: UncalledFunctions, declaresType: (String) -> Bool) -> [Root]? {
        guard let functions = uncalled.rootsCalledOnlyElsewhere(around: node, mayBeCalledFromOutside: {
                  mayBeCalledFromOutside($0, declaresType: declaresType)
              }), !functions.isEmpty else { return nil }
        return functions.map { Root(name: $0.name.text, type: Syntax($0).enclosingTypeName ?? "") }
    }

    /// The system, another module or the Objective-C runtime may call the function by a name no linted file
    /// writes: it is public, overrides, is dynamic or attributed (`@objc`, `@IBAction`), is an operator, or
    /// sits in a type that conforms to a protocol the linted code does not declare (a delegate, `View`).
    static func mayBeCalledFromOutside(_ function: FunctionDeclSyntax, declaresType: (String) -> Bool) -> Bool {
        // `hash(into:)` is the one function an inert protocol (`Hashable`) requires; the standard library calls it.
        guard case .identifier(let name) = function.name.tokenKind, !["callAsFunction", "main", "hash"].contains(name) else { return true }
        let outsideModifiers: Set<Keyword> = [.public, .open, .package, .override, .dynamic, .required]
        if function.modifiers.contains(where: { modifier in
            if case .keyword(let keyword) = modifier.name.tokenKind { return outsideModifiers.contains(keyword) }
            return false
        }) { return true }
        if !hasOnlyInertAttributes(function.attributes) { return true }
        var node = Syntax(function).parent
        while let current = node {
            if let group = current.asProtocol(DeclGroupSyntax.self) {
                if current.is(ProtocolDeclSyntax.self) || !hasOnlyInertAttributes(group.attributes) { return true }
                let inherited = group.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                if inherited.contains(where: { !isInert($0) && !declaresType($0) }) { return true }
            }
            node = current.parent
        }
        return false
    }

    /// An inherited name through which no system code calls a member by name: `inertInheritance`, the
    /// SDK's UI classes (which call only `override`s).
    static func isInert(_ inherited: String) -> Bool {
        inertInheritance.contains(inherited) || inherited == "@unchecked Sendable" || MainActorTypes.classes.contains(inherited)
    }

    private static func hasOnlyInertAttributes(_ attributes: AttributeListSyntax) -> Bool {
        attributes.allSatisfy { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }  // `#if` inside attributes
            return inertAttributes.contains(attribute.attributeName.trimmedDescription)
        }
    }

    /// Drops findings whose every root no other linted file names, in types no file gives a conformance.
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput]) -> [Finding] {
        let roots = Set(findings.compactMap(\.uncalledRoots).joined())
        guard !roots.isEmpty else { return findings }
        // The files that name each root; the types some file (its own too) declares with a conformance that is not inert.
        var namedIn: [Root: Set<String>] = [:]
        var conforming: Set<String> = []
        let types = Set(roots.map(\.type)).subtracting([""])
        for input in inputs {
            SourcePrefilter.withPrefilter(over: input.text) { prefilter in
                for root in roots where prefilter.containsWord(root.name) { namedIn[root, default: []].insert(input.path) }
                for type in types where !conforming.contains(type) && prefilter.containsWord(type)
                    && prefilter.inheritedNames(of: type).contains(where: { !isInert($0) }) {
                    conforming.insert(type)
                }
            }
        }
        return findings.filter { finding in
            guard let roots = finding.uncalledRoots, !roots.isEmpty else { return true }
            return roots.contains { conforming.contains($0.type) || !namedIn[$0, default: []].subtracting([finding.file]).isEmpty }
        }
    }
}
