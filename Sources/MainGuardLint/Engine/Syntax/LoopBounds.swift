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

    private static func isSmallSequence(_ sequence: ExprSyntax) -> Bool {
        if let array = sequence.as(ArrayExprSyntax.self) { return array.elements.count <= fewIterations }
        // `let files = ["a.lock", "a.note"]` ... `for file in files`.
        if let name = sequence.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return Syntax(sequence).hasLocal(named: name) { value in
                (value.as(ArrayExprSyntax.self)?.elements.count).map { $0 <= fewIterations } ?? false
            }
        }
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
              let lower = parts.0.integerLiteralValue, let upper = parts.2.integerLiteralValue else { return nil }
        return (lower, upper)
    }
}

private extension ExprSyntax {
    /// The value of an integer literal such as `3` or `1_000`.
    var integerLiteralValue: Int? {
        self.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text.replacingOccurrences(of: "_", with: "")) }
    }
}

/// Whether a loop's cost grows faster than its input, or with a size the syntax states.
///
/// A single pass over an in-memory collection (summing prices, updating a few subviews) costs
/// microseconds for the collections apps hold, and blind reviews rejected every such finding. By default
/// a loop counts as long work only when the syntax shows more: a literal range of more than
/// `ForStmtSyntax.fewIterations`, a `while` or `repeat` loop (scanners, parsers, retries), or a loop nested
/// in another loop over data of unknown size. `include_low_cost: true` counts every loop over such data.
///
/// ```swift
/// // long work:  for row in rows { for cell in row.cells { total += cell.value } }
/// // low cost:   for item in items { total += item.price }
/// ```
enum LoopCost {
    /// A `for` loop (already known not to iterate a few times) that counts as long work.
    static func isLongWork(_ loop: ForStmtSyntax, settings: ModuleSettings) -> Bool {
        settings.includesLowCost || isLiteralRange(loop.sequence) || containsLoop(Syntax(loop.body))
    }

    /// An iteration call with work per element (`items.forEach { save($0) }`) that counts as long work.
    static func isLongWork(_ call: FunctionCallExprSyntax, settings: ModuleSettings) -> Bool {
        settings.includesLowCost || call.trailingClosure.map { containsLoop(Syntax($0.statements)) } == true
    }

    /// `0..<1_000_000`: a size the code states (a range of a few iterations never gets here).
    private static func isLiteralRange(_ sequence: ExprSyntax) -> Bool { sequence.literalRange != nil }

    /// The region holds a loop over data of unknown size: a `while`, a `repeat`, a `for` that does not
    /// iterate a few times, or an iteration call with work per element.
    private static func containsLoop(_ region: Syntax) -> Bool {
        region.tokens(viewMode: .sourceAccurate).contains { token in
            switch token.tokenKind {
            case .keyword(.while), .keyword(.repeat): return true
            case .keyword(.for):
                guard let loop = token.parent?.as(ForStmtSyntax.self), loop.awaitKeyword == nil else { return false }
                return !loop.iteratesAFewTimes
            case .identifier(let name) where CalledName.iterationNames.contains(name):
                guard let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), let called = CalledName(call),
                      called.nameToken.id == token.id else { return false }
                return called.iteratesWithWorkPerElement
            default: return false
            }
        }
    }
}
