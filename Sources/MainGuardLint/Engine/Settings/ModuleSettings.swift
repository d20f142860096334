import Foundation
import SwiftParser
import SwiftSyntax

/// The compiler settings that change where code runs: Swift 6.2's default isolation (SE-0466)
/// and `NonisolatedNonsendingByDefault` (SE-0461).
///
/// ```swift
/// let swift62 = ModuleSettings(targetName: "App", defaultIsolationMainActor: true,
///                              nonisolatedNonsendingByDefault: true)
/// print(swift62.describesSwift62) // true
/// ```
public struct ModuleSettings: Sendable, Hashable {
    /// The SwiftPM or Xcode target that compiles the file; nil when no target claims it.
    public var targetName: String?
    /// The module the target builds, as `import` spells it (Xcode's `PRODUCT_MODULE_NAME`); nil when unknown.
    public var moduleName: String?
    /// The modules of the other targets that compile the same file (an app's extensions, its other
    /// platform), so calls into the file resolve from each of them.
    public var otherModuleNames: [String] = []
    /// True for SwiftPM `.testTarget`s and Xcode unit-test and UI-test bundles.
    public var isTestTarget = false
    /// `.defaultIsolation(MainActor.self)` / `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`.
    public var defaultIsolationMainActor: Bool
    /// `NonisolatedNonsendingByDefault`: nonisolated async functions run on the caller's actor.
    public var nonisolatedNonsendingByDefault: Bool
    /// The Swift language mode the target compiles in, 5 or 6 (`SWIFT_VERSION`, `swiftLanguageModes:`,
    /// `.swiftLanguageMode(.v5)`, or a tools version of 6.0 or later); nil when nothing says.
    public var languageMode: Int?
    /// A team's own main-actor base classes and protocols (`.mainguard.yml` `main_actor_types`), sorted
    /// so the settings print the same in every process (they key the cache).
    public var extraMainActorTypes: [String] = []
    /// APIs a team declares blocking or heavy (`extra_blocking_apis`, `extra_heavy_apis`), as
    /// `Type.member` or a bare name; sorted for the same reason.
    public var extraBlockingAPIs: [String] = []
    public var extraHeavyAPIs: [String] = []
    /// `include_low_cost: true`: work whose cost the code does not show to be large is reported too
    /// (`CostEvidence`, `LoopCost`, the formatters and collection passes of `expensive_work_in_view_body`).
    public var includesLowCost = false
    /// No target compiles the file and it is not a package manifest (which SwiftPM compiles, and no target
    /// is meant to): it got the fallback settings, and `--verbose` names it.
    public var isUnclaimed: Bool { targetName == nil && provenance.owner != SettingsProvenance.manifest.owner }

    /// Where the target and each setting came from, for `mainguard settings` and `--verbose`.
    /// Not part of equality: two files compiled alike have equal settings whatever explains them.
    public var provenance = SettingsProvenance.fallback

    public init(targetName: String? = nil, defaultIsolationMainActor: Bool = false,
                nonisolatedNonsendingByDefault: Bool = false, provenance: SettingsProvenance = .fallback) {
        self.provenance = provenance
        self.targetName = targetName
        self.defaultIsolationMainActor = defaultIsolationMainActor
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
    }

    public static func == (lhs: ModuleSettings, rhs: ModuleSettings) -> Bool {
        lhs.targetName == rhs.targetName && lhs.moduleName == rhs.moduleName && lhs.otherModuleNames == rhs.otherModuleNames
            && lhs.isTestTarget == rhs.isTestTarget
            && lhs.defaultIsolationMainActor == rhs.defaultIsolationMainActor
            && lhs.nonisolatedNonsendingByDefault == rhs.nonisolatedNonsendingByDefault && lhs.languageMode == rhs.languageMode
            && lhs.extraMainActorTypes == rhs.extraMainActorTypes && lhs.extraBlockingAPIs == rhs.extraBlockingAPIs
            && lhs.extraHeavyAPIs == rhs.extraHeavyAPIs && lhs.includesLowCost == rhs.includesLowCost
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(targetName)
        hasher.combine(moduleName)
        hasher.combine(otherModuleNames)
        hasher.combine(isTestTarget)
        hasher.combine(defaultIsolationMainActor)
        hasher.combine(nonisolatedNonsendingByDefault)
        hasher.combine(languageMode)
        hasher.combine(extraMainActorTypes)
        hasher.combine(extraBlockingAPIs)
        hasher.combine(extraHeavyAPIs)
        hasher.combine(includesLowCost)
    }

