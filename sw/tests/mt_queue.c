// Condition variables and barriers: a bounded queue (8 slots, so producers
// block often) with several producers and consumers, pthread_cond_wait on
// "not full"/"not empty", cond_signal per item and cond_broadcast for
// shutdown; the consumed items must be exactly the produced ones (count,
// sum and an order-independent hash). Then rounds of pthread_barrier_wait
// in which every thread must see all slots written in the round before, and
// exactly one thread per round gets PTHREAD_BARRIER_SERIAL_THREAD.
//
// Usage: mt_queue [threads], default 4: half producers (rounded up), half
// consumers, at least one of each. Which consumer takes which item varies
// from run to run, so only totals are printed; the queue's output does not
// depend on the thread count.
#include "check.h"
#include "mt_common.h"
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

enum { kCapacity = 8, kItems = 6000, kRounds = 40 };

static struct {
    pthread_mutex_t lock;
    pthread_cond_t not_full, not_empty;
    uint64_t slot[kCapacity];
    int head, count;
    int done; // set with a broadcast once every producer has finished
} q = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, 0, 0};

static int producers, consumers;

// Totals merged by the consumers as they finish, under q.lock.
static uint64_t consumed_count, consumed_sum, consumed_hash;

static uint64_t item_value(int i) {
    return (uint64_t)i * 2654435761u + 12345;
}

static void put(uint64_t v) {
    pthread_mutex_lock(&q.lock);
    while (q.count == kCapacity)
        pthread_cond_wait(&q.not_full, &q.lock);
    q.slot[(q.head + q.count) % kCapacity] = v;
    q.count++;
    pthread_cond_signal(&q.not_empty);
    pthread_mutex_unlock(&q.lock);
}

// Returns 0 once the queue is empty and the producers are done.
static int take(uint64_t* v) {
    pthread_mutex_lock(&q.lock);
    while (q.count == 0 && !q.done)
        pthread_cond_wait(&q.not_empty, &q.lock);
    int got = q.count > 0;
    if (got) {
        *v = q.slot[q.head];
        q.head = (q.head + 1) % kCapacity;
        q.count--;
        pthread_cond_signal(&q.not_full);
    }
    pthread_mutex_unlock(&q.lock);
    return got;
}

// Producer p puts items p, p + producers, p + 2 * producers, ...
static void* producer(void* arg) {
    int p = (int)(intptr_t)arg;
    for (int i = p; i < kItems; i += producers)
        put(item_value(i));
    return NULL;
}

static void* consumer(void* arg) {
    (void)arg;
    uint64_t n = 0, sum = 0, hash = 0, v;
    while (take(&v)) {
        n++;
        sum += v;
        hash += mt_mix(v); // commutative, so the order of arrival does not matter
    }
    pthread_mutex_lock(&q.lock);
    consumed_count += n;
    consumed_sum += sum;
    consumed_hash += hash;
    pthread_mutex_unlock(&q.lock);
    return NULL;
}

// Barrier rounds: in round r thread t writes slot[r % 2][t], then after the
// barrier reads every slot of the round; the two banks keep the next
// round's writes away from this round's reads.
static int nthreads;
static pthread_barrier_t barrier;
static uint64_t bank[2][MT_MAX_THREADS];
static atomic_int serial_per_round[kRounds];
static atomic_int barrier_bad;

static uint64_t round_value(int r, int t) {
    return mt_mix((uint64_t)r << 32 | (uint64_t)t);
}

static void* barrier_worker(void* arg) {
    int t = (int)(intptr_t)arg;
    for (int r = 0; r < kRounds; r++) {
        bank[r % 2][t] = round_value(r, t);
        int rc = pthread_barrier_wait(&barrier);
        if (rc == PTHREAD_BARRIER_SERIAL_THREAD)
            atomic_fetch_add(&serial_per_round[r], 1);
        else if (rc != 0)
            atomic_fetch_add(&barrier_bad, 1);
        for (int i = 0; i < nthreads; i++)
            if (bank[r % 2][i] != round_value(r, i)) atomic_fetch_add(&barrier_bad, 1);
        // Round r + 1 writes the other bank; round r + 2 rewrites this one,
        // but only after everyone passed round r + 1's barrier, so after
        // these reads.
    }
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    producers = nthreads > 1 ? (nthreads + 1) / 2 : 1;
    consumers = nthreads > 1 ? nthreads / 2 : 1;
    printf("threads %d\n", nthreads);

    pthread_t prod[MT_MAX_THREADS], cons[MT_MAX_THREADS];
    for (int i = 0; i < consumers; i++)
        CHECK(pthread_create(&cons[i], NULL, consumer, NULL) == 0);
    for (int i = 0; i < producers; i++)
        CHECK(pthread_create(&prod[i], NULL, producer, (void*)(intptr_t)i) == 0);
    for (int i = 0; i < producers; i++)
        CHECK(pthread_join(prod[i], NULL) == 0);
    pthread_mutex_lock(&q.lock);
    q.done = 1;
    pthread_cond_broadcast(&q.not_empty); // wake every idle consumer to exit
    pthread_mutex_unlock(&q.lock);
    for (int i = 0; i < consumers; i++)
        CHECK(pthread_join(cons[i], NULL) == 0);

    uint64_t sum = 0, hash = 0;
    for (int i = 0; i < kItems; i++) {
        sum += item_value(i);
        hash += mt_mix(item_value(i));
    }
    printf("queue: consumed %" PRIu64 " items, sum %016" PRIx64 ", hash %016" PRIx64 "\n",
           consumed_count, consumed_sum, consumed_hash);
    CHECK(consumed_count == kItems && consumed_sum == sum && consumed_hash == hash);
    CHECK(q.count == 0);

    CHECK(pthread_barrier_init(&barrier, NULL, (unsigned)nthreads) == 0);
    pthread_t t[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_create(&t[i], NULL, barrier_worker, (void*)(intptr_t)i) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_join(t[i], NULL) == 0);
    CHECK(pthread_barrier_destroy(&barrier) == 0);
    int one_serial = 1;
    for (int r = 0; r < kRounds; r++)
        one_serial = one_serial && atomic_load(&serial_per_round[r]) == 1;
    printf("barrier: %d rounds, one serial thread per round: %s, stale reads: %d\n", kRounds,
           one_serial ? "yes" : "no", atomic_load(&barrier_bad));
    CHECK(one_serial && atomic_load(&barrier_bad) == 0);

    return check_done();
}
