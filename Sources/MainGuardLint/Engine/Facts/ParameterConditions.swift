import SwiftSyntax

/// A test of one of the function's own parameters that a call or a catalogue call in its body runs under:
/// `if reload { cache() }` runs `cache()` only when `reload` is `true`, `case .edited: encode()` only when
/// the switched parameter is `.edited`. A call site that passes (or defaults to) another value never
/// reaches the work (blind round N: `allPodcasts(reloadFromDatabase: Bool = false)` called without the
/// argument, `process(viewAction: .send)` where only `.editedMedia` encodes).
///
/// Values are spelled as written: `true`, `false`, or an enum case with its dot (`.edited`).
///
/// ```swift
/// // func load(reload: Bool = false) { if reload { refetchAll() } }
/// let condition = ParameterCondition(parameter: "reload", values: ["true"])
/// let outcome = condition.outcome(calleeParameters: load.parameters, labels: [], arguments: []) // .contradicted
/// ```
struct ParameterCondition: Sendable, Hashable {
    /// The parameter's name inside the function (`reload` in `func load(fromDisk reload: Bool)`).
    var parameter: String
    /// The values under which the code runs.
    var values: [String]

    /// What a call with these arguments (parallel to `labels`; nil where the argument is not a literal or a
    /// forwarded parameter) makes of the condition on the callee's parameter.
    enum Outcome: Equatable {
        /// The call passes another value: the guarded work does not run.
        case contradicted
        /// The call passes one of the values, or something not known here: the work may run.
        case mayRun
        /// The call forwards a parameter of its own function: the work runs when that one has the values.
        case forwarded(ParameterCondition)
    }

    /// Work reached under either condition (nil: always): `if p { work() } else { work() }` always runs
    /// it, and tests of two parameters are not tracked together, so they count as always.
    static func either(_ first: ParameterCondition?, _ second: ParameterCondition?) -> ParameterCondition? {
        guard let first, let second, first.parameter == second.parameter else { return nil }
        return ParameterCondition(parameter: first.parameter, values: first.values + second.values.filter { !first.values.contains($0) })
    }

    func outcome(calleeParameters: [Parameter], labels: [String?], arguments: [String?]) -> Outcome {
        guard let argument = Self.argument(for: parameter, parameters: calleeParameters, labels: labels, arguments: arguments) else { return .mayRun }
        switch argument {
        case .omitted(let defaultValue):
            guard let defaultValue else { return .mayRun }
            return admits(defaultValue) ? .mayRun : .contradicted
        case .passed(let value):
            guard let value else { return .mayRun }
            if value.hasPrefix("$") { return .forwarded(ParameterCondition(parameter: String(value.dropFirst()), values: values)) }
            return admits(value) ? .mayRun : .contradicted
        }
    }

    /// The value `nonzero` stands for: a number test (`if interval > 0`, `if count != 0`) holds for any
    /// number literal but `0`.
    static let nonzero = "nonzero"

    /// The value `some` stands for: an optional binding (`if let path`, `guard let path = path`) or
    /// `path != nil` holds for anything but `nil`.
    static let some = "some"
    /// The value a closure literal passes: neither `nil` nor any literal a test names.
    static let closure = "{ closure }"

    private func admits(_ value: String) -> Bool {
        if values.contains(value) { return true }
        if values.contains(Self.some), value != "nil" { return true }
        guard values.contains(Self.nonzero), let number = Double(value) else { return false }
        return number != 0
    }

    private enum Argument {
        case omitted(default: String?)
        case passed(String?)
    }

    /// The argument a call gives the parameter named `name`, matching labels in order as Swift does (a
    /// defaulted parameter may be left out); nil when the call does not line up with the parameters.
    private static func argument(for name: String, parameters: [Parameter], labels: [String?], arguments: [String?]) -> Argument? {
        var next = 0
        for parameter in parameters {
            // An unlabeled trailing closure (`*`) fills the first closure parameter left, as Swift's forward
            // scan does (blind round CU: `urlAccessible(url:popup:) { ... }` passes `completion`, so its
            // `if completion == nil { semaphore.wait() }` does not run).
            let isTrailingClosure = next < labels.count && labels[next] == CalledName.trailingClosureLabel && parameter.isClosure
            let isPassed = next < labels.count && labels[next] == parameter.label || isTrailingClosure
            if parameter.name == name {
                if isTrailingClosure { return .passed(closure) }
                if isPassed { return .passed(next < arguments.count ? arguments[next] : nil) }
                return parameter.hasDefault ? .omitted(default: parameter.defaultLiteral) : nil
            }
            if isPassed {
                next += 1
            } else if !parameter.hasDefault {
                return nil
            }
        }
        return nil
    }
}

