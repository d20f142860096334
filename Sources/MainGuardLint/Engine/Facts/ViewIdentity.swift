import SwiftSyntax

/// How a type's `id` is new when it should be stable (SwiftUI identifies `ForEach`/`List` rows by it).
///
/// ```swift
/// // struct Row: Identifiable { let id = UUID() }      → .newPerInstance
/// // struct Row: Identifiable { var id: UUID { UUID() } } → .newOnEveryRead
/// ```
enum FreshIdentity: Sendable, Hashable {
    /// `var id: UUID { UUID() }`: a different id every time SwiftUI reads it.
    case newOnEveryRead
    /// `let id = UUID()`: stable per value, new for every value built (unstable when values are built in `body`).
    case newPerInstance

    /// The `id` of a type declaration's members, when it is fresh.
    init?(members: MemberBlockSyntax) {
        // Runs for every type of every file whose text names a fresh value: plain loops, no intermediate arrays.
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "id" {
                if let accessors = binding.accessorBlock, accessors.containsFreshValue { self = .newOnEveryRead; return }
                if let value = binding.initializer?.value, value.containsFreshValue { self = .newPerInstance; return }
            }
        }
        return nil
    }
}

extension FreshIdentity {
    /// Every name `FreshValueFinder` matches contains one of these words, so a text without any of them
    /// holds no fresh value and the first pass skips looking for fresh identities there (a byte check,
    /// see `SourcePrefilter`). Keep it in step with `FreshValueFinder`.
    static let necessaryWords: [StaticString] = ["UUID", "Date", "random", "drand48", "CFAbsoluteTimeGetCurrent", "globallyUniqueString"]
}

extension SyntaxProtocol {
    /// Contains a value that is new on every evaluation (`UUID()`, `Date()`, `Date.now`, `.random(in:)`),
    /// outside of closures that run later.
    var containsFreshValue: Bool {
        let finder = FreshValueFinder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }
}

private final class FreshValueFinder: SyntaxVisitor {
    var found = false

    /// `podcast?.uuid ?? imageName ?? UUID().uuidString`: a fallback is fresh only when the data has no
    /// id, so the value is the data's own whenever it has one (blind review round N: "never reached").
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        var afterFallbackOperator = false
        for element in node.elements where !found {
            if element.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                afterFallbackOperator = true
                continue
            }
            if !afterFallbackOperator { walk(element) }
            afterFallbackOperator = false
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            if ["UUID", "NSUUID", "Date"].contains(name), node.arguments.isEmpty, node.trailingClosure == nil { found = true }
            if ["arc4random", "arc4random_uniform", "drand48", "CFAbsoluteTimeGetCurrent"].contains(name) { found = true }
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "random" {
            found = true
        }
        return found ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        if base == "Date", node.declName.baseName.text == "now" { found = true }
        if node.declName.baseName.text == "globallyUniqueString" { found = true }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        node.runsDuringBodyEvaluation ? .visitChildren : .skipChildren
    }
}
