#ifndef CMAINGUARD_ATOMICS_H
#define CMAINGUARD_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

// C11 atomics on one 64-bit word, for MainGuard's runtime (Sources/MainGuard/Runtime/AtomicValue.swift).
// Swift's own `Atomic` (Synchronization) needs macOS 15 / iOS 18; these need only a C11 compiler,
// which every supported toolchain has. `order` is a C11 `memory_order` value. Defined out of line in
// Atomics.c so that sanitizer builds instrument them like the rest of the package.

uint64_t mainguard_atomic_load(const uint64_t *word, int order);
void mainguard_atomic_store(uint64_t *word, uint64_t value, int order);
uint64_t mainguard_atomic_exchange(uint64_t *word, uint64_t value, int order);
uint64_t mainguard_atomic_fetch_add(uint64_t *word, uint64_t value, int order);
bool mainguard_atomic_compare_exchange(uint64_t *word, uint64_t *expected, uint64_t desired, int order);

#endif
