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
func capturingFailures<T>(environment: [String: String] = [:],
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

/// Blocks the calling thread without using CPU: what a semaphore wait or synchronous I/O does.
func usleepMilliseconds(_ milliseconds: Double) {
    usleep(UInt32(milliseconds * 1000))
}
