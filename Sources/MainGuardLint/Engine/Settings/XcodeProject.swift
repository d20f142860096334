import Foundation

/// The targets of an Xcode project, read from its `project.pbxproj`: which Swift files each one
/// compiles and the concurrency settings it compiles them with.
///
/// A target compiles the files of its Sources build phase (`PBXBuildFile` → `PBXFileReference`, paths
/// resolved through the `PBXGroup` tree) and every file under its Xcode 16 synchronized folders
/// (`fileSystemSynchronizedGroups`) except the `membershipExceptions` an exception set names for it.
/// Its settings are those of its own build configurations over the project-level ones; any
/// configuration turning a setting on turns it on, since a linter should warn about code that hangs
/// in at least one configuration.
///
/// ```swift
/// let project = try XcodeProject(pbxproj: text, projectDirectory: "/repo", name: "App")
/// for target in project.targets { print(target.name, target.isTestBundle, target.sourceFiles.count) }
/// ```
public struct XcodeProject: Sendable {
    /// The project's name (`App` for `App.xcodeproj`).
    public var name: String
    public var targets: [XcodeTarget]
    /// The `.xcconfig` files reading the project looked for, found or not: with the project file itself,
    /// what its settings depend on.
    var configurationFiles: [String] = []
    /// For an XcodeGen spec whose includes are found from a folder above its own (generated with
    /// `--project-root`): that folder, where its paths start. nil otherwise.
    var xcodeGenProjectRoot: String?

    /// Reads a project; `projectDirectory` is the folder holding the `.xcodeproj` (Xcode's `SOURCE_ROOT`).
    /// Throws `PropertyList.ParseError` when the text is not a property list, `XcodeProject.Error` when it is no project.
    public init(pbxproj text: String, projectDirectory: String, name: String) throws {
        self.name = name
        let plist = try PropertyList.parse(text)
        guard let objects = plist["objects"]?.dictionary, let rootID = plist["rootObject"]?.string,
              let project = objects[rootID]?.dictionary
        else { throw Error(reason: "no objects or root object") }
        let reader = ObjectReader(objects: objects,
                                  sourceRoot: PathParts.standardized(Self.join(projectDirectory, project["projectDirPath"]?.string ?? "")))
        let projectConfigurations = reader.configurations(project["buildConfigurationList"]?.string, level: "project configuration")
        let synchronizedGroups = objects.filter { $0.value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }
        targets = (project["targets"]?.strings ?? []).compactMap { targetID in
            guard let target = objects[targetID]?.dictionary, target["isa"]?.string == "PBXNativeTarget" else { return nil }
            return reader.target(id: targetID, target, projectName: name, projectConfigurations: projectConfigurations,
                                 synchronizedGroups: synchronizedGroups)
        }
        configurationFiles = reader.configurationFiles
    }

    /// Why a property list is not an Xcode project.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { "not an Xcode project: \(reason)" }
    }

    static func join(_ directory: String, _ relative: String) -> String {
        guard !relative.isEmpty else { return directory }
        // Most joins add a plain name (`Views`, `Sources/App.swift`) to a folder that is already absolute
        // and standardized (every group path is a join's result): concatenating gives the same path as
        // standardizing, without splitting it into components (a sixth of reading a large project).
        if isStandardized(directory), isPlainRelative(relative) { return directory == "/" ? "/" + relative : directory + "/" + relative }
        return PathParts.standardized(relative.hasPrefix("/") ? relative : directory + "/" + relative)
    }

    /// Absolute, without a trailing `/` (except the root), an empty, `.` or `..` component.
    private static func isStandardized(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        return !path.hasSuffix("/") && isPlainRelative(path.dropFirst())
    }

    /// Components that are all names: none empty, `.` or `..`.
    private static func isPlainRelative(_ path: some StringProtocol) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && !(componentLength == dots && dots <= 2)
    }
}

/// One native target of an Xcode project.
///
/// ```swift
/// let tests = project.targets.filter(\.isTestBundle)
/// ```
public struct XcodeTarget: Sendable, Hashable {
    public var name: String
    /// `com.apple.product-type.application`, `…framework`, `…bundle.unit-test`, `…bundle.ui-testing`, `…app-extension`, ….
    public var productType: String
    /// Absolute paths of the Swift files its Sources build phase lists.
    public var sourceFiles: [String]
    /// Its synchronized folders (absolute) with the files (absolute) the target leaves out of each.
    public var synchronizedFolders: [SynchronizedFolder]
    /// Files of other targets' synchronized folders that an exception set adds to this target (absolute).
    public var addedSynchronizedFiles: [String]
    /// Settings of the target's files, with their provenance.
    public var settings: ModuleSettings

