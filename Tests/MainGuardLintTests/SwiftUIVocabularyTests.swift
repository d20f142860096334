@testable import MainGuardLint
import SwiftParser
import SwiftSyntax
import XCTest

/// The engine's SwiftUI vocabulary: which types are views, what their properties are, what runs while
/// `body` is evaluated, and what counts as a write.
final class SwiftUIVocabularyTests: XCTestCase {
    // MARK: Views and their members

    func testViewsAreFoundByConformanceInTheTypeOrAnExtension() {
        let file = SwiftUIFile(Parser.parse(source: """
            struct Plain { var body: Int { 1 } }
            struct Row: View { var body: some View { Text("") } }
            struct Later {}
            extension Later: SwiftUI.View { var body: some View { Text("") } }
            struct Card: ViewModifier { func body(content: Content) -> some View { content } }
            """))
        XCTAssertEqual(file.views.map(\.name), ["Row", "Later", "Card"])
        XCTAssertNotNil(file.views[2].body?.as(FunctionDeclSyntax.self), "ViewModifier's body(content:) is the entry")
    }

    func testMembersAreGatheredOverTheSameFilesExtensions() {
        let view = SwiftUIFile(Parser.parse(source: """
            struct Screen: View {
                let title: String
                var body: some View { header }
            }
            extension Screen {
                var header: some View { Text(title) }
                func row(_ index: Int) -> some View { Text("\\(index)") }
                static func == (lhs: Screen, rhs: Screen) -> Bool { true }
            }
            """)).views[0]
        XCTAssertEqual(Set(view.members.keys), ["body", "header", "row"])
        XCTAssertEqual(view.storedProperties.map(\.name), ["title"])
        XCTAssertEqual(view.equalityOperators.count, 1)
    }

    func testMembersInsideIfConfigClausesCount() {
        let view = SwiftUIFile(Parser.parse(source: """
            struct Screen: View {
                #if os(iOS)
                @State private var isCompact = true
                #else
                @State private var isCompact = false
                #endif
                var body: some View { Text("") }
            }
            """)).views[0]
        XCTAssertEqual(view.storedProperties.map(\.name), ["isCompact", "isCompact"])
        XCTAssertNotNil(view.body)
    }

    func testAConformanceDeclaredInAnotherFileMakesAView() {
        let index = ModuleIndex(sources: [
            "struct Detail: View {}",
            "@Observable final class Store {}",
            "final class Legacy: ObservableObject {}",
            "final class Plain {}",
        ])
        XCTAssertEqual(index.swiftUITypes.views, ["Detail"])
        XCTAssertEqual(index.swiftUITypes.observable, ["Store", "Legacy"])
        XCTAssertEqual(index.swiftUITypes.classes, ["Store", "Legacy", "Plain"])
        let file = SwiftUIFile(Parser.parse(source: "extension Detail { var body: some View { Text(\"\") } }"),
                               module: index.swiftUITypes)
        XCTAssertEqual(file.views.map(\.name), ["Detail"])
        XCTAssertTrue(file.referenceTypes.isObservable("Store"))
    }

    func testFreshIdentitiesAreKnownAcrossFiles() {
        let index = ModuleIndex(sources: [
            "struct A: Identifiable { let id = UUID() }",
            "struct B: Identifiable { var id: UUID { UUID() } }",
            "struct C: Identifiable { let id: UUID }",
            "struct D: Identifiable { let name: String; var id: String { name } }",
            "struct E: Identifiable { var id: TimeInterval { Date.now.timeIntervalSince1970 } }",
        ])
        XCTAssertEqual(index.swiftUITypes.freshIdentities, ["A": .newPerInstance, "B": .newOnEveryRead, "E": .newOnEveryRead])
    }

    // MARK: Stored properties and wrappers

    func testPropertyWrappersDecideWhoOwnsAValue() throws {
        let view = SwiftUIFile(Parser.parse(source: """
            struct Screen: View {
                @State private var count = 0
                @Binding var text: String
                @FocusState private var focused: Bool
                @AppStorage("k") private var stored = false
                @StateObject private var model = FeedModel()
                @ObservedObject var settings: Settings
                @Bindable var player: Player
                @Environment(Store.self) private var store
                @Environment(\\.dismiss) private var dismiss
                @MainActor let id: Int
                let items: [Item]
                var samples = Sample.all
                var rows = [Row(title: "a"), Row(title: "b")]
                var onTap: (() -> Void)?
                let onSave: @MainActor (Item) -> Void
                static let shared = 1
                var computed: Int { 1 }
                var body: some View { Text("") }
            }
            """)).views[0]
        let properties = Dictionary(uniqueKeysWithValues: view.storedProperties.map { ($0.name, $0) })
        XCTAssertEqual(view.storedProperties.map(\.name),
                       ["count", "text", "focused", "stored", "model", "settings", "player", "store", "dismiss", "id", "items", "samples", "rows",
                        "onTap", "onSave"])
        for name in ["count", "text", "focused", "stored"] { XCTAssertTrue(try XCTUnwrap(properties[name]).isViewState, name) }
        for name in ["model", "settings", "player", "store"] { XCTAssertTrue(try XCTUnwrap(properties[name]).holdsObservedModel, name) }
        XCTAssertFalse(try XCTUnwrap(properties["dismiss"]).holdsObservedModel, "@Environment(\\.key) is a value, not a model")
        XCTAssertTrue(try XCTUnwrap(properties["id"]).isPlain, "@MainActor is not a property wrapper")
        XCTAssertEqual(properties["items"]?.elementTypeName, "Item")
        XCTAssertEqual(properties["samples"]?.elementTypeName, "Sample")
        XCTAssertEqual(properties["rows"]?.elementTypeName, "Row")
        XCTAssertNil(properties["count"]?.elementTypeName)
        XCTAssertEqual(properties["model"]?.declaredTypeName, "FeedModel")
        XCTAssertEqual(properties["settings"]?.declaredTypeName, "Settings")
        XCTAssertTrue(try XCTUnwrap(properties["onTap"]).isFunctionType)
        XCTAssertTrue(try XCTUnwrap(properties["onSave"]).isFunctionType)
        XCTAssertFalse(try XCTUnwrap(properties["items"]).isFunctionType)
    }