    /// Every field equality compares, as text that is the same in every process: part of the cache key of each
    /// file compiled with these settings. Provenance is left out, as equality leaves it out.
    var cacheKey: String {
        [targetName ?? "-", moduleName ?? "-", otherModuleNames.joined(separator: ","), "\(isTestTarget)", "\(defaultIsolationMainActor)",
         "\(nonisolatedNonsendingByDefault)", languageMode.map { "\($0)" } ?? "-", extraMainActorTypes.joined(separator: ","),
         extraBlockingAPIs.joined(separator: ","), extraHeavyAPIs.joined(separator: ","), "\(includesLowCost)"].joined(separator: "|")
    }

    /// True when the named type is main-actor by the SDK's or the team's declaration.
    func isMainActorProtocol(_ name: String) -> Bool {
        MainActorTypes.protocols.contains(name) || extraMainActorTypes.contains(name)
    }

    func isMainActorClass(_ name: String) -> Bool {
        MainActorTypes.classes.contains(name) || extraMainActorTypes.contains(name)
    }

    /// An SDK (or configured) main-actor protocol or class: its conformers, subclasses and extensions
    /// are main-actor code.
    func isMainActorSDKType(_ name: String) -> Bool {
        isMainActorProtocol(name) || isMainActorClass(name)
    }

    /// Swift 5/6.0 semantics: nothing is main-actor unless annotated, nonisolated async code leaves the actor.
    public static let classic = ModuleSettings()

    /// Default isolation is MainActor and the compiler holds every caller to it: in Swift 6 mode (or a mode
    /// nothing states) a background queue's closure cannot call a default-isolated method. In Swift 5 mode
    /// (Xcode 26's new app targets: `SWIFT_VERSION = 5.0` beside `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`)
    /// such a call compiles and runs on that queue (blind round AH: a browser's stores, written to from
    /// their serial queues), so a method only background code calls runs there (`BackgroundOnlyMethods`).
    public var compilerKeepsCallersOnMainActor: Bool { defaultIsolationMainActor && (languageMode ?? 6) >= 6 }

    /// The module as `import` spells it: the module name, or the target's as SwiftPM makes it one; nil when no
    /// target compiles the file.
    var moduleKey: String? { moduleName ?? targetName.map(ModuleVisibility.moduleName(ofTarget:)) }

    /// True when either Swift 6.2 setting is on, so fixes must use `@concurrent` rather than plain `nonisolated`.
    public var describesSwift62: Bool { defaultIsolationMainActor || nonisolatedNonsendingByDefault }

    /// The settings with the CLI's overrides applied on top.
    func applying(_ overrides: SettingsOverrides) -> ModuleSettings {
        var settings = self
        if let isolation = overrides.defaultIsolationMainActor {
            settings.defaultIsolationMainActor = isolation
            settings.provenance.defaultIsolation = "--default-isolation \(isolation ? "MainActor" : "nonisolated")"
        }
        if let nonsending = overrides.nonisolatedNonsendingByDefault {
            settings.nonisolatedNonsendingByDefault = nonsending
            settings.provenance.nonisolatedNonsendingByDefault = nonsending ? "--upcoming-feature NonisolatedNonsendingByDefault" : "command line"
        }
        return settings
    }
}

