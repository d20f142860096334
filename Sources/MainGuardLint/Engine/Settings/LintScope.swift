import SwiftSyntax

/// Which code a run reports on. By default only shipped code: a hang in a unit test or a SwiftUI
/// preview never reaches a user, and in real apps such findings outnumbered the shipped ones.
///
/// Test code is a whole file: one of a SwiftPM `testTarget` or an Xcode test bundle, or one that
/// imports a test framework. Preview code is a region: a `#Preview { }`, a `PreviewProvider` type, a
/// static preview fixture (`static var preview`, `static let previewValue`), or a file in Xcode's
/// `Preview Content` folder.
///
/// ```swift
/// let scope = LintScope(includeTests: false, includePreviews: true)
/// let result = try Linter(configuration: LintConfiguration(scope: scope)).lint(paths: ["Sources"])
/// ```
public struct LintScope: Sendable, Hashable {
    /// Lint test files too (`--include-tests`, `include_tests: true`).
    public var includeTests: Bool
    /// Report in preview code too (`--include-previews`, `include_previews: true`).
    public var includePreviews: Bool
    /// Report work whose cost the code does not show to be large too: single file, keychain and database
    /// calls, one pass over a collection, formatters and collection passes in `body` (`--include-low-cost`,
    /// `include_low_cost: true`). Off by default: see `CostEvidence` and `LoopCost`.
    public var includeLowCost: Bool

    public init(includeTests: Bool = false, includePreviews: Bool = false, includeLowCost: Bool = false) {
        self.includeTests = includeTests
        self.includePreviews = includePreviews
        self.includeLowCost = includeLowCost
    }

    /// Shipped code only: the default.
    public static let shippedCode = LintScope()
    /// Everything, tests and previews included.
    public static let everything = LintScope(includeTests: true, includePreviews: true, includeLowCost: true)

    /// `settings` with this scope's cost policy applied.
    func applied(to settings: ModuleSettings) -> ModuleSettings {
        var settings = settings
        if includeLowCost { settings.includesLowCost = true }
        return settings
    }

    /// True when the file is linted at all: test files only with `includeTests`.
    ///
    /// ```swift
    /// LintScope().includes(text: "import XCTest\n", settings: .classic) // false
    /// ```
    public func includes(text: String, settings: ModuleSettings) -> Bool {
        includeTests || !TestCode.isTestFile(text: text, settings: settings)
    }
}

/// Recognises test code without a build: the target says so, or the file imports a test framework.
enum TestCode {
    /// Modules only test code imports. (`XCTestDynamicOverlay` and `IssueReporting` are not here: app
    /// code imports them to report issues that tests turn into failures.)
    static let frameworks: Set<String> = [
        "XCTest", "Testing", "SnapshotTesting", "InlineSnapshotTesting", "Quick", "Nimble", "ViewInspector",
    ]

    static func isTestFile(text: String, settings: ModuleSettings) -> Bool {
        settings.isTestTarget || importsTestFramework(text)
    }

