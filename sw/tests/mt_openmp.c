// OpenMP through a statically linked libgomp (threads, futexes, barriers):
// team size and thread numbers, parallel for with static (owner of each
// chunk checked against the spec), static-with-chunk, dynamic and guided
// schedules, collapse(2), reductions (+ * max min ^ on integers, + on
// doubles that are exact in any order), firstprivate/lastprivate,
// threadprivate with copyin, critical (named), atomic update/capture,
// barrier, single with copyprivate, masked, sections, ordered (output in
// iteration order), OpenMP locks (plain and nested, test_lock), tasks with
// taskwait, taskgroup, taskloop, and a nested region that stays serial.
//
// Usage: mt_openmp [threads], default 4; the team size is set from it, so
// OMP_NUM_THREADS and the host's CPU count do not matter. Unless
// OMP_WAIT_POLICY or GOMP_SPINCOUNT is set, waiting threads sleep at once
// instead of spinning for ~300000 iterations: on a simulator every idle
// CPU would otherwise run millions of spin instructions per barrier.
#define _GNU_SOURCE
#include "check.h"
#include "mt_common.h"
#include <inttypes.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Runs before libgomp's own constructor (default priority), which reads the
// environment once.
__attribute__((constructor(101))) static void passive_waits(void) {
    if (!getenv("OMP_WAIT_POLICY") && !getenv("GOMP_SPINCOUNT"))
        setenv("OMP_WAIT_POLICY", "passive", 0);
}

enum { kN = 6000, kRows = 48, kCols = 40, kOrdered = 8 };

static int nthreads;
static int owner[kN];
static unsigned char hits[kN];
static int tp_value; // threadprivate: one copy per thread
#pragma omp threadprivate(tp_value)

static uint64_t f(int i) {
    return mt_mix((uint64_t)i) >> 40;
}

