import SwiftSyntax

extension ForStmtSyntax {
    /// True when the syntax alone bounds the loop to a few iterations (`for _ in 0..<3`, `for x in [a, b]`,
    /// `for tag in tags.prefix(5)`): such a loop is not long work by itself; the calls in its body still count.
    /// A loop over a collection of unknown size stays heavy, as its size grows with the user's data.
    var iteratesAFewTimes: Bool {
        Self.isSmallSequence(sequence)
    }

    /// Loops of at most this many iterations cost microseconds unless their body calls something heavy.
    static let fewIterations = 100

    /// How many times a loop over a few items runs: 14 for `1...14` or `1...stepCount` (`let stepCount = 14`),
    /// 3 for a literal of three elements; `fewIterations` for other few-item sequences.
    var fewIterationCount: Int {
        if let array = sequence.as(ArrayExprSyntax.self) { return array.elements.count }
        if let bounds = sequence.literalRange { return Swift.max(0, bounds.upper - bounds.lower + 1) }
        return Self.fewIterations
    }

    private static func isSmallSequence(_ sequence: ExprSyntax) -> Bool {
        if let array = sequence.as(ArrayExprSyntax.self) { return array.elements.count <= fewIterations }
        // `let files = ["a.lock", "a.note"]` ... `for file in files`; `if let files = mapping[folder]`, where
        // `let mapping = ["Notes": ["Welcome.md"], ...]` lists a few files per key.
        if let name = sequence.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if Syntax(sequence).hasLocal(named: name, initialisedWith: { value in
                isSmallArrayLiteral(value) || isEntryOfALiteralDictionaryOfSmallArrays(value)
            }) {
                return true
            }
        }
        // `for size in Self.iconSizes`, `private static let iconSizes: [CGFloat] = [16, 32]`.
        if let constant = sequence.fileConstantValue(membersOnly: true), isSmallArrayLiteral(constant) { return true }
        if let bounds = sequence.literalRange { return bounds.upper - bounds.lower <= fewIterations }
        // `items.prefix(5)`
        if let call = sequence.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "prefix",
           call.arguments.count == 1, let first = call.arguments.first, first.label == nil,
           let count = first.expression.integerLiteralValue {
            return count <= fewIterations
        }
        return false
    }

    private static func isSmallArrayLiteral(_ value: ExprSyntax) -> Bool {
        (value.as(ArrayExprSyntax.self)?.elements.count).map { $0 <= fewIterations } ?? false
    }

    /// `mapping[key]`, where `mapping` is a local dictionary literal whose every value is a small array literal.
    private static func isEntryOfALiteralDictionaryOfSmallArrays(_ value: ExprSyntax) -> Bool {
        guard let subscripted = value.as(SubscriptCallExprSyntax.self),
              let dictionary = subscripted.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return Syntax(value).hasLocal(named: dictionary) { initial in
            guard let elements = initial.as(DictionaryExprSyntax.self)?.content.as(DictionaryElementListSyntax.self) else { return false }
            return !elements.isEmpty && elements.allSatisfy { isSmallArrayLiteral($0.value) }
        }
    }
}

extension ExprSyntax {
    /// `0..<3`, `1...1_000`: the bounds of a range written with integer literals. The parser leaves
    /// operators unfolded, so the range is a three-element sequence.
    var literalRange: (lower: Int, upper: Int)? {
        let parts: (ExprSyntax, ExprSyntax, ExprSyntax)
        if let range = self.as(InfixOperatorExprSyntax.self) {
            parts = (range.leftOperand, range.operator, range.rightOperand)
        } else if let sequence = self.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            parts = (elements[0], elements[1], elements[2])
        } else {
            return nil
        }
        guard let rangeOperator = parts.1.as(BinaryOperatorExprSyntax.self)?.operator.text, rangeOperator == "..<" || rangeOperator == "...",
              let lower = parts.0.boundValue, let upper = parts.2.boundValue else { return nil }
        return (lower, upper)
    }

    /// An integer literal, or a local `let` of the function set to one (`let stepCount = 14`).
    private var boundValue: Int? {
        if let integer = integerLiteralValue { return integer }
        // The nearest local of that name is the one the bound reads: a `var` shadowing a `let` is no constant.
        guard let name = self.as(DeclReferenceExprSyntax.self)?.baseName.text, let initial = Syntax(self).localValue(named: name),
              initial.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
        else { return nil }
        return initial.integerLiteralValue
    }
}

extension ExprSyntax {
    /// The value a `let` of this file is initialised with, for `name`, `Self.name` or `Type.name`:
    /// `[16, 32]` for `iconSizes` and `private static let iconSizes: [CGFloat] = [16, 32]`; the first such
    /// `let` of that name (with `membersOnly`, the first outside function bodies), nil when there is none.
    func fileConstantValue(membersOnly: Bool = false) -> ExprSyntax? {
        let name = self.as(DeclReferenceExprSyntax.self)?.baseName.text ?? self.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name else { return nil }
        for token in Syntax(self).root.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let binding = token.parent?.parent?.as(PatternBindingSyntax.self),
                  let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
                  declaration.bindingSpecifier.tokenKind == .keyword(.let),
                  let value = binding.initializer?.value else { continue }
            if membersOnly, let scope = Syntax(declaration).enclosingFunction, !scope.is(MemberBlockSyntax.self), !scope.is(SourceFileSyntax.self) {
                continue
            }
            return value
        }
        return nil
    }

    /// The value of an integer literal such as `3` or `1_000`.
    var integerLiteralValue: Int? {
        self.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text.replacingOccurrences(of: "_", with: "")) }
    }
}

