@testable import MainGuard
import Dispatch
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The stack capture must name the function that is spinning even when the signal lands inside
/// the clock call it spins on: a runtime function without unwind tables, caught in its prologue
/// or at its `ret`, used to hide its caller (1-3 % of captures).
@Suite struct StackCaptureTests {
    @Test func spinningFunctionIsInNearlyEveryCapture() throws {
        // Each platform's sampler: Linux's signal handler, Darwin's suspend-and-walk (CI's macOS job).
        let sampler = try #require(PlatformThreads.stackCapture)
        let spinner = Spinner()
        DispatchQueue.global().async { spinner.run() }
        defer { spinner.stop() }
        let thread = try #require(spinner.waitForThread())
        let symbolicator = Symbolicator()
        let captures = 200
        var found = 0
        var misses: [[String]] = []
        for _ in 0..<captures {
            usleep(1_000)
            let sample = try #require(sampler.capture(thread: thread, timeoutMilliseconds: 200))
            let frames = StallAttribution.userFrames(symbolicator.symbolicate(sample.addresses))
            if frames.contains(where: { $0.contains("spinOnClockUntilStopped") }) { found += 1 } else { misses.append(frames) }
        }
        #expect(found * 100 >= captures * 99, "spinning function missing in \(captures - found) of \(captures) captures: \(misses.prefix(3))")
    }
}

/// Spins on a Dispatch worker thread (where Swift Testing runs main-actor work) until stopped.
private final class Spinner: Sendable {
    private let stopped = AtomicValue(false)
    private let thread = Protected<pthread_t?>(nil)

    func run() {
        thread.withLock { $0 = pthread_self() }
        spinOnClockUntilStopped { stopped.load(ordering: .relaxed) }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    func waitForThread() -> pthread_t? {
        for _ in 0..<5_000 {
            if let handle = thread.withLock({ $0 }) { return handle }
            usleep(1_000)
        }
        return nil
    }
}

/// Most of its time is spent inside `ContinuousClock.now` (runtime and C library code), so most
/// signals land in frames below it, as in a real busy-waiting stall.
/// Takes a closure rather than the flag: a frame whose signature names a MainGuard type reads as
/// MainGuard's own and is left out of the user frames.
@inline(never)
private func spinOnClockUntilStopped(_ isStopped: () -> Bool) {
    var reads = 0
    while !isStopped() {
        _ = ContinuousClock.now
        reads &+= 1
    }
    if reads == -1 { print(reads) }
}