    /// True when an import statement names a test framework or is `@testable`.
    static func importsTestFramework(_ text: String) -> Bool {
        let mayImport = SourcePrefilter.withPrefilter(over: text) { prefilter in
            prefilter.contains("import ") && (prefilter.contains("@testable") || prefilter.contains("Test")
                || prefilter.contains("Quick") || prefilter.contains("Nimble") || prefilter.contains("ViewInspector"))
        }
        guard mayImport else { return false }
        // Only the lines that hold `import ` (most files hold "Test" somewhere; splitting all of them
        // into words was an eighth of a cached run).
        let utf8 = text.utf8
        return SourcePrefilter.withPrefilter(over: text) { prefilter in
            prefilter.contains("import ", where: { offset in
                let at = utf8.index(utf8.startIndex, offsetBy: offset)
                let start = utf8[..<at].lastIndex(of: UInt8(ascii: "\n")).map { utf8.index(after: $0) } ?? utf8.startIndex
                let end = utf8[at...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
                return importsTestFramework(line: text[start..<end])
            }, maximumChecks: .max)
        }
    }

    /// One line: `@testable import M`, or an import of a test framework (with attributes, access and kind).
    private static func importsTestFramework(line: Substring) -> Bool {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
        guard let first = words.first else { return false }
        if first == "@testable" { return true }
        // `@_spi(X) import M`, `public import M`, `import struct M.Type`.
        while let word = words.first, word != "import", word.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(word) {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return false }
        words = words.dropFirst()
        if let kind = words.first, ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(kind) {
            words = words.dropFirst()
        }
        guard let path = words.first else { return false }
        let module = path.split(separator: ".").first.map(String.init) ?? ""
        return frameworks.contains(module)
    }
}

extension Syntax {
    /// True inside SwiftUI preview code: `#Preview { }`, a type conforming to `PreviewProvider` (or
    /// `PreviewModifier`), or a static fixture whose name starts with `preview` (`static var preview`,
    /// TCA's `static let previewValue`), which by convention only previews use. Test doubles count too:
    /// a type named as one (`UserSessionMock`, `MockClient`, `StubStore`) or a static `mock` fixture
    /// (`static func mock()`), which previews and tests use and the app does not.
    var isPreviewCode: Bool {
        var node: Syntax? = self
        while let current = node {
            switch current.kind {
            case .macroExpansionDecl:
                if current.cast(MacroExpansionDeclSyntax.self).macroName.text == "Preview" { return true }
            case .macroExpansionExpr:
                if current.cast(MacroExpansionExprSyntax.self).macroName.text == "Preview" { return true }
            case .structDecl, .classDecl, .enumDecl, .extensionDecl:
                let type = TypeDeclarationFacts(current)
                if type.inherited.contains(where: { $0 == "PreviewProvider" || $0 == "PreviewModifier" }) { return true }
                if Self.namesATestDouble(type.name) { return true }
            case .variableDecl:
                let variable = current.cast(VariableDeclSyntax.self)
                if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                   variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self).map { Self.namesAFixture($0.identifier.text) } == true }) {
                    return true
                }
            case .functionDecl:
                let function = current.cast(FunctionDeclSyntax.self)
                if function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }), Self.namesAFixture(function.name.text) {
                    return true
                }
            default:
                break
            }
            node = current.parent
        }
        return false
    }

    /// `preview`, `previewValue`, `mock`, `mockWithError`: a static fixture for previews and tests.
    private static func namesAFixture(_ name: String) -> Bool {
        name.hasPrefix("preview") || name == "mock" || name.hasPrefix("mock") && name.dropFirst(4).first?.isUppercase == true
    }

    /// `UserSessionMock`, `MockClient`, `ClientStub`, `FakeStore`: a test double.
    private static func namesATestDouble(_ name: String) -> Bool {
        ["Mock", "Stub", "Fake"].contains { word in
            name.hasSuffix(word) || name.hasPrefix(word) && name.dropFirst(word.count).first?.isUppercase == true
        }
    }
}

extension Syntax {
    /// True inside `#if DEBUG` (or `#if DEBUG && ...`): code that release builds do not compile; or in
    /// the body of an `if` on a debug flag (`if isDebug`, `if AppInfo.isDebugBuild`), which they skip.
    var isDebugOnlyCode: Bool {
        var child = self
        var node = parent
        while let current = node {
            if let branch = current.as(IfExprSyntax.self), Syntax(branch.body) == child, branch.conditions.count == 1,
               let flag = branch.conditions.first?.condition.as(ExprSyntax.self), flag.namesADebugFlag {
                return true
            }
            if let clause = current.as(IfConfigClauseSyntax.self), clause.elements.map({ Syntax($0) == child }) == true,
               clause.poundKeyword.tokenKind == .poundIf || clause.poundKeyword.tokenKind == .poundElseif,
               let condition = clause.condition?.trimmedDescription,
               SourcePrefilter.isDebugBuildCondition(condition) {
                return true
            }
            child = current
            node = current.parent
        }
        return false
    }
}

