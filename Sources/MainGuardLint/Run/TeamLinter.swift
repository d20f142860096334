import Foundation
import SwiftSyntax

/// A lint run as a team configures it, wrapped around the engine without changing its flow:
/// configuration picks files, settings and rules; the engine parses, indexes and runs the rules;
/// each file's findings then pass through the configuration and its suppression comments; the
/// cache reuses what is unchanged; the baseline drops what was already known. The CLI, the
/// plugins and the tests all call this.
///
/// ```swift
/// let root = try ConfigurationLoader.load(file: ".mainguard.yml", vocabulary: RuleCatalog.vocabulary)
/// let configurations = try NestedConfigurations.discover(root: root, rootFile: ".mainguard.yml",
///                                                        under: ["Sources"], vocabulary: RuleCatalog.vocabulary)
/// let result = try TeamLinter(configurations: configurations).lint(paths: ["Sources"])
/// print(XcodeReporter.render(result.lint.findings), terminator: "")
/// ```
public struct TeamLinter: Sendable {
    public var configurations: NestedConfigurations
    /// fnmatch globs from `--exclude`, on top of the configuration's `excluded`.
    public var excludes: [String]
    /// `--default-isolation` / `--upcoming-feature`: win over everything else.
    public var overrides: SettingsOverrides
    /// nil with `--no-cache`.
    public var cache: LintCache?
    public var baseline: Baseline?
    /// The folder relative paths are resolved against and stored relative to (baseline, reports).
    public var sourceRoot: String
    public var threads: Int?
    /// `--include-tests` / `--include-previews` / `--include-low-cost`: widen every configuration's scope.
    public var scope: LintScope

    public init(configurations: NestedConfigurations = NestedConfigurations(root: Configuration()), excludes: [String] = [],
                overrides: SettingsOverrides = SettingsOverrides(), cache: LintCache? = nil, baseline: Baseline? = nil,
                sourceRoot: String = FileManager.default.currentDirectoryPath, threads: Int? = nil,
                scope: LintScope = .shippedCode) {
        self.scope = scope
        self.configurations = configurations
        self.excludes = excludes
        self.overrides = overrides
        self.cache = cache
        self.baseline = baseline
        self.sourceRoot = sourceRoot
        self.threads = threads
    }

    /// The outcome: the engine's result (findings after configuration, suppressions and baseline)
    /// and what the cache and baseline did.
    public struct Result: Sendable {
        public var lint: LintResult
        /// Files whose findings came from the cache.
        public var filesFromCache: Int
        /// Findings the baseline absorbed.
        public var baselinedCount: Int
        /// Why the cache could not be written, when it could not (the run itself succeeded).
        public var cacheWarning: String?
        /// Test files left out of the run (`--include-tests` brings them back).
        public var testFilesLeftOut = 0
        /// Linted files no Package.swift or Xcode target claims: they got the fallback settings. Package
        /// manifests are not among them: SwiftPM compiles them, and no target is meant to.
        public var unclaimedFiles: [String] = []

        /// SwiftLint's convention: 0 without error findings, 2 with one; `strict` from the command
        /// line or the root configuration counts warnings as errors.
        public func exitCode(strict: Bool) -> Int32 {
            lint.exitCode(strict: strict)
        }
    }

    /// One file to lint, with what applies to it.
    private struct PlannedFile {
        var path: String
        var configuration: Configuration
        var settings: ModuleSettings
    }

    /// A planned file once read: what the engine gets, its content hash for the cache ("" without one) and its
    /// line count; or why it is left out.
    private enum ReadFile {
        case linted(Linter.SourceInput, contentHash: String, lines: Int)
        case testCode
        case unreadable(String)
    }