    /// Unit-test and UI-test bundles.
    public var isTestBundle: Bool { Self.isTestBundle(productType: productType) }

    static func isTestBundle(productType: String) -> Bool {
        productType == "com.apple.product-type.bundle.unit-test" || productType == "com.apple.product-type.bundle.ui-testing"
    }

    /// A folder Xcode 16 keeps in sync with the file system, or an XcodeGen source folder.
    public struct SynchronizedFolder: Sendable, Hashable {
        public var path: String
        public var excludedFiles: Set<String>
        /// XcodeGen `excludes` globs, relative to `path` (`SourceGlob`).
        public var excludedPatterns: [String] = []

        /// True when the folder holds `file` (absolute) and does not leave it out.
        func includes(_ file: String) -> Bool {
            guard file.hasPrefix(path), file.utf8.dropFirst(path.utf8.count).first == UInt8(ascii: "/") else { return false }
            if excludedFiles.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) { return false }
            // Only XcodeGen folders have patterns: a synchronized folder's claim builds no relative path.
            guard !excludedPatterns.isEmpty else { return true }
            let relative = String(decoding: file.utf8.dropFirst(path.utf8.count + 1), as: UTF8.self)
            return !excludedPatterns.contains { SourceGlob.matches($0, relative) }
        }
    }
}

/// Looks objects up by identifier and resolves what they refer to.
private struct ObjectReader {
    let objects: [String: PropertyList]
    let sourceRoot: String
    /// Each group member's group: the PBXGroup tree walked upwards.
    let parents: [String: String]
    /// `.xcconfig` files read so far: every target's Debug and Release often share one.
    private let xcconfigs = XCConfig.Files()
    var configurationFiles: [String] { xcconfigs.paths }

    init(objects: [String: PropertyList], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        // Sorted, so a member listed by two groups (malformed, but seen) gets the same parent every run.
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
            for child in object["children"]?.strings ?? [] where parents[child] == nil { parents[child] = id }
        }
        self.parents = parents
    }

    /// The absolute path of a file reference or group; nil for paths outside the sources
    /// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`) and for cycles in hostile input.
    func path(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let path = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else { return XcodeProject.join(sourceRoot, path) }
            return self.path(of: parent, depth: depth + 1).map { XcodeProject.join($0, path) }
        case "SOURCE_ROOT":
            return XcodeProject.join(sourceRoot, path)
        case "<absolute>":
            return path.hasPrefix("/") ? XcodeProject.join("/", path) : nil
        default:
            return nil
        }
    }

    /// A configuration list's configurations in order, each as its assignments: those of its base
    /// `.xcconfig` file (with its `#include`s) first, then its own build settings.
    func configurations(_ listID: String?, level: String) -> [BuildConfiguration] {
        guard let listID else { return [] }
        return (objects[listID]?["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            let name = configuration["name"]?.string ?? id
            var assignments: [SettingAssignment] = []
            if let file = baseConfigurationFile(of: configuration) {
                assignments += xcconfigs.assignments(file: file, level: "\(level) \(name) (\((file as NSString).lastPathComponent))")
            }
            for (key, value) in (configuration["buildSettings"]?.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
                assignments.append(SettingAssignment(key: key, words: BuildConfiguration.words(value), level: "\(level) \(name)"))
            }
            return BuildConfiguration(name: name, assignments: assignments)
        }
    }

    /// A configuration's `.xcconfig`: a file reference, or (Xcode 16) a path inside a synchronized folder.
    private func baseConfigurationFile(of configuration: PropertyList) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string { return path(of: reference) }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
           let relative = configuration["baseConfigurationReferenceRelativePath"]?.string {
            return path(of: anchor).map { XcodeProject.join($0, relative) }
        }
        return nil
    }

    func target(id: String, _ target: [String: PropertyList], projectName: String,
                projectConfigurations: [BuildConfiguration],
                synchronizedGroups: [String: PropertyList]) -> XcodeTarget {
        let name = target["name"]?.string ?? id
        let productType = target["productType"]?.string ?? ""
        var sourceFiles: [String] = []
        for phaseID in target["buildPhases"]?.strings ?? [] where objects[phaseID]?["isa"]?.string == "PBXSourcesBuildPhase" {
            for buildFileID in objects[phaseID]?["files"]?.strings ?? [] {
                guard let reference = objects[buildFileID]?["fileRef"]?.string,
                      let path = path(of: reference), path.hasSuffix(".swift") else { continue }
                sourceFiles.append(path)
            }
        }
        let ownGroups = target["fileSystemSynchronizedGroups"]?.strings ?? []
        let folders: [XcodeTarget.SynchronizedFolder] = ownGroups.compactMap { groupID in
            guard let folder = path(of: groupID) else { return nil }
            return XcodeTarget.SynchronizedFolder(path: folder, excludedFiles: Set(exceptionFiles(of: groupID, target: id, folder: folder)))
        }
        // An exception set naming this target on another target's folder adds those files to this target.
        var added: [String] = []
        for groupID in synchronizedGroups.keys.sorted() where !ownGroups.contains(groupID) {
            guard let folder = path(of: groupID) else { continue }
            added += exceptionFiles(of: groupID, target: id, folder: folder).filter { $0.hasSuffix(".swift") }
        }
        let productName = (target["productName"]?.string).map { $0.contains("$") ? name : $0 } ?? name
        let settings = XcodeBuildSettings(target: configurations(target["buildConfigurationList"]?.string, level: "configuration"),
                                          project: projectConfigurations)
            .moduleSettings(owner: SettingsProvenance.xcodeTarget(name, ofProject: projectName), targetName: name, productName: productName,
                            isTest: XcodeTarget.isTestBundle(productType: productType))
        return XcodeTarget(name: name, productType: productType, sourceFiles: sourceFiles, synchronizedFolders: folders,
                           addedSynchronizedFiles: added, settings: settings)
    }

    /// The absolute paths an exception set of the synchronized group lists for the target.
    private func exceptionFiles(of groupID: String, target targetID: String, folder: String) -> [String] {
        (objects[groupID]?["exceptions"]?.strings ?? []).flatMap { exceptionID -> [String] in
            guard let exception = objects[exceptionID], exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  exception["target"]?.string == targetID else { return [] }
            return exception["membershipExceptions"]?.strings.map { XcodeProject.join(folder, $0) } ?? []
        }
    }
}

