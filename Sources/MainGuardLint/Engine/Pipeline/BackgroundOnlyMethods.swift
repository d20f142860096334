import SwiftParser
import SwiftSyntax

/// Blocking calls in methods that only background code calls. A method of a class that is main-actor only
/// through its SDK superclass or protocol (a `UIViewController`, a `UISceneDelegate`) runs where its caller
/// runs: in Swift 5 mode nothing stops a background queue from calling it. When every call of the method is
/// background code, its blocking call stalls no UI (blind review round M: 7 of 13 rejected findings were
/// a-shell methods called only on its command queue or as pipe handlers; round K: Lunar's diagnostics queue).
/// A method handed, unapplied, to an API that calls it on a background queue (`completionHandler:
/// processImage`) counts as called there. A method called only from the app's termination callbacks (`applicationWillTerminate(_:)`) stalls no UI
/// either: the app is quitting, as for work written in the callback itself (blind round X: Delta Chat waits
/// for its event loop to stop in a private helper of `applicationWillTerminate`). `include_low_cost` keeps those.
///
/// Two steps, so a cached run parses nothing:
/// - While a file's tree is at hand, ``method(around:)`` names the method around a finding when the file
///   calls it, and only from background code: a closure that runs on a background queue, a function
///   declared off the main thread, a `FileHandle` readability handler, or another such method of the file.
///   A `private` method's finding is dropped there; another method's name is kept with the finding
///   (`Finding.backgroundOnlyMethod`), like its view.
/// - Once per run, ``removing(from:inputs:)`` drops such a finding when no other linted file may call the
///   method: a call from another file could be main-thread code. Another file may call it where it names
///   the method's type (an extension, an instance) or writes `.name` on a value; a comment's word, another
///   type's static `Config.load(...)` or a local function of the same name is not this method.
///
/// Everything else keeps the finding: a mention that is not a call (a `#selector`, a method reference
/// handed anywhere else, a string), a method declared for the main thread (`@MainActor`, overrides, `@IBAction`, `@objc`, per-frame
/// and launch callbacks, delegate-shaped methods), and modules whose default isolation is MainActor in Swift 6
/// mode, where the compiler keeps every caller on the main actor (`ModuleSettings.compilerKeepsCallersOnMainActor`).
///
/// ```swift
/// // final class ShellViewController: UIViewController {
/// //     func repeatKey() { usleep(250_000) }                               // not reported
/// //     func longPress() { commandQueue.async { self.repeatKey() } }       // the only call
/// // }
/// var methods = BackgroundOnlyMethods(tree: tree, text: source)
/// finding.backgroundOnlyMethod = methods.method(around: Syntax(hit.token)).map(BackgroundOnlyMethods.Method.init)
/// let kept = BackgroundOnlyMethods.removing(from: findings, inputs: inputs)
/// ```
struct BackgroundOnlyMethods {
    private let tree: SourceFileSyntax
    private let text: String
    /// Calls from termination callbacks count as background calls (not with `include_low_cost`).
    private let countsTermination: Bool
    /// The closure is handed to a dispatch helper of the app that runs it on a background queue
    /// (`RuleContext.isHandedToABackgroundHelper`).
    private let handedToBackground: (ClosureExprSyntax) -> Bool
    /// Per method declaration: whether the file calls it only from background code (false while in progress,
    /// so a method reached only through itself is not settled as background).
    private var answers: [SyntaxIdentifier: Bool] = [:]

    init(tree: SourceFileSyntax, text: String, countsTermination: Bool = true,
         handedToBackground: @escaping (ClosureExprSyntax) -> Bool = { _ in false }) {
        self.tree = tree
        self.text = text
        self.countsTermination = countsTermination
        self.handedToBackground = handedToBackground
    }

    /// The method around `node` when this file calls it only from background code. A `private` or
    /// `fileprivate` method has no other callers, so the answer is final; any other method may be called
    /// from other files too (``removing(from:inputs:)``).
    mutating func method(around node: Syntax) -> FunctionDeclSyntax? {
        guard let function = Self.candidate(around: node), isCalledOnlyInBackground(function) else { return nil }
        return function
    }

