import Foundation

/// Lets one measurement of the main thread run at a time.
///
/// A process has one main thread, and Swift Testing runs tests in parallel: while one test watches
/// the main actor, another test's main-actor work would show up as a stall in the first one's
/// window. ``assertNoHang(_:settle:timeout:_:fileID:filePath:line:column:_:)`` therefore holds this
/// gate while it watches, and the ``MainThreadExclusiveTrait`` and ``MainThreadBudgetTrait`` traits hold
/// it for a whole test.
/// Waiting is asynchronous (no thread is blocked), first come first served.
///
/// This is MainGuardTesting's one piece of process-wide state, global for the same reason the
/// executor installation is: there is one main thread to share.
final class MainThreadGate: @unchecked Sendable {
    // @unchecked: `state` is only touched while `lock` is held. An `NSLock` (a pthread mutex)
    // rather than `Synchronization.Mutex`, whose futex is invisible to ThreadSanitizer.
    static let shared = MainThreadGate()

    /// Set while the current task (and its children) hold the gate, so a nested request passes through.
    @TaskLocal static var isHeld = false

    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var enclosingWindow: WatchedWindow?
    }

    private let lock = NSLock()
    private var state = State()

    /// Runs `body` while holding the gate; waits for the current holder first.
    func withExclusiveAccess<T>(isolation: isolated (any Actor)? = #isolation,
                                _ body: () async throws -> T) async rethrows -> T {
        if Self.isHeld { return try await body() }
        await acquire()
        defer { release() }
        return try await Self.$isHeld.withValue(true, operation: body)
    }

    /// The whole-test watch running now (the `.mainThreadBudget` trait, XCTest's
    /// `watchMainThreadBudget`), which an `assertNoHang` inside that test judges its stretch from:
    /// part of who has the main thread, so it lives here.
    var enclosingWindow: WatchedWindow? { lock.withLock { state.enclosingWindow } }

    func publish(_ window: WatchedWindow) {
        lock.withLock { state.enclosingWindow = window }
    }

    func withdraw(_ window: WatchedWindow) {
        lock.withLock { if state.enclosingWindow === window { state.enclosingWindow = nil } }
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired: Bool = lock.withLock {
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