    /// Lints the Swift files under `paths`; throws `LintInputError` for a missing or unreadable path.
    public func lint(paths: [String]) throws -> Result {
        let (planned, wholeProjects, systemNaming) = try plan(paths: paths)
        // Each file is read, checked for test code, hashed for the cache and its lines counted on the lint's threads.
        let read = Parallel.map(count: planned.count, threads: threadCount) { position -> ReadFile in
            let file = planned[position]
            switch SourceReader.read(file.path) {
            case .failure(let reason): return .unreadable(reason.description)
            case .success(let text):
                let scope = file.configuration.scope
                guard scope.includes(text: text, settings: file.settings) else { return .testCode }
                var input = Linter.SourceInput(path: file.path, text: text, settings: file.settings, reportsInPreviews: scope.includePreviews,
                                               ruleIDs: file.configuration.enabledRuleIDs)
                input.callersAreLinted = wholeProjects && file.settings.targetName != nil
                return .linted(input, contentHash: cache == nil ? "" : StableHash.of(text), lines: Linter.lineCount(of: text))
            }
        }
        var files: [PlannedFile] = []
        var inputs: [Linter.SourceInput] = []
        var contentHashes: [String] = []
        var lineCount = 0
        var skipped: [SkippedFile] = []
        var testFilesLeftOut = 0
        for (file, outcome) in zip(planned, read) {
            switch outcome {
            case .linted(let input, let hash, let lines):
                files.append(file)
                inputs.append(input)
                contentHashes.append(hash)
                lineCount += lines
            case .testCode: testFilesLeftOut += 1
            case .unreadable(let reason): skipped.append(SkippedFile(path: file.path, reason: reason))
            }
        }
        var (findings, fromCache, cacheWarning) = lintWithCache(files: files, inputs: inputs, contentHashes: contentHashes) { findings, earlier in
            textPasses(findings, inputs: inputs, systemNaming: systemNaming, earlier: earlier)
        }
        findings = FindingsByCause.oneFindingPerCause(PreviewOnlyViews.removing(from: findings, inputs: inputs, threads: threadCount))
        if wholeProjects {
            let notCompiled = Self.notCompiled(files)
            if !notCompiled.isEmpty { findings.removeAll { notCompiled.contains($0.file) } }
        }
        var baselined = 0
        if let baseline {
            let fresh = baseline.newFindings(in: findings, sourceRoot: sourceRoot)
            baselined = findings.count - fresh.count
            findings = fresh
        }
        let result = LintResult(findings: findings.sorted(), skipped: skipped, fileCount: inputs.count,
                                lineCount: lineCount)
        return Result(lint: result, filesFromCache: fromCache, baselinedCount: baselined, cacheWarning: cacheWarning,
                      testFilesLeftOut: testFilesLeftOut, unclaimedFiles: files.filter(\.settings.isUnclaimed).map(\.path))
    }

    /// Files no target compiles, beside files a target of the same project compiles: a copy the project no
    /// longer lists, which no build includes (blind round BJ: an old media viewer left in a folder of the
    /// app's sources). Their findings describe no shipped code, so a run of whole projects drops them; a
    /// folder with no claimed file (a script, a project the run could not read) keeps its findings.
    ///
    /// So does a folder above files an Xcode project lists: the project lists each file it compiles, so one it
    /// does not list, in the folder that holds its compiled subfolders, is left over too (blind round CL: an
    /// app's early files left at the top of its sources folder, beside the `Scenes` folders the project builds).
    /// A package's folders are not read this way: a package compiles its folders whole, so files above them
    /// are another build's (an app whose project the run could not read, around its local packages).
    private static func notCompiled(_ files: [PlannedFile]) -> Set<String> {
        let claimedFolders = Set(files.filter { $0.settings.targetName != nil }.map { PathParts.folder($0.path) })
        var aboveListedFiles: Set<String> = []
        for file in files where file.settings.provenance.isXcodeTarget {
            var folder = PathParts.folder(PathParts.folder(file.path))
            while !folder.isEmpty, folder != "/", aboveListedFiles.insert(folder).inserted { folder = PathParts.folder(folder) }
        }
        return Set(files.filter { file in
            let folder = PathParts.folder(file.path)
            return file.settings.isUnclaimed && (claimedFolders.contains(folder) || aboveListedFiles.contains(folder))
        }.map(\.path))
    }

