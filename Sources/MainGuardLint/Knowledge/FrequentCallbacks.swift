import SwiftSyntax

/// SDK callbacks that run often: per frame, per row or cell, per keystroke, per selection.
enum FrequentCallbacks {
    /// AppKit, UIKit and SwiftUI representable methods.
    static let functions: Set<String> = [
        "updateNSView", "updateUIView", "updateNSViewController", "updateUIViewController", "draw", "layoutSubviews",
        "layout", "viewDidLayout", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "scrollViewDidScroll",
        "textDidChange", "controlTextDidChange", "textViewDidChange", "textViewDidChangeSelection", "observeValue",
        "mouseMoved", "mouseDragged", "tableView", "collectionView", "outlineView", "tableViewSelectionDidChange",
        "outlineViewSelectionDidChange", "searchBar", "updateSearchResults",
    ]
    /// Data-source callbacks of `functions` that run once per edit the user makes, not per row or cell:
    /// `tableView(_:moveRowAt:to:)`, `tableView(_:commit:forRowAt:)`, a drag's start, its entry into the
    /// view, its end or its drop (blind round Z rejected two small writes when a row was moved, round AA two
    /// archives of a drag's rows, round AF two decodes of a drag's row IDs). Not `validateDrop`, which runs
    /// as the drag moves.
    static let perEditLabels: Set<String> = [
        "moveRowAt", "moveItemAt", "commit", "performDropWith", "acceptDrop", "writeRowsWith", "pasteboardWriterForRow",
        "updateDraggingItemsForDrag", "draggingSession",
    ]

    /// A callback in `functions` that runs per frame, row, keystroke or selection, not once per edit.
    static func runsOften(_ function: FunctionDeclSyntax) -> Bool {
        functions.contains(function.name.text)
            && !function.signature.parameterClause.parameters.contains { perEditLabels.contains($0.firstName.text) }
            && !isRowCallbackOfAFixedTable(function)
    }

    /// Callbacks of `functions` that run per frame while the user scrolls, drags or resizes.
    static let perFrameFunctions: Set<String> = [
        "draw", "layoutSubviews", "layout", "viewDidLayout", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
        "scrollViewDidScroll", "mouseMoved", "mouseDragged",
    ]
    /// Labels of data-source and delegate callbacks that run once per visible row or cell
    /// (`tableView(_:cellForRowAt:)`, `tableView(_:viewFor:row:)`, `collectionView(_:layout:sizeForItemAt:)`).
    static let perRowLabels: Set<String> = [
        "cellForRowAt", "cellForItemAt", "viewFor", "objectValueFor", "willDisplay", "willDisplayCell", "heightForRowAt",
        "heightOfRow", "rowViewForRow", "sizeForItemAt", "itemForRepresentedObjectAt",
    ]
    /// Modifiers whose closure runs per frame of a scroll, a resize or a pointer's move.
    static let perFrameModifiers: Set<String> = ["onContinuousHover", "onScrollGeometryChange", "onGeometryChange"]

    /// A callback that runs per frame or per visible row: a stricter `runsOften`, without selections,
    /// keystrokes and edits, which run once per thing the user does.
    ///
    /// ```swift
    /// // per row:   func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// // not:       func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// ```
    static func runsPerFrameOrRow(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        if perFrameFunctions.contains(name) { return true }
        guard ["tableView", "collectionView", "outlineView"].contains(name) else { return false }
        return function.signature.parameterClause.parameters.contains { perRowLabels.contains($0.firstName.text) }
            && !isRowCallbackOfAFixedTable(function)
    }

    /// A per-row callback of a table whose row counts are literals (`if section == 2 { return 4 } else { return 1 }`):
    /// a settings screen of a few fixed rows, each configured once as it opens, not a list that scrolls
    /// through data (blind round CL: a keychain read for the one row of a security screen that shows it).
    static func isRowCallbackOfAFixedTable(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        guard name == "tableView" || name == "collectionView",
              function.signature.parameterClause.parameters.contains(where: { perRowLabels.contains($0.firstName.text) }),
              let type = Syntax(function).enclosingTypeDeclaration?.name, let file = function.root.as(SourceFileSyntax.self) else { return false }
        let counts = file.rowCountFunctions(ofType: type, named: name)
        return !counts.isEmpty && counts.allSatisfy(\.countsOnlyLiterals)
    }