/// One assignment of a build setting, and where it was made.
struct SettingAssignment {
    var key: String
    var words: [String]
    var level: String
}

/// One build configuration (Debug, Release, …) as its assignments, lowest level first.
struct BuildConfiguration {
    var name: String
    var assignments: [SettingAssignment]

    /// A setting's words with where each came from: the last assignment wins, and `$(inherited)`
    /// stands for the value assigned before it (a lower level, or earlier in an `.xcconfig` chain).
    func value(_ key: String) -> [(word: String, level: String)]? {
        var value: [(word: String, level: String)]?
        for assignment in assignments where assignment.key == key {
            let inherited = value ?? []
            value = assignment.words.flatMap { word in
                word == "$(inherited)" || word == "${inherited}" ? inherited : [(word, assignment.level)]
            }
            // Each `$(inherited)` copies what came before: hostile input could double it at every level.
            if value!.count > Self.maximumWords { value = Array(value!.prefix(Self.maximumWords)) }
        }
        return value
    }

    private static let maximumWords = 4_096

    static func words(_ value: PropertyList) -> [String] {
        switch value {
        case .string(let text): return text.split(whereSeparator: \.isWhitespace).map(String.init)
        case .array(let elements): return elements.compactMap(\.string).flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        case .dictionary: return []
        }
    }
}

/// Reads `.xcconfig` files: `KEY = value` lines, `// comments`, `#include "other.xcconfig"` (and `#include?`).
enum XCConfig {
    /// The files one project read has parsed, each read once (not shared across threads).
    final class Files {
        private var read: [String: [SettingAssignment]] = [:]
        /// Every file looked for, included ones too, found or not: what the project's settings depend on
        /// (`SettingsDetector.Dependencies`).
        private(set) var paths: [String] = []

        func assignments(file: String, level: String) -> [SettingAssignment] {
            let found = read[file] ?? XCConfig.assignments(file: file, level: "", lookedFor: &paths)
            read[file] = found
            return found.map { SettingAssignment(key: $0.key, words: $0.words, level: level) }
        }
    }

    /// The file's assignments in order, included files' in place. A condition (`KEY[sdk=iphoneos*]`)
    /// is kept as a plain assignment: it applies in some build, which is enough to turn a setting on.
    /// `lookedFor` gets each file it tries to read.
    static func assignments(file: String, level: String, depth: Int = 0, lookedFor: inout [String]) -> [SettingAssignment] {
        guard depth < 16 else { return [] }
        lookedFor.append(file)
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        var assignments: [SettingAssignment] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let parts = trimmed.split(separator: "\"")
                guard parts.count >= 2 else { continue }
                let included = XcodeProject.join((file as NSString).deletingLastPathComponent, String(parts[1]))
                assignments += Self.assignments(file: included, level: level, depth: depth + 1, lookedFor: &lookedFor)
                continue
            }
            let afterCondition = trimmed.firstIndex(of: "]").map { trimmed.index(after: $0) } ?? trimmed.startIndex
            guard let equals = trimmed[afterCondition...].firstIndex(of: "=") else { continue }
            var key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            if let condition = key.firstIndex(of: "[") { key = String(key[..<condition]) }
            guard !key.isEmpty else { continue }
            let words = trimmed[trimmed.index(after: equals)...].split(whereSeparator: \.isWhitespace)
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            assignments.append(SettingAssignment(key: key, words: words, level: level))
        }
        return assignments
    }
}