    /// The method around `node` when it is a candidate that is not `private` or `fileprivate` and its own
    /// file never names except where it declares it: its callers, if any, are in other files
    /// (``removing(from:inputs:)`` reads them). A view controller's `startScanning()` that a view model in
    /// another file calls only from `DispatchQueue.global().async { }` (blind check of round AY's changes).
    mutating func methodCalledOnlyElsewhere(around node: Syntax) -> FunctionDeclSyntax? {
        guard let function = Self.candidate(around: node),
              !function.isPrivateToItsFile
        else { return nil }
        let name = function.name.text
        let declaration = function.name.positionAfterSkippingLeadingTrivia.utf8Offset
        let type = Syntax(function).enclosingTypeName ?? ""
        let named = SourcePrefilter.withPrefilter(over: text) { $0.offsets(ofWord: name) }.contains { offset in
            guard offset != declaration, let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                  token.positionAfterSkippingLeadingTrivia.utf8Offset == offset else { return false }
            return !Syntax(token).namesAnotherTypesMember(of: type)
        }
        return named ? nil : function
    }

    /// Every mention of `method` in this file, which is not its own, is a call from background code (or a
    /// hand-off to a background handler), and there is at least one: what ``removing(from:inputs:)`` asks
    /// of each other file that may call a method.
    mutating func callsOnlyInBackground(_ method: Method) -> Bool {
        var calls = 0
        let parameters = method.parameters
        // `semaphore.wait()` cannot call `wait(_ seconds:)` (blind round CV: a display test's own `wait(_:)`).
        for mention in mentions(of: method.name) where !mention.namesAnotherTypesMember(of: method.type)
            && !mention.callsWithLabelsOtherThan(parameters) {
            switch mentionKind(mention, ofType: method.type, declaration: nil, namesAVariable: false) {
            case .declaration, .otherName: continue
            case .backgroundHandler: calls += 1
            case .call:
                guard isInBackground(mention) else { return false }
                calls += 1
            // A method handed on from another file is not followed there.
            case .handedToBackground, .other: return false
            }
        }
        return calls > 0
    }

    /// The tokens of this file that are `name` as written (not a word in a comment or a string).
    private func mentions(of name: String) -> [Syntax] {
        SourcePrefilter.withPrefilter(over: text) { $0.offsets(ofWord: name) }.compactMap { offset -> Syntax? in
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                  // A comment, or a string's word (`DispatchQueue(label: "scan")` beside `func scan()`).
                  token.positionAfterSkippingLeadingTrivia.utf8Offset == offset, token.tokenKind == .identifier(name) else { return nil }
            return Syntax(token)
        }
    }

    /// A method that its own file calls only from background code: its name, its type's, and its
    /// argument labels as a signature spells them (`"as:"`, `"_:"`, `""` for none), with `=` after the label
    /// of a parameter a call may leave out (`"_=:"` for `wait(_ seconds: Double = 1)`).
    struct Method: Hashable, Sendable, Codable {
        var name: String
        var type: String
        var labels: String = ""
        /// False for a method its own file never calls (``methodCalledOnlyElsewhere(around:)``): only calls
        /// from other files, all of them background code, drop its finding.
        var calledInItsFile = true

        init(name: String, type: String, labels: String = "", calledInItsFile: Bool = true) {
            self.name = name
            self.type = type
            self.labels = labels
            self.calledInItsFile = calledInItsFile
        }

        init(_ function: FunctionDeclSyntax, calledInItsFile: Bool = true) {
            name = function.name.text
            type = Syntax(function).enclosingTypeName ?? ""
            labels = function.labelParameters.map { ($0.label ?? "_") + ($0.hasDefault ? "=" : "") + ":" }.joined()
            self.calledInItsFile = calledInItsFile
        }

