// POSIX threads, the basics: pthread_create/join with results returned both
// by `return` and by pthread_exit(), partial sums of a series that must add
// up to the serial sum, pthread_once, thread-specific data (values isolated
// per thread, destructors run once per thread at exit), __thread variables
// (every thread starts from the .tdata/.tbss image at its own address), a
// thread with a small explicit stack, pthread_self/pthread_equal, and
// detached threads (by attribute and by pthread_detach) that report back
// through semaphores.
//
// Usage: mt_pthreads [threads], default 4. Only the first line depends on
// the thread count; nothing printed depends on interleaving.
#include "check.h"
#include "mt_common.h"
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kTerms = 200000, kModulus = 1000003 };

// The series: i^3 mod a prime, so partial sums are not trivially regular.
static uint64_t series_sum(uint64_t from, uint64_t to) {
    uint64_t s = 0;
    for (uint64_t i = from; i < to; i++)
        s += (i * i % kModulus) * i % kModulus;
    return s;
}

struct result {
    int id;
    uint64_t sum;
};

struct worker_arg {
    int id, nthreads;
    pthread_t self; // pthread_self() as the thread saw it
};

// pthread_once: the initialiser must run exactly once, whoever gets there first.
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs;
static int once_value;
static void once_init(void) {
    once_runs++; // no lock: pthread_once orders this before every return
    once_value = 0x5eed;
}

// Thread-specific data: one key with a destructor, one without.
static pthread_key_t key_owned, key_plain;
static atomic_int destructor_runs;
static atomic_int destructor_bad;
static void owned_destructor(void* p) {
    struct result* r = p;
    if (r->sum != (uint64_t)r->id * 1000 + 7) atomic_fetch_add(&destructor_bad, 1);
    free(r);
    atomic_fetch_add(&destructor_runs, 1);
}

// TLS: an initialised variable (.tdata), a zeroed array (.tbss), a string.
static __thread int tls_id = -1;
static __thread uint64_t tls_zero[8];
static __thread char tls_name[16] = "fresh";
static int* tls_addr[MT_MAX_THREADS];
static atomic_int tls_bad;

static pthread_barrier_t all_started;
static int nthreads;

// Odd threads leave through pthread_exit from a nested call, even ones return.
static __attribute__((noinline)) void leave(struct result* r) {
    pthread_exit(r);
}

static void* worker(void* p) {
    struct worker_arg* a = p;
    a->self = pthread_self();
    int id = a->id;

    // This thread's TLS starts from the image, whatever main did to its copy.
    int fresh = tls_id == -1 && strcmp(tls_name, "fresh") == 0;
    for (int i = 0; i < 8; i++)
        fresh = fresh && tls_zero[i] == 0;
    if (!fresh) atomic_fetch_add(&tls_bad, 1);
    tls_id = id;
    tls_zero[id % 8] = (uint64_t)id + 100;
    snprintf(tls_name, sizeof tls_name, "thread%d", id);
    tls_addr[id] = &tls_id;

    pthread_once(&once, once_init);
    int once_ok = once_value == 0x5eed;

    struct result* owned = malloc(sizeof *owned);
    owned->id = id;
    owned->sum = (uint64_t)id * 1000 + 7;
    pthread_setspecific(key_owned, owned);
    pthread_setspecific(key_plain, (void*)(intptr_t)(id + 1));

    uint64_t from = (uint64_t)kTerms * (uint64_t)id / (uint64_t)a->nthreads;
    uint64_t to = (uint64_t)kTerms * (uint64_t)(id + 1) / (uint64_t)a->nthreads;
    uint64_t sum = series_sum(from, to);

    // Every thread has set its TLS and keys before any thread checks them.
    pthread_barrier_wait(&all_started);
    char want[16];
    snprintf(want, sizeof want, "thread%d", id);
    if (tls_id != id || tls_zero[id % 8] != (uint64_t)id + 100 || strcmp(tls_name, want) != 0)
        atomic_fetch_add(&tls_bad, 1);
    if (pthread_getspecific(key_owned) != owned ||
        pthread_getspecific(key_plain) != (void*)(intptr_t)(id + 1))
        atomic_fetch_add(&tls_bad, 1);

    struct result* r = malloc(sizeof *r);
    r->id = once_ok ? id : -1;
    r->sum = sum;
    if (id % 2) leave(r);
    return r;
}

// A thread with a 64 KiB stack that uses half of it.
static void* small_stack(void* p) {
    volatile unsigned char buf[32 * 1024];
    for (size_t i = 0; i < sizeof buf; i++)
        buf[i] = (unsigned char)(i * 7);
    unsigned s = 0;
    for (size_t i = 0; i < sizeof buf; i += 61)
        s += buf[i];
    *(unsigned*)p = s;
    return NULL;
}

