import Testing

/// A Swift Testing trait that gives each test it applies to the main thread to itself: no other
/// test with this trait, and no `assertNoHang` of another test, runs at the same time.
///
/// Swift Testing runs tests in parallel, but a process has one main thread. Main-actor work of one
/// test (a hang it provokes on purpose, a long `assertMainThreadBudget`) lands in the window another
/// test's `assertNoHang` is watching. `assertNoHang` already waits for other `assertNoHang`s; add
/// this trait to tests that put heavy work on the main actor in other ways, or to whole suites
/// (it applies to each of their tests). XCTest runs tests one after another and needs nothing.
///
/// ```swift
/// @Suite(.mainThreadExclusive) struct ScrollingTests {
///     @Test @MainActor func configuringACellFitsAFrame() {
///         assertMainThreadBudget(.frame(hz: 120)) { cell.configure(with: .sample) }
///     }
/// }
/// ```
public struct MainThreadExclusiveTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Each test case holds the main thread on its own; a suite does not hold it around its tests
    /// (that would let the suite's tests run in parallel with one another inside it).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        try await MainThreadGate.shared.withExclusiveAccess(function)
    }
}

extension Trait where Self == MainThreadExclusiveTrait {
    /// The test has the main thread to itself: see ``MainThreadExclusiveTrait``.
    public static var mainThreadExclusive: Self { MainThreadExclusiveTrait() }
}