    /// Verbs that end what a timer repeats: `stopRecording()`, `clearSnooze()`, `finishCountdown()`.
    static let endingVerbs = ["stop", "clear", "cancel", "finish", "end", "complete", "invalidate", "expire"]

    /// A call named for ending what repeats (`endingVerbs`, then a capitalized word or nothing): made in a
    /// timer's tick, it runs once, when the timer's work is done (blind round AO: a snooze cleared when it
    /// expires, which also stops the timer).
    ///
    /// ```swift
    /// FrequentCallbacks.endsTheRepetition("clearSnooze") // true
    /// FrequentCallbacks.endsTheRepetition("endpoint")    // false
    /// ```
    static func endsTheRepetition(_ name: String) -> Bool {
        endingVerbs.contains { verb in
            guard name.hasPrefix(verb) else { return false }
            return name.dropFirst(verb.count).first.map(\.isUppercase) ?? true
        }
    }

    /// A call of `modifiers` whose closure runs per frame or per tick of a timer at most a second apart: a
    /// stricter `firesOften`, without `.onChange`, `.onReceive` of anything but a timer, hovers and key presses.
    static func firesPerFrameOrTick(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return false }
        if perFrameModifiers.contains(name) { return true }
        if name == "onReceive", call.arguments.first?.expression.trimmedDescription.containsCaseInsensitive("timer") != true { return false }
        return (name == "scheduledTimer" || name == "onReceive") && firesOften(call)
    }

    /// SwiftUI modifiers and timers whose closure runs on each change, event or tick.
    static let modifiers: Set<String> = [
        "onChange", "onReceive", "onHover", "onContinuousHover", "onScrollGeometryChange", "onGeometryChange",
        "onKeyPress", "scheduledTimer", "onPreferenceChange",
    ]
    /// Whether a call of `modifiers` runs its closure often. Not a timer that fires once or more than a
    /// second apart (`scheduledTimer(withTimeInterval: 60, repeats: true)`, `.onReceive(Timer.publish(every: 30, ...))`),
    /// and not `.onReceive` of an app lifecycle notification (`willEnterForegroundNotification`) or of a
    /// notification not named for changes (`frequentNotificationWords`): such work runs once a minute, once
    /// a launch or once an action at most. An interval the syntax does not show counts as often.
    ///
    /// ```swift
    /// // often:     Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in tick() }
    /// // not often: Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in refresh() }
    /// ```
    static func firesOften(_ call: FunctionCallExprSyntax) -> Bool {
        let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        var arguments = Array(call.arguments)
        if name == "onReceive", let publisher = arguments.first?.expression {
            let text = publisher.trimmedDescription
            if lifecycleNotificationWords.contains(where: { text.containsCaseInsensitive($0) }) { return false }
            if text.contains("publisher(for:") {
                return frequentNotificationWords.contains { text.containsCaseInsensitive($0) }
            }
            guard let timer = publisher.as(FunctionCallExprSyntax.self)
                ?? publisher.as(MemberAccessExprSyntax.self)?.base?.as(FunctionCallExprSyntax.self) else { return true }
            arguments = Array(timer.arguments)
        } else if name != "scheduledTimer" {
            return true
        }
        return timerArgumentsFireOften(arguments, requiringRepeats: false)
    }

    /// A timer's arguments that fire often: no `repeats: false` (with `requiringRepeats`, a `repeats: true`
    /// written out), and no interval over `maximumOftenInterval` that the syntax shows.
    private static func timerArgumentsFireOften(_ arguments: [LabeledExprSyntax], requiringRepeats: Bool) -> Bool {
        var repeats = !requiringRepeats
        for argument in arguments {
            let value = argument.expression.trimmedDescription
            switch argument.label?.text {
            case "repeats":
                if value == "false" { return false }
                if value == "true" { repeats = true }
            case "withTimeInterval", "timeInterval", "every":
                if let seconds = Double(value) ?? constant(named: argument.expression), seconds > maximumOftenInterval { return false }
            default: break
            }
        }
        return repeats
    }

    /// What fires an `@objc` method often through a `#selector` written in the type that declares it: a
    /// repeating `Timer` at most a second apart (`CostEvidence.timerTick`), or a `CADisplayLink`, every frame.
    /// nil for any other method. SlimHUD (blind check of session 25) polled an AppleScript from a 0.2 s
    /// selector timer, which a closure timer's check did not see.
    ///
    /// ```swift
    /// // Timer.scheduledTimer(timeInterval: 0.2, target: self, selector: #selector(poll), userInfo: nil, repeats: true)
    /// @objc func poll() { ... } // selectorRepetition(of:) == "timer tick"
    /// ```
    static func selectorRepetition(of function: FunctionDeclSyntax) -> String? {
        // A timer's or display link's target takes nothing or the timer (`@objc func tick(_ timer: Timer)`):
        // the type is read only for such methods, not for every action method's calls.
        let parameters = function.signature.parameterClause.parameters
        guard parameters.count <= 1,
              function.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" }),
              parameters.allSatisfy({ ["Timer", "CADisplayLink"].contains($0.type.trimmedDescription) }),
              !(function.body?.returnsUnlessSomethingChanged ?? false),
              let members = function.parent?.parent?.parent?.as(MemberBlockSyntax.self) else { return nil }
        let name = function.name.text
        for token in members.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier("selector") || token.text == "selector" {
            guard let selector = token.parent?.as(MacroExpansionExprSyntax.self), selector.selectedMethod == name,
                  let call = selector.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else { continue }
            let called = call.calledExpression.trimmedDescription
            if called.hasSuffix("CADisplayLink") { return displayLinkFrame }
            if called.hasSuffix("scheduledTimer") || called == "Timer", timerArgumentsFireOften(Array(call.arguments), requiringRepeats: true) { return CostEvidence.timerTick }
        }
        return nil
    }

    /// How a per-frame `CADisplayLink` callback is named in messages ("on every display-link frame").
    static let displayLinkFrame = "display-link frame"

    /// The number a constant of the file is initialised with: `checkInterval` or `Self.checkInterval` for
    /// `private let checkInterval: TimeInterval = 60`. nil for anything else.
    private static func constant(named expression: ExprSyntax) -> Double? {
        expression.fileConstantValue().flatMap { Double($0.trimmedDescription.replacingOccurrences(of: "_", with: "")) }
    }

    /// Words of a notification's name that say it is posted per change or event while the user works
    /// (`textDidChange`, `boundsDidChange`, `selectionDidChange`, `downloadProgress`). A notification named
    /// otherwise is posted for an action (`.shouldImportExternalLibraryFile`, `.syncDidFinish`): once per
    /// action, not often (blind round BD: a library file read when the app is asked to open one).
    static let frequentNotificationWords: [StaticString] = [
        "change", "scroll", "update", "resize", "move", "bounds", "frame", "selection", "progress", "keyboard",
        "tick", "timer", "live", "edit",
    ]

    /// Notifications an app receives once per launch or per switch to and from the background.
    static let lifecycleNotificationWords: [StaticString] = [
        "enterforeground", "enterbackground", "becomeactive", "resignactive", "terminate", "finishlaunching",
    ]

    /// The longest interval, in seconds, of a timer whose ticks count as often.
    static let maximumOftenInterval = 1.0

    /// Database calls that walk every matching row. GRDB's `fetchAll` and `fetchSet` are not among them:
    /// they are how any filtered list is fetched (a session per account, twenty swaps, a settings row), and
    /// blind round X rejected 7 of 8 reads whose only evidence was a `fetchAll`; the one accepted decoded
    /// each fetched row, which the result's `map` shows (`Syntax.readsManyRows`).
    static let wholeFetches: Set<String> = ["fetchCursor", "allRows"]
}

