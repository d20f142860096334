import Foundation

/// Which target each Swift file was assigned to and the settings it gets, for `mainguard settings`.
///
/// Files are grouped: a folder whose files all get the same assignment is one entry, so an app
/// prints one line per target folder rather than one per file.
///
/// ```swift
/// let report = try SettingsReport(paths: ["."])
/// print(report.text)
/// ```
public struct SettingsReport: Sendable {
    /// What a file was assigned to. Equal assignments are grouped.
    public struct Assignment: Sendable, Hashable, Codable {
        /// The target, nil when no target claims the file.
        public var target: String?
        public var module: String?
        /// Modules of the other targets that compile the file too.
        public var otherModules: [String]
        public var isTestTarget: Bool
        /// `MainActor` or `nonisolated`.
        public var defaultIsolation: String
        public var upcomingFeatures: [String]
        /// The Swift language mode, 5 or 6; nil when nothing states it.
        public var languageMode: Int?
        public var provenance: SettingsProvenance

        private enum CodingKeys: String, CodingKey {
            case target, module, otherModules, isTestTarget, defaultIsolation, upcomingFeatures, languageMode, provenance
        }

        /// Writes `null` for an unclaimed file's target and module, so every entry has the same keys.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(target, forKey: .target)
            try container.encode(module, forKey: .module)
            try container.encode(otherModules, forKey: .otherModules)
            try container.encode(isTestTarget, forKey: .isTestTarget)
            try container.encode(defaultIsolation, forKey: .defaultIsolation)
            try container.encode(upcomingFeatures, forKey: .upcomingFeatures)
            try container.encode(languageMode, forKey: .languageMode)
            try container.encode(provenance, forKey: .provenance)
        }

