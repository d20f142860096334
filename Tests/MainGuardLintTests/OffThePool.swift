import Foundation
import Testing

/// Runs a CPU-heavy synchronous test body on a thread of its own instead of the cooperative pool, one
/// such body at a time.
///
/// Swift Testing runs tests in parallel on the cooperative pool, which has one thread per core. A test
/// that lints a folder for seconds holds its pool thread the whole time (it waits for the linter's own
/// worker threads), and two such tests hold both threads of a two-core machine. The runtime's timing
/// tests run in the same process: their `Task.sleep` wake-ups and watched main-actor jobs then wait for
/// a pool thread, and a watch that should settle in milliseconds times out after 10 s (the flake of
/// `scrollingWithCachedFormattersKeepsUpWithTheDisplay`). The bodies share one thread, so they also run
/// one after another: given a thread each, eight seeds of `EditRunTests` linted at once, sixteen worker
/// threads on two cores, and the timing tests missed their frames instead. Two threads between them cut
/// the Swift Testing run from 95 s to 80 s, but a fresh-clone run then needed a rerun of
/// `theTimeoutCountsFromTheTestsReturn` (a 30 ms main-actor job past its 200 ms settle timeout beside
/// four lint workers on two cores), so they keep one. The body still runs in the
/// test's own task, through a task executor preference, so `#expect` and `#require` report against the
/// test as usual.
///
///     @Test func bigLint() async throws {
///         try await offThePool { let result = try lintTheFixture(); #expect(result.isEmpty) }
///     }
///
/// Before macOS 15 and iOS 18, which have no task executors, the body runs where it is called.
func offThePool<T: Sendable>(_ body: @Sendable () throws -> T) async throws -> T {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) { try body() }
    }
    return try body()
}

/// A task executor with one thread: jobs run there one at a time, in order.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {   // `jobs` is guarded by `condition`
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// The one thread `offThePool` bodies share, for the life of the test process.
    static let shared = DedicatedThreadExecutor()

    private init() {
        let thread = Thread { [self] in drain() }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Set in the thread's dictionary, so a test can tell its body ran here.
    static let marker = "mainguard-tests.off-the-pool"

    private func drain() {
        Thread.current.threadDictionary[Self.marker] = true
        while true {
            next().runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func next() -> UnownedJob {
        condition.withLock {
            while jobs.isEmpty { condition.wait() }
            return jobs.removeFirst()
        }
    }
}

@Suite struct OffThePoolTests {
    @Test func theBodyRunsOnItsOwnThreadAndItsExpectationsBelongToTheTest() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let onItsThread = try await offThePool { Thread.current.threadDictionary[DedicatedThreadExecutor.marker] as? Bool }
        #expect(onItsThread == true)
        await withKnownIssue("an expectation in the body is recorded against this test") {
            try await offThePool { #expect(Bool(false)) }
        }
    }
}