        /// The parameters as calls are matched against them: their labels, and whether a call may leave them out.
        var parameters: [Parameter] {
            labels.split(separator: ":", omittingEmptySubsequences: true).map { spelled in
                let hasDefault = spelled.hasSuffix("=")
                let label = hasDefault ? spelled.dropLast() : spelled
                return Parameter(label: label == "_" ? nil : String(label), hasDefault: hasDefault)
            }
        }
    }

    /// Drops findings whose method (``method(around:)``) no other linted file may call, or whose every
    /// other file that may call it does so only from background code. A method its own file never calls
    /// (``methodCalledOnlyElsewhere(around:)``) needs such callers: with none, the framework may call it.
    /// Only the few files that may call such a method are parsed again, once each.
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput], threads: Int = 1) -> [Finding] {
        removing(from: findings, inputs: inputs, threads: threads, earlier: nil).findings
    }

    /// ``removing(from:inputs:threads:)`` that reuses what unchanged files answered the last run (`earlier`: its
    /// methods, and by position the answers of files whose text is the same), and returns this run's methods
    /// and each file's answer for the next one (nil when no finding has a method: nothing was asked).
    ///
    /// ```swift
    /// let first = BackgroundOnlyMethods.removing(from: findings, inputs: inputs, earlier: nil)
    /// let again = BackgroundOnlyMethods.removing(from: findings, inputs: inputs, earlier: first.asked)
    /// ```
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput], threads: Int = 1,
                         earlier: Asked?) -> (findings: [Finding], asked: Asked?) {
        let methods = Set(findings.compactMap(\.backgroundOnlyMethod))
        guard !methods.isEmpty else { return (findings, nil) }
        var calledElsewhere: [Method: Set<String>] = [:]  // method -> files that may call it
        // Each file is read on its own, on `threads`; an unchanged one only for methods the last run did not ask about.
        let new = earlier.map { methods.subtracting($0.methods) } ?? methods
        var answers = Parallel.chunkedMap(count: inputs.count, threads: threads, chunkSize: 64) { position -> FileAnswer in
            var answer = FileAnswer()
            var asked = methods
            if let known = earlier?.answers[position] {
                answer.mayCall = known.mayCall.intersection(methods)
                answer.callsOnlyInBackground = known.callsOnlyInBackground.filter { methods.contains($0.key) }
                asked = new
            }
            if !asked.isEmpty {
                answer.mayCall.formUnion(SourcePrefilter.withPrefilter(over: inputs[position].text) { prefilter in asked.filter { prefilter.mayCall($0) } })
            }
            return answer
        }
        for (input, found) in zip(inputs, answers) {
            for method in found.mayCall { calledElsewhere[method, default: []].insert(input.path) }
        }
        // Only the files that may call a method are parsed, each once, and only when the last run did not ask.
        var trees: [String: BackgroundOnlyMethods] = [:]
        let positions = Dictionary(inputs.indices.map { (inputs[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        func calledOnlyInBackground(_ method: Method, in path: String) -> Bool {
            guard let position = positions[path] else { return false }
            if let known = answers[position].callsOnlyInBackground[method] { return known }
            let text = inputs[position].text
            var methods = trees[path] ?? BackgroundOnlyMethods(tree: Parser.parse(source: text), text: text)
            defer { trees[path] = methods }
            let answer = methods.callsOnlyInBackground(method)
            answers[position].callsOnlyInBackground[method] = answer
            return answer
        }
        let kept = findings.filter { finding in
            guard let method = finding.backgroundOnlyMethod else { return true }
            let others = calledElsewhere[method, default: []].subtracting([finding.file]).sorted()
            if others.isEmpty { return !method.calledInItsFile }
            return !others.allSatisfy { calledOnlyInBackground(method, in: $0) }
        }
        return (kept, Asked(methods: methods, answers: answers))
    }

    /// A run's methods and, by position, each file's answers (nil: not asked, or not known from an earlier run).
    struct Asked: Sendable {
        var methods: Set<Method>
        var answers: [FileAnswer?]
    }

    /// What one file's text says about the methods asked: which it may call (``SourcePrefilter/mayCall(_:)``), and
    /// for those the run had to look at closer, whether it calls them only from background code.
    struct FileAnswer: Hashable, Sendable, Codable {
        var mayCall: Set<Method> = []
        var callsOnlyInBackground: [Method: Bool] = [:]
    }

    /// The function around `node`, when it is a candidate: a method of a type, not declared for the main
    /// thread, with no closure between it and `node` that decides where the code runs.
    private static func candidate(around node: Syntax) -> FunctionDeclSyntax? {
        // An `@MainActor` class's method that only a global queue calls runs there in Swift 5 mode (blind round BJ:
        // a Quick Look helper's `qlmanage` run); `@MainActor` on the method itself says it is written for the main thread.
        guard node.decidingClosureRole == nil, let function = node.enclosingFunction?.as(FunctionDeclSyntax.self),
              !node.isDeclaredForTheMainThread(countingItsType: false),
              Syntax(function).enclosingTypeDeclaration != nil,
              !function.attributes.contains(named: "objc"), !function.attributes.contains(named: "_cdecl"),
              !function.attributes.contains(named: "IBAction"), !function.isDelegateCallback else { return nil }
        return function
    }

    private mutating func isCalledOnlyInBackground(_ function: FunctionDeclSyntax) -> Bool {
        if let known = answers[function.id] { return known }
        answers[function.id] = false
        let mentions = mentions(of: function.name.text)
        // `var repeating = false` beside `func repeating()`: a plain reference is the variable.
        let namesAVariable = mentions.contains { $0.parent?.is(IdentifierPatternSyntax.self) == true }
        var calls = 0
        var answer = true
        // A call from its own body (a recursive folder walk) runs wherever the outer call runs.
        let body = function.bodyOffsets
        let parameters = function.labelParameters
        for mention in mentions where answer && !body.contains(mention.position.utf8Offset) {
            // An overload whose labels differ (`observedFiles()` beside `observedFiles(in:)`), and the calls its
            // labels choose, are not this method (blind probe BYp: a downloads monitor's folder walk).
            if mention.overloadsWithOtherLabels(parameters) || mention.callsWithLabelsOtherThan(parameters) { continue }
            switch mentionKind(mention, ofType: Syntax(function).enclosingTypeName, declaration: Syntax(function.name).id,
                               namesAVariable: namesAVariable) {
            case .declaration, .otherName: continue
            case .backgroundHandler, .handedToBackground: calls += 1
            case .call:
                calls += 1
                // `await Self.cleanUp()` in a detached task hops to the method's actor: the main actor.
                answer = !mention.isAwaited && isInBackground(mention)
            case .other: answer = false
            }
        }
        answer = answer && calls > 0
        answers[function.id] = answer
        return answer
    }

    private enum MentionKind { case declaration, otherName, backgroundHandler, handedToBackground, call, other }

    /// What a mention of a method of `type` is: its `declaration` (nil in another file), another name, a
    /// hand-off, a call, or something else.
    private func mentionKind(_ mention: Syntax, ofType type: String?, declaration: SyntaxIdentifier?, namesAVariable: Bool) -> MentionKind {
        if mention.id == declaration { return .declaration }
        guard let parent = mention.parent else { return .other }
        // Another function of that name (an overload, another type's method): which one a call binds to is unclear.
        if parent.is(FunctionDeclSyntax.self) { return .other }
        // A local, a parameter, an argument label or a property of the same name is not the method.
        if parent.is(IdentifierPatternSyntax.self) || parent.is(FunctionParameterSyntax.self) || parent.is(LabeledExprSyntax.self)
            || parent.is(ClosureShorthandParameterSyntax.self) || parent.is(EnumCaseElementSyntax.self) { return .otherName }
        if mention.isAssignedAsABackgroundHandler { return .backgroundHandler }
        guard parent.is(DeclReferenceExprSyntax.self), var called = parent.parent.map(Syntax.init) else { return .other }
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.id == parent.id {
            // `ResourcePack.load(...)`: another type's static member, not this method; `Self.load(...)` is this
            // type's (blind round BJ: a Quick Look helper's `Self.runQLManage()` on a global queue).
            if let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true,
               base != type, base != "Self" { return .otherName }
            called = Syntax(member)
        } else if called.is(MemberAccessExprSyntax.self) {
            return .other
        } else {
            called = parent
        }
        if called.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == called.id { return .call }
        // `loadItem(forTypeIdentifier:options:completionHandler: processImage)`: the method is handed to an
        // API that calls it on a background queue (blind round Z: a share extension's image handler).
        if let argument = called.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
           case .background = CalledName(call)?.closureRole { return .handedToBackground }
        // `ids.forEach(syncConversation(conversationId:))`: a collection's iteration calls the method in place,
        // once per element, where the iteration runs (blind round CF: a login screen's retry loop of sleeps and
        // synchronous requests, reached only from a global queue through such a reference).
        if let argument = called.parent?.as(LabeledExprSyntax.self), argument.label == nil,
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
           let iteration = CalledName(call), iteration.receiver != nil, CalledName.iterationNames.contains(iteration.name) { return .call }
        return namesAVariable && !called.isSelectorArgument ? .otherName : .other
    }

    /// The call runs off the main thread, or while the app quits: in a background closure (of the SDK, or
    /// handed to the app's own dispatch helper), in a function declared off the main thread, in a
    /// termination callback, or in another candidate method of this file that only such code calls.
    private mutating func isInBackground(_ call: Syntax) -> Bool {
        if call.isDeclaredOffTheMainThread { return true }
        switch call.decidingClosureRole {
        case .background: return true
        case .some: return false
        case nil:
            if isInAClosureHandedToBackground(call) { return true }
            if countsTermination, AppLifecycle.isInTermination(call) { return true }
            guard let caller = Self.candidate(around: call) else { return false }
            return isCalledOnlyInBackground(caller)
        }
    }
}

extension BackgroundOnlyMethods {
    /// `dispatchAsync { self.waitForAdmin() }`: a closure between `node` and its function is handed to a
    /// dispatch helper of the app that runs it on a background queue (blind round AF: a sleep in a
    /// view controller's method that only such a closure calls).
    private func isInAClosureHandedToBackground(_ node: Syntax) -> Bool {
        var current = node.parent
        while let candidate = current, !candidate.isFunctionBoundary {
            if let closure = candidate.as(ClosureExprSyntax.self), handedToBackground(closure) { return true }
            current = candidate.parent
        }
        return false
    }
}

private extension FunctionDeclSyntax {
    /// The parameters' argument labels and defaults, as calls are matched against them.
    var labelParameters: [Parameter] {
        signature.parameterClause.parameters.map { Parameter(label: $0.argumentLabel, hasDefault: $0.takesADefault) }
    }

    /// `tableView(_ tableView: NSTableView, ...)`: a delegate or data-source method, which the framework
    /// calls where it chooses (the main thread for AppKit and UIKit views), not the app's own code.
    var isDelegateCallback: Bool {
        guard let first = signature.parameterClause.parameters.first, first.firstName.tokenKind == .wildcard else { return false }
        return first.secondName?.text == name.text
    }
}

private extension Syntax {
    /// This mention names another function's declaration, whose labels differ from `parameters`.
    func overloadsWithOtherLabels(_ parameters: [Parameter]) -> Bool {
        guard let other = parent?.as(FunctionDeclSyntax.self) else { return false }
        return other.labelParameters.map(\.label) != parameters.map(\.label)
    }

    /// This mention is the called name of a call whose argument labels cannot bind to `parameters`.
    func callsWithLabelsOtherThan(_ parameters: [Parameter]) -> Bool {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return false }
        let callee = reference.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? Syntax(reference)
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
              let called = CalledName(call) else { return false }
        return !ModuleIndex.labels(called.labels, match: parameters)
    }

    /// This mention of a method's name is another type's method: its declaration in another type
    /// (`final class ScannerModel { func startScanning() }`), or a call on a value this file declares of
    /// another type (`@ObservedObject var model: ScannerModel` ... `model.startScanning()`).
    func namesAnotherTypesMember(of type: String) -> Bool {
        guard !type.isEmpty, let parent else { return false }
        if parent.is(FunctionDeclSyntax.self) { return (parent.enclosingTypeName ?? "") != type }
        guard parent.is(DeclReferenceExprSyntax.self), let member = parent.parent?.as(MemberAccessExprSyntax.self),
              member.declName.id == parent.id, let base = member.base else { return false }
        // `model.start()`, `self.model.start()`, `model?.start()`.
        var value = base
        if let chained = value.as(OptionalChainingExprSyntax.self) { value = chained.expression }
        let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text ?? value.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name, name.first?.isLowercase == true, let declared = root.declaredType(ofProperty: name) else { return false }
        return declared != type
    }

    /// The type a `var` or `let` of this name is declared with in the file: `var model: ScannerModel`,
    /// `let model = ScannerModel()`; nil when none or several say different things.
    func declaredType(ofProperty name: String) -> String? {
        var found: String?
        for token in tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let binding = token.parent?.parent?.as(PatternBindingSyntax.self),
                  binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.id == token.id else { continue }
            let type = binding.typeAnnotation?.type.simpleName
                ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let type else { return nil }
            if let known = found, known != type { return nil }
            found = type
        }
        return found
    }

    /// `#selector(repeatKey)`: the method is handed to the Objective-C runtime, which calls it where it chooses.
    var isSelectorArgument: Bool {
        var node = parent
        while let current = node, current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self) || current.is(ExprSyntax.self) {
            if let macro = current.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "selector" }
            node = current.parent
        }
        return false
    }

    /// `pipe.fileHandleForReading.readabilityHandler = onOutput`, `process.terminationHandler = finished`:
    /// Foundation calls the method on a thread of its own (`Syntax.assignedBackgroundHandler`).
    var isAssignedAsABackgroundHandler: Bool {
        guard let reference = parent?.as(DeclReferenceExprSyntax.self) else { return false }
        var value = Syntax(reference)
        if let member = value.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { value = Syntax(member) }
        return value.assignedBackgroundHandler != nil
    }
}

