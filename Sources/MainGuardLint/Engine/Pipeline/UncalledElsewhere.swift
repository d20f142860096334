import Foundation
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
///   Code of a type of the linted code that its own file names only inside the type's declarations runs
///   only once something else creates the type, by its name: such a type goes with the finding too, even
///   from an `override` or a delegate method (`Root.createdType`).
/// - Once per run, ``removing(from:inputs:systemNamingFiles:)`` drops the finding when no other linted file
///   names any of those functions as a word (in code or strings: a line comment calls nothing,
///   `SourcePrefilter.isInLineComment`, nor does a localization key, `isInADottedKey`) and no file gives their type
///   a conformance beyond the inert ones (``isInert(_:)``) through which the system may call them
///   (`SDKProtocols`: `View` calls only `body`): an app protocol's conformer is kept too. A type
///   is created when another Swift file, a storyboard, a nib, a property list, an Xcode project's settings or
///   Objective-C names it (``namesTypesForTheSystem(_:)``).
///
/// A file the configuration excludes is no caller: a function only such files call counts as dead.
///
/// ```swift
/// // enum FinderActions { static func copyFiles(_ urls: [URL], to folder: URL) { ... copyItem ... } } // no caller
/// let kept = UncalledElsewhere.removing(from: findings, inputs: inputs)
/// ```
enum UncalledElsewhere {
    /// A function a finding runs only through, when another file calls it: its name ("" when no call is
    /// needed) and its type's ("" at top level). With `createdType`, the function (or, without a name, any
    /// code of that type) runs only once something creates that type of the linted code, which its own file
    /// names only inside its own declarations: another file, a storyboard, a nib, a property list or
    /// Objective-C must name it (blind rounds BA and BC: a view and a view controller that nothing created).
    struct Root: Hashable, Sendable, Codable {
        var name: String
        var type: String
        var createdType: String? = nil
    }

    /// Protocols no system code calls a member of by name (`ObservableObject`'s publisher is synthesised),
    /// and the root class: a type that inherits only these, the SDK's UI classes (which call only
    /// `override`s) and types of the linted code gets no calls from outside.
    static let inertInheritance: Set<String> = [
        "NSObject", "ObservableObject", "Sendable", "Equatable", "Hashable", "Identifiable", "Error", "CaseIterable",
        "Comparable", "CustomStringConvertible",
    ]

    /// Members that the standard library, Foundation or SwiftUI use through the inert protocols
    /// (`inertInheritance`) and a few others, without writing their names: `hash(into:)` for `Hashable`,
    /// `description` in string interpolation, `id` in `ForEach`, `errorDescription` for `LocalizedError`.
    static let witnessesAnInertProtocol: Set<String> = [
        "callAsFunction", "main", "hash", "description", "debugDescription", "id", "hashValue", "rawValue", "allCases",
        "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "customMirror", "unownedExecutor",
    ]

    /// Attributes that change neither who calls a function nor how.
    static let inertAttributes: Set<String> = ["MainActor", "discardableResult", "available", "concurrent", "Sendable", "Observable", "frozen"]

    /// Attributes of a method the Objective-C runtime may call by a selector no file writes, but only on an
    /// instance of its type: an action a nib connects, a selector a menu item sends.
    static let instanceAttributes: Set<String> = ["objc", "IBAction", "IBSegueAction", "nonobjc", "inlinable", "inline"]

    /// The roots of the finding at `node` (``UncalledFunctions/rootsCalledOnlyElsewhere(around:entry:)``),
    /// or nil when its file may run it.
    static func roots(around node: Syntax, uncalled: UncalledFunctions, declaresType: (String) -> Bool) -> [Root]? {
        guard let found = uncalled.rootsCalledOnlyElsewhere(around: node, entry: { start in
                  entry(start, uncalled: uncalled, declaresType: declaresType)
              }), !found.functions.isEmpty || !found.types.isEmpty else { return nil }
        return found.functions.map { function in
            Root(name: function.name, type: function.node.enclosingTypeName ?? "",
                 createdType: uncalled.typeReachedOnlyByName(around: function.node, isInert: { hasOnlyInertAttributes($0) }, declaresType: declaresType))
        } + found.types.map { Root(name: "", type: "", createdType: $0) }
    }

