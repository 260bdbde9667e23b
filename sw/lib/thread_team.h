// A team of POSIX threads: thread 0 is the caller.
#ifndef FIREPLANE_SW_THREAD_TEAM_H
#define FIREPLANE_SW_THREAD_TEAM_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Runs worker((void*)id) for id 0..threads-1, id 0 on the calling thread,
// and returns when every one has finished. Exits 1 if a thread cannot start.
static inline void run_team(int threads, void* (*worker)(void*)) {
    pthread_t* tid = calloc((size_t)threads, sizeof *tid);
    if (!tid) exit(1);
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tid[t], NULL, worker, (void*)(long)t) != 0) {
            fprintf(stderr, "cannot start thread %d\n", t);
            exit(1);
        }
    worker((void*)0L);
    for (int t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    free(tid);
}

#endif
