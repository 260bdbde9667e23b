// Atomics across threads (casa/casxa, ldstub, swap, membar under real
// contention): C11 fetch_add/sub/or/and, sub-word atomics sharing one
// 32-bit word (the CAS loop must not clobber the neighbours), CAS loops
// (atomic max, increment, multiply), __sync builtins, exchange (token
// conservation), a test-and-set spinlock and a __sync_lock spinlock, a
// ticket lock, Peterson's lock on seq_cst accesses and message passing
// with release/acquire fences, both between thread pairs, and a lock-free
// stack with a tagged head (no ABA) whose nodes are popped, changed and
// pushed back by every thread.
//
// Usage: mt_atomics [threads], default 4. Totals printed depend on the
// thread count only. Spin loops back off to short sleeps (mt_backoff), so a
// thread that waits for one that is not running gives its CPU up.
#include "check.h"
#include "mt_common.h"
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

enum { kOps = 500, kLockOps = 100, kPingPong = 100, kStackOps = 200, kNodes = 2 * MT_MAX_THREADS };

static int nthreads;
static pthread_barrier_t start;

// Read-modify-write operations.
static _Atomic uint64_t add64;
static _Atomic int32_t sub32;
static _Atomic uint64_t or_mask, and_mask;
static struct {
    _Atomic uint8_t a8, b8; // three counters in one aligned 32-bit word
    _Atomic uint16_t c16;
} __attribute__((aligned(4))) small;
static _Atomic uint64_t max64, cas_count;
static uint64_t sync_add, sync_mul = 1; // only touched through __sync builtins

// exchange: tokens are passed around, never created or lost.
static _Atomic uint64_t token_slot;
static _Atomic uint64_t tokens_taken; // sum of every value exchange returned

// Locks guarding plain, non-atomic counters.
static atomic_flag tas = ATOMIC_FLAG_INIT;
static long tas_counter;
static int sync_lock;
static long sync_lock_counter;
static _Atomic unsigned ticket_next, ticket_serving;
static long ticket_counter, ticket_order_bad;

// Pairs of threads (2k, 2k + 1): Peterson's lock and fence message passing.
struct pair {
    _Atomic int flag[2];
    _Atomic int turn;
    long counter;
    uint64_t data; // plain: published by the fences below
    _Atomic unsigned sent, acked;
    long mp_bad;
} __attribute__((aligned(64)));
static struct pair pairs[MT_MAX_THREADS / 2];

// A Treiber stack of pool indices; the head packs (tag << 32 | index + 1)
// so a pop that raced with a pop-push of the same node fails its CAS.
static struct {
    _Atomic uint32_t next; // index + 1, 0 ends the list
    uint64_t value;        // owned by whoever popped the node
} nodes[kNodes];
static _Atomic uint64_t stack_head;

static void push(uint32_t i) {
    uint64_t old = atomic_load_explicit(&stack_head, memory_order_relaxed);
    uint64_t new;
    do {
        atomic_store_explicit(&nodes[i].next, (uint32_t)old, memory_order_relaxed);
        new = ((old >> 32) + 1) << 32 | (i + 1);
    } while (!atomic_compare_exchange_weak_explicit(&stack_head, &old, new, memory_order_release,
                                                    memory_order_relaxed));
}

// Returns the index of the popped node, or -1 when the stack is empty.
static int pop(void) {
    uint64_t old = atomic_load_explicit(&stack_head, memory_order_acquire);
    for (;;) {
        uint32_t top = (uint32_t)old;
        if (top == 0) return -1;
        uint32_t next = atomic_load_explicit(&nodes[top - 1].next, memory_order_relaxed);
        uint64_t new = ((old >> 32) + 1) << 32 | next;
        if (atomic_compare_exchange_weak_explicit(&stack_head, &old, new, memory_order_acquire,
                                                  memory_order_acquire))
            return (int)top - 1;
    }
}

static void tas_lock(void) {
    unsigned spins = 0;
    while (atomic_flag_test_and_set_explicit(&tas, memory_order_acquire))
        mt_backoff(&spins);
}
static void tas_unlock(void) {
    atomic_flag_clear_explicit(&tas, memory_order_release);
}