    /// Collects files, keeps those the configuration includes, and settles each one's settings.
    /// The files to lint, and whether the run holds whole projects: every path is a folder, and every
    /// `Package.swift` or Xcode project that may claim a linted file sits inside one of them. Then a
    /// function no linted file calls has no callers (`UncalledElsewhere`); a run of single files or of a
    /// folder inside a target cannot tell. With them, the storyboards, property lists and other files
    /// through which the system may create a type by its name (`UncalledElsewhere.namesTypesForTheSystem`).
    private func plan(paths: [String]) throws -> (files: [PlannedFile], wholeProjects: Bool, systemNaming: [String]) {
        var absoluteFolders: [String: String] = [:]
        let root = URL(fileURLWithPath: sourceRoot, isDirectory: true)
        var systemNaming: [String] = []
        let collected = try FileCollector(excludes: excludes).collect(paths: paths, systemNamingFiles: &systemNaming)
        let specs = systemNaming.filter(FileCollector.isXcodeGenSpec)
        systemNaming.removeAll(where: FileCollector.isXcodeGenSpec)
        // Standardizing a URL is slow on Linux: once per folder, not once per file.
        for path in collected where absoluteFolders[PathParts.folder(path)] == nil {
            let standardized = PathParts.folder(PathParts.standardized(path.hasPrefix("/") ? path : root.path + "/" + path))
            absoluteFolders[PathParts.folder(path)] = standardized.hasSuffix("/") ? standardized : standardized + "/"
        }
        let configured = Parallel.chunkedMap(count: collected.count, threads: threadCount, chunkSize: 256) { [absoluteFolders] position
            -> (path: String, configuration: Configuration)? in
            let path = collected[position]
            let absolute = absoluteFolders[PathParts.folder(path)]! + PathParts.name(path)
            var configuration = configurations.configuration(forFile: absolute)
            guard configuration.includes(path: absolute) else { return nil }
            if scope.includeTests { configuration.includeTests = true }
            if scope.includePreviews { configuration.includePreviews = true }
            if scope.includeLowCost { configuration.includeLowCost = true }
            return (path, configuration)
        }.compactMap { $0 }
        // Only the files the configurations include ask for the projects that claim them.
        let (detected, projects) = detectedSettings(forFiles: configured.map(\.path), collected: collected, specs: specs)
        let files = zip(configured, detected).map { file, detected in
            PlannedFile(path: file.path, configuration: file.configuration,
                        settings: Self.settings(detected: detected, configuration: file.configuration).applying(overrides))
        }
        let folders = paths.compactMap { path -> String? in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            return PathParts.standardized(path)
        }
        let wholeProjects = folders.count == paths.count && !projects.isEmpty
            && projects.allSatisfy { project in folders.contains { project == $0 || project.hasPrefix($0 == "/" ? "/" : $0 + "/") } }
        return (files, wholeProjects, systemNaming)
    }

    /// Each file's settings as the projects above it give them, and the folders holding projects: the last run's
    /// when nothing they were read from changed (`SettingsCacheEntry`), else read again (and kept for the next run).
    private func detectedSettings(forFiles paths: [String], collected: [String], specs: [String]) -> (settings: [ModuleSettings], projects: [String]) {
        let workingDirectory = FileManager.default.currentDirectoryPath
        if let reused = cache?.loadSettings()?.reusable(forPaths: paths, specs: specs, workingDirectory: workingDirectory) {
            return (reused.settings, reused.projectDirectories)
        }
        var detector = SettingsDetector()
        detector.register(xcodeGenSpecs: specs)
        detector.readProjects(aboveFiles: collected, threads: threadCount)
        let settings = detector.settings(forFiles: paths, threads: threadCount)
        // A cache that cannot be written costs the next run this work again, nothing else.
        try? cache?.save(SettingsCacheEntry(workingDirectory: workingDirectory, paths: paths, specs: specs, settings: settings, detector: detector))
        return (settings, detector.projectDirectories)
    }

    /// `Package.swift` and Xcode projects describe their files best; the configuration's
    /// `default_isolation` and `upcoming_features` cover files no project describes. The
    /// catalogue and main-actor type extensions apply everywhere.
    static func settings(detected: ModuleSettings, configuration: Configuration) -> ModuleSettings {
        var settings = detected
        if detected.targetName == nil {
            if let isolation = configuration.defaultIsolation { settings.defaultIsolationMainActor = isolation == .mainActor }
            if let features = configuration.upcomingFeatures {
                settings.nonisolatedNonsendingByDefault = features.contains("NonisolatedNonsendingByDefault")
            }
        }
        settings.extraMainActorTypes = configuration.mainActorTypes.sorted()
        settings.extraBlockingAPIs = configuration.extraBlockingAPIs.sorted()
        settings.extraHeavyAPIs = configuration.extraHeavyAPIs.sorted()
        settings.includesLowCost = configuration.includeLowCost ?? false
        return settings
    }

