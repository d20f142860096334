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
    /// The SwiftPM target (or Xcode project) the file belongs to, for messages.
    public var targetName: String?
    /// `.defaultIsolation(MainActor.self)` / `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`.
    public var defaultIsolationMainActor: Bool
    /// `NonisolatedNonsendingByDefault`: nonisolated async functions run on the caller's actor.
    public var nonisolatedNonsendingByDefault: Bool
    /// A team's own main-actor base classes and protocols (`.mainguard.yml` `main_actor_types`), sorted
    /// so the settings print the same in every process (they key the cache).
    public var extraMainActorTypes: [String] = []
    /// APIs a team declares blocking or heavy (`extra_blocking_apis`, `extra_heavy_apis`), as
    /// `Type.member` or a bare name; sorted for the same reason.
    public var extraBlockingAPIs: [String] = []
    public var extraHeavyAPIs: [String] = []
    /// The file belongs to a test target (SwiftPM `testTarget`, an Xcode test bundle): out of the default scope.
    public var isTestTarget = false

    public init(targetName: String? = nil, defaultIsolationMainActor: Bool = false,
                nonisolatedNonsendingByDefault: Bool = false) {
        self.targetName = targetName
        self.defaultIsolationMainActor = defaultIsolationMainActor
        self.nonisolatedNonsendingByDefault = nonisolatedNonsendingByDefault
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

    /// True when either Swift 6.2 setting is on, so fixes must use `@concurrent` rather than plain `nonisolated`.
    public var describesSwift62: Bool { defaultIsolationMainActor || nonisolatedNonsendingByDefault }

    /// The settings with the CLI's overrides applied on top.
    func applying(_ overrides: SettingsOverrides) -> ModuleSettings {
        var settings = self
        if let isolation = overrides.defaultIsolationMainActor { settings.defaultIsolationMainActor = isolation }
        if let nonsending = overrides.nonisolatedNonsendingByDefault { settings.nonisolatedNonsendingByDefault = nonsending }
        return settings
    }
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
    /// Absolute, standardized directory of the target's sources.
    public var directory: String
    public var settings: ModuleSettings
}

/// Reads targets and their concurrency settings from a `Package.swift` with SwiftParser.
///
/// ```swift
/// let targets = PackageManifest.targets(inManifest: manifestText, packageDirectory: "/repo")
/// print(targets.map(\.name))
/// ```
public enum PackageManifest {
    /// The targets declared with `.target`, `.executableTarget` or `.testTarget` (SwiftPM's path defaults applied).
    public static func targets(inManifest source: String, packageDirectory: String) -> [PackageTarget] {
        let tree = Parser.parse(source: source)
        let collector = TargetCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.targets.map { declared in
            let relative = declared.path ?? defaultPath(for: declared, packageDirectory: packageDirectory)
            let directory = URL(fileURLWithPath: packageDirectory).appendingPathComponent(relative).standardizedFileURL.path
            return PackageTarget(name: declared.name, directory: directory, settings: declared.settings)
        }
    }

    /// SwiftPM looks in `Sources/`, `Source/`, `src/`, `srcs/` (tests: `Tests/`); the first existing one wins.
    private static func defaultPath(for target: DeclaredTarget, packageDirectory: String) -> String {
        let roots = target.isTest ? ["Tests"] : ["Sources", "Source", "src", "srcs"]
        for root in roots where FileManager.default.fileExists(atPath: "\(packageDirectory)/\(root)/\(target.name)") {
            return "\(root)/\(target.name)"
        }
        return "\(roots[0])/\(target.name)"
    }
}

private struct DeclaredTarget {
    var name: String
    var path: String?
    var isTest: Bool
    var settings: ModuleSettings
}

private final class TargetCollector: SyntaxVisitor {
    var targets: [DeclaredTarget] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let kind = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              ["target", "executableTarget", "testTarget"].contains(kind),
              let name = node.arguments.stringLiteral(labeled: "name")
        else { return .visitChildren }
        var settings = ModuleSettings(targetName: name)
        settings.isTestTarget = kind == "testTarget"
        if let swiftSettings = node.arguments.first(where: { $0.label?.text == "swiftSettings" }) {
            settings.read(swiftSettings: swiftSettings.expression)
        }
        targets.append(DeclaredTarget(name: name, path: node.arguments.stringLiteral(labeled: "path"),
                                      isTest: kind == "testTarget", settings: settings))
        return .skipChildren
    }
}

