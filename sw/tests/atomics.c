// Atomics, single-threaded: C11 <stdatomic.h> and the GNU __atomic/__sync
// builtins compile to casa/casxa loops, ldstub (test-and-set), swap and
// membar. One thread is enough to check the value semantics of every
// operation, including a failing compare-and-swap that must report the
// current value, at 8, 16, 32 and 64 bits.
#include "check.h"
#include <inttypes.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

static _Atomic int32_t a32;
static _Atomic int64_t a64;
static _Atomic uint8_t a8;
static _Atomic uint16_t a16;
static atomic_flag flag = ATOMIC_FLAG_INIT;
static volatile unsigned char lockbyte;
static uint32_t plain32;
static uint64_t plain64;

// A spinlock built from test-and-set (ldstub) with acquire/release fences.
static void spin_lock(volatile unsigned char* l) {
    while (__atomic_test_and_set(l, __ATOMIC_ACQUIRE)) {
    }
}
static void spin_unlock(volatile unsigned char* l) {
    __atomic_clear(l, __ATOMIC_RELEASE);
}

// Atomic max via a CAS loop: the classic pattern for operations with no
// dedicated instruction.
static int64_t atomic_max64(_Atomic int64_t* p, int64_t v) {
    int64_t cur = atomic_load_explicit(p, memory_order_relaxed);
    while (cur < v && !atomic_compare_exchange_weak(p, &cur, v)) {
    }
    return cur;
}

int main(void) {
    // fetch_add / fetch_sub / fetch_and / fetch_or / fetch_xor return the old value.
    atomic_store(&a32, 10);
    CHECK(atomic_fetch_add(&a32, 5) == 10 && atomic_load(&a32) == 15);
    CHECK(atomic_fetch_sub(&a32, 20) == 15 && atomic_load(&a32) == -5);
    CHECK(atomic_fetch_and(&a32, 0xff) == -5 && atomic_load(&a32) == 0xfb);
    CHECK(atomic_fetch_or(&a32, 0x100) == 0xfb && atomic_load(&a32) == 0x1fb);
    CHECK(atomic_fetch_xor(&a32, 0x1ff) == 0x1fb && atomic_load(&a32) == 0x004);
    atomic_store(&a64, INT64_MAX);
    CHECK(atomic_fetch_add_explicit(&a64, 1, memory_order_relaxed) == INT64_MAX);
    CHECK(atomic_load(&a64) == INT64_MIN); // atomics wrap, without UB
    printf("after basic ops: a32=%" PRId32 " a64=%" PRId64 "\n", atomic_load(&a32),
           atomic_load(&a64));

    // Compare-and-swap, strong and weak, success and failure.
    int32_t expected = 4;
    CHECK(atomic_compare_exchange_strong(&a32, &expected, 99) && atomic_load(&a32) == 99);
    expected = 5;
    CHECK(!atomic_compare_exchange_strong(&a32, &expected, 7) && expected == 99);
    int64_t e64 = INT64_MIN;
    CHECK(atomic_compare_exchange_strong(&a64, &e64, 0x123456789abcdefLL));
    e64 = 0;
    CHECK(!atomic_compare_exchange_strong(&a64, &e64, 1) && e64 == 0x123456789abcdefLL);
    // 64-bit values that differ only in the upper half must not compare equal.
    atomic_store(&a64, 0x100000005LL);
    e64 = 5;
    CHECK(!atomic_compare_exchange_strong(&a64, &e64, 6) && e64 == 0x100000005LL);

    // Sub-word atomics are emulated with a 32-bit CAS on the containing word.
    atomic_store(&a8, 250);
    CHECK(atomic_fetch_add(&a8, 10) == 250 && atomic_load(&a8) == 4);
    atomic_store(&a16, 0xfff0);
    CHECK(atomic_fetch_add(&a16, 0x20) == 0xfff0 && atomic_load(&a16) == 0x10);
    uint8_t e8 = 4;
    CHECK(atomic_compare_exchange_strong(&a8, &e8, 200) && atomic_load(&a8) == 200);

    // Exchange.
    CHECK(atomic_exchange(&a32, -1) == 99 && atomic_load(&a32) == -1);
    CHECK(atomic_exchange(&a64, 77) == 0x100000005LL);
    CHECK(__atomic_exchange_n(&plain32, 0xdeadbeefu, __ATOMIC_SEQ_CST) == 0);
    CHECK(__atomic_exchange_n(&plain32, 1u, __ATOMIC_ACQ_REL) == 0xdeadbeefu);

    // test_and_set: ldstub.
    CHECK(!atomic_flag_test_and_set(&flag));
    CHECK(atomic_flag_test_and_set(&flag));
    atomic_flag_clear(&flag);
    CHECK(!atomic_flag_test_and_set(&flag));
    spin_lock(&lockbyte);
    CHECK(lockbyte != 0);
    spin_unlock(&lockbyte);
    CHECK(lockbyte == 0);

    // __sync builtins (full barriers) and __atomic op_fetch forms.
    CHECK(__sync_fetch_and_add(&plain64, 5) == 0);
    CHECK(__sync_add_and_fetch(&plain64, 5) == 10);
    CHECK(__sync_val_compare_and_swap(&plain64, 10, 20) == 10 && plain64 == 20);
    CHECK(__sync_bool_compare_and_swap(&plain64, 20, 30) && plain64 == 30);
    CHECK(!__sync_bool_compare_and_swap(&plain64, 20, 40) && plain64 == 30);
    CHECK(__sync_lock_test_and_set(&plain32, 9u) == 1u);
    __sync_lock_release(&plain32);
    CHECK(plain32 == 0);
    CHECK(__atomic_sub_fetch(&plain64, 31, __ATOMIC_SEQ_CST) == (uint64_t)-1);
    CHECK(__atomic_nand_fetch(&plain32, 0xffu, __ATOMIC_SEQ_CST) == 0xffffffffu);
    __sync_synchronize();
    atomic_thread_fence(memory_order_seq_cst);
    atomic_signal_fence(memory_order_seq_cst);

    // CAS loops doing real work: an atomic max and a counter hammered
    // through every memory order.
    atomic_store(&a64, 0);
    uint64_t seed = 99;
    int64_t seen_max = 0;
    for (int i = 0; i < 5000; i++) {
        int64_t v = (int64_t)(lcg_next(&seed) % 1000000);
        atomic_max64(&a64, v);
        if (v > seen_max) seen_max = v;
    }
    printf("atomic max %" PRId64 " (plain %" PRId64 ")\n", atomic_load(&a64), seen_max);
    CHECK(atomic_load(&a64) == seen_max);
    atomic_store(&a32, 0);
    for (int i = 0; i < 20000; i++) {
        switch (i % 4) {
        case 0: atomic_fetch_add_explicit(&a32, 3, memory_order_relaxed); break;
        case 1: atomic_fetch_add_explicit(&a32, 3, memory_order_acquire); break;
        case 2: atomic_fetch_sub_explicit(&a32, 1, memory_order_release); break;
        default: atomic_fetch_add_explicit(&a32, 1, memory_order_seq_cst); break;
        }
    }
    printf("counter %" PRId32 "\n", atomic_load(&a32));
    CHECK(atomic_load(&a32) == 5000 * 6);
    printf("lock free: 8:%d 16:%d 32:%d 64:%d\n", atomic_is_lock_free(&a8),
           atomic_is_lock_free(&a16), atomic_is_lock_free(&a32), atomic_is_lock_free(&a64));
    return check_done();
}