private extension SourcePrefilter {
    /// The text may call `method`: `.name` after a value, or after the method's own type (`value.load()`,
    /// `Shell.load()`), not after another type's name (`Config.load`); or `name(` where the text names the
    /// method's type, as an extension of it does. A word in a comment or a string is neither.
    func mayCall(_ method: BackgroundOnlyMethods.Method) -> Bool {
        guard containsWord(method.name) else { return false }
        let namesType = !method.type.isEmpty && containsWord(method.type)
        return offsets(ofWord: method.name).contains { offset in
            let end = offset + method.name.utf8.count
            guard argumentsMayMatch(method, after: end) else { return false }
            if let receiver = receiverBeforeDot(at: offset) {
                return !(receiver.first?.isUppercase ?? false) || receiver == method.type
            }
            return namesType && byteAfterSpaces(at: end) == UInt8(ascii: "(")
        }
    }

    /// `pointer.load(as: UUID.self)` cannot call `load()`, nor `open(url)` a method whose first argument
    /// is labelled `at:`, nor `semaphore.wait()` a `wait(_ seconds:)` that needs an argument. A mention
    /// without a call (`x.load` handed on) may be the method.
    private func argumentsMayMatch(_ method: BackgroundOnlyMethods.Method, after end: Int) -> Bool {
        guard byteAfterSpaces(at: end) == UInt8(ascii: "("), let open = offsetAfterSpaces(at: end) else { return true }
        let parameters = method.parameters
        if byteAfterSpaces(at: open + 1) == UInt8(ascii: ")") { return parameters.allSatisfy(\.hasDefault) }
        guard !parameters.isEmpty else { return false }
        // The first argument binds to a parameter with its label up to the first one a call must pass; an
        // argument whose label the text does not show may be any.
        guard let label = labelAfter(open + 1) else { return true }
        let required = parameters.firstIndex { !$0.hasDefault } ?? parameters.count - 1
        return parameters[...required].contains { $0.label == label }
    }
}
