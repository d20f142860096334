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

    /// Reads a project; `projectDirectory` is the folder holding the `.xcodeproj` (Xcode's `SOURCE_ROOT`).
    /// Throws `PropertyList.ParseError` when the text is not a property list, `XcodeProject.Error` when it is no project.
    public init(pbxproj text: String, projectDirectory: String, name: String) throws {
        self.name = name
        let plist = try PropertyList.parse(text)
        guard let objects = plist["objects"]?.dictionary, let rootID = plist["rootObject"]?.string,
              let project = objects[rootID]?.dictionary
        else { throw Error(reason: "no objects or root object") }
        let reader = ObjectReader(objects: objects, sourceRoot: Self.join(projectDirectory, project["projectDirPath"]?.string ?? ""))
        let projectConfigurations = reader.configurations(project["buildConfigurationList"]?.string)
        let synchronizedGroups = objects.filter { $0.value["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }
        targets = (project["targets"]?.strings ?? []).compactMap { targetID in
            guard let target = objects[targetID]?.dictionary, target["isa"]?.string == "PBXNativeTarget" else { return nil }
            return reader.target(id: targetID, target, projectName: name, projectConfigurations: projectConfigurations,
                                 synchronizedGroups: synchronizedGroups)
        }
    }

    /// Why a property list is not an Xcode project.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { "not an Xcode project: \(reason)" }
    }

    static func join(_ directory: String, _ relative: String) -> String {
        guard !relative.isEmpty else { return directory }
        if relative.hasPrefix("/") { return URL(fileURLWithPath: relative).standardizedFileURL.path }
        return URL(fileURLWithPath: directory).appendingPathComponent(relative).standardizedFileURL.path
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
    public var isTestBundle: Bool {
        productType == "com.apple.product-type.bundle.unit-test" || productType == "com.apple.product-type.bundle.ui-testing"
    }

    /// A folder Xcode 16 keeps in sync with the file system.
    public struct SynchronizedFolder: Sendable, Hashable {
        public var path: String
        public var excludedFiles: Set<String>
    }
}

/// Looks objects up by identifier and resolves what they refer to.
private struct ObjectReader {
    let objects: [String: PropertyList]
    let sourceRoot: String
    /// Each group member's group: the PBXGroup tree walked upwards.
    let parents: [String: String]

    init(objects: [String: PropertyList], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.strings ?? [] { parents[child] = id }
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

    /// A configuration list's configurations in order: name and build settings.
    func configurations(_ listID: String?) -> [(name: String, settings: [String: PropertyList])] {
        guard let listID else { return [] }
        return (objects[listID]?["buildConfigurations"]?.strings ?? []).compactMap { id in
            guard let configuration = objects[id] else { return nil }
            return (configuration["name"]?.string ?? id, configuration["buildSettings"]?.dictionary ?? [:])
        }
    }

    func target(id: String, _ target: [String: PropertyList], projectName: String,
                projectConfigurations: [(name: String, settings: [String: PropertyList])],
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
        let settings = XcodeBuildSettings(target: configurations(target["buildConfigurationList"]?.string),
                                          project: projectConfigurations)
            .moduleSettings(owner: "\(projectName).xcodeproj target \(name)", targetName: name, productName: productName,
                            isTest: productType.hasSuffix(".bundle.unit-test") || productType.hasSuffix(".bundle.ui-testing"))
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

/// A target's build configurations over the project's: the concurrency settings they turn on.
private struct XcodeBuildSettings {
    var target: [(name: String, settings: [String: PropertyList])]
    var project: [(name: String, settings: [String: PropertyList])]

    /// The words of a setting in one configuration: the target's value, with `$(inherited)` standing for the project's.
    private func words(_ key: String, configuration: (name: String, settings: [String: PropertyList])) -> (words: [String], level: String)? {
        let projectValue = project.first { $0.name == configuration.name }?.settings[key].map(Self.words)
        guard let targetValue = configuration.settings[key].map(Self.words) else {
            return projectValue.map { ($0, "project configuration \(configuration.name)") }
        }
        let inherited = targetValue.flatMap { $0 == "$(inherited)" || $0 == "${inherited}" ? (projectValue ?? []) : [$0] }
        return (inherited, "configuration \(configuration.name)")
    }

    private static func words(_ value: PropertyList) -> [String] {
        switch value {
        case .string(let text): return text.split(whereSeparator: \.isWhitespace).map(String.init)
        case .array(let elements): return elements.compactMap(\.string).flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        case .dictionary: return []
        }
    }

    func moduleSettings(owner: String, targetName: String, productName: String, isTest: Bool) -> ModuleSettings {
        var settings = ModuleSettings(targetName: targetName)
        settings.isTestTarget = isTest
        settings.provenance = SettingsProvenance(owner: owner)
        // A target without configurations of its own (hand-written input) still inherits the project's.
        let configurations = target.isEmpty ? project.map { ($0.name, [String: PropertyList]()) } : target
        var moduleName: String?
        for configuration in configurations {
            if moduleName == nil {
                let named = configuration.settings["PRODUCT_MODULE_NAME"]?.string ?? configuration.settings["PRODUCT_NAME"]?.string
                    ?? project.first { $0.name == configuration.name }.flatMap { $0.settings["PRODUCT_MODULE_NAME"]?.string }
                moduleName = named
                    .map { $0.replacingOccurrences(of: "$(TARGET_NAME)", with: targetName).replacingOccurrences(of: "${TARGET_NAME}", with: targetName) }
                    .flatMap { $0.contains("$") ? nil : $0 }
            }
            if settings.provenance.defaultIsolation == nil, let found = isolationSetting(configuration) {
                settings.defaultIsolationMainActor = true
                settings.provenance.defaultIsolation = found
            }
            if settings.provenance.nonisolatedNonsendingByDefault == nil, let found = nonsendingSetting(configuration) {
                settings.nonisolatedNonsendingByDefault = true
                settings.provenance.nonisolatedNonsendingByDefault = found
            }
        }
        settings.moduleName = ModuleVisibility.moduleName(ofTarget: moduleName ?? productName)
        return settings
    }

    private func isolationSetting(_ configuration: (name: String, settings: [String: PropertyList])) -> String? {
        if let value = words("SWIFT_DEFAULT_ACTOR_ISOLATION", configuration: configuration), value.words == ["MainActor"] {
            return "\(value.level): SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor"
        }
        if let flags = words("OTHER_SWIFT_FLAGS", configuration: configuration),
           Self.flagValue("-default-isolation", in: flags.words) == "MainActor" {
            return "\(flags.level): OTHER_SWIFT_FLAGS -default-isolation MainActor"
        }
        return nil
    }

    private func nonsendingSetting(_ configuration: (name: String, settings: [String: PropertyList])) -> String? {
        for key in ["SWIFT_UPCOMING_FEATURE_NONISOLATED_NONSENDING_BY_DEFAULT", "SWIFT_APPROACHABLE_CONCURRENCY"] {
            if let value = words(key, configuration: configuration), value.words == ["YES"] { return "\(value.level): \(key) = YES" }
        }
        if let flags = words("OTHER_SWIFT_FLAGS", configuration: configuration) {
            for flag in ["-enable-upcoming-feature", "-enable-experimental-feature"]
            where Self.flagValues(flag, in: flags.words).contains("NonisolatedNonsendingByDefault") {
                return "\(flags.level): OTHER_SWIFT_FLAGS \(flag) NonisolatedNonsendingByDefault"
            }
        }
        return nil
    }

    /// The values given to a compiler flag, as `-flag value` or `-flag=value` (`-Xfrontend` prefixes ignored).
    private static func flagValues(_ flag: String, in words: [String]) -> [String] {
        let words = words.filter { $0 != "-Xfrontend" }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        var values: [String] = []
        for (position, word) in words.enumerated() {
            if word == flag, position + 1 < words.count { values.append(words[position + 1]) }
            if word.hasPrefix(flag + "=") { values.append(String(word.dropFirst(flag.count + 1))) }
        }
        return values
    }

    private static func flagValue(_ flag: String, in words: [String]) -> String? {
        flagValues(flag, in: words).last
    }
}
