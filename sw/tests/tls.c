// Thread-local storage in a static executable: glibc sets %g7 to the thread
// pointer during startup (from the PT_TLS segment), and __thread accesses
// compile to %g7-relative loads and stores (local-exec model). errno is
// thread-local too, so every failing syscall writes through %g7.
#include "check.h"
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static __thread int counter = 42;            // .tdata: initialised image
static __thread long zeroed[64];             // .tbss: must start as zeros
static __thread char name[16] = "fireplane"; // a string in .tdata
static __thread double scale = 1.5;
_Thread_local struct {
    short a;
    long long b;
} pair = {7, -7};

__attribute__((noinline)) static int* counter_addr(void) {
    return &counter;
}

__attribute__((noinline)) static void bump(int n) {
    for (int i = 0; i < n; i++) {
        counter++;
        zeroed[i % 64] += i;
        scale *= 1.01;
    }
}

int main(void) {
    printf("initial: counter %d name %s scale %g pair %d %lld\n", counter, name, scale, pair.a,
           pair.b);
    CHECK(counter == 42 && strcmp(name, "fireplane") == 0 && scale == 1.5);
    int all_zero = 1;
    for (int i = 0; i < 64; i++)
        if (zeroed[i]) all_zero = 0;
    CHECK(all_zero);

    bump(1000);
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += zeroed[i];
    printf("after bump: counter %d sum %ld scale %.17g\n", counter, sum, scale);
    CHECK(counter == 1042 && sum == 999 * 1000 / 2);

    // The same object through a pointer from another function.
    *counter_addr() += 8;
    CHECK(counter == 1050);
    strcpy(name, "v1280");
    pair.b *= 3;
    printf("modified: counter %d name %s pair.b %lld\n", counter, name, pair.b);

    // TLS blocks sit near the thread pointer, away from the static data.
    uintptr_t tp;
    __asm__("mov %%g7, %0" : "=r"(tp));
    uintptr_t a = (uintptr_t)&counter, z = (uintptr_t)&zeroed[0];
    CHECK(tp != 0);
    CHECK(a - tp < 65536 || tp - a < 65536);
    CHECK(z - tp < 65536 || tp - z < 65536);

    // errno lives in TLS.
    errno = 0;
    CHECK(close(-1) == -1 && errno == EBADF);
    CHECK(read(12345, name, 1) == -1 && errno == EBADF);
    errno = 0;
    CHECK(errno == 0);
    return check_done();
}