extension ModuleSettings {
    /// Turns on each setting `other` turns on and this does not, its provenance prefixed with `credit`.
    mutating func turnOn(whatIsOnIn other: ModuleSettings, creditedTo credit: String) {
        if other.defaultIsolationMainActor, !defaultIsolationMainActor {
            defaultIsolationMainActor = true
            provenance.defaultIsolation = other.provenance.defaultIsolation.map { credit + $0 }
        }
        if other.nonisolatedNonsendingByDefault, !nonisolatedNonsendingByDefault {
            nonisolatedNonsendingByDefault = true
            provenance.nonisolatedNonsendingByDefault = other.provenance.nonisolatedNonsendingByDefault.map { credit + $0 }
        }
        if let mode = other.languageMode, languageMode == nil {
            languageMode = mode
            provenance.languageMode = other.provenance.languageMode.map { credit + $0 }
        }
    }
}

/// Where a file's target and each of its settings came from.
///
/// ```swift
/// let settings = detector.settings(forFile: "/repo/App/ContentView.swift")
/// print(settings.provenance.owner)            // "App.xcodeproj target App"
/// print(settings.provenance.defaultIsolation ?? "not set") // "configuration Debug: SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor"
/// ```
public struct SettingsProvenance: Sendable, Hashable, Codable {
    /// The project or manifest and target that claim the file, or why none does.
    public var owner: String
    /// What turned default isolation MainActor on; nil when it is off by default.
    public var defaultIsolation: String?
    /// What turned `NonisolatedNonsendingByDefault` on; nil when it is off by default.
    public var nonisolatedNonsendingByDefault: String?
    /// What set the language mode; nil when nothing does.
    public var languageMode: String?

    public init(owner: String, defaultIsolation: String? = nil, nonisolatedNonsendingByDefault: String? = nil, languageMode: String? = nil) {
        self.owner = owner
        self.defaultIsolation = defaultIsolation
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
        self.languageMode = languageMode
    }

    /// The owner of a file an Xcode project's target compiles: "App.xcodeproj target App".
    static func xcodeTarget(_ target: String, ofProject project: String) -> String { "\(project).xcodeproj target \(target)" }

    /// A target of an Xcode project owns the file (`xcodeTarget(_:ofProject:)`): one that lists each file it compiles.
    var isXcodeTarget: Bool { owner.contains(".xcodeproj target ") }

    /// A file no `Package.swift` or Xcode target compiles.
    public static let fallback = SettingsProvenance(owner: "fallback: not in any target")
    /// A `Package.swift`: SwiftPM compiles it on its own, in no target.
    public static let manifest = SettingsProvenance(owner: "fallback: a package manifest, compiled by no target")
}

/// Settings given on the command line; they win over anything read from `Package.swift` or a project.
///
/// ```swift
/// let overrides = SettingsOverrides(defaultIsolationMainActor: true)
/// ```
public struct SettingsOverrides: Sendable, Hashable {
    /// `--default-isolation MainActor` (true) or `nonisolated` (false); nil keeps the detected value.
    public var defaultIsolationMainActor: Bool?
    /// `--upcoming-feature NonisolatedNonsendingByDefault`; nil keeps the detected value.
    public var nonisolatedNonsendingByDefault: Bool?

    public init(defaultIsolationMainActor: Bool? = nil, nonisolatedNonsendingByDefault: Bool? = nil) {
        self.defaultIsolationMainActor = defaultIsolationMainActor
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
    }
}

/// One target of a `Package.swift`: where its sources live and the settings it compiles with.
///
/// ```swift
/// let targets = PackageManifest.targets(inManifest: source, packageDirectory: "/repo")
/// ```
public struct PackageTarget: Sendable, Hashable {
    public var name: String
    /// Declared with `.testTarget`.
    public var isTest: Bool
    /// Absolute, standardized directory of the target's sources.
    public var directory: String
    /// Absolute paths the target's `exclude:` leaves out (files or folders).
    public var excludedPaths: [String] = []
    /// Absolute paths of the target's `sources:` (files or folders); nil when it compiles its whole directory.
    public var sourcePaths: [String]?
    public var settings: ModuleSettings