/// The app's lifecycle callbacks, where work is not a user's interaction.
///
/// - **Launch** callbacks run unasked, before or while the first screen appears: work there delays every
///   launch. `applicationWillFinishLaunching(_:)` and `application(_:didFinishLaunchingWithOptions:)` are
///   the places an app purges caches or migrates data.
/// - **Termination** callbacks run while the app quits: work there delays quitting, not an interaction,
///   and is often deliberate (restoring windows, flushing state before `exit`).
/// - **Migrations** run once per install or upgrade, and code named for a legacy setup (`fixLegacySymlink()`,
///   `legacyInstallHelper()`) serves users of an old version, once or as a fallback.
/// - **One-off tasks** are what a user starts a few times in the app's life and expects to take a moment:
///   exporting or importing, installing or uninstalling (a plug-in, a helper, an update), repairing a store
///   or recovering from a failure, restoring a backup. Blind reviews rejected 16 of 19 findings in functions so named (rounds AW to BG,
///   each a copy, unzip or process wait behind an Export, Import, Install or Restore button); the three
///   accepted were borderline.
///
/// ```swift
/// print(AppLifecycle.launchFunctions.contains("applicationDidFinishLaunching")) // true
/// ```
enum AppLifecycle {
    /// `NSApplicationDelegate`, `UIApplicationDelegate` and `UISceneDelegate` methods, by base name.
    /// `application` covers `application(_:didFinishLaunchingWithOptions:)` and its `willFinish` twin
    /// (`isLaunch` checks the label).
    static let launchFunctions: Set<String> = [
        "applicationWillFinishLaunching", "applicationDidFinishLaunching", "applicationDidBecomeActive",
        "applicationWillEnterForeground", "sceneWillEnterForeground", "sceneDidBecomeActive",
    ]