    /// The passes that read every file's text for what the findings name (``BackgroundOnlyMethods``, then
    /// ``UncalledElsewhere``). With `earlier` (the last run's questions, and the answers of files whose text and
    /// settings are unchanged), an unchanged file is searched only for what the last run did not ask: a warm or
    /// edit run reads few files again. Returns the findings kept, and this run's questions and answers.
    private func textPasses(_ findings: [Finding], inputs: [Linter.SourceInput], systemNaming: [String],
                            earlier: (LintCacheStore.TextQuestions, [LintCacheStore.TextAnswers?])?) -> TextPassesResult {
        let earlierMethods = earlier.flatMap { questions, answers in
            questions.methods.map { BackgroundOnlyMethods.Asked(methods: $0, answers: answers.map { $0?.methods }) }
        }
        let earlierRoots = earlier.flatMap { questions, answers in
            questions.roots.map { UncalledElsewhere.Asked(questions: $0, answers: answers.map { $0?.roots }) }
        }
        let background = BackgroundOnlyMethods.removing(from: findings, inputs: inputs, threads: threadCount, earlier: earlierMethods)
        let uncalled = UncalledElsewhere.removing(from: background.findings, inputs: inputs, systemNamingFiles: systemNaming,
                                                  threads: threadCount, earlier: earlierRoots)
        let answers = inputs.indices.map { position -> LintCacheStore.TextAnswers? in
            let methods = background.asked?.answers[position]
            let roots = uncalled.asked?.answers[position]
            return methods == nil && roots == nil ? nil : LintCacheStore.TextAnswers(methods: methods, roots: roots)
        }
        return TextPassesResult(findings: uncalled.findings, answers: answers,
                                questions: LintCacheStore.TextQuestions(methods: background.asked?.methods, roots: uncalled.asked?.questions))
    }

    /// What ``textPasses(_:inputs:systemNaming:earlier:)`` keeps, and what the cache keeps of it for the next run.
    private struct TextPassesResult {
        var findings: [Finding]
        var answers: [LintCacheStore.TextAnswers?]
        var questions: LintCacheStore.TextQuestions
    }

