import Foundation
import Yams

/// An XcodeGen spec (`project.yml`), read as the Xcode project it generates, for repositories that check
/// in the spec instead of the `.xcodeproj`.
///
/// What is read:
/// - each target's `type` (`application`, `bundle.unit-test`, …) as its product type;
/// - its `sources`: folders (with `excludes` globs) claim every file under them, `.swift` paths claim one file;
/// - `settings` of the project and of the target, flat or as `base:` and `configs:`, with the project's and
///   the target's `configFiles` (`.xcconfig`) under them, the same way a generated project layers them.
///
/// Specs it `include:`s are read too (a path or `path:`, not those with `enable: false`), merged as XcodeGen
/// merges them: each included spec's project settings under the including one's, each target's paths from
/// its own spec's folder. An include path is looked for from the spec's folder, then from each folder above
/// it: a spec generated with `--project-root` names its includes and sources from that root, and the folder
/// where the first include is found is taken for it.
///
/// Not read: `targetTemplates`, `settingGroups` and `$platform` paths of multi-platform targets. A target
/// they define is missing, and its files get the fallback settings.
///
/// ```swift
/// let project = try XcodeProject(xcodeGenSpec: "targets:\n  App:\n    type: application\n    sources: App",
///                                specDirectory: "/repo")
/// print(project.targets[0].synchronizedFolders[0].path) // /repo/App
/// ```
extension XcodeProject {
    /// The spec file names XcodeGen reads by default.
    static let xcodeGenSpecNames = ["project.yml", "project.yaml"]

    /// Reads a spec; `specDirectory` is the folder holding it (the root its relative paths start from).
    /// Throws `XcodeProject.Error` when the text is not YAML or has no `targets` mapping.
    public init(xcodeGenSpec text: String, specDirectory: String, fileName: String = "project.yml") throws {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw Error(reason: "\(fileName) is not YAML: \(error)")
        }
        guard let root else { throw Error(reason: "\(fileName) has no targets") }
        var lookedFor: [String] = []
        let specs = XcodeGenInclude.specs(including: root, directory: PathParts.standardized(specDirectory), lookedFor: &lookedFor)
        guard specs.contains(where: { $0.root["targets"]?.mapping != nil }) else { throw Error(reason: "\(fileName) has no targets") }
        // Project settings: each included spec's, then the including one's on top; `configFiles` from each spec's folder.
        // Every spec's `configs:` keys, once each; Debug and Release when none names any.
        let declared = specs.flatMap { XcodeGenReader.configurationNames(of: $0.root) }.reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        let configurationNames = declared.isEmpty ? ["Debug", "Release"] : declared
        let readers = specs.map { XcodeGenReader(directory: $0.directory, configurationNames: configurationNames) }
        let levels = zip(specs, readers).map { spec, reader in
            reader.configurations(settings: spec.root["settings"], configFiles: spec.root["configFiles"], level: "project configuration")
        }
        let project = configurationNames.indices.map { index in
            BuildConfiguration(name: configurationNames[index], assignments: levels.flatMap { $0[index].assignments })
        }
        let directory = specs.last!.directory
        if directory != PathParts.standardized(specDirectory) { xcodeGenProjectRoot = directory }
        name = specs.reversed().lazy.compactMap { $0.root["name"]?.scalar?.string }.first ?? PathParts.name(directory)
        // A target defined in several specs is read from the first that defines it, its other definitions merged on top.
        var targets: [(name: String, node: Node, reader: XcodeGenReader)] = []
        for (spec, reader) in zip(specs, readers) {
            for (key, target) in spec.root["targets"]?.mapping ?? [:] {
                guard let name = key.scalar?.string, target.mapping != nil else { continue }
                if let index = targets.firstIndex(where: { $0.name == name }) {
                    targets[index].node = XcodeGenInclude.merged(targets[index].node, target)
                } else {
                    targets.append((name, target, reader))
                }
            }
        }
        self.targets = targets.map { $0.reader.target(named: $0.name, $0.node, projectConfigurations: project, fileName: fileName) }
        configurationFiles = lookedFor + readers.flatMap(\.configurationFiles)
    }
}

/// XcodeGen's `include:`: the specs a spec includes, read and resolved to folders.
private enum XcodeGenInclude {
    /// `root`'s included specs in XcodeGen's order (each include's own includes first), then `root` itself, each
    /// with the folder its relative paths start from; `lookedFor` gets every include path tried.
    static func specs(including root: Node, directory: String, lookedFor: inout [String]) -> [(root: Node, directory: String)] {
        var visited: Set<String> = []
        var rootDirectory = directory
        var included: [(root: Node, directory: String)] = []
        collect(root, directory: directory, depth: 0, visited: &visited, lookedFor: &lookedFor, into: &included, projectRoot: &rootDirectory)
        return included + [(root, rootDirectory)]
    }

