import SwiftSyntax

/// `expensive_work_in_view_body`: per-evaluation work that belongs outside the render loop: creating
/// formatters, coders and regular expressions, decoding images, sorting or filtering the view's collections.
enum ExpensiveWorkInViewBody: Rule {
    static let description = RuleDescription(
        id: "expensive_work_in_view_body", name: "Expensive Work in View Body", severity: .warning,
        summary: "Creates formatters, coders, regexes or images, or sorts/filters the view's collections, while SwiftUI evaluates body")

    static func check(_ context: RuleContext) -> [RuleHit] {
        let inBody = context.swiftUI.evaluatedRegions { view, region in
            let visitor = ExpensiveCallVisitor(view: view, locals: LocalNames(in: region), context: context,
                                               location: "every time SwiftUI evaluates \(RenderLoop.location(of: region, in: view))")
            visitor.walkRegion(region)
            return visitor.hits
        }
        // A view is a value its parent re-creates on every evaluation of the parent's body, so the
        // initial values of its plain stored properties are computed that often too.
        let inStoredProperties = context.swiftUI.views.flatMap { view in
            view.storedProperties.filter(\.isPlain).compactMap(\.initialValue).flatMap { value in
                let visitor = ExpensiveCallVisitor(view: view, locals: LocalNames(in: value), context: context,
                                                   location: "every time the parent re-creates `\(view.name)` (on each evaluation of the parent's body)")
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
        let context: RuleContext
        var hits: [RuleHit] = []

        init(view: SwiftUIViewType, locals: LocalNames, context: RuleContext, location: String) {
            self.view = view
            self.locals = locals
            self.context = context
            self.location = location
            super.init()
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let called = CalledName(node), let (what, fix) = expense(of: called, at: node) else { return .visitChildren }
            hits.append(RuleHit(token: called.nameToken, severity: description.severity,
                                message: Message.expensive(what, location: location, fix: fix)))
            return .visitChildren
        }

        private func expense(of call: CalledName, at node: FunctionCallExprSyntax) -> (String, String)? {
            // Catalogued APIs (file reads, decoding, image rendering) are `blocking_call_on_main_actor`'s in view code.
            guard context.catalogueEntry(for: call, at: node) == nil else { return nil }
            if call.isInitializerCall, let kind = ExpensiveTypes.kind[call.name] {
                // Images read from files are synchronous I/O; `UIImage(named:)` is cached by the system.
                if kind == .image, call.labels.first != "data" { return nil }
                return ("`\(call.name)(\(call.labels.isEmpty ? "" : "..."))` \(kind.cost)", kind.fix)
            }
            if ["sorted", "filter"].contains(call.name), let receiver = call.receiver.flatMap(ValuePath.init),
               receiver.isThroughSelf || !locals.contains(receiver.root), view.storedProperty(named: receiver.root) != nil {
                return ("`\(receiver.components.joined(separator: ".")).\(call.name)` runs over the whole collection",
                        Fix.collection)
            }
            return nil
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
            for name in ["UIImage", "NSImage", "CIImage", "NSAttributedString"] { kinds[name] = .image }
            for name in ["CIContext", "AVPlayer", "AVAudioPlayer", "MLModel"] { kinds[name] = .heavyObject }
            return kinds
        }()

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
            case .formatter: "use a `static let` formatter (or @State initialised once), or the cached FormatStyle APIs (`Text(date, format: .dateTime)`, `value.formatted()`)"
            case .coder, .regex, .heavyObject: "create it once (a `static let`, the model, or @State) and reuse it"
            case .image: Fix.image
            }
        }
    }

    enum Fix {
        static let collection = "sort or filter in the model, or keep the result in @State and recompute it in "
            + "`.onChange(of: input, initial: true)` or `.task(id: input)`"
        static let image = "decode it once in the model, off the main actor (a `@concurrent` async function under Swift 6.2 "
            + "settings, `Task.detached(priority:)` or a nonisolated async function otherwise), and hand the view the result"
    }

    enum Message {
        static func expensive(_ what: String, location: String, fix: String) -> String {
            "\(what) \(location). \(RenderLoop.evaluation): repeated per evaluation, this "
                + "becomes hitches while scrolling and animating. Fix: \(fix)."
        }
    }
}
