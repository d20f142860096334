import Dispatch
@testable import MainGuard
import XCTest

final class PriorityGlobalExecutorTests: XCTestCase {
    /// On a busy pool, `.background` work waits until every `.userInitiated` job has run. One of the
    /// two workers stays blocked so the other runs the queue one job at a time: the order observed is
    /// the order the pool chose, independent of timing.
    func testBackgroundYieldsToUserInitiatedOnABusyPool() async {
        let pool = PriorityGlobalExecutor(threadCount: 2, tracker: TaskOriginTracker(), recorder: MainActorRecorder())
        let started = DispatchSemaphore(value: 0)
        let gates = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let blockers = [gates.0, gates.1].map { gate in
            Task.detached(executorPreference: pool) { started.signal(); gate.wait() }
        }
        started.wait()
        started.wait()
        let order = Box<[TaskPriority]>([])
        var work: [Task<Void, Never>] = []
        for _ in 0..<4 {
            work.append(Task.detached(executorPreference: pool, priority: .background) { order.value.append(.background) })
            work.append(Task.detached(executorPreference: pool, priority: .utility) { order.value.append(.utility) })
            work.append(Task.detached(executorPreference: pool, priority: .userInitiated) { order.value.append(.userInitiated) })
        }
        gates.0.signal()
        for task in work { await task.value }
        gates.1.signal()
        for blocker in blockers { await blocker.value }
        XCTAssertEqual(order.value, Array(repeating: .userInitiated, count: 4) + Array(repeating: .utility, count: 4)
                       + Array(repeating: .background, count: 4))
    }

    /// As many `.userInitiated` tasks as the pool has threads poll a flag with `Task.yield()`; a
    /// `.background` task sets it. Without aging the background job never gets a thread (the
    /// pollers give up after 5 s here; a real workload hangs); with it, it runs within milliseconds.
    func testYieldPollingAtHighPriorityDoesNotStarveTheBackgroundTaskItWaitsFor() async {
        let pool = PriorityGlobalExecutor(threadCount: 2, tracker: TaskOriginTracker(), recorder: MainActorRecorder())
        let flag = StopFlag()
        let started = DispatchSemaphore(value: 0)
        let giveUp = ContinuousClock.now + .seconds(5)
        let pollers = (0..<pool.threadCount).map { _ in
            Task.detached(executorPreference: pool, priority: .userInitiated) { () -> Bool in
                started.signal()
                while !flag.isSet {
                    guard ContinuousClock.now < giveUp else { return false }
                    await Task.yield()
                }
                return true
            }
        }
        for _ in pollers { started.wait() }
        let setter = Task.detached(executorPreference: pool, priority: .background) { flag.set() }
        var sawFlag: [Bool] = []
        for poller in pollers { sawFlag.append(await poller.value) }
        await setter.value
        XCTAssertEqual(sawFlag, Array(repeating: true, count: pool.threadCount), "the .background job was starved")
    }

    /// Aging: a job passed over for longer than the aging limit takes every fourth pick; younger
    /// ones wait for strict priority order.
    func testAgedJobTakesEveryFourthPickAndYoungJobsKeepPriorityOrder() {
        let limit = PriorityFIFO<String>.agingNanoseconds
        var queue = PriorityFIFO<String>()
        for index in 1...6 { queue.push("high\(index)", priority: 25, at: limit) }
        queue.push("old-low", priority: 9, at: 0)
        queue.push("young-low", priority: 9, at: limit)
        let now = limit + 1
        XCTAssertEqual((0..<8).compactMap { _ in queue.popNext(now: { now }) },
                       ["high1", "high2", "high3", "old-low", "high4", "high5", "high6", "young-low"])

        var young = PriorityFIFO<String>()
        young.push("low", priority: 9, at: limit)
        for index in 1...5 { young.push("high\(index)", priority: 25, at: limit) }
        XCTAssertEqual((0..<6).compactMap { _ in young.popNext(now: { 2 * limit - 1 }) },
                       ["high1", "high2", "high3", "high4", "high5", "low"])
    }

    func testPriorityQueueIsFIFOWithinAPriority() {
        var queue = PriorityFIFO<Int>()
        for (value, priority) in [(1, 9), (2, 25), (3, 9), (4, 25), (5, 21)] { queue.push(value, priority: UInt8(priority)) }
        XCTAssertEqual((0..<5).compactMap { _ in queue.popHighest() }, [2, 4, 5, 1, 3])
        XCTAssertNil(queue.popHighest())
        XCTAssertTrue(queue.isEmpty)
    }

    func testDeadlineHeapReleasesOnlyDueJobsInDeadlineOrder() {
        var heap = DeadlineHeap<String>()
        heap.push("late", deadline: 300)
        heap.push("early", deadline: 100)
        heap.push("middle", deadline: 200)
        heap.push("middle-second", deadline: 200)
        XCTAssertNil(heap.popDue(now: 50))
        XCTAssertEqual(heap.popDue(now: 250), "early")
        XCTAssertEqual(heap.popDue(now: 250), "middle")
        XCTAssertEqual(heap.popDue(now: 250), "middle-second")
        XCTAssertNil(heap.popDue(now: 250))
        XCTAssertEqual(heap.earliestDeadline, 300)
    }
}
