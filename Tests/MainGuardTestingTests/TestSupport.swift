@testable import MainGuardTesting

/// The failures an assertion recorded while `body` ran, captured instead of failing the suite.
/// The budget scale is pinned to 1 unless `environment` says otherwise, so a `MAINGUARD_BUDGET_SCALE`
/// set on the machine running these tests cannot change what they check.
func capturingFailures<T>(environment: [String: String] = [:], _ body: () throws -> T) rethrows -> (T, [String]) {
    let sink = FailureSink()
    let value = try BudgetScale.$environmentOverride.withValue(environment) {
        try FailureReporter.$sink.withValue(sink, operation: body)
    }
    return (value, sink.recorded.map(\.message))
}

/// Async flavour of ``capturingFailures(environment:_:)``.
func capturingFailures<T>(environment: [String: String] = [:], isolation: isolated (any Actor)? = #isolation,
                          _ body: () async throws -> T) async rethrows -> (T, [String]) {
    let sink = FailureSink()
    let value = try await BudgetScale.$environmentOverride.withValue(environment) {
        try await FailureReporter.$sink.withValue(sink, operation: body)
    }
    return (value, sink.recorded.map(\.message))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocks the calling thread until `milliseconds` have passed, without using CPU: what a semaphore
/// wait or synchronous I/O does. Sleeps again when a signal cuts a sleep short (the watchdog
/// signals the main thread to capture its stack).
func usleepMilliseconds(_ milliseconds: Double) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .microseconds(Int64(milliseconds * 1000)))
    while clock.now < deadline {
        let left = clock.now.duration(to: deadline)
        usleep(UInt32(min(left.milliseconds * 1000, 500_000)))
    }
}

/// Runs a check that must pass up to `attempts` times, and returns the first attempt that recorded
/// no failure (or the last one). On a machine whose cores are shared with other processes, one
/// measurement can be pushed over budget while the code itself fits; every attempt still has to
/// measure within budget to count, so a broken assertion fails all of them. (Checks that must
/// fail need no retry: a 20 ms body never measures under 5 ms.)
func firstPassingAttempt<T>(attempts: Int = 10, _ attempt: () -> (T, [String])) -> (T, [String]) {
    var outcome = attempt()
    for _ in 1..<attempts where !outcome.1.isEmpty {
        outcome = attempt()
    }
    return outcome
}

/// `true` when the tests run under ThreadSanitizer (`swift test --sanitize=thread`). TSan delays a
/// signal to a thread until that thread enters the runtime, so the watchdog may not capture the
/// stack of a main thread that only computes; the stall is still measured and reported.
let isThreadSanitizerActive = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
