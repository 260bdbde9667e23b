// The thread count a multi-threaded program takes as argv[1].
#ifndef FIREPLANE_SW_THREAD_COUNT_H
#define FIREPLANE_SW_THREAD_COUNT_H

#include <stdio.h>
#include <stdlib.h>

// argv[1] as a count in 1..max, or `fallback` without it; anything else is a
// usage error (exit 2).
static inline int thread_count_arg(int argc, char** argv, int fallback, int max) {
    if (argc < 2) return fallback;
    char* end;
    long n = strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || n < 1 || n > max) {
        fprintf(stderr, "usage: %s [threads 1..%d]\n", argv[0], max);
        exit(2);
    }
    return (int)n;
}

#endif