        init(_ settings: ModuleSettings) {
            target = settings.targetName
            module = settings.moduleName
            otherModules = settings.otherModuleNames
            isTestTarget = settings.isTestTarget
            defaultIsolation = settings.defaultIsolationMainActor ? "MainActor" : "nonisolated"
            upcomingFeatures = settings.nonisolatedNonsendingByDefault ? ["NonisolatedNonsendingByDefault"] : []
            languageMode = settings.languageMode
            provenance = settings.provenance
        }
    }

    /// A file, or a folder (path ending in `/`) whose every file has the same assignment.
    public struct Entry: Sendable, Hashable, Codable {
        public var path: String
        public var files: Int
        public var assignment: Assignment
    }

    public var entries: [Entry]
    /// Files no target claims, package manifests aside (SwiftPM compiles those, no target is meant to).
    public var unclaimedFiles: Int
    /// Projects that could not be read, as `path: reason`.
    public var problems: [String]

    /// Assigns every Swift file under `paths` as `mainguard lint` does: the owning target's settings,
    /// else the configuration's `default_isolation` and `upcoming_features`, then `overrides`.
    /// Throws `LintInputError` for a missing path.
    public init(paths: [String], excludes: [String] = [], configurations: NestedConfigurations? = nil,
                overrides: SettingsOverrides = SettingsOverrides()) throws {
        let (files, specs) = try FileCollector(excludes: excludes).collectWithSpecs(paths: paths)
        var detector = SettingsDetector()
        detector.register(xcodeGenSpecs: specs)
        var unclaimed = 0
        let assigned = files.map { path in
            var settings = detector.settings(forFile: path)
            if let configurations, settings.targetName == nil {
                let configuration = configurations.configuration(forFile: URL(fileURLWithPath: path).standardizedFileURL.path)
                settings = Self.fallback(settings, configuration: configuration)
            }
            if settings.isUnclaimed { unclaimed += 1 }
            return (path: path, assignment: Assignment(settings.applying(overrides)))
        }
        problems = detector.problems
        unclaimedFiles = unclaimed
        entries = Self.grouped(assigned, roots: paths)
    }

    /// The configuration's defaults for a file no target claims, as `TeamLinter` applies them, with their source.
    private static func fallback(_ detected: ModuleSettings, configuration: Configuration) -> ModuleSettings {
        var settings = TeamLinter.settings(detected: detected, configuration: configuration)
        if let isolation = configuration.defaultIsolation, settings.defaultIsolationMainActor {
            settings.provenance.defaultIsolation = "\(ConfigurationLoader.fileName) default_isolation: \(isolation.rawValue)"
        }
        if configuration.upcomingFeatures != nil, settings.nonisolatedNonsendingByDefault {
            settings.provenance.nonisolatedNonsendingByDefault = "\(ConfigurationLoader.fileName) upcoming_features"
        }
        return settings
    }

    /// Groups files under the highest folder (at or below the path the user named) whose files all agree.
    private static func grouped(_ files: [(path: String, assignment: Assignment)], roots: [String]) -> [Entry] {
        let roots = roots.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        func folders(of file: String) -> [String] {
            guard let root = roots.filter({ file.hasPrefix($0 + "/") || $0 == "." }).max(by: { $0.count < $1.count }) else { return [] }
            var chain: [String] = []
            var folder = (file as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                chain.append(folder)
                if folder == root { break }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder { break }
                folder = parent
            }
            return chain
        }
        // nil marks a folder whose files disagree.
        var agreed: [String: Assignment?] = [:]
        let chains = files.map { folders(of: $0.path) }
        for (file, chain) in zip(files, chains) {
            for folder in chain {
                if let existing = agreed[folder] {
                    if existing != file.assignment { agreed[folder] = .some(nil) }
                } else {
                    agreed[folder] = .some(file.assignment)
                }
            }
        }
        var entries: [Entry] = []
        var positionOfGroup: [String: Int] = [:]
        for (file, chain) in zip(files, chains) {
            let top = chain.last { agreed[$0] != nil && agreed[$0]! != nil }
            let key = top.map { $0 == "." ? "./" : $0 + "/" } ?? file.path
            if let position = positionOfGroup[key] {
                entries[position].files += 1
            } else {
                positionOfGroup[key] = entries.count
                entries.append(Entry(path: key, files: 1, assignment: file.assignment))
            }
        }
        return entries
    }

    /// One block per entry: path and target, then each setting with where it came from.
    public var text: String {
        var lines: [String] = []
        for entry in entries {
            let assignment = entry.assignment
            let count = entry.path.hasSuffix("/") ? " (\(entry.files) file\(entry.files == 1 ? "" : "s"))" : ""
            guard let target = assignment.target else {
                lines.append("\(entry.path)\(count): \(assignment.provenance.owner)")
                lines.append(contentsOf: settingLines(assignment))
                continue
            }
            let kind = assignment.isTestTarget ? "test target" : "target"
            lines.append("\(entry.path)\(count): \(kind) \(target), module \(assignment.module ?? target)")
            lines.append("  from: \(assignment.provenance.owner)")
            lines.append(contentsOf: settingLines(assignment))
        }
        if unclaimedFiles > 0 { lines.append("\(unclaimedFiles) file\(unclaimedFiles == 1 ? "" : "s") no target claims") }
        lines += problems.map { "warning: \($0)" }
        return lines.map { $0 + "\n" }.joined()
    }

    private func settingLines(_ assignment: Assignment) -> [String] {
        let isolation = assignment.provenance.defaultIsolation.map { " (\($0))" } ?? " (default)"
        let feature = assignment.upcomingFeatures.isEmpty ? "off (default)"
            : "on" + (assignment.provenance.nonisolatedNonsendingByDefault.map { " (\($0))" } ?? "")
        let mode = assignment.languageMode.map { "Swift \($0)" + (assignment.provenance.languageMode.map { " (\($0))" } ?? "") } ?? "not stated"
        return ["  default isolation: \(assignment.defaultIsolation)\(isolation)",
                "  NonisolatedNonsendingByDefault: \(feature)",
                "  language mode: \(mode)"]
    }

    /// `{"entries": [...], "unclaimedFiles": n, "problems": [...]}` with sorted keys.
    public var json: String {
        struct Document: Encodable {
            var entries: [Entry]
            var unclaimedFiles: Int
            var problems: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(entries: entries, unclaimedFiles: unclaimedFiles, problems: problems))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The `--verbose` note on files no target claims.
///
/// ```swift
/// print(UnclaimedFiles.summary(["Scripts/a.swift"]), terminator: "")
/// // 1 file no target claims (fallback settings: classic, or the configuration's defaults): Scripts/a.swift
/// ```
public enum UnclaimedFiles {
    /// One line: the count and up to `shown` paths, or that every file is claimed.
    public static func summary(_ paths: [String], shown: Int = 5) -> String {
        guard !paths.isEmpty else { return "every file belongs to a Package.swift or Xcode target\n" }
        let noun = paths.count == 1 ? "file" : "files"
        let more = paths.count > shown ? ", and \(paths.count - shown) more" : ""
        return "\(paths.count) \(noun) no target claims (fallback settings: classic, or the configuration's defaults): "
            + paths.prefix(shown).joined(separator: ", ") + more + "\n"
    }
}