    /// `applicationWillTerminate(_:)`, `applicationShouldTerminate(_:)`, `prepareForTermination()`, and the
    /// `shutdown()` such a callback calls to tear the app's services down (blind rounds BF and BG: a quit hook's
    /// bounded wait and an event-tap thread joined as the app quits, 2 of 2 rejected).
    static let terminationWords: [StaticString] = ["terminat", "shutdown"]
    /// `migrateLegacySettings()`, `runMigrations()`, `fixLegacySymlink()`: work done once per install or
    /// upgrade, or a fallback for an old setup.
    static let migrationWords: [StaticString] = ["migrat", "legacy", "backfill"]
    /// `exportLogs()`, `importSkillFromZip(_:)`, `installFromPath(_:)`, `performUninstall()`, `repairStore()`,
    /// `recoverCorruptedProfiles()`: words of a function's name (`CostEvidence.camelCaseWords`) that name a
    /// one-off task. Recovering, like repairing, runs when something broke (blind rounds BD and BG: three of
    /// three rejected, a stale proxy setting restored and profiles re-read only when they failed to decode).
    /// `panicClearAllData()`, `resetForPanic()`: an emergency wipe the user triggers, which waits for what is in
    /// flight on purpose so nothing is left behind (blind round CL rejected 2 of 2 in a messenger's panic wipe).
    static let oneOffTaskWords: Set<String> = ["export", "import", "install", "uninstall", "reinstall", "repair", "recover", "recovery", "panic"]
    /// `installTap(onBus:)`, `installEventMonitor()`: installing a hook is setup, not a software install.
    static let hookWords: Set<String> = [
        "tap", "handler", "handlers", "observer", "observers", "monitor", "monitors", "hook", "hooks", "gesture", "gestures",
        "constraint", "constraints", "key", "keys", "event", "signal", "menu", "view", "views", "timer", "listener", "listeners",
        "delegate", "watcher", "shortcut", "shortcuts", "hotkey", "hotkeys", "notification", "notifications", "recognizer",
    ]