    /// Reuses cached findings where content, settings and the index all match; otherwise runs
    /// the engine (parsing everything only when some file's findings cannot be reused).
    ///
    /// The index key is a digest of every file's index inputs (its declarations and what its bodies do:
    /// `IndexInputs.digest`) and of every file's settings, not of the index itself: the index is
    /// a function of those, so equal keys mean an equal index, and a file's digest can be reused from the
    /// last run while its content and settings are unchanged. An edit run therefore walks only the edited
    /// files' bodies, on top of the engine's usual demand-driven pass; only a run where most files are new
    /// walks every body.
    ///
    /// `textPasses` runs on the engine's findings before the cache is saved, with what the cache holds of the last
    /// run's text passes.
    private func lintWithCache(files: [PlannedFile], inputs: [Linter.SourceInput], contentHashes: [String],
                               textPasses: ([Finding], (LintCacheStore.TextQuestions, [LintCacheStore.TextAnswers?])?) -> TextPassesResult)
        -> ([Finding], Int, String?) {
        let settingsKeys = Self.settingsKeys(of: files, inputs: inputs)
        let paths = files.map(\.path)
        let hashesByPath = Dictionary(zip(paths, contentHashes), uniquingKeysWith: { first, _ in first })
        let runSettingsKey = StableHash.combining(zip(paths, settingsKeys).map { "\($0)=\($1)" })
        let store = cache?.load()
        var perFile = [[Finding]?](repeating: nil, count: inputs.count)
        var indexKey = store?.reusableIndexKey(contentHashes: hashesByPath, settingsKey: runSettingsKey)
        if let key = indexKey, let store {
            for position in inputs.indices {
                perFile[position] = store.findings(forFile: files[position].path, contentHash: contentHashes[position],
                                                   settingsKey: settingsKeys[position], indexKey: key)
            }
        }
        var digests = inputs.indices.map { position in
            store?.factsDigest(forFile: files[position].path, contentHash: contentHashes[position], settingsKey: settingsKeys[position])
        }
        var fromCache = perFile.count { $0 != nil }
        // Read only by runs that lint something: an unchanged tree never pays for it.
        let inputsStore = fromCache < inputs.count ? cache?.loadIndexInputs(threads: threadCount) : nil
        // A file's inputs count only with its digest (the findings store and this one are written apart).
        var indexInputs = inputs.indices.map { position in
            digests[position] == nil ? nil
                : inputsStore?.inputs(forFile: files[position].path, contentHash: contentHashes[position], settingsKey: settingsKeys[position])
        }
        var freshInputs = false
        if fromCache < inputs.count, let store, let inputsStore,
           let edit = lintEdits(files: files, inputs: inputs, store: store, inputsStore: inputsStore, settingsKeys: settingsKeys,
                                indexInputs: indexInputs) {
            freshInputs = true
            perFile = edit.findings
            for (position, inputs, digest) in edit.edited {
                indexInputs[position] = inputs
                digests[position] = digest
            }
            fromCache = inputs.count - edit.linted
            indexKey = Self.indexKey(runSettingsKey: runSettingsKey, files: files, digests: digests)
        } else if fromCache < inputs.count {
            let missing = indexInputs.indices.filter { indexInputs[$0] == nil }
            // Most files new (a first run): one pass that walks every body is cheaper than the
            // demand-driven pass plus a second walk of each file.
            let walkingEveryBody = cache != nil && missing.count * 4 > inputs.count
            let module = Linter(configuration: LintConfiguration(threads: threads)).prepare(inputs, walkingEveryBody: walkingEveryBody)
            if cache != nil {
                let fresh = Parallel.map(count: missing.count, threads: threadCount) { item in
                    let position = missing[item]
                    let facts = walkingEveryBody ? module.files[position].facts
                        : FactCollector.collect(module.tree(ofFileAt: position), fileIndex: position, settings: inputs[position].settings)
                    let inputs = IndexInputs(facts)
                    return (inputs, inputs.digest)
                }
                for (item, position) in missing.enumerated() {
                    indexInputs[position] = fresh[item].0
                    digests[position] = fresh[item].1
                }
                freshInputs = freshInputs || !missing.isEmpty
            }
            // The index is a function of every file's inputs and settings (a file's target decides which
            // callers see its functions, its default isolation how they run).
            let key = cache == nil ? "" : Self.indexKey(runSettingsKey: runSettingsKey, files: files, digests: digests)
            indexKey = key
            let cached = store
            let reused = Parallel.map(count: inputs.count, threads: threadCount) { position in
                cached?.findings(forFile: files[position].path, contentHash: contentHashes[position],
                                 settingsKey: settingsKeys[position], indexKey: key)
            }
            fromCache = reused.count { $0 != nil }
            perFile = Parallel.map(count: inputs.count, threads: threadCount) { position in
                reused[position] ?? Self.refine(module.findings(ofFileAt: position), tree: module.tree(ofFileAt: position),
                                                input: inputs[position], configuration: files[position].configuration)
            }
        }
        let passes = textPasses(perFile.flatMap { $0! },
                                store?.earlierTextAnswers(paths: paths, contentHashes: contentHashes, settingsKeys: settingsKeys))
        var warning: String?
        if let cache, var updated = store, let indexKey {
            for position in inputs.indices {
                updated.record(perFile[position]!, forFile: paths[position], contentHash: contentHashes[position],
                               settingsKey: settingsKeys[position], indexKey: indexKey, factsDigest: digests[position])
                updated.files[paths[position]]?.textAnswers = passes.answers[position]
            }
            updated.textQuestions = passes.questions
            updated.keepOnly(Set(paths))
            updated.lastRun = .init(contentHashes: hashesByPath, settingsKey: runSettingsKey, indexKey: indexKey)
            var changedInputs: IndexInputsStore?
            if var inputsStore, freshInputs || inputsStore.entries.count != inputs.count {
                let previous = inputsStore
                inputsStore.entries = [:]
                for position in inputs.indices {
                    guard let inputs = indexInputs[position] else { continue }
                    let path = files[position].path
                    inputsStore.entries[path] = previous.unchangedEntry(forFile: path, contentHash: contentHashes[position],
                                                                        settingsKey: settingsKeys[position])
                        ?? .init(contentHash: contentHashes[position], settingsKey: settingsKeys[position], inputs: inputs)
                }
                changedInputs = inputsStore
            }
            // The two files are encoded and written at the same time.
            let findingsChanged = updated != store
            let (savedFindings, savedInputs) = Parallel.both(threads: threadCount, { [updated] in
                Swift.Result { if findingsChanged { try cache.save(updated) } }
            }, { [changedInputs] in
                Swift.Result { if let changedInputs { try cache.save(changedInputs) } }
            })
            do {
                try savedFindings.get()
                try savedInputs.get()
            } catch {
                warning = "cannot write the cache at \(cache.directory.path): \(error.localizedDescription)"
            }
        }
        return (passes.findings, fromCache, warning)
    }