static long fib_tasks(int n, int* tasks) {
    if (n < 12) {
        long a = 0, b = 1;
        for (int i = 0; i < n; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return a;
    }
    long x, y;
#pragma omp atomic
    *tasks += 2;
#pragma omp task shared(x, tasks)
    x = fib_tasks(n - 1, tasks);
#pragma omp task shared(y, tasks)
    y = fib_tasks(n - 2, tasks);
#pragma omp taskwait
    return x + y;
}

static void team_and_schedules(void) {
    uint64_t seen = 0;
    int sizes_ok = 1, in_parallel = 1;
#pragma omp parallel reduction(&& : sizes_ok, in_parallel)
    {
        int t = omp_get_thread_num();
#pragma omp atomic
        seen |= 1ULL << t;
        sizes_ok = omp_get_num_threads() == nthreads && t < nthreads && omp_get_level() == 1;
        in_parallel = omp_in_parallel() == (nthreads > 1); // a team of one is inactive
    }
    uint64_t all = nthreads == 64 ? ~0ULL : (1ULL << nthreads) - 1;
    printf("team: %d threads, thread numbers 0..%d each seen: %s\n", nthreads, nthreads - 1,
           seen == all && sizes_ok && in_parallel ? "yes" : "no");
    CHECK(seen == all && sizes_ok && in_parallel && !omp_in_parallel());

    // schedule(static): thread t owns the t-th contiguous block (sizes differ by
    // at most one, larger blocks first); schedule(static, 5): round robin chunks.
#pragma omp parallel for schedule(static)
    for (int i = 0; i < kN; i++)
        owner[i] = omp_get_thread_num();
    int static_ok = 1, begin = 0;
    for (int t = 0; t < nthreads; t++) {
        int len = kN / nthreads + (t < kN % nthreads);
        for (int i = begin; i < begin + len; i++)
            static_ok = static_ok && owner[i] == t;
        begin += len;
    }
#pragma omp parallel for schedule(static, 5)
    for (int i = 0; i < kN; i++)
        owner[i] = omp_get_thread_num();
    for (int i = 0; i < kN; i++)
        static_ok = static_ok && owner[i] == (i / 5) % nthreads;
    printf("static schedules assign iterations as specified: %s\n", static_ok ? "yes" : "no");
    CHECK(static_ok);

    // dynamic and guided: any thread, but every iteration exactly once.
    uint64_t dyn_sum = 0, guided_sum = 0;
#pragma omp parallel for schedule(dynamic, 7) reduction(+ : dyn_sum)
    for (int i = 0; i < kN; i++) {
        hits[i]++;
        dyn_sum += f(i);
    }
#pragma omp parallel for schedule(guided) reduction(+ : guided_sum)
    for (int i = 0; i < kN; i++) {
        hits[i]++;
        guided_sum += f(i);
    }
    int once_each = 1;
    uint64_t serial = 0;
    for (int i = 0; i < kN; i++) {
        once_each = once_each && hits[i] == 2;
        serial += f(i);
    }
    printf("dynamic/guided: sums %" PRIu64 " %" PRIu64 ", every iteration once: %s\n", dyn_sum,
           guided_sum, once_each ? "yes" : "no");
    CHECK(once_each && dyn_sum == serial && guided_sum == serial);

    long cells = 0;
#pragma omp parallel for collapse(2) schedule(dynamic, 3) reduction(+ : cells)
    for (int r = 0; r < kRows; r++)
        for (int c = 0; c < kCols; c++)
            cells += r * kCols + c;
    printf("collapse(2) sum %ld\n", cells);
    CHECK(cells == (long)kRows * kCols * (kRows * kCols - 1) / 2);
}

static void reductions(void) {
    uint64_t sum = 0, x = 0, prod = 1;
    uint64_t hi = 0, lo = UINT64_MAX;
    double dsum = 0.0; // multiples of 1/8 below 2^40: exact in any order
#pragma omp parallel for reduction(+ : sum, dsum) reduction(^ : x) reduction(* : prod) \
    reduction(max : hi) reduction(min : lo)
    for (int i = 0; i < kN; i++) {
        uint64_t v = f(i);
        sum += v;
        x ^= mt_mix(v);
        prod *= 2 * v + 1;
        hi = v > hi ? v : hi;
        lo = v < lo ? v : lo;
        dsum += (double)v * 0.125;
    }
    uint64_t s_sum = 0, s_x = 0, s_prod = 1, s_hi = 0, s_lo = UINT64_MAX;
    for (int i = 0; i < kN; i++) {
        uint64_t v = f(i);
        s_sum += v;
        s_x ^= mt_mix(v);
        s_prod *= 2 * v + 1;
        s_hi = v > s_hi ? v : s_hi;
        s_lo = v < s_lo ? v : s_lo;
    }
    printf("reductions: + %" PRIu64 " ^ %016" PRIx64 " * %016" PRIx64 " max %" PRIu64
           " min %" PRIu64 " double %.3f\n",
           sum, x, prod, hi, lo, dsum);
    CHECK(sum == s_sum && x == s_x && prod == s_prod && hi == s_hi && lo == s_lo);
    CHECK(dsum == (double)s_sum * 0.125);

    int first = 17, last = -1;
    int first_ok = 1;
#pragma omp parallel for firstprivate(first) lastprivate(last) reduction(&& : first_ok)
    for (int i = 0; i < kN; i++) {
        first_ok = first_ok && first == 17; // each thread's copy starts at 17
        last = i * 3;
    }
    printf("firstprivate ok: %s, lastprivate %d\n", first_ok ? "yes" : "no", last);
    CHECK(first_ok && last == (kN - 1) * 3);

    tp_value = 42;
    int tp_ok = 1;
#pragma omp parallel copyin(tp_value) reduction(&& : tp_ok)
    {
        tp_ok = tp_value == 42;
        tp_value = 1000 + omp_get_thread_num();
#pragma omp barrier
        tp_ok = tp_ok && tp_value == 1000 + omp_get_thread_num();
    }
    printf("threadprivate with copyin: %s\n", tp_ok ? "yes" : "no");
    CHECK(tp_ok && tp_value == 1000); // the master's copy persists
}

static void synchronisation(void) {
    long critical_sum = 0, other_sum = 0;
    int captured[kN / 10] = {0};
    int next_ticket = 0, updates = 0;
    int single_runs = 0, masked_runs = 0, masked_thread = -1;
    int barrier_bad = 0;
    int phase[MT_MAX_THREADS];
#pragma omp parallel
    {
        int t = omp_get_thread_num();
#pragma omp for
        for (int i = 0; i < kN; i++) {
#pragma omp critical(sum_a)
            critical_sum += (long)f(i);
            if (i % 3 == 0) {
#pragma omp critical(sum_b)
                other_sum += i;
            }
#pragma omp atomic update
            updates++;
            if (i % 10 == 0) {
                int mine;
#pragma omp atomic capture
                mine = next_ticket++;
                captured[mine]++; // each ticket value is handed out once
            }
        }
        // The implicit barrier of the loop above is the only ordering needed here.
        int value = -1;
#pragma omp single copyprivate(value)
        {
            single_runs++;
            value = 31337;
        }
        if (value != 31337) {
#pragma omp atomic
            barrier_bad++;
        }
#pragma omp masked
        {
            masked_runs++;
            masked_thread = t;
        }
        phase[t] = t * 10;
#pragma omp barrier
        int neighbour = (t + 1) % nthreads;
        if (phase[neighbour] != neighbour * 10) {
#pragma omp atomic
            barrier_bad++;
        }
#pragma omp barrier
        phase[t] = -1;
    }
    long want = 0, want_other = 0;
    for (int i = 0; i < kN; i++) {
        want += (long)f(i);
        want_other += i % 3 == 0 ? i : 0;
    }
    int tickets_ok = next_ticket == kN / 10;
    for (int i = 0; i < kN / 10; i++)
        tickets_ok = tickets_ok && captured[i] == 1;
    printf("critical sums %ld %ld, atomic updates %d, atomic capture tickets unique: %s\n",
           critical_sum, other_sum, updates, tickets_ok ? "yes" : "no");
    CHECK(critical_sum == want && other_sum == want_other && updates == kN && tickets_ok);
    printf("single ran %d time(s), masked ran %d time(s) on thread %d, barrier errors %d\n",
           single_runs, masked_runs, masked_thread, barrier_bad);
    CHECK(single_runs == 1 && masked_runs == 1 && masked_thread == 0 && barrier_bad == 0);

    // Sections: each runs exactly once, on some thread.
    long s[4] = {0, 0, 0, 0};
    int runs[4] = {0, 0, 0, 0};
#pragma omp parallel sections
    {
#pragma omp section
        {
            for (int i = 0; i < 1000; i++)
                s[0] += i;
            runs[0]++;
        }
#pragma omp section
        {
            for (int i = 0; i < 1000; i++)
                s[1] += (long)i * i;
            runs[1]++;
        }
#pragma omp section
        {
            s[2] = (long)f(12345);
            runs[2]++;
        }
#pragma omp section
        {
            s[3] = -1;
            runs[3]++;
        }
    }
    printf("sections: %ld %ld %ld %ld, each once: %s\n", s[0], s[1], s[2], s[3],
           runs[0] == 1 && runs[1] == 1 && runs[2] == 1 && runs[3] == 1 ? "yes" : "no");
    CHECK(s[0] == 499500 && s[1] == 332833500 && s[2] == (long)f(12345) && s[3] == -1);
    CHECK(runs[0] == 1 && runs[1] == 1 && runs[2] == 1 && runs[3] == 1);

    // Ordered: the printf calls come out in iteration order whoever runs them.
#pragma omp parallel for ordered schedule(dynamic, 1)
    for (int i = 0; i < kOrdered; i++) {
        uint64_t v = f(i * 7); // unordered part
#pragma omp ordered
        printf("ordered %d: %" PRIu64 "\n", i, v);
    }

    omp_lock_t lock;
    omp_nest_lock_t nest;
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
    long lock_count = 0, nest_count = 0;
    int nest_depth_ok = 1;
#pragma omp parallel for reduction(&& : nest_depth_ok)
    for (int i = 0; i < 600; i++) {
        if (i % 2) {
            while (!omp_test_lock(&lock)) {
            }
        } else {
            omp_set_lock(&lock);
        }
        lock_count++;
        omp_unset_lock(&lock);
        omp_set_nest_lock(&nest);
        int depth = omp_test_nest_lock(&nest); // the owner gets it again: depth 2
        nest_count++;
        nest_depth_ok = nest_depth_ok && depth == 2;
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("omp locks: %ld, nest locks %ld, nested depth 2: %s\n", lock_count, nest_count,
           nest_depth_ok ? "yes" : "no");
    CHECK(lock_count == 600 && nest_count == 600 && nest_depth_ok);
}

static void tasks(void) {
    int task_count = 0;
    long fib = 0;
#pragma omp parallel
#pragma omp single
    fib = fib_tasks(22, &task_count);
    printf("tasks: fib(22) = %ld with %d tasks\n", fib, task_count);
    CHECK(fib == 17711 && task_count == 464);

    long group_sum = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup
        {
            for (int i = 0; i < 50; i++) {
#pragma omp task firstprivate(i)
                {
#pragma omp atomic
                    group_sum += (long)f(i);
                }
            }
        } // every task of the group is finished here
        long want = 0;
        for (int i = 0; i < 50; i++)
            want += (long)f(i);
        CHECK(group_sum == want);
    }
    long loop_sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(100)
    for (int i = 0; i < kN; i++) {
#pragma omp atomic
        loop_sum += i;
    }
    printf("taskgroup sum %ld, taskloop sum %ld\n", group_sum, loop_sum);
    CHECK(loop_sum == (long)kN * (kN - 1) / 2);

    // One active level: an inner region of an active (2+ threads) outer one
    // gets one thread; with a team of one the inner region is the active one.
    omp_set_max_active_levels(1);
    int inner_ok = 1, inner_size = nthreads > 1 ? 1 : 3;
#pragma omp parallel reduction(&& : inner_ok)
    {
#pragma omp parallel num_threads(3) reduction(&& : inner_ok)
        inner_ok = omp_get_num_threads() == inner_size && omp_get_level() == 2 &&
                   omp_get_active_level() == 1;
    }
    printf("nested region under max_active_levels 1 has the expected size: %s\n",
           inner_ok ? "yes" : "no");
    CHECK(inner_ok);
}

int main(int argc, char** argv) {
    nthreads = mt_thread_count(argc, argv);
    omp_set_dynamic(0); // exactly the requested team size
    omp_set_num_threads(nthreads);
    printf("threads %d, omp_get_max_threads %d\n", nthreads, omp_get_max_threads());
    CHECK(omp_get_max_threads() == nthreads && omp_get_num_procs() >= 1);

    team_and_schedules();
    reductions();
    synchronisation();
    tasks();
    return check_done();
}
