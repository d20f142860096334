import Foundation
import SwiftParser
import SwiftSyntax

/// How a lint run is set up; the CLI fills it from its flags.
///
/// ```swift
/// let configuration = LintConfiguration(excludes: ["*/Generated/*"],
///                                       overrides: SettingsOverrides(defaultIsolationMainActor: true))
/// ```
public struct LintConfiguration: Sendable {
    /// fnmatch globs of paths to skip (see `FileCollector`).
    public var excludes: [String]
    /// Settings that win over `Package.swift` and Xcode projects.
    public var overrides: SettingsOverrides
    /// Worker threads for parsing and checking; nil uses every core.
    public var threads: Int?
    /// Tests and previews are left out unless asked for.
    public var scope: LintScope

    public init(excludes: [String] = [], overrides: SettingsOverrides = SettingsOverrides(), threads: Int? = nil,
                scope: LintScope = .shippedCode) {
        self.excludes = excludes
        self.overrides = overrides
        self.threads = threads
        self.scope = scope
    }
}

/// A file that was found but not linted, with the reason (printed on stderr by the CLI).
///
/// ```swift
/// for skipped in result.skipped { print("skipped \(skipped.path): \(skipped.reason)") }
/// ```
public struct SkippedFile: Sendable, Hashable {
    public var path: String
    public var reason: String
}

/// The outcome of a lint run: a plain value reporters render and the CLI turns into an exit code.
///
/// ```swift
/// let result = try Linter().lint(paths: ["Sources"])
/// print(XcodeReporter.render(result.findings))
/// exit(result.exitCode(strict: false))
/// ```
public struct LintResult: Sendable {
    /// Sorted by file, then position.
    public var findings: [Finding]
    public var skipped: [SkippedFile]
    /// Files parsed and checked.
    public var fileCount: Int
    /// Lines of the files checked.
    public var lineCount: Int

    /// SwiftLint's convention: 0 without error findings, 2 with one; `strict` counts warnings as errors.
    public func exitCode(strict: Bool) -> Int32 {
        findings.contains { $0.severity == .error || strict } ? 2 : 0
    }

    /// "Found 3 findings (1 error, 2 warnings) in 12 files; skipped 1 file".
    public var summary: String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        var text = "Found \(findings.count.counted("finding")) (\(errors.counted("error")), \(warnings.counted("warning"))) "
            + "in \(fileCount.counted("file"))"
        if !skipped.isEmpty { text += "; skipped \(skipped.count.counted("file"))" }
        return text
    }
}

private extension Int {
    func counted(_ noun: String) -> String { "\(self) \(noun)\(self == 1 ? "" : "s")" }
}

/// The library entry point: collects, parses (once, in parallel), indexes, runs every rule, and returns findings.
///
/// ```swift
/// let result = try Linter(configuration: LintConfiguration(threads: 2)).lint(paths: ["Examples"])
/// for finding in result.findings { print(finding.ruleID, finding.line) }
/// ```
public struct Linter: Sendable {
    public var configuration: LintConfiguration
    /// The rules a run may use (`RuleRegistry.rules`; a test may pass a scratch registry). Each file runs
    /// those its `SourceInput.ruleIDs` enable, and the engine's gates follow their requirements.
    let rules: [any Rule.Type]

    public init(configuration: LintConfiguration = LintConfiguration()) {
        self.init(configuration: configuration, rules: RuleRegistry.rules)
    }

    init(configuration: LintConfiguration, rules: [any Rule.Type]) {
        self.configuration = configuration
        self.rules = rules
    }

    /// Lints the Swift files under `paths`. Throws `LintInputError` for a path that is missing or unreadable.
    public func lint(paths: [String]) throws -> LintResult {
        let (files, specs) = try FileCollector(excludes: configuration.excludes).collectWithSpecs(paths: paths)
        var detector = SettingsDetector()
        detector.register(xcodeGenSpecs: specs)
        let settings = files.map { configuration.scope.applied(to: detector.settings(forFile: $0).applying(configuration.overrides)) }
        let sources = Parallel.map(count: files.count, threads: threadCount) { position in
            SourceReader.read(files[position])
        }
        var inputs: [SourceInput] = []
        var skipped: [SkippedFile] = []
        for (position, source) in sources.enumerated() {
            switch source {
            case .success(let text):
                guard configuration.scope.includes(text: text, settings: settings[position]) else { continue }
                inputs.append(SourceInput(path: files[position], text: text, settings: settings[position],
                                          reportsInPreviews: configuration.scope.includePreviews))
            case .failure(let reason): skipped.append(SkippedFile(path: files[position], reason: reason.description))
            }
        }
        var result = lint(inputs)
        result.skipped = skipped
        return result
    }

