import SwiftSyntax

/// `expensive_work_in_view_body`: per-evaluation work that belongs outside the render loop: decoding
/// images and creating costly objects (`CIContext`, `AVPlayer`, `MLModel`) per `ForEach` or `List` row;
/// with `include_low_cost`, also once per evaluation, and creating formatters, coders and regular
/// expressions and sorting or filtering the view's collections.
/// Blind reviews of real apps judged none of 8 formatter findings and 4 of 19 collection passes worth a
/// change: their cost is microseconds unless the collection is large, which the syntax does not show.
enum ExpensiveWorkInViewBody: Rule {
    // Opt-in, like the other render-loop rules: blind reviews of real apps' shipped code acted on 3 of
    // their 38 findings (this rule: 0 of 3); see Rules/expensive_work_in_view_body.md.
    static let description = RuleDescription(
        id: "expensive_work_in_view_body", name: "Expensive Work in View Body", severity: .warning,
        summary: "Creates formatters, coders, regexes or images, or sorts/filters the view's collections, while SwiftUI evaluates body",
        isOptIn: true)

    static let requirements: Set<RuleRequirement> = [.views]
    static let hitPolicies: Set<HitPolicy> = [.describesViewBody]

    static func check(_ context: RuleContext) -> [RuleHit] {
        let catalogued = Set(context.calls.filter { $0.catalogueEntry != nil }.map(\.node.id))
        let inBody = context.swiftUI.evaluatedRegions { view, region in
            let visitor = ExpensiveCallVisitor(view: view, locals: LocalNames(in: region), catalogued: catalogued,
                                               includesLowCost: context.settings.includesLowCost, location: "every time SwiftUI evaluates \(RenderLoop.location(of: region, in: view))")
            visitor.walkRegion(region)
            return visitor.hits
        }
        // A view is a value its parent re-creates on every evaluation of the parent's body, so the
        // initial values of its plain stored properties are computed that often too.
        let inStoredProperties = context.swiftUI.views.flatMap { view in
            view.storedProperties.filter(\.isPlain).compactMap(\.initialValue).flatMap { value in
                let visitor = ExpensiveCallVisitor(view: view, locals: LocalNames(in: value), catalogued: catalogued,
                                                   includesLowCost: context.settings.includesLowCost, location: "every time the parent re-creates `\(view.name)`")
                visitor.walk(value)
                return visitor.hits
            }
        }
        return inBody + inStoredProperties
    }

    private final class ExpensiveCallVisitor: ViewBodyEvaluationVisitor {
        let view: SwiftUIViewType
        let location: String
        let locals: LocalNames
        /// Calls that match the blocking/heavy catalogue.
        let catalogued: Set<SyntaxIdentifier>
        /// `include_low_cost`: formatters, coders, regexes and collection passes are reported too.
        let includesLowCost: Bool
        var hits: [RuleHit] = []
        /// Locals that hold one of the view's collections (`let items = showAll ? model.items : model.items.filter(...)`),
        /// by name, with how the message spells the collection: sorting the local sorts that collection.
        private var collectionAliases: [String: String] = [:]

        init(view: SwiftUIViewType, locals: LocalNames, catalogued: Set<SyntaxIdentifier>, includesLowCost: Bool, location: String) {
            self.view = view
            self.locals = locals
            self.catalogued = catalogued
            self.includesLowCost = includesLowCost
            self.location = location
            super.init()
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let called = CalledName(node), let (what, fix) = expense(of: called, at: node) else { return .visitChildren }
            hits.append(RuleHit(token: called.nameToken, severity: description.severity,
                                message: Message.expensive(what, location: location, fix: fix)))
            return .visitChildren
        }