extension ParameterCondition {
    /// `true`, `false`, `nil`, a number (`0`, `40_000`, `0.5`), `.case` (also `.case(payload)`) or a closure; nil for any
    /// other expression.
    static func literal(_ expression: ExprSyntax) -> String? {
        // A closure passed for an optional closure parameter: not `nil`, so `if let handler { ... } else { ... }`
        // takes the first branch (blind round AO: an emoji loader reads synchronously only without a handler).
        if expression.is(ClosureExprSyntax.self) { return closure }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        if expression.is(NilLiteralExprSyntax.self) { return "nil" }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.literal.text.replacingOccurrences(of: "_", with: "") }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return float.literal.text.replacingOccurrences(of: "_", with: "") }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil { return "." + member.declName.baseName.text }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.base == nil {
            return "." + member.declName.baseName.text
        }
        return nil
    }

    /// The call's argument values, parallel to its labels: a literal, `$name` for a parameter of the
    /// enclosing function passed on as it is, nil otherwise. Empty when no argument is either.
    static func arguments(of call: FunctionCallExprSyntax, forwarding parameters: Set<String>) -> [String?] {
        let values = call.arguments.map { argument -> String? in
            if let reference = argument.expression.as(DeclReferenceExprSyntax.self), parameters.contains(reference.baseName.text) {
                return "$" + reference.baseName.text
            }
            return literal(argument.expression)
        }
        return values.contains { $0 != nil } ? values : []
    }

    /// The test of one of `parameters` (the enclosing function's names) that the node runs under: the
    /// innermost `if`, `guard` or `switch` case on such a parameter, up to the enclosing function.
    static func condition(of node: Syntax, parameters: Set<String>) -> ParameterCondition? {
        guard !parameters.isEmpty, let found = innermostTest(of: node, parameters: parameters) else { return nil }
        // `items.forEach { reload in if reload { ... } }` tests the closure's own parameter.
        var current = node.parent
        while let parent = current, !parent.isFunctionBoundary {
            if let closure = parent.as(ClosureExprSyntax.self), closure.parameterNames.contains(found.parameter) { return nil }
            current = parent.parent
        }
        return found
    }

    /// True when `conditions` are a test of one of `parameters` that `condition(of:parameters:)` reads: a
    /// body without one runs none of its calls under such a test.
    static func tests(_ conditions: ConditionElementListSyntax, parameters: Set<String>) -> Bool {
        test(of: conditions, parameters: parameters) != nil
    }

    private static func innermostTest(of node: Syntax, parameters: Set<String>) -> ParameterCondition? {
        var child = node
        var current = node.parent
        while let parent = current, !parent.isFunctionBoundary {
            if let branch = parent.as(IfExprSyntax.self), let test = test(of: branch.conditions, parameters: parameters) {
                if Syntax(branch.body) == child { return test }
                if branch.elseBody.map(Syntax.init) == child, let negated = test.negated { return negated }
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), let switched = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
               let subject = switched.subject.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(subject),
               case .case(let label) = switchCase.label {
                let cases = label.caseItems.compactMap { item -> String? in
                    item.pattern.as(ExpressionPatternSyntax.self).flatMap { literal($0.expression) }
                }
                if cases.count == label.caseItems.count { return ParameterCondition(parameter: subject, values: cases) }
            }
            // `guard reload else { return }` before the node, in the same block.
            if let block = parent.as(CodeBlockItemListSyntax.self) {
                for item in block.prefix(while: { Syntax($0) != child }) {
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), let test = test(of: guardStatement.conditions, parameters: parameters) {
                        return test
                    }
                }
            }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// `reload`, `!reload`, `reload == true`, `mode == .full`, `interval > 0`, `count != 0`, `if let path`,
    /// `path != nil`: a single test of one parameter.
    private static func test(of conditions: ConditionElementListSyntax, parameters: Set<String>) -> ParameterCondition? {
        guard conditions.count == 1, let condition = conditions.first?.condition else { return nil }
        // `if let path`, `if let path = path`: the parameter is not nil.
        if let binding = condition.as(OptionalBindingConditionSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, parameters.contains(name),
           binding.initializer.map({ $0.value.as(DeclReferenceExprSyntax.self)?.baseName.text == name }) ?? true {
            return ParameterCondition(parameter: name, values: [some])
        }
        guard let expression = condition.as(ExprSyntax.self) else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self), parameters.contains(reference.baseName.text) {
            return ParameterCondition(parameter: reference.baseName.text, values: ["true"])
        }
        if let negation = expression.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!",
           let reference = negation.expression.as(DeclReferenceExprSyntax.self), parameters.contains(reference.baseName.text) {
            return ParameterCondition(parameter: reference.baseName.text, values: ["false"])
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard let comparison = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                  let reference = elements[0].as(DeclReferenceExprSyntax.self), parameters.contains(reference.baseName.text),
                  let value = literal(elements[2]) else { return nil }
            switch comparison {
            case "==": return ParameterCondition(parameter: reference.baseName.text, values: [value])
            case ">" where value == "0", "!=" where value == "0":
                return ParameterCondition(parameter: reference.baseName.text, values: [nonzero])
            case "!=" where value == "nil":
                return ParameterCondition(parameter: reference.baseName.text, values: [some])
            default: return nil
            }
        }
        return nil
    }

    /// The else branch of a `Bool` test.
    private var negated: ParameterCondition? {
        switch values {
        case ["true"]: ParameterCondition(parameter: parameter, values: ["false"])
        case ["false"]: ParameterCondition(parameter: parameter, values: ["true"])
        // `if let handler { ... } else { work() }`: the work runs when nil is passed.
        case [Self.some]: ParameterCondition(parameter: parameter, values: ["nil"])
        default: nil
        }
    }
}
