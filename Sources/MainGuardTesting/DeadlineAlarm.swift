import Dispatch
import Foundation

/// Runs an action once, `after` from now, on a thread of its own, unless cancelled first: how a
/// watched window ends at its timeout even when the task that waits for it cannot run.
///
/// A task's every step needs one of the global executor's threads, and synchronous work elsewhere
/// in the process (the other tests of a parallel run) can hold all of them for many seconds: two,
/// on a two-core machine. A window whose timeout were only noticed by its waiting task would then
/// last as long as that, and report the stall that made it time out as long over. The alarm's
/// timer fires on a serial queue made with a label, which Dispatch gives a thread even while the
/// global queues' threads are all busy (on Linux the global executor's jobs run on those).
///
/// ```swift
/// let alarm = DeadlineAlarm(after: .seconds(1)) { session.stop(note: "timed out") }
/// // … wait …
/// let wentOff = !alarm.cancel()
/// ```
final class DeadlineAlarm: @unchecked Sendable {
    // @unchecked: `state` is only touched while `lock` is held; `timer` is immutable.
    private enum State { case armed, wentOff, cancelled }
    private let lock = NSLock()
    private var state = State.armed
    private let timer: DispatchSourceTimer

    init(after delay: Duration, action: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "MainGuard.deadline", qos: .userInitiated))
        let nanoseconds = max(0, Int(delay / .nanoseconds(1)))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds))
        // The action runs under the lock, so `cancel` returns only once it is done: a caller that
        // finds the alarm gone off sees its effect.
        timer.setEventHandler { [self] in
            lock.withLock {
                guard state == .armed else { return }
                state = .wentOff
                action()
            }
        }
        timer.resume()
    }

    /// Disarms the alarm. Returns `false` when it went off first; its action has then run.
    @discardableResult
    func cancel() -> Bool {
        let disarmed = lock.withLock { () -> Bool in
            guard state == .armed else { return state == .cancelled }
            state = .cancelled
            return true
        }
        timer.cancel()
        return disarmed
    }

    deinit { timer.cancel() }
}