        /// Locals are declared before they are used, so a pre-order walk records an alias before its reads.
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let value = binding.initializer?.value, let collection = viewCollection(in: value) else { continue }
                collectionAliases[name] = collection
            }
            return .visitChildren
        }

        /// How a message names the view collection `expression` evaluates to: the collection itself, the
        /// result of filtering or sorting it, either branch of a conditional, an alias of one (a local or a
        /// computed property of the view that returns one); nil otherwise.
        private func viewCollection(in expression: ExprSyntax, depth: Int = 0) -> String? {
            guard depth < 8 else { return nil }
            if let path = ValuePath(expression) { return viewCollection(at: path, depth: depth) }
            // `condition ? a : b` and `a ?? b`, as the parser leaves them (unfolded sequences).
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if let ternary = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                   let then = elements[ternary].as(UnresolvedTernaryExprSyntax.self)?.thenExpression {
                    return viewCollection(in: then, depth: depth + 1)
                        ?? elements[(ternary + 1)...].lazy.compactMap { self.viewCollection(in: $0, depth: depth + 1) }.first
                }
                let isCoalescing = elements.contains { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" }
                return isCoalescing ? elements.lazy.compactMap { self.viewCollection(in: $0, depth: depth + 1) }.first : nil
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let called = CalledName(call),
               ["sorted", "filter", "shuffled", "reversed", "prefix", "suffix"].contains(called.name), let receiver = called.receiver {
                return viewCollection(in: receiver, depth: depth + 1)
            }
            return expression.as(TupleExprSyntax.self).flatMap { tuple in
                tuple.elements.count == 1 ? tuple.elements.first.flatMap { viewCollection(in: $0.expression, depth: depth + 1) } : nil
            }
        }

        /// The view collection `path` names: an alias (a local holding one), one of the view's collections
        /// itself, or a computed property that returns one.
        private func viewCollection(at path: ValuePath, depth: Int = 0) -> String? {
            if path.components.count == 1, !path.isThroughSelf, let alias = collectionAliases[path.root] { return alias }
            if isViewCollection(path) { return path.components.joined(separator: ".") }
            return path.components.count == 1 ? computedCollection(named: path.root, depth: depth) : nil
        }

        /// A computed property of the view whose getter is one expression (or `return` of one) that
        /// evaluates to one of the view's collections: `private var visible: [Message] { messages }`.
        private func computedCollection(named name: String, depth: Int) -> String? {
            guard !locals.contains(name), let members = view.members[name], members.count == 1,
                  let binding = members[0].as(PatternBindingSyntax.self),
                  case .getter(let statements)? = binding.accessorBlock?.accessors, statements.count == 1,
                  let item = statements.first?.item else { return nil }
            let value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
            return value.flatMap { viewCollection(in: $0, depth: depth + 1) }
        }

        private func expense(of call: CalledName, at node: FunctionCallExprSyntax) -> (String, String)? {
            // Catalogued APIs (file reads, decoding, image rendering) are `blocking_call_on_main_actor`'s in view code.
            guard !catalogued.contains(node.id) else { return nil }
            if call.isInitializerCall, let kind = ExpensiveTypes.kind[call.name] {
                // Images read from files are synchronous I/O; `UIImage(named:)` is cached by the system.
                if kind == .image, call.labels.first != "data" { return nil }
                // One image per evaluation is a few milliseconds; one per row of a `ForEach` or `List` scales with the data.
                guard includesLowCost || (kind.costsPerRow && Syntax(node).isRowContent) else { return nil }
                return ("`\(call.name)(\(call.labels.isEmpty ? "" : "..."))` \(kind.cost)", kind.fix)
            }
            guard includesLowCost else { return nil }
            if call.isInitializerCall, call.name == "Dictionary", call.labels.first == "grouping",
               let grouped = node.arguments.first.flatMap({ ValuePath($0.expression) }), viewCollection(at: grouped) != nil {
                return ("`Dictionary(grouping: \(grouped.components.joined(separator: ".")), ...)` runs over the whole collection",
                        Fix.collection)
            }
            if ["sorted", "filter", "shuffled"].contains(call.name), let receiver = call.receiver.flatMap(ValuePath.init),
               let collection = viewCollection(at: receiver) {
                let spelled = receiver.components.joined(separator: ".")
                let holds = collection == spelled ? "" : " (`\(spelled)` holds `\(collection)`)"
                return ("`\(spelled).\(call.name)` runs over the whole collection\(holds)", Fix.collection)
            }
            return nil
        }

        /// A collection the view holds (a stored property, or a collection of its model), not a local, a `String` or a literal constant.
        private func isViewCollection(_ path: ValuePath) -> Bool {
            guard path.isThroughSelf || !locals.contains(path.root), let property = view.storedProperty(named: path.root) else {
                return false
            }
            // A `let` spelled out as a literal is a small constant, not data that grows.
            let isLiteralConstant = property.isLet && property.isPlain
                && (property.initialValue?.is(ArrayExprSyntax.self) == true || property.initialValue?.is(DictionaryExprSyntax.self) == true)
            return !isLiteralConstant && !(path.components.count == 1 && ["String", "Substring"].contains(property.declaredTypeName))
        }
    }

    /// Types whose instances are costly to create and meant to be reused.
    private enum ExpensiveTypes {
        case formatter, coder, regex, image, heavyObject

        static let kind: [String: ExpensiveTypes] = {
            var kinds: [String: ExpensiveTypes] = [:]
            for name in ["DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
                         "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter",
                         "PersonNameComponentsFormatter", "ListFormatter", "LengthFormatter", "MassFormatter", "EnergyFormatter"] {
                kinds[name] = .formatter
            }
            for name in ["JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder"] { kinds[name] = .coder }
            for name in ["NSRegularExpression", "NSDataDetector", "Regex"] { kinds[name] = .regex }
            for name in ["UIImage", "NSImage", "CIImage"] { kinds[name] = .image }
            // `NSAttributedString(html:)` and `(data:options:)` start WebKit's HTML importer.
            for name in ["CIContext", "AVPlayer", "AVAudioPlayer", "MLModel", "NSAttributedString"] { kinds[name] = .heavyObject }
            return kinds
        }()

        /// Created once per evaluation, each costs microseconds, or a few milliseconds for the small images
        /// and contexts views make (blind reviews rejected all five image findings and both `CIContext`
        /// ones: a view's body is evaluated when its inputs change, not per frame), so by default only
        /// these are reported:
        /// images and costly objects created per `ForEach`/`List` row multiply by the rows on screen.
        var costsPerRow: Bool { self == .image || self == .heavyObject }

        var cost: String {
            switch self {
            case .formatter: "creates a formatter (it loads locale data)"
            case .coder: "creates a coder meant to be configured once and reused"
            case .regex: "compiles a regular expression"
            case .image: "decodes an image (or parses its data)"
            case .heavyObject: "creates an object that is costly to set up"
            }
        }

        var fix: String {
            switch self {
            case .formatter: "use a `static let` formatter or a FormatStyle (`value.formatted()`)"
            case .coder, .regex, .heavyObject: "create it once (a `static let` or the model) and reuse it"
            case .image: Fix.image
            }
        }
    }

    enum Fix {
        static let collection = "sort or filter in the model, or cache the result in @State updated by `.onChange(of:)`"
        static let image = "decode it once in the model, off the main actor, and hand the view the result"
    }

    enum Message {
        static func expensive(_ what: String, location: String, fix: String) -> String {
            "\(what) \(location); \(fix)"
        }
    }
}

private extension Syntax {
    /// Inside the row closure of a `ForEach` or `List` (`ClosureExprSyntax.isRowContent`): it runs once
    /// per element.
    var isRowContent: Bool {
        var node = parent
        while let current = node, !current.is(FunctionDeclSyntax.self), !current.is(MemberBlockSyntax.self) {
            if current.as(ClosureExprSyntax.self)?.isRowContent == true { return true }
            node = current.parent
        }
        return false
    }
}
