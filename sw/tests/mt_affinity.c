// CPU affinity and thread identity: sched_getaffinity/sched_setaffinity
// (pin to one CPU, read back, sched_getcpu agrees, a new thread inherits
// the mask, restore, an empty mask is EINVAL, a 1024-CPU dynamic set, the
// raw syscall's byte count), pthread_setaffinity_np on another thread and
// pthread_attr_setaffinity_np at creation, a sched_yield loop, gettid
// versus getpid and syscall(SYS_gettid) in every thread, and a thread
// sleeping with nanosleep/usleep/clock_nanosleep while the others compute.
//
// Usage: mt_affinity [threads], default 4. The CPU count differs between
// qemu-sparc64 (the host's) and the simulator, so nothing printed depends
// on it: the program pins to the first CPU of its initial mask (CPU 0 in
// the simulator and in any unrestricted run) and prints only yes/no facts.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int nthreads;
static int first_cpu;
static cpu_set_t one; // just first_cpu

static int mask_is_one(const cpu_set_t* s) {
    return CPU_COUNT(s) == 1 && CPU_ISSET(first_cpu, s);
}

// Whether the calling thread's mask is exactly {first_cpu}, and whether
// sched_getcpu (the getcpu syscall) says it runs there.
struct pin {
    int mask, cpu;
};
static struct pin self_pin(void) {
    cpu_set_t s;
    CPU_ZERO(&s);
    struct pin r = {sched_getaffinity(0, sizeof s, &s) == 0 && mask_is_one(&s),
                    sched_getcpu() == first_cpu};
    return r;
}
static const char* yes_no(int b) {
    return b ? "yes" : "no";
}

static void* inherits(void* p) {
    *(struct pin*)p = self_pin();
    return NULL;
}

// Pinned by main with pthread_setaffinity_np while it waits on `go`.
static sem_t go;
static void* pinned_by_other(void* p) {
    sem_wait(&go);
    *(struct pin*)p = self_pin();
    return NULL;
}

