@testable import MainGuardLint
import XCTest

/// Which views only previews reach, asked in every order: Swift seeds `Set` order per process, so an
/// answer that depended on it changed between runs (round AC: a caller counted in one run, not the next).
final class PreviewOnlyViewsTests: XCTestCase {
    private typealias Mentions = PreviewOnlyViews.Mentions

    /// `unused` for the views asked one at a time in `order`, each answer from a fresh search.
    private func unusedAskedInEveryOrder(_ graph: [String: Mentions]) -> [Set<String>] {
        permutations(of: graph.keys.sorted()).map { order in
            var answer: Set<String> = []
            var asked: Set<String> = []
            for view in order {
                asked.insert(view)
                answer = PreviewOnlyViews.unused(asked) { graph[$0]! }
            }
            return answer
        }
    }

    private func permutations(of items: [String]) -> [[String]] {
        guard let first = items.first else { return [[]] }
        return permutations(of: Array(items.dropFirst())).flatMap { rest in
            (0...rest.count).map { index in var order = rest; order.insert(first, at: index); return order }
        }
    }

    func testViewsInACycleThatRunningCodeEntersAreUsedWhateverTheOrder() {
        // Screen (running code) shows Row; Row shows Badge; Badge links back to Row.
        let graph: [String: Mentions] = [
            "Row": Mentions(byRunningCode: true, byViews: ["Badge"]),
            "Badge": Mentions(byRunningCode: false, byViews: ["Row"]),
        ]
        for answer in unusedAskedInEveryOrder(graph) { XCTAssertEqual(answer, []) }
        XCTAssertEqual(PreviewOnlyViews.unused(["Badge", "Row"]) { graph[$0]! }, [])
    }

    func testACycleNothingRunningEntersIsUnused() {
        let graph: [String: Mentions] = [
            "Grid": Mentions(byRunningCode: false, byViews: ["Canvas"]),
            "Canvas": Mentions(byRunningCode: false, byViews: ["Grid"]),
            "Used": Mentions(byRunningCode: true, byViews: []),
        ]
        for answer in unusedAskedInEveryOrder(graph) { XCTAssertEqual(answer, ["Grid", "Canvas"]) }
    }

    func testAChainThroughUsedAndUnusedViews() {
        // Leaf is shown by Preview-only Card and by Page, which Home (running code) shows through List.
        let graph: [String: Mentions] = [
            "Leaf": Mentions(byRunningCode: false, byViews: ["Card", "Page"]),
            "Card": Mentions(byRunningCode: false, byViews: []),
            "Page": Mentions(byRunningCode: false, byViews: ["List"]),
            "List": Mentions(byRunningCode: true, byViews: ["Page"]),
        ]
        for answer in unusedAskedInEveryOrder(graph) { XCTAssertEqual(answer, ["Card"]) }
    }
}