    /// Whether a function declaration is a launch callback.
    static func isLaunch(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        if launchFunctions.contains(name) { return true }
        let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
        if name == "application" { return labels.contains { $0.hasSuffix("FinishLaunchingWithOptions") } }
        if name == "scene" { return labels.contains("willConnectTo") }
        return false
    }

    /// `node` is written in a launch callback (closures inside it included).
    static func isInLaunch(_ node: Syntax) -> Bool {
        node.enclosingFunction?.as(FunctionDeclSyntax.self).map(isLaunch) ?? false
    }

    /// The app types whose initializers and stored properties run once, before the first screen.
    static let appTypes: Set<String> = ["App", "UIApplicationDelegate", "NSApplicationDelegate"]

    /// `node` is the app's own setup: a launch callback, or an initializer or stored property of the app
    /// (`@main struct NotesApp: App`, an `AppDelegate`). Opening and reading the app's store there is what
    /// its first screen waits for: blind rounds X and Y judged all three such database findings setup
    /// that is intentional or trivial.
    static func isInAppSetup(_ node: Syntax) -> Bool {
        if isInLaunch(node) { return true }
        guard let boundary = node.enclosingFunction, boundary.is(InitializerDeclSyntax.self) || boundary.is(MemberBlockSyntax.self),
              let type = node.enclosingTypeDeclaration else { return false }
        return type.name.hasSuffix("AppDelegate") || type.inherited.contains(where: appTypes.contains)
    }

    /// `node` is written in a function named for the app's termination.
    static func isInTermination(_ node: Syntax) -> Bool {
        guard let name = node.enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text else { return false }
        return terminationWords.contains { name.containsCaseInsensitive($0) }
    }

    /// `node` is written in a function named for a data migration, which runs once per install or
    /// upgrade: blind reviews rejected each such finding as one-off.
    static func isInMigration(_ node: Syntax) -> Bool {
        guard let name = node.enclosingFunction?.as(FunctionDeclSyntax.self)?.name.text else { return false }
        return migrationWords.contains { name.containsCaseInsensitive($0) }
    }

    /// `node` is written in a function named for a migration or a one-off task (`exportLogs()`): work there
    /// costs a user a moment they chose to wait.
    static func isInOneOffTask(_ node: Syntax) -> Bool {
        guard let function = node.enclosingFunction?.as(FunctionDeclSyntax.self) else { return false }
        // `tableView(_:namesOfPromisedFilesDroppedAtDestination:forDraggedRowsWith:)`: AppKit asks for the files of rows
        // the user drags out to the Finder, an export by hand (blind round CO rejected 3 of 3: a structure viewer
        // writing the dragged projects).
        if function.signature.parameterClause.parameters.contains(where: { dragExportLabels.contains($0.firstName.text) }) { return true }
        return namesAOneOffTask(function.name.text, firstLabel: function.signature.parameterClause.parameters.first?.firstName.text)
    }

    /// Parameter labels of AppKit's drag callbacks that write the dragged items out as files.
    static let dragExportLabels: Set<String> = ["namesOfPromisedFilesDroppedAtDestination"]

    /// A function on a call chain (`fixLegacySymlink()` in "fixLegacySymlink() calls deleteFiles(at:)",
    /// `exportBackup(to:)`) is named for a migration or a one-off task: the work it reaches runs once per
    /// install or upgrade, or when a user asks for it, wherever it is called.
    static func reachesThroughOneOffTask(_ signatures: [String]) -> Bool {
        signatures.contains { signature in
            let name = signature.prefix { $0 != "(" }
            // `_shutdown() → … → closeDatabase()`: work reached only through tearing something down runs as the app
            // quits or goes to the background, where no interaction waits (blind round BD: a browser's profile
            // closed when it entered the background).
            // Not `terminateAndWait(_:)` or `terminateTimer()`: ending a process or a timer is not the app's end.
            if String(name).containsCaseInsensitive("shutdown") { return true }
            let label = signature.dropFirst(name.count + 1).prefix { $0 != ":" && $0 != ")" }
            return namesAOneOffTask(name, firstLabel: label.isEmpty ? nil : String(label))
        }
    }

