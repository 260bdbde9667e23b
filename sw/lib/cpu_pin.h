// Pins the calling thread to one CPU. Returns 0, or the error number (the
// program still runs, but a timing that needs the pinning means nothing).
// Include it first (it needs _GNU_SOURCE before any system header).
#pragma once
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>

static inline int pin_to_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}