    /// Lints one source text as if it were a file with the given settings (tests, documentation examples).
    public func lint(source: String, path: String = "input.swift", settings: ModuleSettings = .classic) -> [Finding] {
        let settings = configuration.scope.applied(to: settings.applying(configuration.overrides))
        guard configuration.scope.includes(text: source, settings: settings) else { return [] }
        return lint([SourceInput(path: path, text: source, settings: settings, reportsInPreviews: configuration.scope.includePreviews)]).findings
    }

    /// A source to lint: its path for messages, its text and its module's settings.
    ///
    /// ```swift
    /// let input = Linter.SourceInput(path: "View.swift", text: source, settings: .classic)
    /// let result = Linter().lint([input])
    /// ```
    public struct SourceInput: Sendable {
        public var path: String
        public var text: String
        public var settings: ModuleSettings
        /// False (the default) drops findings in SwiftUI preview code (`LintScope`).
        public var reportsInPreviews: Bool
        /// The rules to run on this file (`RuleDescription.id`); nil runs every rule. A rule the file's
        /// configuration turns off is not run at all, rather than run and filtered.
        public var ruleIDs: Set<String>?
        /// Every file that may call this file's functions is in the run: the whole module, the way
        /// `mainguard lint` sees a project's folder. Then a finding in a function that no linted file calls
        /// is dead code and is not reported (`UncalledElsewhere`). Off by default: a caller handing a few
        /// files cannot say.
        ///
        /// ```swift
        /// var input = Linter.SourceInput(path: "Exporter.swift", text: source, settings: settings)
        /// input.callersAreLinted = true
        /// ```
        public var callersAreLinted = false

        public init(path: String, text: String, settings: ModuleSettings, reportsInPreviews: Bool = false, ruleIDs: Set<String>? = nil) {
            self.path = path
            self.text = text
            self.settings = settings
            self.reportsInPreviews = reportsInPreviews
            self.ruleIDs = ruleIDs
        }
    }

    /// Parses, indexes and checks sources that are already in memory.
    public func lint(_ inputs: [SourceInput]) -> LintResult {
        let module = prepare(inputs)
        let findings = Parallel.map(count: inputs.count, threads: threadCount, costs: module.parseCosts) {
            module.findings(ofFileAt: $0)
        }
        let called = UncalledElsewhere.removing(from: BackgroundOnlyMethods.removing(from: findings.flatMap { $0 }, inputs: inputs, threads: threadCount),
                                                inputs: inputs, threads: threadCount)
        let reachable = PreviewOnlyViews.removing(from: called, inputs: inputs, threads: threadCount)
        return LintResult(findings: FindingsByCause.oneFindingPerCause(reachable, rules: rules), skipped: [], fileCount: inputs.count,
                          lineCount: module.files.reduce(0) { $0 + $1.lineCount })
    }

    /// Parses and indexes sources without running the rules yet, so a caller (the cache) can run
    /// them only on the files whose findings it cannot reuse.
    ///
    /// ```swift
    /// let module = linter.prepare(inputs)
    /// let findings = module.findings(ofFileAt: 0)
    /// ```
    public func prepare(_ inputs: [SourceInput]) -> PreparedModule {
        prepare(inputs, walkingEveryBody: false)
    }

    /// `walkingEveryBody`: walk every file fully in the first pass, for a caller that needs every
    /// file's body facts (the cache's first run records each file's `IndexInputs`); otherwise the first pass reads only
    /// declarations and bodies are walked where a rule, or a call followed from one, needs them.
    func prepare(_ inputs: [SourceInput], walkingEveryBody: Bool) -> PreparedModule {
        let usesSwift62Settings = inputs.contains { $0.settings.describesSwift62 }
        let costs = inputs.map(\.text.utf8.count)
        let ruleSets = ruleSets(for: inputs)
        let files = Parallel.map(count: inputs.count, threads: threadCount, costs: costs) { position in
            ParsedFile(inputs[position], at: position, rules: ruleSets[position], usesSwift62Settings: usesSwift62Settings,
                       walkingEveryBody: walkingEveryBody)
        }
        let index = ModuleIndex(facts: files.map(\.facts), settings: inputs.map(\.settings), threads: threadCount,
                                bodies: { position in
                                    let tree = files[position].tree ?? Linter.parse(inputs[position].text)
                                    return FactCollector.collect(tree, fileIndex: position, settings: inputs[position].settings).functions
                                })
        return PreparedModule(inputs: inputs, files: files, index: index, parseCosts: costs, ruleSets: ruleSets)
    }

