// Mutual exclusion with pthreads: N threads each increment a shared counter
// M times under a mutex (lost updates would show as a short count), a
// recursive mutex taken three levels deep plus trylock by its owner,
// trylock spinning until it wins, trylock and timedlock failing with
// EBUSY/ETIMEDOUT while another thread holds the lock, an error-checking
// mutex (EDEADLK, EPERM), and a rwlock whose readers check an invariant the
// writers keep, with tryrdlock/trywrlock while a reader holds it.
//
// Usage: mt_mutex_counter [threads], default 4. The totals printed are
// functions of the thread count only.
#include "check.h"
#include "mt_common.h"
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

enum { kIncrements = 1000, kRecursive = 200, kTryIncrements = 100, kWrites = 50, kReads = 150 };

static int nthreads;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static long counter;        // guarded by mutex
static long weighted;       // guarded by mutex: sum of (id + 1) per increment
static long pair_a, pair_b; // guarded by mutex: a + b stays 0

static pthread_mutex_t recursive;
static long rec_counter; // guarded by recursive

static pthread_mutex_t try_mutex = PTHREAD_MUTEX_INITIALIZER;
static long try_counter; // guarded by try_mutex

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER; // main holds it in phase 3
static atomic_int busy_seen, timedout_seen;

static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;
static long rw_a, rw_b, rw_version; // guarded by rwlock: a + b == 0
static atomic_long rw_reads;
static atomic_int rw_violations;

typedef void* (*thread_fn)(void*);

static void run_threads(thread_fn fn) {
    pthread_t t[MT_MAX_THREADS];
    for (long i = 0; i < nthreads; i++)
        CHECK(pthread_create(&t[i], NULL, fn, (void*)i) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_join(t[i], NULL) == 0);
}

static void* increment(void* p) {
    long id = (long)p;
    for (int i = 0; i < kIncrements; i++) {
        pthread_mutex_lock(&mutex);
        counter++;
        weighted += id + 1;
        pair_a += i;
        pair_b -= i;
        pthread_mutex_unlock(&mutex);
    }
    return NULL;
}

// Takes the recursive mutex `depth` more times, counting each level.
static void nest(int depth) {
    pthread_mutex_lock(&recursive);
    rec_counter++;
    if (depth > 1) nest(depth - 1);
    pthread_mutex_unlock(&recursive);
}

static void* recurse(void* p) {
    (void)p;
    for (int i = 0; i < kRecursive; i++) {
        pthread_mutex_lock(&recursive);
        nest(2); // three levels in all
        // The owner's trylock succeeds on a recursive mutex and adds a level.
        if (pthread_mutex_trylock(&recursive) == 0) {
            rec_counter += 1000;
            pthread_mutex_unlock(&recursive);
        }
        rec_counter++;
        pthread_mutex_unlock(&recursive);
    }
    return NULL;
}

static void* try_increment(void* p) {
    (void)p;
    for (int i = 0; i < kTryIncrements; i++) {
        int rc;
        unsigned spins = 0;
        while ((rc = pthread_mutex_trylock(&try_mutex)) == EBUSY)
            mt_backoff(&spins);
        if (rc == 0) {
            try_counter++;
            pthread_mutex_unlock(&try_mutex);
        }
    }
    return NULL;
}

// `held` is locked by main for the whole phase: every attempt must fail.
static void* try_held(void* p) {
    (void)p;
    if (pthread_mutex_trylock(&held) == EBUSY) atomic_fetch_add(&busy_seen, 1);
    struct timespec past;
    clock_gettime(CLOCK_REALTIME, &past);
    past.tv_sec -= 1; // already expired: fails at once, no timing involved
    if (pthread_mutex_timedlock(&held, &past) == ETIMEDOUT) atomic_fetch_add(&timedout_seen, 1);
    return NULL;
}

// Even ids write, odd ids read (one writer at least: id 0).
static void* rw_worker(void* p) {
    long id = (long)p;
    if (id % 2 == 0) {
        for (int i = 0; i < kWrites; i++) {
            pthread_rwlock_wrlock(&rwlock);
            rw_a += id + 1;
            rw_b -= id + 1;
            rw_version++;
            pthread_rwlock_unlock(&rwlock);
        }
    } else {
        for (int i = 0; i < kReads; i++) {
            pthread_rwlock_rdlock(&rwlock);
            if (rw_a + rw_b != 0 || rw_a < rw_version) atomic_fetch_add(&rw_violations, 1);
            pthread_rwlock_unlock(&rwlock);
            atomic_fetch_add(&rw_reads, 1);
        }
    }
    return NULL;
}

// With main holding a read lock: another reader gets in, a writer does not.
static int try_rd_result, try_wr_result;
static void* rw_try(void* p) {
    (void)p;
    try_rd_result = pthread_rwlock_tryrdlock(&rwlock);
    if (try_rd_result == 0) pthread_rwlock_unlock(&rwlock);
    try_wr_result = pthread_rwlock_trywrlock(&rwlock);
    if (try_wr_result == 0) pthread_rwlock_unlock(&rwlock);
    return NULL;
}