extension Syntax {
    /// The `private` or `fileprivate` method, function or computed property (`NamedCode`) the node is
    /// written in, when the runtime cannot call it on its own: not `@objc`, `@IBAction`, `dynamic` or an
    /// `override`, and not in an extension that adds conformances (a protocol's witness). Only its own file
    /// can call or read such a declaration, so when the file names it nowhere else (`UncalledFunctions`),
    /// nothing runs it.
    var enclosingPrivateCode: NamedCode? {
        var node = parent
        var found: NamedCode?
        while let current = node, found == nil {
            if current.kind == .initializerDecl || current.kind == .sourceFile || current.asProtocol(DeclGroupSyntax.self) != nil { return nil }
            if current.is(FunctionDeclSyntax.self) || current.is(VariableDeclSyntax.self) { found = NamedCode(current) }
            node = current.parent
        }
        guard let code = found, code.isPrivateToItsFile,
              !code.modifiers.contains(where: { [.keyword(.override), .keyword(.dynamic)].contains($0.name.tokenKind) }),
              !["objc", "IBAction", "IBSegueAction", "IBInspectable", "_dynamicReplacement"].contains(where: code.attributes.contains(named:))
        else { return nil }
        var outer = code.node.parent
        while let current = outer, current.asProtocol(DeclGroupSyntax.self) == nil { outer = current.parent }
        if let conforming = outer?.as(ExtensionDeclSyntax.self), conforming.inheritanceClause != nil { return nil }
        return code
    }

    /// After a `guard` that returns unless the process was launched with an argument or an environment
    /// variable (`guard let index = CommandLine.arguments.firstIndex(of: "--self-test") else { return }`,
    /// `guard ProcessInfo.processInfo.environment["APP_SELFTEST"] == "1" else { return }`, also through a
    /// local copy, `let args = CommandLine.arguments`): a mode such as a self-test, which no user's
    /// interaction runs (blind rounds AJ and AM: self-tests waiting on a semaphore at launch).
    ///
    /// Also the body of an `if` whose condition asks the app's command-line mode (`if let paths =
    /// Cli.shared.getFilePaths()`, `if isRunningFromCLI`): the app runs headless there, with no interface
    /// to hang (blind round AR: an uploader's `-u` mode downloading at launch); or reads the arguments or the
    /// environment itself (`if ProcessInfo.processInfo.environment["boot_type"] == "clean"`, blind round BA:
    /// a clean boot that only a debug scheme's variable asks for).
    var runsOnlyForALaunchArgument: Bool {
        var node: Syntax? = self
        var child: Syntax = self
        // `let args = CommandLine.arguments` … `if let index = args.firstIndex(of: "--mount-path")` (blind round
        // CP: a disk image detached only when the updater relaunches the app with that argument).
        lazy var copies = enclosingFunction?.as(FunctionDeclSyntax.self)?.body?.statements.prefix(20).compactMap { statement -> String? in
            guard let binding = statement.item.as(VariableDeclSyntax.self)?.bindings.first,
                  binding.initializer?.value.trimmedDescription.isLaunchArguments == true else { return nil }
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        } ?? []
        while let current = node, !current.isFunctionBoundary {
            if let branch = current.as(IfExprSyntax.self), Syntax(branch.body) == child,
               branch.conditions.tokens(viewMode: .sourceAccurate).contains(where: { token in
                   CostEvidence.camelCaseWords(token.text).contains("cli") || token.readsLaunchArguments(copies: copies)
               }) {
                return true
            }
            child = current
            if let item = current.as(CodeBlockItemSyntax.self) {
                let earlier = item.previousStatements(limit: 20)
                let copies = earlier.compactMap { statement -> String? in
                    guard let binding = statement.item.as(VariableDeclSyntax.self)?.bindings.first,
                          let value = binding.initializer?.value.trimmedDescription, value.isLaunchArguments else { return nil }
                    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }
                if earlier.contains(where: { statement in
                    guard let test = statement.item.as(GuardStmtSyntax.self) else { return false }
                    return test.conditions.tokens(viewMode: .sourceAccurate).contains { $0.readsLaunchArguments(copies: copies) }
                }) {
                    return true
                }
            }
            node = current.parent
        }
        return false
    }