    /// True when the target compiles `file` (absolute, standardized).
    public func compiles(_ file: String) -> Bool {
        func within(_ path: String) -> Bool { file == path || file.hasPrefix(path.hasSuffix("/") ? path : path + "/") }
        guard within(directory), !excludedPaths.contains(where: within) else { return false }
        return sourcePaths.map { $0.contains(where: within) } ?? true
    }
}

/// Reads targets and their concurrency settings from a `Package.swift` with SwiftParser.
///
/// Settings are read from each target's `swiftSettings:` (an array literal, or a top-level `let`
/// it names) and from a loop over `package.targets` assigning `swiftSettings` to every target.
///
/// ```swift
/// let targets = PackageManifest.targets(inManifest: manifestText, packageDirectory: "/repo")
/// print(targets.map(\.name))
/// ```
public enum PackageManifest {
    /// The targets declared with `.target`, `.executableTarget`, `.testTarget`, `.macro` or `.plugin`
    /// (SwiftPM's path defaults applied: `Sources/<name>`, `Tests/<name>`, `Plugins/<name>`).
    public static func targets(inManifest source: String, packageDirectory: String) -> [PackageTarget] {
        var lookedFor: [String] = []
        return targets(inManifest: source, packageDirectory: packageDirectory, lookedFor: &lookedFor)
    }