    /// An edit run's module (`TeamLinter` with a cache), from files already walked (``walk(_:at:)``):
    /// those that will be linted, and those the cache holds the index inputs of, which are indexed
    /// without their syntax and cannot be asked for findings. Like the first pass, the cached files
    /// give the index their declarations (`IndexInputs.declarations`) and `bodies` their body facts
    /// when a call is followed into them, so the run resolves only the calls its rules follow.
    func prepare(_ inputs: [SourceInput], files: [ParsedFile], bodies: @escaping @Sendable (Int) -> [FunctionRecord]) -> PreparedModule {
        let index = ModuleIndex(facts: files.map(\.facts), settings: inputs.map(\.settings), threads: threadCount, bodies: bodies)
        return PreparedModule(inputs: inputs, files: files, index: index, parseCosts: inputs.map(\.text.utf8.count),
                              ruleSets: ruleSets(for: inputs))
    }

    /// Per input, the rules its configuration enables and what they require.
    private func ruleSets(for inputs: [SourceInput]) -> [RuleSet] {
        // Files of one configuration enable the same rules: one set for a run of them.
        var last: (ids: Set<String>?, set: RuleSet)?
        return inputs.map { input in
            if let last, last.ids == input.ruleIDs { return last.set }
            let set = RuleSet(rules: rules, enabledIDs: input.ruleIDs)
            last = (input.ruleIDs, set)
            return set
        }
    }

    /// A file parsed and walked in full, its tree kept, for ``prepare(_:files:bodies:)``.
    static func walk(_ input: SourceInput, at position: Int) -> ParsedFile {
        let tree = Linter.parse(input.text)
        return ParsedFile(tree: tree, facts: FactCollector.collect(tree, fileIndex: position, settings: input.settings),
                          lineCount: Linter.lineCount(of: input.text))
    }

    /// Lines of the sources, for the summary and the benchmark.
    static func lineCount(of inputs: [SourceInput]) -> Int {
        inputs.reduce(0) { $0 + lineCount(of: $1.text) }
    }

    /// Parses a source, or an empty file when SwiftParser could not parse it in time (see
    /// ``ParserLimits``): sources that never came through SourceReader (in-memory input) get the same
    /// protection as files.
    static func parse(_ text: String) -> SourceFileSyntax {
        Parser.parse(source: ParserLimits.excessiveBracketRun(in: text) == nil ? text : "")
    }