// An error-checking mutex locked by main: unlocking it here is EPERM.
static pthread_mutex_t errcheck;
static int foreign_unlock;
static void* unlock_foreign(void* p) {
    (void)p;
    foreign_unlock = pthread_mutex_unlock(&errcheck);
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    printf("threads %d\n", nthreads);

    run_threads(increment);
    long expect_weighted = (long)kIncrements * nthreads * (nthreads + 1) / 2;
    printf("mutex counter %ld (expected %ld), weighted %ld (expected %ld), pair %ld %ld\n", counter,
           (long)nthreads * kIncrements, weighted, expect_weighted, pair_a, pair_b);
    CHECK(counter == (long)nthreads * kIncrements);
    CHECK(weighted == expect_weighted);
    CHECK(pair_a + pair_b == 0 && pair_a == (long)nthreads * kIncrements * (kIncrements - 1) / 2);

    pthread_mutexattr_t attr;
    int type = -1;
    CHECK(pthread_mutexattr_init(&attr) == 0);
    CHECK(pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE) == 0);
    CHECK(pthread_mutexattr_gettype(&attr, &type) == 0 && type == PTHREAD_MUTEX_RECURSIVE);
    CHECK(pthread_mutex_init(&recursive, &attr) == 0);
    pthread_mutexattr_destroy(&attr);
    run_threads(recurse);
    long expect_rec = (long)nthreads * kRecursive * 1003;
    printf("recursive mutex counter %ld (expected %ld)\n", rec_counter, expect_rec);
    CHECK(rec_counter == expect_rec);
    CHECK(pthread_mutex_destroy(&recursive) == 0);

    run_threads(try_increment);
    printf("trylock counter %ld (expected %ld)\n", try_counter, (long)nthreads * kTryIncrements);
    CHECK(try_counter == (long)nthreads * kTryIncrements);

    CHECK(pthread_mutex_lock(&held) == 0);
    run_threads(try_held);
    CHECK(pthread_mutex_unlock(&held) == 0);
    printf("trylock on a held mutex: EBUSY %d of %d, timedlock ETIMEDOUT %d of %d\n",
           atomic_load(&busy_seen), nthreads, atomic_load(&timedout_seen), nthreads);
    CHECK(atomic_load(&busy_seen) == nthreads && atomic_load(&timedout_seen) == nthreads);
    CHECK(pthread_mutex_trylock(&held) == 0 && pthread_mutex_unlock(&held) == 0);

    CHECK(pthread_mutexattr_init(&attr) == 0);
    CHECK(pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) == 0);
    CHECK(pthread_mutex_init(&errcheck, &attr) == 0);
    pthread_mutexattr_destroy(&attr);
    CHECK(pthread_mutex_lock(&errcheck) == 0);
    int relock = pthread_mutex_lock(&errcheck);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, unlock_foreign, NULL) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(pthread_mutex_unlock(&errcheck) == 0);
    int unlock_twice = pthread_mutex_unlock(&errcheck);
    printf("errorcheck mutex: relock %s, foreign unlock %s, second unlock %s\n",
           relock == EDEADLK ? "EDEADLK" : "?", foreign_unlock == EPERM ? "EPERM" : "?",
           unlock_twice == EPERM ? "EPERM" : "?");
    CHECK(relock == EDEADLK && foreign_unlock == EPERM && unlock_twice == EPERM);

    run_threads(rw_worker);
    long writers = (nthreads + 1) / 2, readers = nthreads / 2;
    long expect_a = 0;
    for (long id = 0; id < nthreads; id += 2)
        expect_a += (id + 1) * kWrites;
    printf("rwlock: version %ld (expected %ld), a %ld (expected %ld), reads %ld, violations %d\n",
           rw_version, writers * kWrites, rw_a, expect_a, atomic_load(&rw_reads),
           atomic_load(&rw_violations));
    CHECK(rw_version == writers * kWrites && rw_a == expect_a && rw_a + rw_b == 0);
    CHECK(atomic_load(&rw_reads) == readers * kReads && atomic_load(&rw_violations) == 0);

    CHECK(pthread_rwlock_rdlock(&rwlock) == 0);
    CHECK(pthread_create(&t, NULL, rw_try, NULL) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(pthread_rwlock_unlock(&rwlock) == 0);
    printf("rwlock read-held: tryrdlock %s, trywrlock %s\n", try_rd_result == 0 ? "ok" : "?",
           try_wr_result == EBUSY ? "EBUSY" : "?");
    CHECK(try_rd_result == 0 && try_wr_result == EBUSY);
    CHECK(pthread_rwlock_trywrlock(&rwlock) == 0 && pthread_rwlock_unlock(&rwlock) == 0);

    return check_done();
}
