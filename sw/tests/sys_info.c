// System-information syscalls: clock_gettime, gettimeofday, time, nanosleep,
// uname, getrandom, getpid/getppid/gettid, sysconf and sched_yield. Only
// facts that hold on every host are printed (a delta is non-negative, the
// machine is sparc64, getrandom filled the buffer), never the values.
#define _GNU_SOURCE
#include "check.h"
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static long long ns(const struct timespec* t) {
    return t->tv_sec * 1000000000LL + t->tv_nsec;
}

int main(void) {
    struct timespec a, b, real;
    CHECK(clock_gettime(CLOCK_MONOTONIC, &a) == 0);
    volatile unsigned long spin = 0;
    for (int i = 0; i < 100000; i++)
        spin += (unsigned long)i;
    CHECK(clock_gettime(CLOCK_MONOTONIC, &b) == 0);
    long long delta = ns(&b) - ns(&a);
    printf("monotonic delta non-negative: %s\n", delta >= 0 ? "yes" : "no");
    CHECK(delta >= 0);
    CHECK(a.tv_nsec >= 0 && a.tv_nsec < 1000000000L);

    // Wall clock: after 2020-01-01, and the three interfaces agree roughly.
    // time() reads Linux's coarse clock, which may still show the previous
    // second (seen under qemu-sparc64 on a loaded host): allow one second.
    CHECK(clock_gettime(CLOCK_REALTIME, &real) == 0);
    struct timeval tv;
    CHECK(gettimeofday(&tv, NULL) == 0);
    time_t t = time(NULL);
    int sane = real.tv_sec > 1577836800 && tv.tv_sec >= real.tv_sec && t >= real.tv_sec - 1 &&
               t - real.tv_sec < 100 && tv.tv_usec >= 0 && tv.tv_usec < 1000000;
    printf("realtime after 2020 and consistent: %s\n", sane ? "yes" : "no");
    CHECK(sane);
    struct tm tm;
    CHECK(gmtime_r(&t, &tm) != NULL && tm.tm_year >= 120);

    // A 2 ms sleep advances the monotonic clock by at least that much.
    struct timespec before, after, req = {0, 2000000};
    clock_gettime(CLOCK_MONOTONIC, &before);
    CHECK(nanosleep(&req, NULL) == 0);
    clock_gettime(CLOCK_MONOTONIC, &after);
    printf("nanosleep(2ms) slept at least 2ms: %s\n",
           ns(&after) - ns(&before) >= 2000000 ? "yes" : "no");
    struct timespec res;
    CHECK(clock_getres(CLOCK_MONOTONIC, &res) == 0 && ns(&res) > 0);
    CHECK(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a) == 0 && ns(&a) >= 0);

    struct utsname u;
    CHECK(uname(&u) == 0);
    printf("sysname %s machine %s\n", u.sysname, u.machine);
    CHECK(strcmp(u.sysname, "Linux") == 0);

    unsigned char rnd[64];
    memset(rnd, 0, sizeof rnd);
    ssize_t got = getrandom(rnd, sizeof rnd, 0);
    printf("getrandom returned %zd\n", got);
    got = getrandom(rnd, 16, GRND_NONBLOCK);
    printf("getrandom nonblock returned %zd\n", got);
    int nonzero = 0;
    for (unsigned i = 0; i < sizeof rnd; i++)
        nonzero += rnd[i] != 0;
    CHECK(nonzero > 8); // all-zero "random" bytes mean nothing was written

    pid_t pid = getpid();
    printf("getpid positive: %s, getppid non-negative: %s, gettid == getpid: %s\n",
           pid > 0 ? "yes" : "no", getppid() >= 0 ? "yes" : "no", gettid() == pid ? "yes" : "no");
    CHECK(pid > 0 && getpid() == pid);

    long page = sysconf(_SC_PAGESIZE);
    CHECK(page >= 4096 && (page & (page - 1)) == 0);
    CHECK(sched_yield() == 0);
    char host[256];
    CHECK(gethostname(host, sizeof host) == 0);
    // Syscall errors: an invalid clock id gives EINVAL.
    CHECK(clock_gettime((clockid_t)12345, &a) == -1 && errno == EINVAL);
    return check_done();
}