/// A target's build configurations over the project's: the concurrency settings they turn on.
struct XcodeBuildSettings {
    var target: [BuildConfiguration]
    var project: [BuildConfiguration]

    func moduleSettings(owner: String, targetName: String, productName: String, isTest: Bool) -> ModuleSettings {
        var settings = ModuleSettings(targetName: targetName)
        settings.isTestTarget = isTest
        settings.provenance = SettingsProvenance(owner: owner)
        // Each target configuration sits on the project's configuration of the same name; a target
        // without configurations of its own (hand-written input) has the project's alone.
        let configurations = (target.isEmpty ? project.map { BuildConfiguration(name: $0.name, assignments: []) } : target).map { own in
            BuildConfiguration(name: own.name, assignments: (project.first { $0.name == own.name }?.assignments ?? []) + own.assignments)
        }
        var moduleName: String?
        for configuration in configurations {
            if moduleName == nil {
                moduleName = (configuration.value("PRODUCT_MODULE_NAME") ?? configuration.value("PRODUCT_NAME"))
                    .map { $0.map(\.word).joined(separator: " ") }
                    .map { $0.replacingOccurrences(of: "$(TARGET_NAME)", with: targetName).replacingOccurrences(of: "${TARGET_NAME}", with: targetName) }
                    .flatMap { $0.contains("$") || $0.isEmpty ? nil : $0 }
            }
            if settings.provenance.defaultIsolation == nil, let found = Self.isolationSetting(configuration) {
                settings.defaultIsolationMainActor = true
                settings.provenance.defaultIsolation = found
            }
            if settings.languageMode == nil, let value = configuration.value("SWIFT_VERSION"),
               let major = Int(value[0].word.prefix { $0.isNumber }) {
                settings.languageMode = major
                settings.provenance.languageMode = "\(value[0].level): SWIFT_VERSION = \(value[0].word)"
            }
            if settings.provenance.nonisolatedNonsendingByDefault == nil, let found = Self.nonsendingSetting(configuration) {
                settings.nonisolatedNonsendingByDefault = true
                settings.provenance.nonisolatedNonsendingByDefault = found
            }
        }
        settings.moduleName = ModuleVisibility.moduleName(ofTarget: moduleName ?? productName)
        return settings
    }

    private static func isolationSetting(_ configuration: BuildConfiguration) -> String? {
        if let value = configuration.value("SWIFT_DEFAULT_ACTOR_ISOLATION"), value.map(\.word) == ["MainActor"] {
            return "\(value[0].level): SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor"
        }
        if let flags = configuration.value("OTHER_SWIFT_FLAGS"), let flag = flagValues("-default-isolation", in: flags).last,
           flag.word == "MainActor" {
            return "\(flag.level): OTHER_SWIFT_FLAGS -default-isolation MainActor"
        }
        return nil
    }

    private static func nonsendingSetting(_ configuration: BuildConfiguration) -> String? {
        for key in ["SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", "SWIFT_APPROACHABLE_CONCURRENCY"] {
            if let value = configuration.value(key), value.map(\.word) == ["YES"] { return "\(value[0].level): \(key) = YES" }
        }
        if let flags = configuration.value("OTHER_SWIFT_FLAGS") {
            for flag in ["-enable-upcoming-feature", "-enable-experimental-feature"] {
                if let found = flagValues(flag, in: flags).first(where: { $0.word == "NonisolatedNonsendingByDefault" }) {
                    return "\(found.level): OTHER_SWIFT_FLAGS \(flag) NonisolatedNonsendingByDefault"
                }
            }
        }
        return nil
    }

    /// The values given to a compiler flag, as `-flag value` or `-flag=value` (`-Xfrontend` prefixes ignored).
    private static func flagValues(_ flag: String, in words: [(word: String, level: String)]) -> [(word: String, level: String)] {
        let words = words.filter { $0.word != "-Xfrontend" }
        var values: [(word: String, level: String)] = []
        for (position, word) in words.enumerated() {
            if word.word == flag, position + 1 < words.count { values.append(words[position + 1]) }
            if word.word.hasPrefix(flag + "=") { values.append((String(word.word.dropFirst(flag.count + 1)), word.level)) }
        }
        return values
    }
}