    /// ``targets(inManifest:packageDirectory:)``, with each folder whose existence decided a target's path in
    /// `lookedFor` (`SettingsDetector.Dependencies`).
    static func targets(inManifest source: String, packageDirectory: String, lookedFor: inout [String]) -> [PackageTarget] {
        let tree = Parser.parse(source: source)
        var variables: [String: ExprSyntax] = [:]
        for statement in tree.statements {
            guard let declaration = statement.item.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value {
                    variables[name] = value
                }
            }
        }
        let collector = TargetCollector(variables: variables)
        collector.walk(tree)
        let manifest = "\(URL(fileURLWithPath: packageDirectory).lastPathComponent)/Package.swift"
        if collector.packageWide.languageMode == nil, let tools = toolsVersion(of: source) {
            collector.packageWide.languageMode = tools >= 6 ? 6 : 5
            collector.packageWide.provenance.languageMode = "swift-tools-version \(tools)"
        }
        func absolute(_ relative: String, in directory: String) -> String {
            PathParts.standardized(directory + "/" + relative)
        }
        return collector.targets.map { declared in
            let relative = declared.path ?? defaultPath(for: declared, packageDirectory: packageDirectory, lookedFor: &lookedFor)
            let directory = absolute(relative, in: packageDirectory)
            var settings = ModuleSettings(targetName: declared.name)
            settings.isTestTarget = declared.isTest
            settings.moduleName = ModuleVisibility.moduleName(ofTarget: declared.name)
            settings.provenance.owner = "\(manifest) target \(declared.name)"
            for found in [declared.settings, collector.packageWide] {
                settings.turnOn(whatIsOnIn: found, creditedTo: "\(manifest) target \(declared.name): ")
            }
            return PackageTarget(name: declared.name, isTest: declared.isTest, directory: directory,
                                 excludedPaths: declared.exclude.map { absolute($0, in: directory) },
                                 sourcePaths: declared.sources.map { $0.map { absolute($0, in: directory) } }, settings: settings)
        }
    }

    /// The major version of the manifest's `// swift-tools-version:` line. From 6.0 on, SwiftPM compiles
    /// targets in Swift 6 mode unless the package or the target asks for another.
    static func toolsVersion(of source: String) -> Int? {
        guard let line = source.split(separator: "\n", maxSplits: 1).first, let range = line.range(of: "swift-tools-version:") else { return nil }
        return Int(line[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
    }

    /// SwiftPM looks in `Sources/`, `Source/`, `src/`, `srcs/` (tests: `Tests/`); the first existing one wins.
    private static func defaultPath(for target: DeclaredTarget, packageDirectory: String, lookedFor: inout [String]) -> String {
        let roots = target.isTest ? ["Tests"] : target.isPlugin ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
        for root in roots {
            lookedFor.append("\(packageDirectory)/\(root)/\(target.name)")
            if FileManager.default.fileExists(atPath: lookedFor.last!) { return "\(root)/\(target.name)" }
        }
        return "\(roots[0])/\(target.name)"
    }
}

private struct DeclaredTarget {
    var name: String
    var path: String?
    var exclude: [String]
    var sources: [String]?
    var isTest: Bool
    var isPlugin: Bool
    var settings: ModuleSettings
}

private final class TargetCollector: SyntaxVisitor {
    let variables: [String: ExprSyntax]
    var targets: [DeclaredTarget] = []
    /// Settings a loop over `package.targets` gives every target.
    var packageWide = ModuleSettings()

    init(variables: [String: ExprSyntax]) {
        self.variables = variables
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `Package(..., swiftLanguageModes: [.v5])`: the package's mode, unless a target sets its own.
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package",
           let modes = node.arguments.first(where: { ["swiftLanguageModes", "swiftLanguageVersions"].contains($0.label?.text) }),
           let mode = ModuleSettings.languageMode(named: modes.expression.trimmedDescription) {
            packageWide.languageMode = mode
            packageWide.provenance.languageMode = "\(modes.label?.text ?? "swiftLanguageModes"): \(modes.expression.trimmedDescription)"
        }
        guard let kind = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(kind),
              let name = node.arguments.stringLiteral(labeled: "name")
        else { return .visitChildren }
        var settings = ModuleSettings(targetName: name)
        if let swiftSettings = node.arguments.first(where: { $0.label?.text == "swiftSettings" }) {
            settings.read(swiftSettings: swiftSettings.expression, variables: variables)
        }
        targets.append(DeclaredTarget(name: name, path: node.arguments.stringLiteral(labeled: "path"),
                                      exclude: node.arguments.stringLiterals(labeled: "exclude") ?? [],
                                      sources: node.arguments.stringLiterals(labeled: "sources"),
                                      isTest: kind == "testTarget", isPlugin: kind == "plugin", settings: settings))
        return .skipChildren
    }

    /// `target.swiftSettings = [...]` (or `+=`) inside `for target in package.targets` or `package.targets.forEach { }`;
    /// also `target.swiftSettings = settings` where the loop builds `settings` (`var settings = target.swiftSettings ?? []`,
    /// `settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))`: blind round CG's recall hunt, a
    /// photo app's packages whose async thumbnail work ran on the caller's actor).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (target, values) = node.assignedOrAdded, target.trimmedDescription.hasSuffix(".swiftSettings"),
              let loop = Self.loopOverTargets(around: Syntax(node))
        else { return .visitChildren }
        for element in values {
            packageWide.read(swiftSettings: element, variables: variables)
            guard let local = element.as(DeclReferenceExprSyntax.self)?.baseName.text, variables[local] == nil else { continue }
            for value in Self.values(addedTo: local, in: loop) {
                packageWide.read(swiftSettings: value, variables: variables)
            }
        }
        return .skipChildren
    }

    /// The loop over the package's targets around `node`: a `for` statement or the `forEach` call.
    private static func loopOverTargets(around node: Syntax) -> Syntax? {
        var current = node.parent
        while let ancestor = current {
            if let loop = ancestor.as(ForStmtSyntax.self), loop.sequence.trimmedDescription.hasSuffix("targets") { return ancestor }
            if let call = ancestor.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription.hasSuffix("targets.forEach") {
                return ancestor
            }
            current = ancestor.parent
        }
        return nil
    }

    /// What `loop` puts into the local `name`: its initial value, what it appends (`name.append(x)`,
    /// `name.append(contentsOf: xs)`) and what it assigns or adds (`name = xs`, `name += xs`).
    private static func values(addedTo name: String, in loop: Syntax) -> [ExprSyntax] {
        let finder = AddedValues(name: name)
        finder.walk(loop)
        return finder.values
    }
}