    /// The index key: every file's index digest (all known by then) and the run's settings.
    private static func indexKey(runSettingsKey: String, files: [PlannedFile], digests: [String?]) -> String {
        StableHash.combining([runSettingsKey] + zip(files, digests).map { "\($0.path)=\($1!)" })
    }

    /// What keys each file's findings besides its content: its configuration and settings. Described
    /// once per distinct pair (describing a value by reflection was an eighth of a cached run), without
    /// the provenance, which explains the settings but changes no finding.
    /// Whether the run holds the file's callers (`Linter.SourceInput.callersAreLinted`) changes which
    /// functions its findings name for `UncalledElsewhere`, so it is part of the key.
    private static func settingsKeys(of files: [PlannedFile], inputs: [Linter.SourceInput]) -> [String] {
        var keys: [Configuration: [ModuleSettings: String]] = [:]
        // Files in one folder mostly share both: compared with the last file's before hashing either.
        var last: (configuration: Configuration, settings: ModuleSettings, key: String, callersLinted: String)?
        return zip(files, inputs).map { file, input in
            if last == nil || last!.settings != file.settings || last!.configuration != file.configuration {
                let key = keys[file.configuration]?[file.settings] ?? {
                    let key = StableHash.combining([file.configuration.fingerprint, file.settings.cacheKey])
                    keys[file.configuration, default: [:]][file.settings] = key
                    return key
                }()
                last = (file.configuration, file.settings, key, StableHash.combining([key, "callers are linted"]))
            }
            return input.callersAreLinted ? last!.callersLinted : last!.key
        }
    }

