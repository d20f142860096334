import CMainGuardAtomics

/// A value read and written atomically, for the handful of flags and counters the executors and the
/// watchdog share without a lock.
///
/// Swift's own `Atomic` (the Synchronization module) needs macOS 15 / iOS 18, above the platforms
/// this package declares, so MainGuard keeps its own: one 64-bit word of C11 atomics
/// (`CMainGuardAtomics`), spelled like `Atomic` so call sites read the same. The word lives at a
/// stable heap address, which atomics require and a class's stored property does not promise.
final class AtomicValue<Value: AtomicWord>: @unchecked Sendable {
    // @unchecked: the word is only ever accessed through the C11 atomic functions.
    private let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    init(_ value: Value) {
        word.initialize(to: value.atomicWord)
    }

    deinit {
        word.deallocate()
    }

    @inline(__always)
    func load(ordering: AtomicOrdering) -> Value {
        Value(atomicWord: mainguard_atomic_load(word, ordering.rawValue))
    }

    @inline(__always)
    func store(_ value: Value, ordering: AtomicOrdering) {
        mainguard_atomic_store(word, value.atomicWord, ordering.rawValue)
    }

    /// Stores `value` and returns the value it replaced.
    @inline(__always)
    func exchange(_ value: Value, ordering: AtomicOrdering) -> Value {
        Value(atomicWord: mainguard_atomic_exchange(word, value.atomicWord, ordering.rawValue))
    }

    /// Stores `desired` if the value is `expected`; returns whether it did and the value it found.
    @inline(__always)
    func compareExchange(expected: Value, desired: Value,
                         ordering: AtomicOrdering) -> (exchanged: Bool, original: Value) {
        var found = expected.atomicWord
        let exchanged = mainguard_atomic_compare_exchange(word, &found, desired.atomicWord, ordering.rawValue)
        return (exchanged, Value(atomicWord: found))
    }
}

extension AtomicValue where Value: FixedWidthInteger {
    /// Adds with wrapping arithmetic, like `Atomic.add`.
    @inline(__always) @discardableResult
    func add(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value(atomicWord: mainguard_atomic_fetch_add(word, operand.atomicWord, ordering.rawValue))
        return (old, old &+ operand)
    }

    @inline(__always) @discardableResult
    func subtract(_ operand: Value, ordering: AtomicOrdering) -> (oldValue: Value, newValue: Value) {
        add(0 &- operand, ordering: ordering)
    }
}

/// C11 memory orders, named as Synchronization names them.
enum AtomicOrdering: Int32 {
    case relaxed = 0              // memory_order_relaxed
    case acquiring = 2            // memory_order_acquire
    case releasing = 3            // memory_order_release
    case acquiringAndReleasing = 4
    case sequentiallyConsistent = 5
}

/// A value that fits in one 64-bit word (integers are sign- or zero-extended and truncated back).
protocol AtomicWord {
    init(atomicWord: UInt64)
    var atomicWord: UInt64 { get }
}

extension AtomicWord where Self: FixedWidthInteger {
    init(atomicWord: UInt64) { self.init(truncatingIfNeeded: atomicWord) }
    var atomicWord: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension Int: AtomicWord {}
extension UInt: AtomicWord {}
extension Int32: AtomicWord {}
extension UInt8: AtomicWord {}
extension UInt64: AtomicWord {}

extension Bool: AtomicWord {
    init(atomicWord: UInt64) { self = atomicWord != 0 }
    var atomicWord: UInt64 { self ? 1 : 0 }
}