    /// How the code at `start` (a function or a computed property that is not private, an initializer, an
    /// accessor, a property's initial value) may be reached: by a call naming the function, once its type
    /// is created, or from outside.
    static func entry(_ start: Syntax, uncalled: UncalledFunctions, declaresType: (String) -> Bool) -> UncalledFunctions.Entry {
        if let function = NamedCode(start) {
            guard mayBeCalledFromOutside(function, declaresType: declaresType) else { return .byItsName }
            // The runtime calls a class's own `class` overrides (`layerClass`) without any instance.
            let onTheType = function.modifiers.makesATypeMember
            let exported = function.attributes.contains { element in
                guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return true }
                return !inertAttributes.contains(name) && !instanceAttributes.contains(name)
            }
            let isOverride = function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
            if exported || (onTheType && isOverride) || function.modifiers.opensBeyondTheModule {
                return .fromOutside
            }
        } else if !(start.is(InitializerDeclSyntax.self) || start.is(DeinitializerDeclSyntax.self) || start.is(AccessorDeclSyntax.self)
                    || start.is(MemberBlockSyntax.self)) {
            return .fromOutside
        }
        let type = uncalled.typeReachedOnlyByName(around: start, isInert: { hasOnlyInertAttributes($0) }, declaresType: declaresType)
        return type.map(UncalledFunctions.Entry.throughItsType) ?? .fromOutside
    }

    /// The system, another module or the Objective-C runtime may call the function or read the property by
    /// a name no linted file writes: it is public, overrides, is dynamic or attributed (`@objc`, `@IBAction`),
    /// is an operator, witnesses a requirement of an inert protocol (``witnessesAnInertProtocol``), or sits
    /// in a type that conforms to a protocol the linted code does not declare (a delegate, `View`).
    static func mayBeCalledFromOutside(_ function: NamedCode, declaresType: (String) -> Bool) -> Bool {
        let name = function.name
        guard name.first.map({ $0 == "_" || $0.isLetter }) == true, !witnessesAnInertProtocol.contains(name) else { return true }
        let outsideModifiers: Set<Keyword> = [.public, .open, .package, .override, .dynamic, .required]
        if function.modifiers.contains(where: { modifier in
            if case .keyword(let keyword) = modifier.name.tokenKind { return outsideModifiers.contains(keyword) }
            return false
        }) { return true }
        if !hasOnlyInertAttributes(function.attributes) { return true }
        var node = function.node.parent
        while let current = node {
            if let group = current.asProtocol(DeclGroupSyntax.self) {
                // `@main` says who creates the type, not which of its functions the system calls.
                if current.is(ProtocolDeclSyntax.self) || !hasOnlyInertAttributes(group.attributes, allowing: entryPointAttributes) { return true }
                let inherited = group.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                if inherited.contains(where: { !isInert($0) && !declaresType($0) && SDKProtocols.mayCall(name, through: $0) }) { return true }
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

    /// Attributes that make a type the program's entry point: the system creates it.
    static let entryPointAttributes: Set<String> = ["main", "UIApplicationMain", "NSApplicationMain"]

    private static func hasOnlyInertAttributes(_ attributes: AttributeListSyntax, allowing allowed: Set<String> = []) -> Bool {
        attributes.allSatisfy { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }  // `#if` inside attributes
            let name = attribute.attributeName.trimmedDescription
            return inertAttributes.contains(name) || allowed.contains(name)
        }
    }

    /// Files other than Swift sources through which the system creates a type by its name: storyboards and
    /// nibs (`customClass`), property lists (`NSPrincipalClass`, `NSExtensionPrincipalClass`, a scene
    /// delegate, a document class), Xcode projects and configuration files (generated property-list keys),
    /// Core Data models (`representedClassName`) and Objective-C sources.
    static func namesTypesForTheSystem(_ path: String) -> Bool {
        let name = PathParts.name(path)
        if name == "contents" { return path.contains(".xcdatamodel/") }
        guard let dot = name.lastIndex(of: ".") else { return false }
        return ["storyboard", "xib", "plist", "pbxproj", "xcconfig", "m", "mm", "h"].contains(name[name.index(after: dot)...])
    }

    /// What a run asks every file about the findings' roots: their function names and created types
    /// (`names`), the created types alone (`created`: no dotted key excuses them), and the roots' types.
    struct Questions: Hashable, Sendable, Codable {
        var names: Set<String> = []
        var created: Set<String> = []
        var types: Set<String> = []

        /// The names whose answer `earlier` does not hold: not asked then, or asked as the other kind.
        func namesNotIn(_ earlier: Questions) -> Set<String> {
            names.filter { !earlier.names.contains($0) || created.contains($0) != earlier.created.contains($0) }
        }
    }

    /// A type and the names one file gives it to conform to (other than inert ones), or a protocol the
    /// file declares and the names it refines.
    struct NamedInheritance: Hashable, Sendable, Codable {
        var name: String
        var inherited: [String]
    }

    /// What one file says about the roots: which of their names it mentions where a call may be (not in a line
    /// comment, a localization key or debug-only code), what it gives their types to conform to, and the
    /// protocols it declares with what they refine (other than inert names). A function of the file's text
    /// and settings alone, so the cache keeps it for the next run's questions (``mentionsOfRoots(in:asking:earlier:)``).
    struct RootMentions: Hashable, Sendable, Codable {
        var named: [String] = []
        var inherited: [NamedInheritance] = []
        var protocols: [NamedInheritance] = []
        /// The classes the file declares and what they inherit (other than inert names).
        var classes: [NamedInheritance] = []
    }

    /// What `input` says about the roots `questions` asks for. With `earlier` (the answers this unchanged text
    /// gave the last run's questions, and the names and types those did not cover: ``Questions/namesNotIn(_:)``),
    /// only the uncovered ones are searched for.
    static func mentionsOfRoots(in input: Linter.SourceInput, asking questions: Questions,
                                earlier: (mentions: RootMentions, newNames: Set<String>, newTypes: Set<String>)? = nil) -> RootMentions {
        var found = RootMentions()
        var names = questions.names
        var types = questions.types
        var knowsProtocols = false
        if let earlier {
            knowsProtocols = true
            names = earlier.newNames
            types = earlier.newTypes
            found.named = earlier.mentions.named.filter { questions.names.contains($0) && !names.contains($0) }
            found.inherited = earlier.mentions.inherited.filter { questions.types.contains($0.name) && !types.contains($0.name) }
            found.protocols = earlier.mentions.protocols
            found.classes = earlier.mentions.classes
        }
        SourcePrefilter.withPrefilter(over: input.text) { prefilter in
            // By default a name in code compiled only into debug builds calls nothing users run.
            var debugOnly: [Range<Int>]?
            func isDebugOnly(_ offset: Int) -> Bool {
                guard !input.settings.includesLowCost else { return false }
                if debugOnly == nil { debugOnly = prefilter.debugOnlyRanges() }
                return debugOnly?.contains { $0.contains(offset) } ?? false
            }
            for name in names where prefilter.containsWord(name) && prefilter.offsets(ofWord: name).contains(where: {
                !prefilter.isInLineComment(at: $0) && (questions.created.contains(name) || !prefilter.isInADottedKey(at: $0)) && !isDebugOnly($0)
            }) {
                found.named.append(name)
            }
            for type in types where prefilter.containsWord(type) {
                found.inherited.append(NamedInheritance(name: type, inherited: prefilter.inheritedNames(of: type).filter { !isInert($0) }))
            }
            guard !knowsProtocols else { return }
            for name in prefilter.declaredProtocolNames() {
                found.protocols.append(NamedInheritance(name: name, inherited: prefilter.inheritedNames(of: name, declaredBy: ["protocol"]).filter {
                    !isInert($0) && $0 != "AnyObject" && $0 != "class"
                }))
            }
            for name in prefilter.declaredClassNames() {
                found.classes.append(NamedInheritance(name: name, inherited: prefilter.inheritedNames(of: name, declaredBy: ["class"]).filter {
                    !isInert($0)
                }))
            }
        }
        return found
    }

    /// `inherited` with each protocol of the linted code (`refinements`: the names each refines, other than
    /// inert ones) replaced by the SDK protocols it refines, through protocols of the linted code that refine
    /// others. A protocol of the app lets nothing outside call a member by a name no linted file writes: only
    /// the SDK protocols it refines may (blind round BT: a view controller conforming to the app's
    /// `ProgressView` kept a method nothing called). A class of the linted code is replaced the same way by
    /// what it inherits: a superclass of the app calls a subclass's method by name only through an `override`
    /// (blind round CS: an app delegate subclassing the app's `AppHandlers`, whose "move to Applications" copy
    /// only a launch argument runs).
    static func throughAppProtocols(_ inherited: Set<String>, refinements: [String: Set<String>]) -> Set<String> {
        var result: Set<String> = []
        var pending = Array(inherited)
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if let refined = refinements[name] { pending.append(contentsOf: refined) } else { result.insert(name) }
        }
        return result
    }

    /// Drops findings whose every root no other linted file names, in types no file gives a conformance.
    /// A type root is kept when another Swift file or one of `systemNamingFiles` (``namesTypesForTheSystem(_:)``,
    /// read only when some finding has one) names it.
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput], systemNamingFiles: [String] = [],
                         threads: Int = 1) -> [Finding] {
        removing(from: findings, inputs: inputs, systemNamingFiles: systemNamingFiles, threads: threads, earlier: nil).findings
    }

    /// ``removing(from:inputs:systemNamingFiles:threads:)`` that reuses what unchanged files answered the last
    /// run (`earlier`: its questions, and by position the answers of files whose text and settings are the
    /// same), and returns this run's questions and every file's answers for the next one (nil without roots:
    /// nothing was asked).
    ///
    /// ```swift
    /// let first = UncalledElsewhere.removing(from: findings, inputs: inputs, earlier: nil)
    /// let again = UncalledElsewhere.removing(from: findings, inputs: inputs, earlier: first.asked)
    /// ```
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput], systemNamingFiles: [String] = [], threads: Int = 1,
                         earlier: Asked?) -> (findings: [Finding], asked: Asked?) {
        let roots = Set(findings.compactMap(\.uncalledRoots).joined())
        guard !roots.isEmpty else { return (findings, nil) }
        // The files that name each root's function and created type; the conformances other than inert ones
        // that some file (its own too) gives each root's type. Each file is read on its own, on `threads`.
        var namedIn: [String: Set<String>] = [:]
        var inheritedBy: [String: Set<String>] = [:]
        var appProtocols: [String: Set<String>] = [:]
        let created = Set(roots.compactMap(\.createdType))
        let questions = Questions(names: Set(roots.map(\.name)).subtracting([""]).union(created), created: created,
                                  types: Set(roots.map(\.type)).subtracting([""]))
        let newNames = earlier.map { questions.namesNotIn($0.questions) } ?? []
        let newTypes = earlier.map { questions.types.subtracting($0.questions.types) } ?? []
        let mentions = Parallel.chunkedMap(count: inputs.count, threads: threads, chunkSize: 64) { position in
            mentionsOfRoots(in: inputs[position], asking: questions,
                            earlier: earlier?.answers[position].map { ($0, newNames, newTypes) })
        }
        for (input, found) in zip(inputs, mentions) {
            for name in found.named { namedIn[name, default: []].insert(input.path) }
            for type in found.inherited { inheritedBy[type.name, default: []].formUnion(type.inherited) }
            for proto in found.protocols { appProtocols[proto.name, default: []].formUnion(proto.inherited) }
            for type in found.classes { appProtocols[type.name, default: []].formUnion(type.inherited) }
        }
        if !created.isEmpty {
            for path in systemNamingFiles {
                guard let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? (try? String(contentsOfFile: path, encoding: .isoLatin1)) else { continue }
                SourcePrefilter.withPrefilter(over: text) { prefilter in
                    // A project names every source file: `ListsViewController.swift` creates no `ListsViewController`.
                    for type in created where prefilter.offsets(ofWord: type).contains(where: {
                        !prefilter.namesASwiftFile(wordAt: $0, length: type.utf8.count)
                    }) {
                        namedIn[type, default: []].insert(path)
                    }
                }
            }
        }
        for (type, inherited) in inheritedBy {
            inheritedBy[type] = throughAppProtocols(inherited, refinements: appProtocols)
        }
        let namedElsewhere = { (name: String, finding: Finding) in !namedIn[name, default: []].subtracting([finding.file]).isEmpty }
        let kept = findings.filter { finding in
            guard let roots = finding.uncalledRoots, !roots.isEmpty else { return true }
            return roots.contains { root in
                (root.name.isEmpty || namedElsewhere(root.name, finding)
                    || inheritedBy[root.type, default: []].contains { SDKProtocols.mayCall(root.name, through: $0) })
                    && (root.createdType.map { namedElsewhere($0, finding) } ?? true)
            }
        }
        return (kept, Asked(questions: questions, answers: mentions))
    }

    /// A run's questions and each file's answers by position (nil: not asked, or not known from an earlier run).
    struct Asked: Sendable {
        var questions: Questions
        var answers: [RootMentions?]
    }
}