    private static func collect(_ spec: Node, directory: String, depth: Int, visited: inout Set<String>, lookedFor: inout [String],
                                into specs: inout [(root: Node, directory: String)], projectRoot: inout String) {
        guard depth < 8 else { return }
        for include in list(spec["include"]) {
            guard include["enable"]?.bool != false, let path = include.scalar?.string ?? include["path"]?.scalar?.string, !path.isEmpty else { continue }
            guard let (file, folder, text) = read(path, from: directory, lookedFor: &lookedFor), visited.insert(file).inserted,
                  let node = try? Yams.compose(yaml: text) else { continue }
            // Found only from a folder above: that folder is the project root the spec was generated from.
            if depth == 0, folder != directory { projectRoot = folder }
            let relative = include["relativePaths"]?.bool ?? true
            let includedDirectory = relative ? PathParts.folder(file) : projectRoot
            collect(node, directory: includedDirectory, depth: depth + 1, visited: &visited, lookedFor: &lookedFor, into: &specs,
                    projectRoot: &projectRoot)
            specs.append((node, includedDirectory))
        }
    }

    /// The included file, the folder it was found from and its text: from `directory`, else from the nearest
    /// folder above that holds it.
    private static func read(_ path: String, from directory: String, lookedFor: inout [String]) -> (String, String, String)? {
        var folder = directory
        while true {
            let file = PathParts.standardized(path.hasPrefix("/") ? path : folder + "/" + path)
            lookedFor.append(file)
            if let text = try? String(contentsOfFile: file, encoding: .utf8) { return (file, folder, text) }
            let parent = PathParts.folder(folder)
            guard !path.hasPrefix("/"), parent != folder, !parent.isEmpty else { return nil }
            folder = parent
        }
    }

    /// XcodeGen's merge: mappings key by key, lists appended, anything else replaced by the including spec's value.
    static func merged(_ base: Node, _ top: Node) -> Node {
        if let baseMapping = base.mapping, let topMapping = top.mapping {
            var pairs = Array(baseMapping)
            for (key, value) in topMapping {
                if let index = pairs.firstIndex(where: { $0.key == key }) {
                    pairs[index].value = merged(pairs[index].value, value)
                } else {
                    pairs.append((key, value))
                }
            }
            return .mapping(Node.Mapping(pairs.map { ($0.key, $0.value) }))
        }
        if let baseList = base.sequence, let topList = top.sequence { return .sequence(Node.Sequence(Array(baseList) + Array(topList))) }
        return top
    }

    private static func list(_ node: Node?) -> [Node] {
        guard let node else { return [] }
        return node.sequence.map(Array.init) ?? [node]
    }
}

/// Turns the parts of a spec into targets and build configurations.
private struct XcodeGenReader {
    var directory: String
    /// The project's configurations (`configs:` keys), Debug and Release when the spec names none.
    var configurationNames: [String]
    private let xcconfigs = XCConfig.Files()
    var configurationFiles: [String] { xcconfigs.paths }

    init(directory: String, configurationNames: [String]) {
        self.directory = directory
        self.configurationNames = configurationNames
    }

    /// The spec's `configs:` keys, in order; empty when it names none.
    static func configurationNames(of root: Node) -> [String] {
        root["configs"]?.mapping?.keys.compactMap { $0.scalar?.string } ?? []
    }

    func target(named name: String, _ target: Node, projectConfigurations: [BuildConfiguration], fileName: String) -> XcodeTarget {
        let type = target["type"]?.scalar?.string ?? ""
        var files: [String] = []
        var folders: [XcodeTarget.SynchronizedFolder] = []
        for source in Self.list(target["sources"]) {
            let path = source.scalar?.string ?? source["path"]?.scalar?.string
            guard let path, !path.isEmpty else { continue }
            let absolute = XcodeProject.join(directory, path)
            if path.hasSuffix(".swift") {
                files.append(absolute)
            } else {
                let excludes = Self.list(source["excludes"]).compactMap { $0.scalar?.string }
                folders.append(XcodeTarget.SynchronizedFolder(path: absolute, excludedFiles: [], excludedPatterns: excludes))
            }
        }
        let productType = "com.apple.product-type.\(type)"
        let own = configurations(settings: target["settings"], configFiles: target["configFiles"], level: "configuration")
        let productName = target["productName"]?.scalar?.string ?? name
        let settings = XcodeBuildSettings(target: own, project: projectConfigurations)
            .moduleSettings(owner: "\(fileName) target \(name)", targetName: name, productName: productName,
                            isTest: XcodeTarget.isTestBundle(productType: productType))
        return XcodeTarget(name: name, productType: productType, sourceFiles: files, synchronizedFolders: folders,
                           addedSynchronizedFiles: [], settings: settings)
    }