/// What a loop puts into one local (`TargetCollector.values(addedTo:in:)`).
private final class AddedValues: SyntaxVisitor {
    let name: String
    var values: [ExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let value = node.initializer?.value { values.append(value) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
            values += node.arguments.map(\.expression)
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let (target, added) = node.assignedOrAdded, target.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
            values += added
        }
        return .visitChildren
    }
}

private extension SequenceExprSyntax {
    /// `target = values` or `target += values`: what is assigned or added to what; nil for any other sequence.
    var assignedOrAdded: (target: ExprSyntax, values: ArraySlice<ExprSyntax>)? {
        let elements = Array(self.elements)
        guard elements.count >= 3,
              elements[1].is(AssignmentExprSyntax.self) || elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" else { return nil }
        return (elements[0], elements.dropFirst(2))
    }
}

private extension ModuleSettings {
    /// Applies every `.defaultIsolation(...)` and `.enableUpcomingFeature/ExperimentalFeature(...)` in
    /// the expression, following names of top-level variables (`swiftSettings: sharedSettings`).
    mutating func read(swiftSettings: ExprSyntax, variables: [String: ExprSyntax], depth: Int = 0) {
        let reader = SwiftSettingsReader(viewMode: .sourceAccurate)
        reader.walk(swiftSettings)
        for call in reader.calls {
            guard let setting = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                  let argument = call.arguments.first?.expression else { continue }
            switch setting {
            case "defaultIsolation":
                defaultIsolationMainActor = argument.trimmedDescription == "MainActor.self"
                provenance.defaultIsolation = defaultIsolationMainActor ? ".defaultIsolation(MainActor.self)" : nil
            case "swiftLanguageMode", "swiftLanguageVersion":
                if let mode = ModuleSettings.languageMode(named: argument.trimmedDescription) {
                    languageMode = mode
                    provenance.languageMode = ".\(setting)(\(argument.trimmedDescription))"
                }
            case "enableUpcomingFeature", "enableExperimentalFeature":
                if argument.as(StringLiteralExprSyntax.self)?.representedLiteralValue == "NonisolatedNonsendingByDefault" {
                    nonisolatedNonsendingByDefault = true
                    provenance.nonisolatedNonsendingByDefault = ".\(setting)(\"NonisolatedNonsendingByDefault\")"
                }
            default:
                break
            }
        }
        // A variable naming itself (or a cycle of them) is not followed forever.
        guard depth < 8 else { return }
        for name in reader.names {
            if let value = variables[name] { read(swiftSettings: value, variables: variables, depth: depth + 1) }
        }
    }
}

extension ModuleSettings {
    /// The highest mode a manifest names (`[.v5, .v6]`, `.v5`, `.version("6")`): 6 when it names Swift 6, 5 for an older one.
    static func languageMode(named text: String) -> Int? {
        if text.contains(".v6") || text.contains("\"6") { return 6 }
        if text.contains(".v5") || text.contains(".v4") || text.contains("\"5") || text.contains("\"4") { return 5 }
        return nil
    }
}

/// The setting calls and the plain names an expression holds.
private final class SwiftSettingsReader: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var names: [String] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        names.append(node.baseName.text)
        return .skipChildren
    }
}

private extension LabeledExprListSyntax {
    /// The value of a plain string-literal argument such as `name: "App"`.
    func stringLiteral(labeled label: String) -> String? {
        first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }

    /// The string literals of an array argument such as `exclude: ["Old", "README.md"]`; nil without the argument.
    func stringLiterals(labeled label: String) -> [String]? {
        guard let array = first(where: { $0.label?.text == label })?.expression.as(ArrayExprSyntax.self) else { return nil }
        return array.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
    }
}