    static func lineCount(of text: String) -> Int {
        var text = text
        // A plain loop over the contiguous bytes: the compiler vectorizes it, unlike iterating `utf8`.
        return text.withUTF8 { bytes in
            var lines = 0
            for byte in bytes { lines &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
            return lines
        }
    }

    /// One file after the first pass. Its syntax tree is kept only when the file's own text or
    /// declarations suggest a rule may report there; otherwise it is released at once (most files of a
    /// code base have no main-actor code, no `Task.detached` and no view), which keeps memory close to
    /// the parse floor's. Such a file is parsed again only if the index shows it is needed after all (a
    /// type made main-actor in another file, a function a checked call reaches).
    ///
    /// The first pass reads only declarations (`DeclarationCollector`), unless `walkingEveryBody` or the
    /// file's own text or declarations already show that the rules will look at it (`FileFacts.mayNeedRules`
    /// holds whatever the index says: the module's default isolation is MainActor, the text mentions
    /// `MainActor`, `.main` or `detached`, a type declares a view conformance). Those files get the full
    /// walk (`FactCollector`) here, spread over the cores with every other file, instead of after the
    /// index; only files made main-actor by another file wait for it.
    struct ParsedFile: Sendable {
        let tree: SourceFileSyntax?
        let facts: FileFacts
        let lineCount: Int

        /// The declarations-only facts, or nil when the file's own text or declarations show the rules
        /// will look at it (default isolation MainActor, `MainActor`/`.main`/`detached` in the text, a view
        /// conformance), so it gets the full walk now.
        private static func declarationsWhenBodiesCanWait(_ tree: SourceFileSyntax, _ input: SourceInput, rules: RuleSet,
                                                          at position: Int) -> FileFacts? {
            let mentions = SourceMentions(text: input.text, tree: tree)
            guard !rules.mayReport(startsDetachedTask: mentions.detached, hasMainActorCode: {
                mentions.mainActor || input.settings.defaultIsolationMainActor
            }) else { return nil }
            let declarations = DeclarationCollector.collect(tree, text: input.text, fileIndex: position, settings: input.settings,
                                                            mentions: mentions)
            return declarations.types.contains(where: \.declaresView) ? nil : declarations
        }

        init(tree: SourceFileSyntax?, facts: FileFacts, lineCount: Int) {
            self.tree = tree
            self.facts = facts
            self.lineCount = lineCount
        }

        init(_ input: SourceInput, at position: Int, rules: RuleSet, usesSwift62Settings: Bool, walkingEveryBody: Bool) {
            let tree = Linter.parse(input.text)
            lineCount = Linter.lineCount(of: input.text)
            if !walkingEveryBody, let declarations = Self.declarationsWhenBodiesCanWait(tree, input, rules: rules, at: position) {
                // A type that subclasses, conforms to or extends an SDK main-actor type makes its members
                // main-actor code: the rules will look at the file, so its tree is kept. (Views never get
                // here: they get the full walk at once.)
                let mayNeedRules = rules.needsMainActorCode && declarations.types.contains { type in
                    type.inherited.contains(where: input.settings.isMainActorSDKType)
                        || (type.keyword == "extension" && input.settings.isMainActorSDKType(type.name))
                }
                self.tree = mayNeedRules ? tree : nil
                facts = declarations
                return
            }
            var facts = FactCollector.collect(tree, fileIndex: position, settings: input.settings)
            if facts.triggers.mayTriggerOnItsOwn(rules, types: facts.types, usesSwift62Settings: usesSwift62Settings) {
                self.tree = tree
            } else {
                self.tree = nil
                facts.releaseSyntax()
            }
            self.facts = facts
        }
    }

    /// Sources parsed and indexed, before the rules run: a plain value, immutable like the index.
    public struct PreparedModule: Sendable {
        public let inputs: [SourceInput]
        let files: [ParsedFile]
        public let index: ModuleIndex
        /// Work per file (its size), so parallel loops start with the largest files and end balanced.
        let parseCosts: [Int]
        /// Per file, the rules its configuration enables and what they require.
        let ruleSets: [RuleSet]

        /// The syntax tree of an input: kept from the first pass, or parsed again when it was released.
        ///
        /// ```swift
        /// let converter = SourceLocationConverter(fileName: path, tree: module.tree(ofFileAt: 0))
        /// ```
        public func tree(ofFileAt position: Int) -> SourceFileSyntax {
            files[position].tree ?? Linter.parse(inputs[position].text)
        }

        /// A closure handed to a function that calls it on the main queue is main-actor code in any file
        /// (`RuleContext.mainQueueDeliverer(around:delivered:)`): a file that calls such a function by name
        /// (`name(` or `name {`, not its declaration). Initializers are left out: `init` is in every file, and
        /// a mention of the name alone gated a tenth of a run's files for a full walk.
        private static func mayCallAMainQueueDeliverer(_ text: String, rules: RuleSet, index: ModuleIndex) -> Bool {
            guard rules.needs(.mainActorCode), !index.mainQueueDeliverers.isEmpty else { return false }
            let names = index.mainQueueDeliverers.subtracting(["init"])
            // The index's word search first (`EditImpact.mentionsAny`); most files name none of them.
            guard EditImpact.mentionsAny(of: names, in: text) else { return false }
            return SourcePrefilter.withPrefilter(over: text) { prefilter in names.contains(where: prefilter.callsWord) }
        }

        /// Every rule's findings in one file.
        public func findings(ofFileAt position: Int) -> [Finding] {
            let file = files[position]
            let input = inputs[position]
            let rules = ruleSets[position]
            guard file.facts.mayNeedRules(rules, settings: input.settings, index: index)
                    || Self.mayCallAMainQueueDeliverer(input.text, rules: rules, index: index) else { return [] }
            if file.facts.hasBodyFacts {
                guard file.facts.triggers.mayTrigger(rules, types: file.facts.types, index: index) else { return [] }
                if let tree = file.tree {
                    return Linter.check(tree: tree, facts: file.facts, input: input, rules: rules, at: position, index: index)
                }
            }
            let tree = tree(ofFileAt: position)
            let facts = FactCollector.collect(tree, fileIndex: position, settings: input.settings)
            guard facts.triggers.mayTrigger(rules, types: facts.types, index: index) else { return [] }
            return Linter.check(tree: tree, facts: facts, input: input, rules: rules, at: position, index: index)
        }
    }

    private static func check(tree: SourceFileSyntax, facts: FileFacts, input: SourceInput, rules: RuleSet, at position: Int,
                              index: ModuleIndex) -> [Finding] {
        // A file of Xcode's `Preview Content` folder is preview code throughout: no rule needs to run.
        if !input.reportsInPreviews, input.isPreviewAsset { return [] }
        // Nor for a file of a `Debug` folder, by default: screens only the app's developers open; nor for a
        // command-line program's entry file, whose main thread serves no interface.
        if !input.settings.includesLowCost, input.isInDebugFolder || tree.isCommandLineProgram { return [] }
        // The SwiftUI analysis serves the render-loop rules only.
        let swiftUI = rules.needs(.views) ? SwiftUIFile.of(tree, types: facts.types, module: index.swiftUITypes)
            : SwiftUIFile(noViewsIn: index.swiftUITypes)
        let context = RuleContext(facts: facts, fileIndex: position, index: index, resolver: IsolationResolver(index: index, settings: input.settings),
                                  swiftUI: swiftUI, rules: rules)
        var hits = rules.rules.flatMap { rule in rule.check(context).map { (rule.description.id, $0) } }
        if !input.reportsInPreviews { hits.removeAll { Syntax($0.1.token).isPreviewCode } }
        // Code after a `return` never runs (the compiler warns too), nor does a private function its file never names.
        hits.removeAll { Syntax($0.1.token).isUnreachable }
        var uncalled = UncalledFunctions(text: input.text, ignoringRarePaths: !input.settings.includesLowCost)
        hits.removeAll { uncalled.contains(Syntax($0.1.token)) }
        // A function only other files may call goes with the finding, for the run to check (`UncalledElsewhere`).
        var uncalledRoots: [SyntaxIdentifier: [UncalledElsewhere.Root]] = [:]
        if input.callersAreLinted {
            for (ruleID, hit) in hits where rules.rule(ruleID, has: .needsACaller) {
                uncalledRoots[hit.token.id] = UncalledElsewhere.roots(around: Syntax(hit.token), uncalled: uncalled, declaresType: index.declaresType)
            }
        }
        // Code compiled only into debug builds, screens only the app's developers open, modes a launch argument
        // selects, fallbacks after an error, work while the app quits and one-time migrations stall no user's
        // interaction; the cost of a one-off task (an export, an install) is a moment the user chose to wait.
        if !input.settings.includesLowCost {
            hits.removeAll { ruleID, hit in
                let node = Syntax(hit.token)
                return node.isDebugOnlyCode || node.isOnAnErrorPath || DebugScreens.encloses(node) || node.runsOnlyForALaunchArgument
                    || AppLifecycle.isInTermination(node) || AppLifecycle.isInMigration(node)
                    || (rules.rule(ruleID, has: .measuresCost) && AppLifecycle.isInOneOffTask(node))
                    // A settings screen's switch, flipped once; a sleep there is still always wrong.
                    || (rules.rule(ruleID, has: .measuresCost) && !hit.token.text.contains("sleep") && SettingsScreens.changesASetting(node))
            }
        }
        // A method that only background code calls runs there (`BackgroundOnlyMethods`): a private one's
        // callers are all in this file; another's name goes with the finding, for the run to check.
        var backgroundOnlyMethods: [SyntaxIdentifier: BackgroundOnlyMethods.Method] = [:]
        if !input.settings.compilerKeepsCallersOnMainActor, hits.contains(where: { rules.rule($0.0, has: .threadOfItsCallers) }) {
            var methods = BackgroundOnlyMethods(tree: tree, text: input.text, countsTermination: !input.settings.includesLowCost,
                                                handedToBackground: context.isHandedToABackgroundHelper)
            hits.removeAll { ruleID, hit in
                guard rules.rule(ruleID, has: .threadOfItsCallers) else { return false }
                guard let method = methods.method(around: Syntax(hit.token)) else {
                    if let method = methods.methodCalledOnlyElsewhere(around: Syntax(hit.token)) {
                        backgroundOnlyMethods[hit.token.id] = BackgroundOnlyMethods.Method(method, calledInItsFile: false)
                    }
                    return false
                }
                if method.isPrivateToItsFile { return true }
                backgroundOnlyMethods[hit.token.id] = BackgroundOnlyMethods.Method(method)
                return false
            }
        }
        guard !hits.isEmpty else { return [] }
        hits = Self.onePerStatement(hits)
        hits = Self.oneCausePerFunction(hits, path: input.path, rules: rules)
        let converter = SourceLocationConverter(fileName: input.path, tree: tree)
        let views = PreviewOnlyViews.topLevelViews(in: tree)
        return hits.map { ruleID, hit in
            let location = hit.token.startLocation(converter: converter)
            var finding = Finding(ruleID: ruleID, severity: hit.severity, message: hit.message, file: input.path,
                                  line: location.line, column: location.column, cause: hit.cause)
            finding.enclosingView = PreviewOnlyViews.enclosingView(at: hit.token.positionAfterSkippingLeadingTrivia.utf8Offset, in: views)
            finding.backgroundOnlyMethod = backgroundOnlyMethods[hit.token.id]
            finding.uncalledRoots = uncalledRoots[hit.token.id]
            return finding
        }
    }

    private var threadCount: Int {
        max(1, configuration.threads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// One function, one fix: the same catalogue call made in several branches of one function (blind round AQ:
    /// a paste handler with seven `FileManager.copyItem` calls, one per conflict choice) shares a cause, so
    /// the run reports it once and names the other places (`FindingsByCause`). Only hits without a cause of
    /// their own, with the same message, in the same function, of rules with `HitPolicy.oneCausePerFunction`;
    /// hits that share a cause with their type (`RuleHit.sharesCauseWithItsType`) in the same type, whatever
    /// their messages.
    static func oneCausePerFunction(_ hits: [(String, RuleHit)], path: String, rules: RuleSet) -> [(String, RuleHit)] {
        func key(_ ruleID: String, _ hit: RuleHit) -> String? {
            guard hit.cause == nil, rules.rule(ruleID, has: .oneCausePerFunction) else { return nil }
            if hit.sharesCauseWithItsType, let type = Syntax(hit.token).enclosingTypeName {
                return FindingsByCause.oneTypePrefix + "\(path)|\(type)|\(ruleID)"
            }
            guard let function = Syntax(hit.token).enclosingFunction else { return nil }
            return FindingsByCause.oneFunctionPrefix + "\(path)|\(function.position.utf8Offset)|\(ruleID)|\(hit.message)"
        }
        let keys = hits.map { key($0.0, $0.1) }
        var counts: [String: Int] = [:]
        for key in keys { if let key { counts[key, default: 0] += 1 } }
        guard counts.values.contains(where: { $0 > 1 }) else { return hits }
        return zip(hits, keys).map { hit, key in
            let (ruleID, hit) = hit
            guard let key, counts[key, default: 0] > 1 else { return (ruleID, hit) }
            var shared = hit
            shared.cause = key
            return (ruleID, shared)
        }
    }

    /// One statement, one fix: `image.tiffRepresentation?.write(to: url)` encodes and writes, and is one
    /// finding of a rule, the most severe, then the first. Only hits without a cause merge (catalogue
    /// calls); a hit through the app's own helper has a cause of its own (`rebuild(); normalize()`).
    static func onePerStatement(_ hits: [(String, RuleHit)]) -> [(String, RuleHit)] {
        struct Place: Hashable { var ruleID: String, statement: SyntaxIdentifier }
        var kept: [(String, RuleHit)] = []
        var keptAt: [Place: Int] = [:]
        for (ruleID, hit) in hits {
            guard hit.cause == nil, let statement = Syntax(hit.token).enclosingStatement else {
                kept.append((ruleID, hit))
                continue
            }
            let key = Place(ruleID: ruleID, statement: statement.id)
            guard let position = keptAt[key] else {
                keptAt[key] = kept.count
                kept.append((ruleID, hit))
                continue
            }
            let current = kept[position].1
            if current.severity < hit.severity || (current.severity == hit.severity && hit.token.position < current.token.position) {
                kept[position] = (ruleID, hit)
            }
        }
        return kept
    }
}

/// Runs independent work items on a fixed number of threads, results in input order.
enum Parallel {
    /// Each worker's stack. SwiftParser's lookahead recurses once per nesting level without the
    /// nesting limit its parser applies (`let a = [[[...]]]` 10,000 deep overflows the usual 8 MB
    /// in a debug build, about 7.5 KB a level), and syntax visitors recurse per level too. The
    /// stack is reserved address space, touched only as deep as a file nests: 512 MB holds about
    /// 60,000 levels in a debug build and several times that optimized.
    static let workerStackBytes = 512 << 20

    /// With `costs`, the costliest items start first: a large file claimed last would leave the other
    /// threads idle while it finishes.
    static func map<Result: Sendable>(count: Int, threads: Int, costs: [Int]? = nil, _ body: @Sendable (Int) -> Result) -> [Result] {
        let order = costs.map { costs in Array(0..<count).sorted { costs[$0] > costs[$1] } }
        let slots = Slots<Result>(count: count, order: order)
        withoutActuallyEscaping(body) { body in
            let drain = Worker {
                while let position = slots.claimNext() {
                    slots.store(body(position), at: position)
                }
            }
            // Joined before the block ends, so the body never outlives this call.
            let started = (0..<min(threads, max(count, 1))).compactMap { _ in drain.start(stackBytes: workerStackBytes) }
            if started.isEmpty { drain.run() }
            started.forEach { pthread_join($0, nil) }
        }
        return slots.results()
    }

    /// A pthread with a chosen stack size (Dispatch's workers cannot be given one) running `run`.
    private final class Worker: @unchecked Sendable {
        let run: () -> Void

        init(_ run: @escaping () -> Void) { self.run = run }

        /// The started thread, or nil when the system refuses one (the caller then works inline).
        func start(stackBytes: Int) -> pthread_t? {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackBytes)
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Glibc)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let status = pthread_create(&thread, &attributes, { context in
                let worker = Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue()
                worker.run()
                return nil
            }, context)
            guard status == 0 else {
                Unmanaged<Worker>.fromOpaque(context).release()
                return nil
            }
            return thread
        }
    }

    /// Two independent pieces of work at the same time, on two threads when `threads` allows.
    static func both<First: Sendable, Second: Sendable>(threads: Int, _ first: @Sendable () -> First,
                                                        _ second: @Sendable () -> Second) -> (First, Second) {
        let results = map(count: 2, threads: threads) { position in
            position == 0 ? Either<First, Second>.first(first()) : .second(second())
        }
        guard case .first(let firstResult) = results[0], case .second(let secondResult) = results[1] else {
            preconditionFailure("each slot holds the result of its own piece of work")
        }
        return (firstResult, secondResult)
    }

    private enum Either<First: Sendable, Second: Sendable>: Sendable {
        case first(First)
        case second(Second)
    }

    /// `map` over many small items: claims them in chunks so the claiming lock stays out of the way.
    static func chunkedMap<Result: Sendable>(count: Int, threads: Int, chunkSize: Int = 512,
                                             _ body: @Sendable (Int) -> Result) -> [Result] {
        guard threads > 1, count > chunkSize else { return (0..<count).map(body) }
        let chunks = map(count: (count + chunkSize - 1) / chunkSize, threads: threads) { chunk in
            (chunk * chunkSize..<min(count, (chunk + 1) * chunkSize)).map(body)
        }
        return Array(chunks.joined())
    }

    /// Pre-sized results plus the next unclaimed index; each slot is written by exactly one worker.
    private final class Slots<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Result?]
        private let order: [Int]?
        private var next = 0

        init(count: Int, order: [Int]?) {
            values = Array(repeating: nil, count: count)
            self.order = order
        }

        func claimNext() -> Int? {
            lock.withLock {
                guard next < values.count else { return nil }
                defer { next += 1 }
                return order?[next] ?? next
            }
        }

        func store(_ value: Result, at position: Int) {
            lock.withLock { values[position] = value }
        }

        func results() -> [Result] {
            lock.withLock { values.map { $0! } }
        }
    }
}

private extension TypeDeclarationRecord {
    /// Declares (or extends with) a SwiftUI view conformance: the index will list the type among the views.
    var declaresView: Bool { inherited.contains(where: SwiftUIViewType.protocols.contains) }
}