    // MARK: What runs while body is evaluated

    func testReachabilityFollowsHelpersButNotActions() {
        let view = SwiftUIFile(Parser.parse(source: """
            struct Screen: View {
                var body: some View {
                    VStack {
                        header
                        ForEach(items, content: row)
                        Button("Save", action: save)
                        Button("Reset") { reset() }
                    }
                    .onAppear { appeared() }
                    .task { await load() }
                    .overlay { badge }
                }
                var header: some View { title(for: 1) }
                func title(for value: Int) -> some View { Text("\\(value)") }
                func row(_ item: Item) -> some View { Text(item.name) }
                var badge: some View { Text("") }
                func save() {}
                func reset() {}
                func appeared() {}
                func load() async {}
                var unused: some View { Text("") }
            }
            """)).views[0]
        XCTAssertEqual(Set(ViewBodyEvaluation(view).reachedMembers), ["body", "header", "title", "row", "badge"])
        let everything = ViewBodyEvaluation(view, from: [view.body!], followingLaterClosures: true)
        XCTAssertEqual(Set(everything.reachedMembers), ["body", "header", "title", "row", "badge", "save", "reset", "appeared", "load"])
    }

    func testClosuresThatRunDuringTheEvaluation() {
        let cases: [(String, Bool)] = [
            ("VStack { x }", true),
            ("ForEach(items) { item in x }", true),
            ("List(items) { item in x }", true),
            ("Text(\"\").overlay { x }", true),
            ("Text(\"\").sheet(isPresented: $on) { x }", true),
            ("Button(action: save) { x }", true),
            ("Button { save() } label: { x }", true),
            ("Button { x } label: { Text(\"\") }", false),
            ("Button(\"Save\") { x }", false),
            ("items.map { x }", true),
            ("withAnimation { x }", true),
            ("{ x }()", true),
            ("Text(\"\").onAppear { x }", false),
            ("Text(\"\").task { x }", false),
            ("Text(\"\").onChange(of: v) { x }", false),
            ("Task { x }", false),
            ("DispatchQueue.main.async { x }", false),
            ("Binding(get: { x }, set: { _ in })", false),
            ("CustomCard { x }", false),
            ("let closure = { x }", false),
            ("DragGesture().onEnded { _ in x }", false),
        ]
        for (source, expected) in cases {
            let tree = Parser.parse(source: source)
            let closure = tree.tokens(viewMode: .sourceAccurate).first { $0.text == "x" }?.parent?
                .ancestorOrSelf { $0.as(ClosureExprSyntax.self) }
            XCTAssertEqual(closure?.runsDuringBodyEvaluation, expected, source)
        }
    }

    // MARK: Writes and locals

    func testValueWritesAndWhereTheyPoint() throws {
        let tree = Parser.parse(source: """
            count += 1
            self.model.title = "x"
            items[0].done = true
            $query.wrappedValue = ""
            tags.append("a")
            flag == true
            total = total + 1
            """)
        var writes: [(String, Bool, String)] = []
        final class Collector: ValueWriteVisitor {
            var found: [ValueWrite] = []
            override func found(_ write: ValueWrite) { found.append(write) }
        }
        let collector = Collector()
        collector.walk(tree)
        for write in collector.found {
            writes.append((write.path.joined(separator: "."), write.isThroughSelf, write.anchor.text))
        }
        XCTAssertEqual(writes.map(\.0), ["count", "model.title", "items.done", "query.wrappedValue", "tags", "total"])
        XCTAssertEqual(writes.map(\.1), [false, true, false, false, false, false])
        XCTAssertEqual(writes.map(\.2), ["count", "self", "items", "$query", "append", "total"])
    }

    func testValuePathsOverlapWhenOneContainsTheOther() throws {
        let observed = ValuePath(components: ["model", "items"])
        XCTAssertTrue(observed.overlaps(ValuePath(components: ["model", "items", "count"])))
        XCTAssertTrue(observed.overlaps(ValuePath(components: ["model"])))
        XCTAssertFalse(observed.overlaps(ValuePath(components: ["model", "results"])))
    }

    func testLocalNamesShadowProperties() {
        let locals = LocalNames(in: Parser.parse(source: """
            func f(label name: String, _ other: Int) {
                let total = 0
                if let value { }
                for item in items { }
                items.forEach { element in }
                items.map { $0 }
            }
            """))
        XCTAssertEqual(locals.names, ["f", "name", "other", "total", "value", "item", "element"].reduce(into: Set()) { $0.insert($1) }
            .subtracting(["f"]))
    }
}

private extension Syntax {
    func ancestorOrSelf<T>(_ transform: (Syntax) -> T?) -> T? {
        var node: Syntax? = self
        while let current = node {
            if let match = transform(current) { return match }
            node = current.parent
        }
        return nil
    }
}
