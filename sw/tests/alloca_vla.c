// Dynamic stack allocation: alloca and variable-length arrays move %sp by
// run-time amounts (sub %sp, then the biased frame must stay 16-byte
// aligned), and a large allocation touches stack pages far below the
// initial frame. Addresses are only checked, never printed.
#include "check.h"
#include <alloca.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static uint64_t vla_sum(int n, int depth) {
    long v[n]; // a VLA per frame, sized at run time
    for (int i = 0; i < n; i++)
        v[i] = (long)i * depth + n;
    CHECK(((uintptr_t)v & 7) == 0);
    uint64_t s = depth > 0 ? vla_sum(n + 3, depth - 1) : 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + (uint64_t)v[i];
    return s;
}

__attribute__((noinline)) static uint64_t alloca_loop(int rounds) {
    uint64_t s = 0;
    for (int r = 1; r <= rounds; r++) {
        // Each alloca lives until the function returns, so these pile up.
        size_t n = (size_t)(r * 37 % 500 + 1);
        unsigned char* p = alloca(n);
        CHECK(((uintptr_t)p & 15) == 0);
        memset(p, r, n);
        s = fnv1a64(p, n, s ? s : FNV64_INIT);
    }
    return s;
}

__attribute__((noinline)) static uint64_t big_frame(size_t n) {
    // 512 KiB on the stack: the stack must extend well below its start.
    unsigned char* p = alloca(n);
    for (size_t i = 0; i < n; i += 4096)
        p[i] = (unsigned char)(i >> 12);
    p[n - 1] = 0x5a;
    uint64_t s = 0;
    for (size_t i = 0; i < n; i += 4096)
        s += p[i];
    return s + p[n - 1];
}

__attribute__((noinline)) static int aligned_alloc_on_stack(void) {
    void* p = __builtin_alloca_with_align(100, 64 * 8); // alignment in bits
    return ((uintptr_t)p & 63) == 0;
}

__attribute__((noinline)) static void two_d(int rows, int cols, double m[rows][cols]) {
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            m[i][j] = i * 0.5 + j;
}

int main(void) {
    uint64_t a = vla_sum(5, 200);
    printf("vla_sum %016" PRIx64 "\n", a);
    uint64_t b = alloca_loop(300);
    printf("alloca_loop %016" PRIx64 "\n", b);
    uint64_t c = big_frame(512 * 1024);
    printf("big_frame %" PRIu64 "\n", c);
    CHECK(c == 127 * 128 / 2 + 0x5a);
    CHECK(aligned_alloc_on_stack());
    int rows = 7, cols = 9;
    double m[rows][cols];
    two_d(rows, cols, m);
    double s = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            s += m[i][j];
    printf("2d vla sum %.3f sizeof %zu\n", s, sizeof m);
    CHECK(s == 9 * 0.5 * 21 + 7 * 36.0 && sizeof m == 7 * 9 * sizeof(double));
    // The stack pointer itself: biased by 2047, the real address 16-aligned.
    uintptr_t sp;
    __asm__("mov %%sp, %0" : "=r"(sp));
    CHECK((sp & 1) == 1 && ((sp + 2047) & 15) == 0);
    return check_done();
}
