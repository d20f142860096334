import SwiftSyntax

/// A write to a stored value as the syntax shows it: `a.b = c`, `a.b += 1`, `a.b[i] = c`, `a.b.append(x)`.
///
/// ```swift
/// // `self.model.items.append(item)` →
/// // ValueWrite(path: ["model", "items"], isThroughSelf: true, anchor: <append>)
/// ```
struct ValueWrite {
    /// The written value's path without a leading `self` or `$`: `["model", "items"]`.
    var path: [String]
    /// Written as `self.x`: cannot be a local variable.
    var isThroughSelf: Bool
    /// Where a finding points: the assignment target's first token, or the mutating method's name.
    var anchor: TokenSyntax
    /// The value a plain `=` assigns (nil for compound assignments and mutating calls).
    var assignedValue: ExprSyntax?

    /// `x = nil`, `x = false`, `x = 0.9`, `x = ""`: a reset to a constant, which settles after one more update.
    var assignsLiteral: Bool {
        guard let value = assignedValue else { return false }
        if let prefixed = value.as(PrefixOperatorExprSyntax.self) { return prefixed.expression.is(IntegerLiteralExprSyntax.self) || prefixed.expression.is(FloatLiteralExprSyntax.self) }
        return value.is(NilLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
            || value.is(FloatLiteralExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
    }

    /// The writes an assignment sequence performs (`x = 1`, `x += 1`; `a = b = c` writes both).
    static func writes(in sequence: SequenceExprSyntax) -> [ValueWrite] {
        let elements = Array(sequence.elements)
        return elements.indices.dropFirst().compactMap { index -> ValueWrite? in
            guard elements[index].isAssignmentOperator, let target = ValuePath(elements[index - 1]),
                  let anchor = elements[index - 1].firstToken(viewMode: .sourceAccurate) else { return nil }
            let isPlainAssignment = elements[index].is(AssignmentExprSyntax.self) && index + 2 == elements.count
            return ValueWrite(path: target.components, isThroughSelf: target.isThroughSelf, anchor: anchor,
                              assignedValue: isPlainAssignment ? elements[index + 1] : nil)
        }
    }

    /// The write a mutating method call performs on its receiver (`items.append(x)`, `isOn.toggle()`), or the
    /// change an `ObservableObject` announces (`model.objectWillChange.send()` writes `model`).
    static func write(in call: FunctionCallExprSyntax) -> ValueWrite? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base, var receiver = ValuePath(base) else { return nil }
        let name = member.declName.baseName.text
        if name == "send", receiver.components.last == "objectWillChange", receiver.components.count > 1 {
            receiver.components.removeLast()
        } else if !mutatingMethods.contains(name) {
            return nil
        }
        return ValueWrite(path: receiver.components, isThroughSelf: receiver.isThroughSelf, anchor: member.declName.baseName)
    }

    /// Standard-library and Foundation methods that mutate their receiver in place.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast",
        "popFirst", "toggle", "sort", "shuffle", "reverse", "formUnion", "formIntersection",
        "formSymmetricDifference", "subtract", "merge", "updateValue", "removeValue", "replaceSubrange", "swapAt",
    ]
}

/// A path of stored names an expression denotes: `self.model.items[0]` → `model.items`, `$query` → `query`.
struct ValuePath {
    var components: [String]
    var isThroughSelf: Bool

    init(components: [String], isThroughSelf: Bool = false) {
        self.components = components
        self.isThroughSelf = isThroughSelf
    }

    init?(_ expression: ExprSyntax) {
        var components: [String] = []
        var current = expression
        var isThroughSelf = false
        while true {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                components.insert(member.declName.baseName.text, at: 0)
                current = base
            } else if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                current = subscripted.calledExpression
            } else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                current = chained.expression
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                if reference.baseName.tokenKind == .keyword(.self) {
                    isThroughSelf = true
                } else {
                    var name = reference.baseName.text
                    if name.hasPrefix("$") { name.removeFirst() }
                    components.insert(name, at: 0)
                }
                break
            } else {
                return nil
            }
        }
        guard !components.isEmpty else { return nil }
        self.components = components
        self.isThroughSelf = isThroughSelf
    }

    /// The path's first name: the stored property (or local) the value lives in.
    var root: String { components[0] }

    /// True when one path contains the other: writing either changes what the other reads.
    func overlaps(_ other: ValuePath) -> Bool {
        let shorter = min(components.count, other.components.count)
        return Array(components.prefix(shorter)) == Array(other.components.prefix(shorter))
    }
}

/// Names a region declares for itself: parameters, closure parameters, local constants and variables,
/// `if let`/`for` bindings. A bare name among them is not the view's property.
struct LocalNames {
    private(set) var names: Set<String> = []

    init(in node: some SyntaxProtocol) {
        let collector = LocalNameCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        names = collector.names
    }

    func contains(_ name: String) -> Bool { names.contains(name) }
}

private final class LocalNameCollector: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    /// `if let value {` (SE-0345 shorthand) declares `value` without a pattern.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = node.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
        return .visitChildren
    }
}

private extension ExprSyntax {
    /// `=` or a compound assignment operator (`+=`, `-=`, `&&=`-style operators ending in `=`).
    var isAssignmentOperator: Bool {
        if self.is(AssignmentExprSyntax.self) { return true }
        guard let binary = self.as(BinaryOperatorExprSyntax.self) else { return false }
        let text = binary.operator.text
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}

/// Reports every `ValueWrite` in the code it walks that runs during the walk's evaluation (nested
/// `withAnimation { }` included, `Task { }` and action closures not). Subclasses override `found(_:)`.
class ValueWriteVisitor: ViewBodyEvaluationVisitor {
    func found(_ write: ValueWrite) {}

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        ValueWrite.writes(in: node).forEach(found)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        ValueWrite.write(in: node).map(found)
        return .visitChildren
    }
}