static void* worker(void* arg) {
    int id = (int)(intptr_t)arg;
    uint64_t bit = 1ULL << id;
    pthread_barrier_wait(&start); // all threads contend from the start

    for (int i = 0; i < kOps; i++) {
        atomic_fetch_add(&add64, (uint64_t)id + 1);
        atomic_fetch_sub_explicit(&sub32, 3, memory_order_relaxed);
        atomic_fetch_add(&small.a8, 1);
        atomic_fetch_sub(&small.b8, 1);
        atomic_fetch_add_explicit(&small.c16, 7, memory_order_relaxed);
        __sync_fetch_and_add(&sync_add, 5);
        // A CAS loop for an operation with no instruction: maximum.
        uint64_t v = mt_mix((uint64_t)id * kOps + (uint64_t)i);
        uint64_t cur = atomic_load_explicit(&max64, memory_order_relaxed);
        while (cur < v && !atomic_compare_exchange_weak(&max64, &cur, v)) {
        }
        // Increment by CAS, the way lock-free counters are written.
        cur = atomic_load_explicit(&cas_count, memory_order_relaxed);
        while (!atomic_compare_exchange_weak(&cas_count, &cur, cur + 1)) {
        }
        // Multiply by 3 with __sync_val_compare_and_swap: every op is the same,
        // so the result does not depend on their order.
        uint64_t seen = sync_mul, prev;
        while ((prev = __sync_val_compare_and_swap(&sync_mul, seen, seen * 3)) != seen)
            seen = prev;
        uint64_t mine = (uint64_t)id << 32 | (uint64_t)(i + 1);
        atomic_fetch_add(&tokens_taken, atomic_exchange(&token_slot, mine));
    }
    atomic_fetch_or(&or_mask, bit);
    atomic_fetch_and(&and_mask, ~bit);

    for (int i = 0; i < kLockOps; i++) {
        tas_lock();
        tas_counter++;
        tas_unlock();

        unsigned spins = 0;
        while (__sync_lock_test_and_set(&sync_lock, 1))
            mt_backoff(&spins);
        sync_lock_counter += 2;
        __sync_lock_release(&sync_lock);

        unsigned my = atomic_fetch_add_explicit(&ticket_next, 1, memory_order_relaxed);
        spins = 0;
        while (atomic_load_explicit(&ticket_serving, memory_order_acquire) != my)
            mt_backoff(&spins);
        if (ticket_counter != (long)my) // tickets are served strictly in order
            ticket_order_bad++;
        ticket_counter++;
        atomic_store_explicit(&ticket_serving, my + 1, memory_order_release);
    }

    if (id / 2 < nthreads / 2) { // in a complete pair
        struct pair* p = &pairs[id / 2];
        int me = id % 2, other = 1 - me;
        for (int i = 0; i < kLockOps; i++) {
            atomic_store(&p->flag[me], 1);
            atomic_store(&p->turn, other);
            unsigned spins = 0;
            while (atomic_load(&p->flag[other]) && atomic_load(&p->turn) == other)
                mt_backoff(&spins);
            p->counter++;
            atomic_store(&p->flag[me], 0);
        }
        // Ping-pong: the sender's data store is ordered before its flag by a
        // release fence, the receiver's data load after its flag by an acquire fence.
        for (unsigned i = 1; i <= kPingPong; i++) {
            if (me == 0) {
                p->data = mt_mix(i);
                atomic_thread_fence(memory_order_release);
                atomic_store_explicit(&p->sent, i, memory_order_relaxed);
                unsigned spins = 0;
                while (atomic_load_explicit(&p->acked, memory_order_relaxed) != i)
                    mt_backoff(&spins);
                atomic_thread_fence(memory_order_acquire);
                if (p->data != mt_mix(i) + 1) p->mp_bad++;
            } else {
                unsigned spins = 0;
                while (atomic_load_explicit(&p->sent, memory_order_relaxed) != i)
                    mt_backoff(&spins);
                atomic_thread_fence(memory_order_acquire);
                if (p->data != mt_mix(i)) p->mp_bad++;
                p->data++;
                atomic_thread_fence(memory_order_seq_cst); // membar #StoreLoad as well
                atomic_store_explicit(&p->acked, i, memory_order_relaxed);
            }
        }
    }

    for (int i = 0; i < kStackOps; i++) {
        int n;
        unsigned spins = 0;
        while ((n = pop()) < 0) // cannot stay empty: there are more nodes than threads
            mt_backoff(&spins);
        nodes[n].value += (uint64_t)id + 1;
        push((uint32_t)n);
    }
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    printf("threads %d\n", nthreads);
    uint64_t n = (uint64_t)nthreads;
    uint64_t all_bits = n == 64 ? ~0ULL : (1ULL << n) - 1;

    atomic_store(&and_mask, all_bits);
    atomic_store(&small.b8, 200);
    for (uint32_t i = 0; i < kNodes; i++) {
        nodes[i].value = i;
        push(i);
    }
    CHECK(pthread_barrier_init(&start, NULL, (unsigned)nthreads) == 0);
    pthread_t t[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_create(&t[i], NULL, worker, (void*)(intptr_t)i) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_join(t[i], NULL) == 0);

    uint64_t ops = n * kOps;
    printf("fetch_add64 %" PRIu64 " fetch_sub32 %" PRId32 " or %016" PRIx64 " and %016" PRIx64 "\n",
           atomic_load(&add64), atomic_load(&sub32), atomic_load(&or_mask), atomic_load(&and_mask));
    CHECK(atomic_load(&add64) == kOps * n * (n + 1) / 2);
    CHECK(atomic_load(&sub32) == -3 * (int32_t)ops);
    CHECK(atomic_load(&or_mask) == all_bits && atomic_load(&and_mask) == 0);

    printf("sub-word: u8 %u u8 %u u16 %u\n", atomic_load(&small.a8), atomic_load(&small.b8),
           atomic_load(&small.c16));
    CHECK(atomic_load(&small.a8) == (uint8_t)ops);
    CHECK(atomic_load(&small.b8) == (uint8_t)(200 - ops));
    CHECK(atomic_load(&small.c16) == (uint16_t)(7 * ops));

    uint64_t want_max = 0, want_mul = 1;
    for (uint64_t i = 0; i < ops; i++) {
        uint64_t v = mt_mix(i);
        want_max = v > want_max ? v : want_max;
        want_mul *= 3;
    }
    printf("cas: max %016" PRIx64 " count %" PRIu64 " mul %016" PRIx64 " __sync add %" PRIu64 "\n",
           atomic_load(&max64), atomic_load(&cas_count), sync_mul, sync_add);
    CHECK(atomic_load(&max64) == want_max && atomic_load(&cas_count) == ops);
    CHECK(sync_mul == want_mul && sync_add == 5 * ops);

    // Every token is either still in the slot or was returned to exactly one
    // exchange, which added it to tokens_taken (the first returned the 0).
    uint64_t all_tokens = 0;
    for (uint64_t id = 0; id < n; id++)
        all_tokens += kOps * (id << 32) + (uint64_t)kOps * (kOps + 1) / 2;
    int conserved = atomic_load(&tokens_taken) + atomic_load(&token_slot) == all_tokens;
    printf("exchange: tokens conserved: %s\n", conserved ? "yes" : "no");
    CHECK(conserved);

    printf("locks: test-and-set %ld __sync_lock %ld ticket %ld (in order: %s)\n", tas_counter,
           sync_lock_counter, ticket_counter, ticket_order_bad == 0 ? "yes" : "no");
    CHECK(tas_counter == (long)n * kLockOps && sync_lock_counter == 2 * (long)n * kLockOps);
    CHECK(ticket_counter == (long)n * kLockOps && ticket_order_bad == 0);

    long peterson = 0, mp_bad = 0;
    for (int i = 0; i < nthreads / 2; i++) {
        peterson += pairs[i].counter;
        mp_bad += pairs[i].mp_bad;
    }
    printf("pairs %d: peterson %ld (expected %ld), message passing errors %ld\n", nthreads / 2,
           peterson, (long)(nthreads / 2) * 2 * kLockOps, mp_bad);
    CHECK(peterson == (long)(nthreads / 2) * 2 * kLockOps && mp_bad == 0);

    // Drain the stack serially: every node is back, with every increment.
    uint64_t count = 0, sum = 0;
    int idx;
    while ((idx = pop()) >= 0) {
        count++;
        sum += nodes[idx].value;
    }
    uint64_t want_sum = (uint64_t)kNodes * (kNodes - 1) / 2 + kStackOps * n * (n + 1) / 2;
    printf("lock-free stack: %" PRIu64 " nodes, value sum %" PRIu64 " (expected %" PRIu64 ")\n",
           count, sum, want_sum);
    CHECK(count == kNodes && sum == want_sum);

    return check_done();
}