    /// An edit run: lints the files whose content changed since the cache was written, and the files
    /// whose findings those edits can change (``EditImpact``); every other file keeps its cached
    /// findings and is indexed from its cached inputs, without being parsed. Returns the new findings
    /// and index inputs by position, or nil when the edit is not one this can follow (a file's settings
    /// changed, a re-export changed, a file has no cached inputs, or most files changed), and the run
    /// lints as before.
    private func lintEdits(files: [PlannedFile], inputs: [Linter.SourceInput], store: LintCacheStore, inputsStore: IndexInputsStore,
                           settingsKeys: [String], indexInputs: [IndexInputs?]) -> (findings: [[Finding]], linted: Int, edited: [(Int, IndexInputs, String)])? {
        let edited = indexInputs.indices.filter { indexInputs[$0] == nil }
        guard store.lastRun != nil, edited.count * 4 <= inputs.count else { return nil }
        let walked = Parallel.map(count: edited.count, threads: threadCount) { item in
            Linter.walk(inputs[edited[item]], at: edited[item])
        }
        let freshInputs = walked.map { IndexInputs($0.facts) }
        var changedNames: Set<String> = []
        for (item, position) in edited.enumerated() {
            let path = files[position].path
            let fresh = freshInputs[item]
            // A file whose settings changed, or whose re-exports did, changes what other files see as a whole.
            if let entry = store.files[path], entry.settingsKey != settingsKeys[position] { return nil }
            let old = inputsStore.entries[path]
            if let old, old.settingsKey != settingsKeys[position] { return nil }
            if old == nil, store.files[path] != nil { return nil }
            guard (old?.inputs.reexports ?? []) == fresh.reexports else { return nil }
            changedNames.formUnion(EditImpact.changedNames(old: old?.inputs.declarationDigests ?? [:], new: fresh.declarationDigests))
        }
        // Files of the last run that are gone take their declarations with them.
        let paths = Set(files.map(\.path))
        for path in store.files.keys where !paths.contains(path) {
            guard let old = inputsStore.entries[path]?.inputs, old.reexports.isEmpty else { return nil }
            changedNames.formUnion(old.declarationDigests.keys)
        }
        var parsed = [Linter.ParsedFile?](repeating: nil, count: inputs.count)
        for (item, position) in edited.enumerated() { parsed[position] = walked[item] }
        // Each file's declarations as they are: a cached file's inputs are converted for this run only when the
        // index asks for its bodies.
        let affected = EditImpact.Names(EditImpact.affectedNames(changed: changedNames, declarations: inputs.indices.map { position in
            parsed[position].map { ($0.facts.types, $0.facts.functions) } ?? (indexInputs[position]!.types, indexInputs[position]!.functions)
        }))
        let touched = Parallel.map(count: inputs.count, threads: threadCount) { [parsed] position in
            parsed[position] == nil && EditImpact.mentionsAny(of: affected, in: inputs[position].text)
        }
        let alsoLinted = inputs.indices.filter { touched[$0] }
        let walkedAgain = Parallel.map(count: alsoLinted.count, threads: threadCount) { item in
            Linter.walk(inputs[alsoLinted[item]], at: alsoLinted[item])
        }
        for (item, position) in alsoLinted.enumerated() { parsed[position] = walkedAgain[item] }
        let settings = inputs.map(\.settings)
        let module = Linter(configuration: LintConfiguration(threads: threads)).prepare(inputs, files: inputs.indices.map { position in
            parsed[position] ?? Linter.ParsedFile(tree: nil, facts: indexInputs[position]!.declarations(fileIndex: position, settings: settings[position]),
                                                  lineCount: 0)
        }, bodies: { [parsed] position in parsed[position]?.facts.functions ?? indexInputs[position]!.functions(fileIndex: position) })
        let linted = edited + alsoLinted
        let findings = Parallel.map(count: linted.count, threads: threadCount) { item in
            let position = linted[item]
            return Self.refine(module.findings(ofFileAt: position), tree: module.tree(ofFileAt: position), input: inputs[position],
                               configuration: files[position].configuration)
        }
        // An unedited file's cached inputs matched its content and settings, so its entry is there.
        var perFile = inputs.indices.map { store.files[files[$0].path]?.findings ?? [] }
        for (item, position) in linted.enumerated() { perFile[position] = findings[item] }
        let editedInputs = zip(edited, freshInputs).map { position, inputs in (position, inputs, inputs.digest) }
        return (perFile, linted.count, editedInputs)
    }

    /// A file's rule findings as its configuration and comments want them: disabled rules dropped,
    /// suppressions applied (and unused ones reported), severities and `strict` applied.
    /// `tree` is only built for files whose text holds a command (the engine may have released it).
    static func refine(_ findings: [Finding], tree: @autoclosure () -> SourceFileSyntax, input: Linter.SourceInput,
                       configuration: Configuration) -> [Finding] {
        let enabled = findings.filter { configuration.isEnabled($0.ruleID) }
        // Without the command prefix anywhere in the text there is no command in any comment.
        // (A byte search: `String.contains` goes through Foundation's UTF-16 search, a few percent of a lint.)
        guard SourcePrefilter.withPrefilter(over: input.text, { $0.contains(SuppressionCommand.prefixBytes) }) else { return enabled.compactMap(configuration.adjusted) }
        let tree = tree()
        let converter = SourceLocationConverter(fileName: input.path, tree: tree)
        return applySuppressions(enabled, in: tree, converter: converter, ruleIsEnabled: configuration.isEnabled)
            .compactMap(configuration.adjusted)
    }

    private var threadCount: Int {
        max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
    }
}