// Thread identity: tids distinct from the pid and from each other.
static pid_t tids[MT_MAX_THREADS];
static int ids_ok[MT_MAX_THREADS];
static uint64_t work_sum[MT_MAX_THREADS];
static int sleeps_ok;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void* identity_worker(void* p) {
    int id = (int)(intptr_t)p;
    pid_t tid = gettid();
    tids[id] = tid;
    ids_ok[id] = tid == (pid_t)syscall(SYS_gettid) && tid != getpid();
    if (id == 0) {
        // The sleeper: 3 ms in all, through three interfaces; the others compute meanwhile.
        long long start = now_ns();
        int ok = 1;
        for (int i = 0; i < 2; i++) {
            struct timespec req = {0, 1000000};
            ok = ok && nanosleep(&req, NULL) == 0;
        }
        ok = ok && usleep(500) == 0;
        struct timespec rel = {0, 500000};
        ok = ok && clock_nanosleep(CLOCK_MONOTONIC, 0, &rel, NULL) == 0;
        sleeps_ok = ok && now_ns() - start >= 3000000; // sleeps never end early
    } else {
        uint64_t s = 0;
        for (uint64_t i = 0; i < 10000; i++)
            s += mt_mix(i * (uint64_t)nthreads + (uint64_t)id);
        work_sum[id] = s;
    }
    return NULL;
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    printf("threads %d\n", nthreads);

    cpu_set_t initial, s;
    CPU_ZERO(&initial);
    CHECK(sched_getaffinity(0, sizeof initial, &initial) == 0);
    printf("initial mask non-empty: %s\n", yes_no(CPU_COUNT(&initial) >= 1));
    first_cpu = -1;
    for (int c = 0; c < CPU_SETSIZE && first_cpu < 0; c++)
        if (CPU_ISSET(c, &initial)) first_cpu = c;
    CHECK(first_cpu >= 0);
    CPU_ZERO(&one);
    CPU_SET(first_cpu, &one);

    // A 1024-CPU set from CPU_ALLOC reads back the same mask.
    cpu_set_t* big = CPU_ALLOC(1024);
    size_t big_size = CPU_ALLOC_SIZE(1024);
    CPU_ZERO_S(big_size, big);
    CHECK(sched_getaffinity(0, big_size, big) == 0);
    int big_same = CPU_COUNT_S(big_size, big) == CPU_COUNT(&initial);
    for (int c = 0; c < CPU_SETSIZE; c++)
        big_same = big_same && !CPU_ISSET_S(c, big_size, big) == !CPU_ISSET(c, &initial);
    CPU_FREE(big);
    printf("CPU_ALLOC(1024) mask matches: %s\n", yes_no(big_same));
    CHECK(big_same);
    // The raw syscall returns the kernel's mask size in bytes: whole longs.
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof s, &s);
    printf("raw sched_getaffinity returns whole longs: %s\n",
           yes_no(bytes > 0 && bytes % (long)sizeof(long) == 0));
    CHECK(bytes > 0 && bytes % (long)sizeof(long) == 0);

    CHECK(sched_setaffinity(0, sizeof one, &one) == 0);
    struct pin pinned = self_pin();
    printf("pinned to the first allowed cpu: mask reads back %s, sched_getcpu agrees %s\n",
           yes_no(pinned.mask), yes_no(pinned.cpu));
    CHECK(pinned.mask && pinned.cpu);
    CHECK(pthread_getaffinity_np(pthread_self(), sizeof s, &s) == 0 && mask_is_one(&s));

    pthread_t t;
    struct pin result = {0, 0};
    CHECK(pthread_create(&t, NULL, inherits, &result) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    printf("new thread inherits the pinned mask: %s, sched_getcpu agrees %s\n", yes_no(result.mask),
           yes_no(result.cpu));
    CHECK(result.mask && result.cpu);

    // Back to the initial mask; an empty one is refused and changes nothing.
    CHECK(sched_setaffinity(0, sizeof initial, &initial) == 0);
    CPU_ZERO(&s);
    CHECK(sched_getaffinity(0, sizeof s, &s) == 0);
    printf("initial mask restored: %s\n", yes_no(CPU_EQUAL(&s, &initial)));
    CHECK(CPU_EQUAL(&s, &initial));
    cpu_set_t empty;
    CPU_ZERO(&empty);
    errno = 0;
    int rc = sched_setaffinity(0, sizeof empty, &empty);
    printf("empty mask: %s\n", rc == -1 && errno == EINVAL ? "EINVAL" : "accepted?");
    CHECK(rc == -1 && errno == EINVAL);
    CHECK(sched_getaffinity(0, sizeof s, &s) == 0 && CPU_EQUAL(&s, &initial));

    // pthread_setaffinity_np on a running thread, then read back from outside.
    CHECK(sem_init(&go, 0, 0) == 0);
    result = (struct pin){0, 0};
    CHECK(pthread_create(&t, NULL, pinned_by_other, &result) == 0);
    CHECK(pthread_setaffinity_np(t, sizeof one, &one) == 0);
    CPU_ZERO(&s);
    CHECK(pthread_getaffinity_np(t, sizeof s, &s) == 0 && mask_is_one(&s));
    sem_post(&go);
    CHECK(pthread_join(t, NULL) == 0);
    printf("pthread_setaffinity_np pins another thread: %s, sched_getcpu agrees %s\n",
           yes_no(result.mask), yes_no(result.cpu));
    CHECK(result.mask && result.cpu);

    pthread_attr_t attr;
    CHECK(pthread_attr_init(&attr) == 0);
    CHECK(pthread_attr_setaffinity_np(&attr, sizeof one, &one) == 0);
    result = (struct pin){0, 0};
    CHECK(pthread_create(&t, &attr, inherits, &result) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    pthread_attr_destroy(&attr);
    printf("pthread_attr_setaffinity_np pins at creation: %s, sched_getcpu agrees %s\n",
           yes_no(result.mask), yes_no(result.cpu));
    CHECK(result.mask && result.cpu);

    int yields_ok = 1;
    for (int i = 0; i < 200; i++)
        yields_ok = yields_ok && sched_yield() == 0;
    printf("sched_yield x200: %s\n", yields_ok ? "ok" : "failed");
    CHECK(yields_ok);

    // Identity in every thread; thread 0 sleeps while the others compute.
    pid_t pid = getpid();
    CHECK(gettid() == pid && (pid_t)syscall(SYS_gettid) == pid);
    pthread_t th[MT_MAX_THREADS];
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_create(&th[i], NULL, identity_worker, (void*)(intptr_t)i) == 0);
    for (int i = 0; i < nthreads; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    int distinct = 1, all_ok = 1;
    for (int i = 0; i < nthreads; i++) {
        all_ok = all_ok && ids_ok[i];
        for (int j = 0; j < i; j++)
            distinct = distinct && tids[i] != tids[j];
    }
    printf("main: gettid == getpid: %s\n", yes_no(gettid() == pid));
    printf("threads: gettid == SYS_gettid != getpid: %s, all distinct: %s\n", yes_no(all_ok),
           yes_no(distinct));
    CHECK(all_ok && distinct);
    uint64_t total = 0;
    for (int i = 1; i < nthreads; i++)
        total += work_sum[i];
    uint64_t want = 0;
    for (uint64_t i = 0; i < 10000 * (uint64_t)nthreads; i++)
        want += i % (uint64_t)nthreads ? mt_mix(i) : 0;
    printf("sleeper: nanosleep, usleep, clock_nanosleep completed: %s; workers' sum correct: %s\n",
           yes_no(sleeps_ok), yes_no(total == want));
    CHECK(sleeps_ok && total == want);

    return check_done();
}
