// A program that creates threads without end: creation fails cleanly
// (EAGAIN) at the machine's thread limit (simulation.max_threads, reported
// as RLIMIT_NPROC), or earlier when their stacks no longer fit in the RAM;
// the threads made so far run on and are joined. fork() is refused: user
// mode runs one process.
//   thread_limit small: 64 KiB stacks, so the thread limit is reached first
//   thread_limit big:   glibc's default 8 MiB stacks, so the RAM is
#include "check.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#define MAX_THREADS 4096

static pthread_t threads[MAX_THREADS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static int released, finished;

static void* wait_for_release(void* arg) {
    pthread_mutex_lock(&lock);
    while (!released)
        pthread_cond_wait(&go, &lock);
    finished++;
    pthread_mutex_unlock(&lock);
    return arg;
}

int main(int argc, char** argv) {
    const int small = argc > 1 && strcmp(argv[1], "small") == 0;
    struct rlimit nproc;
    CHECK(getrlimit(RLIMIT_NPROC, &nproc) == 0);
    printf("RLIMIT_NPROC %llu\n", (unsigned long long)nproc.rlim_cur);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (small) pthread_attr_setstacksize(&attr, 64 * 1024);
    int n = 0, err = 0;
    while (n < MAX_THREADS) {
        err = pthread_create(&threads[n], &attr, wait_for_release, (void*)(long)n);
        if (err) break;
        n++;
    }
    printf("created %d threads, then: %s\n", n, strerror(err));
    CHECK(err == EAGAIN);
    if (small)
        CHECK((unsigned long long)n + 1 == nproc.rlim_cur); // with main
    else
        CHECK(n >= 1 && (unsigned long long)n + 1 < nproc.rlim_cur);

    pthread_mutex_lock(&lock);
    released = 1;
    pthread_cond_broadcast(&go);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < n; ++i) {
        void* result;
        CHECK(pthread_join(threads[i], &result) == 0 && result == (void*)(long)i);
    }
    CHECK(finished == n);
    // Their slots and stacks are free again.
    pthread_t again;
    CHECK(pthread_create(&again, &attr, wait_for_release, NULL) == 0);
    CHECK(pthread_join(again, NULL) == 0);

    // A fork bomb ends at its first fork.
    int forks = 0;
    for (int i = 0; i < 100; ++i) {
        errno = 0;
        pid_t pid = fork();
        if (pid == 0) _exit(0);
        if (pid < 0) break;
        forks++;
    }
    printf("fork: %s after %d\n", strerror(errno), forks);
    CHECK(forks == 0 && errno == ENOSYS);
    return check_done();
}