    /// After a `return`, `throw`, `break` or `continue` in the same block, or in a block nested in one
    /// such statement's successors: code the compiler warns "will never be executed". Looks at the 50
    /// statements before each enclosing one, so a minified file's long blocks stay linear.
    ///
    /// Also code that runs only with a value a placeholder never gives: the body of `if let pid = shellPID(of: window)`
    /// and what follows `guard let pid = shellPID(of: window) else { return }`, where `shellPID(of:)` is a private
    /// function of the file whose body is `return nil` alone (blind round CK: an `lsof` run for each window's shell,
    /// whose lookup was a stub that "for now" returned nil).
    var isUnreachable: Bool {
        var node: Syntax? = self
        while let current = node, !current.isFunctionBoundary {
            if let item = current.as(CodeBlockItemSyntax.self), item.previousStatements(limit: 50).contains(where: { earlier in
                earlier.item.is(ReturnStmtSyntax.self) || earlier.item.is(ThrowStmtSyntax.self)
                    || earlier.item.is(BreakStmtSyntax.self) || earlier.item.is(ContinueStmtSyntax.self)
                    || earlier.item.as(GuardStmtSyntax.self)?.conditions.bindsAPlaceholderNil == true
            }) {
                return true
            }
            if let block = current.as(CodeBlockSyntax.self), let test = block.parent?.as(IfExprSyntax.self), test.body.id == block.id,
               test.conditions.bindsAPlaceholderNil {
                return true
            }
            node = current.parent
        }
        return false
    }
}

private extension ConditionElementListSyntax {
    /// A condition binds the result of a call of a placeholder that returns nil (`if let pid = shellPID(of: window)`),
    /// so the code it guards never runs.
    var bindsAPlaceholderNil: Bool {
        contains { element in
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                  let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  let name = CalledName(call)?.ownFunctionName else { return false }
            return Syntax(self).declaresAPlaceholderNil(named: name, arguments: call.arguments.count)
        }
    }
}

private extension Syntax {
    /// The type around this code (or the file, outside a type) declares a `private` or `fileprivate` function of
    /// this name and argument count whose body is `return nil` alone: a stub nothing overrides.
    func declaresAPlaceholderNil(named name: String, arguments: Int) -> Bool {
        var scope = parent
        while let current = scope, !current.isProtocol(DeclGroupSyntax.self), !current.is(SourceFileSyntax.self) { scope = current.parent }
        let declarations: [DeclSyntax] = scope?.asProtocol(DeclGroupSyntax.self)?.memberBlock.members.map(\.decl)
            ?? scope?.as(SourceFileSyntax.self)?.statements.compactMap { $0.item.as(DeclSyntax.self) } ?? []
        return declarations.contains { declaration in
            guard let function = declaration.as(FunctionDeclSyntax.self), function.name.text == name,
                  function.signature.parameterClause.parameters.count == arguments,
                  function.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }),
                  let statements = function.body?.statements, statements.count == 1,
                  let returned = statements.first?.item.as(ReturnStmtSyntax.self)?.expression else { return false }
            return returned.is(NilLiteralExprSyntax.self)
        }
    }
}

private extension String {
    /// `CommandLine.arguments`, `ProcessInfo.processInfo.arguments`, `ProcessInfo.processInfo.environment`.
    var isLaunchArguments: Bool {
        self == "CommandLine.arguments" || hasSuffix("processInfo.arguments") || hasSuffix("processInfo.environment")
    }
}

private extension TokenSyntax {
    /// `CommandLine.arguments`, `processInfo.arguments`, `processInfo.environment`, or a local copy of one.
    func readsLaunchArguments(copies: [String]) -> Bool {
        let owner = previousToken(viewMode: .sourceAccurate)?.text == "."
            ? previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate)?.text : nil
        return copies.contains(text) || text == "arguments" && ["CommandLine", "processInfo"].contains(owner ?? "")
            || text == "environment" && owner == "processInfo"
    }
}

private extension ExprSyntax {
    /// `isDebug`, `Self.isDebugBuild`, `AppConfig.debugMode`: a Boolean named for a debug build. Or an
    /// option of a type named for debugging (`DebugSettingsBundleOptions.saveLogsToDocuments`): a switch
    /// for the app's developers (blind round BD: old logs copied at launch only when it is on).
    var namesADebugFlag: Bool {
        let access = self.as(MemberAccessExprSyntax.self)
        let name = self.as(DeclReferenceExprSyntax.self)?.baseName.text ?? access?.declName.baseName.text
        guard let name else { return false }
        if let owner = access?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
           owner.first?.isUppercase == true, CostEvidence.camelCaseWords(owner).first == "debug" {
            return true
        }
        return ["isDebug", "isDebugBuild", "debugMode", "isDebugMode", "debugBuild", "inDebugMode"].contains(name)
    }
}

