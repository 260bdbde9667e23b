// Deep and wide recursion: every call past the eighth nested frame overflows
// the register windows, so this hammers spill/fill traps (stack bias 2047),
// save/restore and the return path. The recursions are written so gcc cannot
// turn them into loops even at -O3.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

static unsigned long calls;

static unsigned long ackermann(unsigned long m, unsigned long n) {
    calls++;
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

// Mutual recursion 10000 frames deep; the "+ depth-dependent" work after the
// call keeps it from being a tail call, and the volatile local forces a frame.
__attribute__((noinline)) static long odd_sum(int n);
__attribute__((noinline)) static long even_sum(int n) {
    volatile long local = n * 3;
    if (n == 0) return 0;
    return odd_sum(n - 1) + local;
}
__attribute__((noinline)) static long odd_sum(int n) {
    volatile long local = n ^ 0x55;
    if (n == 0) return 1;
    return even_sum(n - 1) - local;
}

static long fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

// Many live values across the recursive call, so each frame's window holds
// real data that must survive a spill and fill.
__attribute__((noinline)) static uint64_t busy(int depth, uint64_t a, uint64_t b, uint64_t c,
                                               uint64_t d, uint64_t e, uint64_t f, uint64_t g,
                                               uint64_t h) {
    if (depth == 0) return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
    uint64_t t1 = a * 3 + h, t2 = b ^ (g << 1), t3 = c + f, t4 = d - e;
    uint64_t r = busy(depth - 1, t1, t2, t3, t4, a, b, c, d); // args 7, 8 go on the stack
    return r * 31 + t1 + t2 * 3 + t3 * 5 + t4 * 7 + e + f + g + h;
}

// Depth with a local array per frame: the stack grows a few MB and every
// frame's contents are checked on the way back up.
__attribute__((noinline)) static uint64_t deep_array(int depth) {
    volatile unsigned char buf[96];
    for (int i = 0; i < 96; i++)
        buf[i] = (unsigned char)(depth * 7 + i);
    uint64_t below = depth ? deep_array(depth - 1) : 0;
    uint64_t s = 0;
    for (int i = 0; i < 96; i++)
        s += buf[i];
    return below * 3 + s;
}

// Recursion through a function pointer table (indirect jmpl calls).
typedef long (*op_fn)(int);
static long op_a(int n);
static long op_b(int n);
static op_fn ops[2] = {op_a, op_b};
static long op_a(int n) {
    return n <= 0 ? 1 : 1 + ops[n & 1](n - 1) * 2 % 1000003;
}
static long op_b(int n) {
    return n <= 0 ? 2 : 3 + ops[(n >> 1) & 1](n - 1) % 999983;
}

// Binary-tree recursion with a wide fan-out of calls (Hanoi move count).
static unsigned long hanoi(int n, int from, int to, int via, unsigned long* sig) {
    if (n == 0) return 0;
    unsigned long moves = hanoi(n - 1, from, via, to, sig);
    *sig = *sig * 7 + (unsigned long)(from * 3 + to);
    return moves + 1 + hanoi(n - 1, via, to, from, sig);
}

int main(void) {
    for (unsigned long n = 0; n <= 6; n++) {
        calls = 0;
        unsigned long r = ackermann(2, n);
        printf("ack(2,%lu) = %lu (%lu calls)\n", n, r, calls);
        CHECK(r == 2 * n + 3);
    }
    for (unsigned long n = 0; n <= 6; n++) {
        calls = 0;
        unsigned long r = ackermann(3, n);
        printf("ack(3,%lu) = %lu (%lu calls)\n", n, r, calls);
        CHECK(r == (1UL << (n + 3)) - 3);
    }

    long es = even_sum(10000);
    printf("even_sum(10000) = %ld\n", es);
    long os = odd_sum(9999);
    printf("odd_sum(9999) = %ld\n", os);

    long f = fib(25);
    printf("fib(25) = %ld\n", f);
    CHECK(f == 75025);

    uint64_t b = busy(3000, 1, 2, 3, 4, 5, 6, 7, 8);
    printf("busy = %016" PRIx64 "\n", b);

    uint64_t d = deep_array(12000);
    printf("deep_array = %016" PRIx64 "\n", d);

    printf("ops = %ld\n", ops[0](5000));

    unsigned long sig = 0;
    unsigned long moves = hanoi(16, 1, 3, 2, &sig);
    printf("hanoi(16) = %lu moves, signature %016lx\n", moves, sig);
    CHECK(moves == 65535);
    return check_done();
}