// Detached threads: they cannot be joined, so they report through semaphores.
static sem_t detached_done;
static sem_t counting;
static uint64_t detached_result[2];
static void* detached_worker(void* p) {
    int which = (int)(intptr_t)p;
    if (which == 1) pthread_detach(pthread_self());
    detached_result[which] = series_sum(0, 1000 * (uint64_t)(which + 1));
    sem_post(&detached_done); // orders the store above before main's sem_wait
    return NULL;
}
static void* poster(void* p) {
    (void)p;
    sem_post(&counting);
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    printf("threads %d\n", nthreads);

    tls_id = 999; // main's copy only
    snprintf(tls_name, sizeof tls_name, "main");
    CHECK(pthread_key_create(&key_owned, owned_destructor) == 0);
    CHECK(pthread_key_create(&key_plain, NULL) == 0);
    CHECK(pthread_barrier_init(&all_started, NULL, (unsigned)nthreads) == 0);

    pthread_t tid[MT_MAX_THREADS];
    struct worker_arg args[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++) {
        args[i].id = i;
        args[i].nthreads = nthreads;
        CHECK(pthread_create(&tid[i], NULL, worker, &args[i]) == 0);
    }
    uint64_t total = 0;
    int results_ok = 1, self_ok = 1;
    for (int i = 0; i < nthreads; i++) {
        void* ret = NULL;
        CHECK(pthread_join(tid[i], &ret) == 0);
        struct result* r = ret;
        results_ok = results_ok && r != NULL && r->id == i;
        if (r) {
            total += r->sum;
            free(r);
        }
        self_ok = self_ok && pthread_equal(args[i].self, tid[i]) &&
                  !pthread_equal(args[i].self, pthread_self());
    }
    uint64_t serial = series_sum(0, kTerms);
    printf("series sum of %d terms: %" PRIu64 ", equals the serial sum: %s\n", kTerms, total,
           total == serial ? "yes" : "no");
    CHECK(total == serial);
    CHECK(serial == 100189223767ULL);
    printf("join returned each thread's result (return and pthread_exit): %s\n",
           results_ok ? "yes" : "no");
    CHECK(results_ok);
    printf("pthread_self matches pthread_create's handle: %s\n", self_ok ? "yes" : "no");
    CHECK(self_ok);
    printf("pthread_once initialiser runs: %d\n", once_runs);
    CHECK(once_runs == 1);

    // Destructors ran at each thread's exit, before join returned.
    printf("tsd destructors ran once per thread: %s\n",
           atomic_load(&destructor_runs) == nthreads && atomic_load(&destructor_bad) == 0 ? "yes"
                                                                                          : "no");
    CHECK(atomic_load(&destructor_runs) == nthreads);
    CHECK(pthread_getspecific(key_owned) == NULL && pthread_getspecific(key_plain) == NULL);
    CHECK(pthread_key_delete(key_owned) == 0 && pthread_key_delete(key_plain) == 0);

    int distinct = 1;
    for (int i = 0; i < nthreads; i++) {
        distinct = distinct && tls_addr[i] != &tls_id;
        for (int j = 0; j < i; j++)
            distinct = distinct && tls_addr[i] != tls_addr[j];
    }
    printf("tls and tsd isolated per thread: %s\n", atomic_load(&tls_bad) == 0 ? "yes" : "no");
    CHECK(atomic_load(&tls_bad) == 0);
    printf("tls addresses distinct per thread: %s\n", distinct ? "yes" : "no");
    CHECK(distinct);
    CHECK(tls_id == 999 && strcmp(tls_name, "main") == 0);

    // Attributes: a small stack, read back.
    pthread_attr_t attr;
    size_t stack = 0;
    unsigned small_sum = 0;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setstacksize(&attr, 64 * 1024) == 0);
    CHECK(pthread_attr_getstacksize(&attr, &stack) == 0 && stack == 64 * 1024);
    pthread_t t;
    CHECK(pthread_create(&t, &attr, small_stack, &small_sum) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    pthread_attr_destroy(&attr);
    printf("64 KiB stack thread sum: %u\n", small_sum);
    CHECK(small_sum == 67607);

    // Detached by attribute (0) and by pthread_detach (1).
    CHECK(sem_init(&detached_done, 0, 0) == 0);
    int state = -1;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0);
    CHECK(pthread_attr_getdetachstate(&attr, &state) == 0 && state == PTHREAD_CREATE_DETACHED);
    CHECK(pthread_create(&t, &attr, detached_worker, (void*)(intptr_t)0) == 0);
    pthread_attr_destroy(&attr);
    CHECK(pthread_create(&t, NULL, detached_worker, (void*)(intptr_t)1) == 0);
    CHECK(sem_wait(&detached_done) == 0);
    CHECK(sem_wait(&detached_done) == 0);
    printf("detached threads: %" PRIu64 " %" PRIu64 "\n", detached_result[0], detached_result[1]);
    CHECK(detached_result[0] == 467502904 && detached_result[1] == 979014970);

    // A counting semaphore: one post per thread, then it is empty again.
    CHECK(sem_init(&counting, 0, 0) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_create(&tid[i], NULL, poster, NULL) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(sem_wait(&counting) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_join(tid[i], NULL) == 0);
    int value = -1;
    CHECK(sem_getvalue(&counting, &value) == 0 && value == 0);
    errno = 0;
    CHECK(sem_trywait(&counting) == -1 && errno == EAGAIN);
    printf("semaphore drained after one post per thread: %s\n", value == 0 ? "yes" : "no");

    pthread_barrier_destroy(&all_started);
    return check_done();
}