    /// `migrateLegacySettings`, `exportSkillAsZip`, `restoreFromBackup`, `restoreConfig(from:)` (a restore
    /// from a file the user picks: blind round BN, a kubeconfig read back), `updateToLatestVersion`; not `installSpectrumTap`,
    /// `importantItems` or `restoreSelection`. `firstLabel`: the first parameter's label, if any.
    static func namesAOneOffTask(_ name: some StringProtocol, firstLabel: String? = nil) -> Bool {
        let name = String(name)
        if migrationWords.contains(where: { name.containsCaseInsensitive($0) }) { return true }
        let words = CostEvidence.camelCaseWords(name)
        if words.contains("restore"), words.contains(where: { $0.hasPrefix("backup") }) || firstLabel == "from" { return true }
        // `updateToLatestVersion()`, `upgradeDataVersion()`: the steps an app runs once after it is updated (blind
        // round BW: a store rewritten at the first launch after an upgrade from an old build); not `updateVersionLabel()`.
        if words.last == "version", words.first == "update" || words.first == "upgrade" { return true }
        guard words.contains(where: oneOffTaskWords.contains) else { return false }
        return !(words.contains("install") && words.contains(where: hookWords.contains))
    }
}

private extension MacroExpansionExprSyntax {
    /// The method a `#selector` names, without its type, `self.` or labels: `tick` for
    /// `#selector(self.tick)`, `#selector(Poller.tick(_:))`; nil for another macro.
    var selectedMethod: String? {
        guard macroName.text == "selector", let argument = arguments.first?.expression else { return nil }
        var text = argument.trimmedDescription
        if let paren = text.firstIndex(of: "(") { text = String(text[..<paren]) }
        return text.split(separator: ".").last.map(String.init)
    }
}

private extension SourceFileSyntax {
    /// The file's `tableView(_:numberOfRowsInSection:)` (or `collectionView(_:numberOfItemsInSection:)`) in the
    /// type, or in an extension of it, named `type`.
    func rowCountFunctions(ofType type: String, named name: String) -> [FunctionDeclSyntax] {
        let label = name == "tableView" ? "numberOfRowsInSection" : "numberOfItemsInSection"
        return members(ofTypeNamed: type).compactMap { member -> FunctionDeclSyntax? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                  function.signature.parameterClause.parameters.contains(where: { $0.firstName.text == label }) else { return nil }
            return function
        }
    }
}

private extension FunctionDeclSyntax {
    /// The body names nothing but the section it is asked about: every count it returns is a literal.
    var countsOnlyLiterals: Bool {
        guard let body else { return false }
        let parameters = Set(signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return body.tokens(viewMode: .sourceAccurate).allSatisfy { token in
            if case .identifier(let name) = token.tokenKind { return parameters.contains(name) }
            return true
        }
    }
}

extension CodeBlockSyntax {
    /// The block opens with `guard pasteboard.changeCount != changeCount else { return }`: a poll whose work
    /// runs when what it watches changed, not on every tick (blind round CP: a clipboard manager's timer,
    /// whose history work runs once per copy).
    var returnsUnlessSomethingChanged: Bool {
        guard let test = statements.first?.item.as(GuardStmtSyntax.self), test.conditions.count == 1,
              let condition = test.conditions.first?.condition.as(ExprSyntax.self),
              let last = test.body.statements.last?.item, last.is(ReturnStmtSyntax.self) else { return false }
        // Unfolded as parsed (`a != b` is a sequence of three), or folded.
        let comparison = condition.as(SequenceExprSyntax.self).map { Array($0.elements) }
        let operatorText = comparison.flatMap { $0.count == 3 ? $0[1].as(BinaryOperatorExprSyntax.self)?.operator.text : nil }
            ?? condition.as(InfixOperatorExprSyntax.self)?.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        return operatorText == "!="
    }
}
