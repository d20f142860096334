#include "CMainGuardAtomics.h"
#include <stdatomic.h>

// The words are plain uint64_t in Swift-allocated memory; an _Atomic(uint64_t) has the same size and
// alignment on every platform MainGuard supports (it is lock-free there), so the cast is sound.
#define WORD(word) ((_Atomic(uint64_t) *)(word))

uint64_t mainguard_atomic_load(const uint64_t *word, int order) {
    return atomic_load_explicit(WORD(word), (memory_order)order);
}

void mainguard_atomic_store(uint64_t *word, uint64_t value, int order) {
    atomic_store_explicit(WORD(word), value, (memory_order)order);
}

uint64_t mainguard_atomic_exchange(uint64_t *word, uint64_t value, int order) {
    return atomic_exchange_explicit(WORD(word), value, (memory_order)order);
}

uint64_t mainguard_atomic_fetch_add(uint64_t *word, uint64_t value, int order) {
    return atomic_fetch_add_explicit(WORD(word), value, (memory_order)order);
}

bool mainguard_atomic_compare_exchange(uint64_t *word, uint64_t *expected, uint64_t desired, int order) {
    // A failed exchange only loads: release orders are not valid for the failure case.
    memory_order failure = order == memory_order_acq_rel ? memory_order_acquire
                         : order == memory_order_release ? memory_order_relaxed : (memory_order)order;
    return atomic_compare_exchange_strong_explicit(WORD(word), expected, desired, (memory_order)order, failure);
}