/// Screens and menus for the app's own developers: `FileSizeDebugViewController`, `DebugMenuView`, a
/// settings table's `debugSection`, and every file in a `Debug` folder (`Linter.SourceInput.isInDebugFolder`).
/// Release builds often compile them, but only a hidden menu, a feature flag or an internal build reaches
/// them, so their work stalls no user's interaction (blind review rounds R and S: 8 of 29 findings sat in
/// such screens, all rejected). A declaration counts when the word `Debug` (a camel-case word: not
/// `Debugger`, `Debugging`) is in its name with a word that names a screen (`View`, `Controller`, `Menu`,
/// `Section`, ...): `DebugLogging` and `DebugLogFormatter` are features users run. So does `Developer` with
/// a word of hidden settings (`DeveloperSettingsViewController`, `DeveloperMenu`).
///
/// ```swift
/// DebugScreens.encloses(Syntax(token))  // true inside `final class FileSizeDebugViewController`
/// ```
enum DebugScreens {
    /// The node is written in a type, extension, function or property named for a debug screen.
    static func encloses(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let declaration = current {
            if let name = declaration.declaredName, namesADebugScreen(name) { return true }
            current = declaration.parent
        }
        return false
    }

    /// `FileSizeDebugViewController`, `debugSection`, `DebugMenu`: the word `Debug` with a screen's word.
    static func namesADebugScreen(_ name: some StringProtocol) -> Bool {
        let words = words(of: name)
        return words.contains("debug") && words.contains(where: screenWords.contains)
            || words.contains("developer") && words.contains(where: developerScreenWords.contains)
    }

    /// Words that, beside `Developer`, name the app's hidden settings (`TPPDeveloperSettingsTableViewController`,
    /// `DeveloperMenu`; blind round AX: logs attached to a mail from developer settings); a `DeveloperToolsView`
    /// of an app made for developers is a screen its users open.
    static let developerScreenWords: Set<String> = ["settings", "menu", "options", "preferences"]

    static let screenWords: Set<String> = [
        "view", "controller", "window", "menu", "screen", "panel", "sheet", "section", "pane", "inspector", "settings",
        "preferences", "page", "tab", "console", "overlay",
    ]

