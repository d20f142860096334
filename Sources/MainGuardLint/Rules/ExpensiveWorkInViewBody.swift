import SwiftSyntax

/// `expensive_work_in_view_body`: per-evaluation work that belongs outside the render loop: creating
/// formatters, coders and regular expressions, decoding images, sorting or filtering the view's collections.
enum ExpensiveWorkInViewBody: Rule {
    static let description = RuleDescription(
        id: "expensive_work_in_view_body", name: "Expensive Work in View Body", severity: .warning,
        summary: "Creates formatters, coders, regexes or images, or sorts/filters the view's collections, while SwiftUI evaluates body")

    static func check(_ context: RuleContext) -> [RuleHit] {
        context.swiftUI.evaluatedRegions { view, region in
            let visitor = ExpensiveCallVisitor(view: view, region: region, context: context)
            visitor.walkRegion(region)
            return visitor.hits
        }
    }

    private final class ExpensiveCallVisitor: ViewBodyEvaluationVisitor {
        let view: SwiftUIViewType
        let location: String
        let locals: LocalNames
        let context: RuleContext
        var hits: [RuleHit] = []

        init(view: SwiftUIViewType, region: Syntax, context: RuleContext) {
            self.view = view
            self.context = context
            location = RenderLoop.location(of: region, in: view)
            locals = LocalNames(in: region)
            super.init()
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let called = CalledName(node), let (what, fix) = expense(of: called) else { return .visitChildren }
            hits.append(RuleHit(token: called.nameToken, severity: description.severity,
                                message: Message.expensive(what, location: location, fix: fix)))
            return .visitChildren
        }

        private func expense(of call: CalledName) -> (String, String)? {
            // Catalogued APIs (file reads, decoding, image rendering) are `blocking_call_on_main_actor`'s in view code.
            guard context.catalogueEntry(for: call) == nil else { return nil }
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
        case formatter, coder, regex, image

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
            return kinds
        }()

        var cost: String {
            switch self {
            case .formatter: "creates a formatter (it loads locale data)"
            case .coder: "creates a coder meant to be configured once and reused"
            case .regex: "compiles a regular expression"
            case .image: "decodes an image"
            }
        }

        var fix: String {
            switch self {
            case .formatter: "use a `static let` formatter, or the cached FormatStyle APIs (`Text(date, format: .dateTime)`, `value.formatted()`)"
            case .coder, .regex: "create it once (a `static let`, or the model) and reuse it"
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
            "\(what) every time SwiftUI evaluates \(location). \(RenderLoop.evaluation): repeated per evaluation, this "
                + "becomes hitches while scrolling and animating. Fix: \(fix)."
        }
    }
}
