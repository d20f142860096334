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
        if let range = sequence.as(InfixOperatorExprSyntax.self),
           let rangeOperator = range.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
           rangeOperator == "..<" || rangeOperator == "...",
           let lower = range.leftOperand.integerLiteralValue, let upper = range.rightOperand.integerLiteralValue {
            return upper - lower <= fewIterations
        }
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

private extension ExprSyntax {
    /// The value of an integer literal such as `3` or `1_000`.
    var integerLiteralValue: Int? {
        self.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text.replacingOccurrences(of: "_", with: "")) }
    }
}