    /// Lower-cased camel-case words: `FileSizeDebugViewController` is file, size, debug, view, controller;
    /// `URLDebugView` is url, debug, view.
    static func words(of name: some StringProtocol) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (position, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current.lowercased()); current = "" }
                continue
            }
            let next = position + 1 < characters.count ? characters[position + 1] : nil
            let previous = position > 0 ? characters[position - 1] : nil
            // A capital starts a word after a lower-case letter, or ends an acronym before one (`URLDebug`).
            if character.isUppercase, !current.isEmpty,
               previous?.isLowercase == true || previous?.isNumber == true || (previous?.isUppercase == true && next?.isLowercase == true) {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

private extension Syntax {
    /// The name a type, extension, function or single-binding variable declaration gives.
    var declaredName: String? {
        switch kind {
        case .structDecl, .classDecl, .enumDecl, .extensionDecl, .actorDecl:
            return TypeDeclarationFacts(self).name
        case .functionDecl:
            return cast(FunctionDeclSyntax.self).name.text
        case .variableDecl:
            return cast(VariableDeclSyntax.self).bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        default:
            return nil
        }
    }
}

extension Linter.SourceInput {
    /// Files in Xcode's `Preview Content` folder (the default `DEVELOPMENT_ASSET_PATHS`) ship only in
    /// debug builds for previews.
    var isPreviewAsset: Bool {
        path.contains("/Preview Content/") || path.hasPrefix("Preview Content/")
    }

    /// Files in a `Debug` folder (`DebugScreens`), one of the file's two nearest: a folder of the app
    /// (`Settings/Debug/`), not one the repository sits in.
    var isInDebugFolder: Bool {
        path.split(separator: "/").dropLast().suffix(2).contains { DebugScreens.words(of: $0).contains("debug") }
    }
}

extension SourceFileSyntax {
    /// A command-line program: an `@main` type that declares its own `static func main()`, or a script's
    /// top-level statements, with no app started from the file (`NSApplicationMain`, `UIApplicationMain`,
    /// `NSApplication.shared.run()`, a SwiftUI `App`, an application delegate). Its main thread serves no
    /// interface, so blocking it is no hang a user sees (blind round AK: a repository's render-check tools,
    /// built with `swiftc` by its scripts, reported as main-actor work).
    ///
    /// ```swift
    /// @main struct RenderCheck {
    ///     @MainActor static func main() throws { try render(CommandLine.arguments[1]) } // a command-line program
    /// }
    /// ```
    var isCommandLineProgram: Bool {
        let declaresMain = statements.contains { item in
            guard let type = item.item.asProtocol(DeclGroupSyntax.self), type.attributes.contains(named: "main") else { return false }
            return type.memberBlock.members.contains { member in
                guard let function = member.decl.as(FunctionDeclSyntax.self) else { return false }
                return function.name.text == "main" && function.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
            }
        }
        // Only a module's `main.swift` or a script may run statements at the top level.
        let runsTopLevelCode = statements.contains { statement in
            switch statement.item {
            case .decl: false
            // `#Preview { }` and other freestanding macros declare; they run nothing.
            case .expr(let expression): !expression.is(MacroExpansionExprSyntax.self)
            case .stmt: true
            }
        }
        guard declaresMain || runsTopLevelCode else { return false }
        return !tokens(viewMode: .sourceAccurate).contains { token in
            // `MyApp.main()` from a `main.swift` starts whatever that type is: maybe an app.
            Self.appStartNames.contains(token.text) || token.text.hasSuffix("ApplicationDelegate")
                || runsTopLevelCode && token.text == "main" && token.previousToken(viewMode: .sourceAccurate)?.text == "."
        }
    }

    /// Names whose presence says the file starts or is an app: its main thread runs an interface.
    private static let appStartNames: Set<String> = [
        "NSApplicationMain", "UIApplicationMain", "NSApplication", "NSApp", "UIApplication", "App", "WKApplicationMain",
    ]
}

/// What a settings screen does when the user changes a setting: `GeneralSettingsTab`'s `.onChange(of:)` that
/// enables a Finder extension, a `PreferencesViewController`'s `@IBAction`. A user flips such a switch once, in a
/// screen they open now and then (blind rounds CF, CG and CQ: 4 of 4 findings there rejected as rare). Not what
/// the screen does to show itself (`body`, a state's initial value, `viewDidLoad`), which runs each time it opens.
/// A type counts when a camel-case word of its name is `Settings`, `Preferences` or `Prefs` beside a word that
/// names a screen (`DebugScreens.screenWords`): `SettingsStore` and `loadSettings()` are not screens.
///
/// ```swift
/// SettingsScreens.changesASetting(Syntax(token))  // true in `GeneralSettingsTab`'s `.onChange(of:) { ... }`
/// ```
enum SettingsScreens {
    static func changesASetting(_ node: Syntax) -> Bool {
        var current = node.parent
        var inAnAction = false
        while let candidate = current {
            if !inAnAction, let closure = candidate.as(ClosureExprSyntax.self), let call = closure.enclosingCall,
               let called = CalledName(call), actionModifiers.contains(called.name) {
                inAnAction = true
            }
            if !inAnAction, let function = candidate.as(FunctionDeclSyntax.self) {
                guard function.attributes.contains(named: "IBAction") else { return false }
                inAnAction = true
            }
            if inAnAction, let name = candidate.declaredName, candidate.asProtocol(DeclGroupSyntax.self) != nil {
                return namesASettingsScreen(name)
            }
            current = candidate.parent
        }
        return false
    }

    /// The closures SwiftUI runs when a control's value changes.
    static let actionModifiers: Set<String> = ["onChange", "onSubmit"]

    static func namesASettingsScreen(_ name: some StringProtocol) -> Bool {
        let words = DebugScreens.words(of: name)
        return words.contains(where: settingsWords.contains)
            && words.contains(where: { DebugScreens.screenWords.contains($0) && !settingsWords.contains($0) })
    }

    static let settingsWords: Set<String> = ["settings", "preferences", "prefs"]
}