/// Whether a loop counts as long work: only when the syntax states a size.
///
/// A pass over an in-memory collection (summing prices, updating a few subviews) costs microseconds for
/// the collections apps hold. Blind reviews of eight open-source apps rejected every loop finding that
/// rested on the loop alone: flat passes, nested ones (a chapter's pages, a table's sections) and `while`
/// scanners over a short string alike. By default a loop counts as long work only over a literal range
/// of at least `longRange` iterations (`0..<1_000_000`), or when it spins until a clock says stop. `include_low_cost: true` counts every
/// loop over data of unknown size. A catalogued call inside a loop is judged on its own (`CostEvidence`).
///
/// ```swift
/// // long work:  for i in 0..<1_000_000 { total += i }
/// // low cost:   for row in rows { for cell in row.cells { total += cell.value } }
/// ```
enum LoopCost {
    /// A `for` loop (already known not to iterate a few times) that counts as long work.
    static func isLongWork(_ loop: ForStmtSyntax, settings: ModuleSettings) -> Bool {
        settings.includesLowCost || isLiteralRange(loop.sequence)
    }

    /// An iteration call with work per element (`items.forEach { save($0) }`), or a `while` or `repeat`
    /// loop (a scanner, a retry), counts as long work only with `include_low_cost`: the syntax states no
    /// size. A loop that reads a clock runs until time has passed (a busy-wait): long work by default.
    static func isLongWork(unsizedLoop: some SyntaxProtocol, settings: ModuleSettings) -> Bool {
        settings.includesLowCost || readsAClock(Syntax(unsizedLoop))
    }

    /// Clocks a busy-wait reads to decide when to stop.
    static let clockReads: Set<String> = [
        "clock_gettime", "CFAbsoluteTimeGetCurrent", "mach_absolute_time", "timeIntervalSinceNow", "timeIntervalSince",
        "uptimeNanoseconds", "systemUptime", "DispatchTime", "ContinuousClock", "SuspendingClock",
    ]

    /// Calls that run the run loop, or a modal session's share of it, while a loop waits: events are
    /// handled between checks, so the interface stays responsive (`NSAlert`'s own modal loop, blind round BJ:
    /// `while NSApp.runModalSession(session) == .continue { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.05)) }`).
    static let runLoopRuns: Set<String> = ["runModalSession", "CFRunLoopRunInMode", "nextEvent", "acceptInput"]

    private static func readsAClock(_ loop: Syntax) -> Bool {
        guard loop.is(WhileStmtSyntax.self) || loop.is(RepeatStmtSyntax.self) else { return false }
        var readsAClock = false
        for token in loop.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind else { continue }
            if runLoopRuns.contains(name) || name == "run" && runsARunLoop(token) { return false }
            if clockReads.contains(name), name != "timeIntervalSince" || readsNow(token) { readsAClock = true }
        }
        return readsAClock
    }

    /// `Date().timeIntervalSince(start)` or `start.timeIntervalSince(.now)` reads the clock; `reading.timeStamp
    /// .timeIntervalSince(first.timeStamp)` compares two stored dates, a scan over data (blind round CT: a
    /// glucose monitor's search of its last readings for one 5 minutes older read as a busy-wait).
    private static func readsNow(_ token: TokenSyntax) -> Bool {
        guard let access = token.parent?.parent?.as(MemberAccessExprSyntax.self) else { return true }
        let arguments = access.parent?.as(FunctionCallExprSyntax.self)?.arguments.map(\.expression) ?? []
        return ([access.base].compactMap { $0 } + arguments).contains { expression in
            let text = expression.trimmedDescription
            return text.hasSuffix("Date()") || text.hasSuffix(".now") || text.hasSuffix(".now()")
        }
    }

    /// `RunLoop.current.run(until:)`, `RunLoop.main.run(mode:before:)`.
    private static func runsARunLoop(_ token: TokenSyntax) -> Bool {
        guard let base = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else { return false }
        return ["RunLoop.current", "RunLoop.main"].contains(base)
    }

    /// `0..<1_000_000`: a size the code states, of at least `longRange` iterations (a range of a few
    /// iterations never gets here). A table of a few hundred entries (`for i in 0..<256`, a gamma ramp
    /// computed with `pow`: blind round BM) costs microseconds.
    private static func isLiteralRange(_ sequence: ExprSyntax) -> Bool {
        guard let bounds = sequence.literalRange else { return false }
        return bounds.upper - bounds.lower >= longRange
    }

    /// A literal range of at least this many iterations counts as long work by itself.
    static let longRange = 1_000
}

extension Syntax {
    /// How many times the `for` loops over a few items around this node, within its function, run it
    /// (`ForStmtSyntax.fewIterationCount`, multiplied): 1 outside any. Loops over more items make the node
    /// repeat (`repetition(followingRecursion:)`) and are not counted here.
    var iterationsOfFewItemLoops: Int {
        var count = 1
        var child = self
        var node = parent
        while let current = node, !current.isFunctionBoundary {
            if let loop = current.as(ForStmtSyntax.self), Syntax(loop.body) == child, loop.iteratesAFewTimes {
                count *= loop.fewIterationCount
            }
            child = current
            node = current.parent
        }
        return count
    }
}
