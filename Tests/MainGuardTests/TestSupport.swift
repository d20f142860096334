import Dispatch
import Foundation
import MainGuard

/// Busy work for exactly `milliseconds` of wall time, in a named function the attribution must find.
@inline(never)
func spinForTest(milliseconds: Double) {
    let end = ContinuousClock.now.advanced(by: .microseconds(Int64(milliseconds * 1000)))
    var sink = 0
    while ContinuousClock.now < end { sink &+= 1 }
    if sink == -1 { print(sink) }
}

/// Computes on the calling thread until it has used `milliseconds` of CPU time, however long that
/// takes on a busy machine.
@inline(never)
func spinCPUForTest(milliseconds: Double) {
    func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    let end = cpuNanoseconds() + UInt64(milliseconds * 1_000_000)
    var sink = 0
    while cpuNanoseconds() < end { for step in 0..<1_000 { sink &+= step } }
    if sink == -1 { print(sink) }
}

/// A flag one thread sets and others poll.
final class StopFlag: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stopped = false
    var isSet: Bool { lock.withLock { stopped } }
    func set() { lock.withLock { stopped = true } }
}

/// Blocks the calling thread for `milliseconds` without using the CPU (a futex wait, which the
/// watchdog's stack-capture signal does not cut short).
@inline(never)
func blockForTest(milliseconds: Int) {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(milliseconds))
}

/// A value shared between a workload and the test that ran it.
final class Box<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

struct ExpectedFailure: Error, CustomStringConvertible {
    var description: String { "the document could not be parsed" }
}