private extension ModuleSettings {
    /// Applies every `.defaultIsolation(...)` and `.enableUpcomingFeature/ExperimentalFeature(...)` found in the expression.
    mutating func read(swiftSettings: ExprSyntax) {
        let elements = swiftSettings.as(ArrayExprSyntax.self)?.elements ?? []
        for call in elements.compactMap({ $0.expression.as(FunctionCallExprSyntax.self) }) {
            guard let setting = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                  let argument = call.arguments.first?.expression else { continue }
            switch setting {
            case "defaultIsolation":
                defaultIsolationMainActor = argument.trimmedDescription == "MainActor.self"
            case "enableUpcomingFeature", "enableExperimentalFeature":
                if argument.as(StringLiteralExprSyntax.self)?.representedLiteralValue == "NonisolatedNonsendingByDefault" {
                    nonisolatedNonsendingByDefault = true
                }
            default:
                break
            }
        }
    }
}

private extension LabeledExprListSyntax {
    /// The value of a plain string-literal argument such as `name: "App"`.
    func stringLiteral(labeled label: String) -> String? {
        first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}

/// Reads the concurrency build settings of an Xcode project (`KEY = VALUE;` lines of `project.pbxproj`).
///
/// Any build configuration that turns a setting on turns it on for the project's files: a linter
/// should warn about code that hangs in at least one configuration.
///
/// ```swift
/// let settings = XcodeProject.settings(inPBXProj: text, projectName: "App")
/// ```
public enum XcodeProject {
    public static func settings(inPBXProj text: String, projectName: String) -> ModuleSettings {
        var settings = ModuleSettings(targetName: projectName)
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: ";\" "))
            switch parts[0] {
            case "SWIFT_DEFAULT_ACTOR_ISOLATION":
                if value == "MainActor" { settings.defaultIsolationMainActor = true }
            case "SWIFT_APPROACHABLE_CONCURRENCY", "SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT":
                if value == "YES" { settings.nonisolatedNonsendingByDefault = true }
            default:
                break
            }
        }
        return settings
    }
}

/// Finds the settings of each linted file: the nearest `Package.swift` or `*.xcodeproj` at or above it.
///
/// ```swift
/// var detector = SettingsDetector()
/// let settings = detector.settings(forFile: "/repo/Sources/App/View.swift")
/// ```
public struct SettingsDetector {
    private enum Project {
        case package([PackageTarget])
        case xcode(ModuleSettings)
        case none
    }

    private var projectsByDirectory: [String: Project] = [:]
    /// Every file of a folder belongs to the same target: the answer per folder as the path names it.
    private var settingsByFolder: [String: ModuleSettings] = [:]

    public init() {}

    /// The settings of the target owning `path` (classic settings when no project is found).
    public mutating func settings(forFile path: String) -> ModuleSettings {
        let folder = (path as NSString).deletingLastPathComponent
        if let known = settingsByFolder[folder] { return known }
        let settings = settings(forFolder: URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent())
        settingsByFolder[folder] = settings
        return settings
    }

    private mutating func settings(forFolder folder: URL) -> ModuleSettings {
        let folderPath = folder.path + "/"
        var directory = folder
        while true {
            switch project(in: directory.path) {
            case .package(let targets):
                // The deepest target directory containing the folder owns its files.
                let owner = targets.filter { folderPath.hasPrefix($0.directory + "/") }
                    .max { $0.directory.count < $1.directory.count }
                return owner?.settings ?? .classic
            case .xcode(let settings):
                return settings
            case .none:
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { return .classic }
                directory = parent
            }
        }
    }

    private mutating func project(in directory: String) -> Project {
        if let known = projectsByDirectory[directory] { return known }
        let project = Self.readProject(in: directory)
        projectsByDirectory[directory] = project
        return project
    }

    private static func readProject(in directory: String) -> Project {
        let manifest = "\(directory)/Package.swift"
        if let text = try? String(contentsOfFile: manifest, encoding: .utf8) {
            return .package(PackageManifest.targets(inManifest: text, packageDirectory: directory))
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries.sorted() where entry.hasSuffix(".xcodeproj") {
            if let text = try? String(contentsOfFile: "\(directory)/\(entry)/project.pbxproj", encoding: .utf8) {
                return .xcode(XcodeProject.settings(inPBXProj: text, projectName: String(entry.dropLast(".xcodeproj".count))))
            }
        }
        return .none
    }
}
