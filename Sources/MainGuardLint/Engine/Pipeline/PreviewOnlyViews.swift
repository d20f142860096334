import Foundation
import SwiftParser
import SwiftSyntax

/// Findings in SwiftUI views that only previews show. A view runs only when some code creates it, so a
/// view that `#Preview { }`, `PreviewProvider` types, code compiled only into debug builds and other such
/// views mention, and nothing else, is preview code too (issue 17: previews "and code reachable only from
/// them"), and the default run does not report in it. Names are matched as words in every linted file's
/// text (comments aside), so any other mention (a type annotation, a `UIHostingController(rootView:)`, a
/// string) keeps the view's findings, and so does no mention at all (a view of a library, used by an app
/// this run does not lint): the check errs towards reporting. Public views are left alone for the same
/// reason; an internal view is mentioned only in its own module, so the answer does not change with what
/// else is linted.
///
/// This runs once per lint, after every file's findings, because whether a view is used is a fact of
/// the whole run. It parses only the files that hold a finding in a view or a mention of such a view.
///
/// ```swift
/// // struct DraftGrid: View { var body: some View { ... Thread.sleep(...) ... } }
/// // #Preview { DraftGrid() }    // the only use: the finding in DraftGrid.body is not reported
/// let kept = PreviewOnlyViews.removing(from: findings, inputs: inputs, threads: 2)
/// ```
enum PreviewOnlyViews {
    static func removing(from findings: [Finding], inputs: [Linter.SourceInput], threads: Int) -> [Finding] {
        let fileOfPath = Dictionary(inputs.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        var trees = Trees(inputs: inputs)
        // The view around each finding made where previews are not reported.
        var viewOfFinding: [Int: String] = [:]
        for (position, finding) in findings.enumerated() {
            guard let file = fileOfPath[finding.file], !inputs[file].reportsInPreviews,
                  let view = finding.enclosingView.map(\.name) ?? trees.enclosingView(inFile: file, line: finding.line, column: finding.column)
            else { continue }
            viewOfFinding[position] = view
        }
        guard !viewOfFinding.isEmpty else { return findings }
        let finder = MentionFinder(inputs: inputs, threads: threads)
        let unused = unused(Set(viewOfFinding.values)) { finder.mentions(of: $0, trees: &trees) }
        return findings.enumerated().compactMap { position, finding in
            viewOfFinding[position].map(unused.contains) == true ? nil : finding
        }
    }

    /// The file's top-level structs and extensions that conform to `View` or `ViewModifier` and are not
    /// public (a public view can be created by modules this run does not lint), with extensions that add
    /// members to such a view elsewhere in the file, by byte range.
    static func topLevelViews(in tree: SourceFileSyntax) -> [(name: String, range: Range<Int>)] {
        let views = tree.statements.compactMap { item -> (name: String, range: Range<Int>)? in
            guard let declaration = item.item.as(DeclSyntax.self) else { return nil }
            let type = TypeDeclarationFacts(Syntax(declaration))
            guard type.keyword == "struct" || type.isExtension, type.inherited.contains(where: SwiftUIViewType.protocols.contains),
                  !type.modifiers.contains(where: { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) }) else { return nil }
            return (type.name, declaration.positionAfterSkippingLeadingTrivia.utf8Offset..<declaration.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        // An extension that adds members to a view declared `struct V: View` elsewhere in the file.
        let names = Set(views.map(\.name))
        let extensions = tree.statements.compactMap { item -> (name: String, range: Range<Int>)? in
            guard let declaration = item.item.as(ExtensionDeclSyntax.self) else { return nil }
            let name = TypeDeclarationFacts(Syntax(declaration)).name
            guard names.contains(name) else { return nil }
            return (name, declaration.positionAfterSkippingLeadingTrivia.utf8Offset..<declaration.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return views + extensions
    }

    /// The view around a finding at `utf8Offset` (`Finding.enclosingView`), from views found by ``topLevelViews(in:)``.
    static func enclosingView(at utf8Offset: Int, in views: [(name: String, range: Range<Int>)]) -> Finding.EnclosingView {
        views.first { $0.range.contains(utf8Offset) }.map { .view($0.name) } ?? .none
    }

    /// Parsed files, each parsed at most once per run.
    private struct Trees {
        let inputs: [Linter.SourceInput]
        private var trees: [Int: (SourceFileSyntax, SourceLocationConverter)] = [:]

        init(inputs: [Linter.SourceInput]) { self.inputs = inputs }

        mutating func tree(ofFile file: Int) -> (SourceFileSyntax, SourceLocationConverter) {
            if let parsed = trees[file] { return parsed }
            let tree = Linter.parse(inputs[file].text)
            let parsed = (tree, SourceLocationConverter(fileName: inputs[file].path, tree: tree))
            trees[file] = parsed
            return parsed
        }

        /// The SwiftUI view (a struct that conforms to `View` or `ViewModifier` in this file) whose
        /// declaration or extension holds the token at `line`:`column`.
        mutating func enclosingView(inFile file: Int, line: Int, column: Int) -> String? {
            // Most files with findings declare no view: a file that never names a view protocol as a word is
            // not parsed (a cached run's findings come without trees), and one look at the top-level
            // declarations settles the others.
            guard namesAViewProtocol(file), !views(ofFile: file).isEmpty else { return nil }
            let (_, converter) = tree(ofFile: file)
            return enclosingView(inFile: file, utf8Offset: converter.position(ofLine: line, column: column).utf8Offset)
        }

        /// The top-level view declaration (or extension) whose bytes hold `utf8Offset`. Ranges, not a token
        /// look-up: a minified file's one line can hold thousands of findings.
        mutating func enclosingView(inFile file: Int, utf8Offset: Int) -> String? {
            views(ofFile: file).first { $0.range.contains(utf8Offset) }?.name
        }

        private var viewsByFile: [Int: [(name: String, range: Range<Int>)]] = [:]
        private var namesViewProtocol: [Int: Bool] = [:]

        private mutating func namesAViewProtocol(_ file: Int) -> Bool {
            if let known = namesViewProtocol[file] { return known }
            let answer = SourcePrefilter.withPrefilter(over: inputs[file].text) { prefilter in
                SwiftUIViewType.protocols.contains(where: prefilter.containsWord)
            }
            namesViewProtocol[file] = answer
            return answer
        }

        /// The file's top-level structs and extensions that conform to `View` or `ViewModifier`, and are not
        /// public (a public view can be created by modules this run does not lint).
        private mutating func views(ofFile file: Int) -> [(name: String, range: Range<Int>)] {
            if let known = viewsByFile[file] { return known }
            let views = PreviewOnlyViews.topLevelViews(in: tree(ofFile: file).0)
            viewsByFile[file] = views
            return views
        }

        mutating func enclosingValueType(inFile file: Int, utf8Offset: Int) -> (name: String?, isPreview: Bool, isDeclaration: Bool)? {
            let (tree, _) = tree(ofFile: file)
            // A mention in a comment lies in a token's trivia: it names nothing.
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: utf8Offset)),
                  token.positionAfterSkippingLeadingTrivia.utf8Offset <= utf8Offset,
                  utf8Offset < token.endPositionBeforeTrailingTrivia.utf8Offset else { return nil }
            let node = Syntax(token)
            let isDeclaration = node.parent.map { $0.is(StructDeclSyntax.self) || $0.is(EnumDeclSyntax.self) || $0.is(ClassDeclSyntax.self) } == true
                || node.parent?.parent?.is(ExtensionDeclSyntax.self) == true
            // Code only debug builds compile (`#if DEBUG`) creates the view for no user, as UncalledElsewhere
            // reads it (blind round CU: a developer screen whose only link is behind `#if DEBUG`).
            let debugOnly = !inputs[file].settings.includesLowCost && node.isDebugOnlyCode
            return (node.enclosingTypeName, node.isPreviewCode || debugOnly, isDeclaration)
        }
    }

    /// Where a view is mentioned: by code that runs (outside previews and views), or only inside other
    /// views, which run when they are used themselves.
    struct Mentions: Equatable {
        var byRunningCode: Bool
        var byViews: [String]
    }

    /// The views of `views` that no running code reaches: every chain of views that mention them ends
    /// in previews or goes round in a cycle. A search per view, not a memo of views in progress, so the
    /// answer does not depend on the order the views are asked about (Swift seeds `Set` order per process).
    ///
    /// ```swift
    /// // Screen (used) shows Row; Row and Cell mention each other: both are used, asked in any order.
    /// PreviewOnlyViews.unused(["Cell", "Row"]) { ["Row": .init(byRunningCode: true, byViews: ["Cell"]),
    ///                                             "Cell": .init(byRunningCode: false, byViews: ["Row"])][$0]! }
    /// // == []
    /// ```
    static func unused(_ views: Set<String>, mentions: (String) -> Mentions) -> Set<String> {
        var known: [String: Bool] = [:]
        var memo: [String: Mentions] = [:]
        func mentionsOf(_ view: String) -> Mentions {
            if let found = memo[view] { return found }
            let found = mentions(view)
            memo[view] = found
            return found
        }
        for view in views.sorted() where known[view] == nil {
            var seen: Set<String> = [view]
            var pending = [view]
            var used = false
            while let next = pending.popLast() {
                if known[next] == true || mentionsOf(next).byRunningCode {
                    used = true
                    break
                }
                for owner in mentionsOf(next).byViews where known[owner] != false && seen.insert(owner).inserted {
                    pending.append(owner)
                }
            }
            // A search that found no running code saw every view that could lead to some: all are unused.
            if used { known[view] = true } else { for name in seen { known[name] = false } }
        }
        return views.filter { known[$0] == false }
    }

    /// Where each view is mentioned, from every linted file's text.
    private struct MentionFinder {
        let inputs: [Linter.SourceInput]
        let threads: Int

        /// Past this many mentions, none of them outside previews, the view counts as used.
        static let mentionsExamined = 64

        /// A view nothing here mentions may be used by code this run does not lint: only a view that
        /// previews mention, and nothing else, is preview code. A name mentioned thousands of times (a
        /// minified file) is decided by its first mentions.
        func mentions(of view: String, trees: inout Trees) -> Mentions {
            let all = offsets(ofWord: view)
            var result = Mentions(byRunningCode: all.count > Self.mentionsExamined, byViews: [])
            var mentioned = false
            for mention in all.prefix(Self.mentionsExamined) where !result.byRunningCode {
                guard let context = trees.enclosingValueType(inFile: mention.file, utf8Offset: mention.offset),
                      !context.isDeclaration, context.name != view else { continue }
                mentioned = true
                guard !context.isPreview else { continue }
                // A mention inside another view counts when that view is used; inside any other type, always.
                if let owner = context.name, trees.enclosingView(inFile: mention.file, utf8Offset: mention.offset) != nil {
                    result.byViews.append(owner)
                } else {
                    result.byRunningCode = true
                }
            }
            if !mentioned { result.byRunningCode = true }
            return result
        }

        private func offsets(ofWord name: String) -> [(file: Int, offset: Int)] {
            let inputs = inputs
            return Parallel.map(count: inputs.count, threads: threads) { file in
                SourcePrefilter.withPrefilter(over: inputs[file].text) { $0.offsets(ofWord: name) }
            }.enumerated().flatMap { file, offsets in offsets.map { (file: file, offset: $0) } }
        }
    }
}