    /// One configuration per project configuration: its `.xcconfig`, then the `base` settings, then the
    /// configuration's own (`configs: { Debug: {...} }`, matched without regard to case, as XcodeGen does).
    /// Settings without `base`/`configs`/`groups` keys are all base settings.
    func configurations(settings: Node?, configFiles: Node?, level: String) -> [BuildConfiguration] {
        let structured = settings?.mapping?.keys.contains { ["base", "configs", "groups"].contains($0.scalar?.string ?? "") } ?? false
        let base = structured ? settings?["base"] : settings
        return configurationNames.map { name in
            var assignments: [SettingAssignment] = []
            if let file = Self.value(in: configFiles, forConfiguration: name)?.scalar?.string {
                let path = XcodeProject.join(directory, file)
                assignments += xcconfigs.assignments(file: path, level: "\(level) \(name) (\(PathParts.name(path)))")
            }
            assignments += Self.assignments(base, level: "\(level) \(name)")
            if structured {
                assignments += Self.assignments(Self.value(in: settings?["configs"], forConfiguration: name), level: "\(level) \(name)")
            }
            return BuildConfiguration(name: name, assignments: assignments)
        }
    }

    private static func value(in mapping: Node?, forConfiguration name: String) -> Node? {
        mapping?.mapping?.first { $0.key.scalar?.string.lowercased() == name.lowercased() }?.value
    }

    /// `KEY: value` pairs in key order: a scalar is split into words (`true`/`false` are `YES`/`NO`), a list
    /// gives one word per element.
    private static func assignments(_ settings: Node?, level: String) -> [SettingAssignment] {
        guard let mapping = settings?.mapping else { return [] }
        return mapping.compactMap { key, value -> SettingAssignment? in
            guard let key = key.scalar?.string else { return nil }
            let words: [String]
            if let scalar = value.scalar {
                words = value.bool.map { $0 ? ["YES"] : ["NO"] } ?? scalar.string.split(whereSeparator: \.isWhitespace).map(String.init)
            } else {
                words = list(value).compactMap { $0.scalar?.string }
            }
            return SettingAssignment(key: key, words: words, level: level)
        }.sorted { $0.key < $1.key }
    }

    /// A list, or a lone value standing for a list of one (`sources: App`).
    private static func list(_ node: Node?) -> [Node] {
        guard let node else { return [] }
        return node.sequence.map(Array.init) ?? [node]
    }
}

/// XcodeGen's `excludes` patterns, matched against a path relative to the source folder: `*` and `?`
/// within one component, `**` across any number of them. A pattern that matches a folder excludes
/// everything in it.
///
/// ```swift
/// SourceGlob.matches("**/*Tests.swift", "Feature/LoginTests.swift") // true
/// ```
enum SourceGlob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        // Each `*` multiplies the ways to try: a pattern no spec needs (hostile input) matches nothing.
        guard pattern.utf8.count(where: { $0 == UInt8(ascii: "*") }) <= maximumStars else { return false }
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        return matches(patternParts[...], pathParts[...])
    }

    static let maximumStars = 8

    private static func matches(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        // The pattern ended on a folder of the path: the path is inside what it excludes.
        guard let first = pattern.first else { return true }
        if first == "**" {
            let rest = pattern.dropFirst()
            return (path.startIndex...path.endIndex).contains { matches(rest, path[$0...]) }
        }
        guard let component = path.first, matchesComponent(Array(first.utf8)[...], Array(component.utf8)[...]) else { return false }
        return matches(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchesComponent(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            let rest = pattern.dropFirst()
            return (name.startIndex...name.endIndex).contains { matchesComponent(rest, name[$0...]) }
        case UInt8(ascii: "?"):
            return !name.isEmpty && matchesComponent(pattern.dropFirst(), name.dropFirst())
        default:
            return name.first == first && matchesComponent(pattern.dropFirst(), name.dropFirst())
        }
    }
}
