// Switches and computed goto. Dense switches become jump tables (a load of
// a table entry relative to the PC, then jmpl), sparse ones become compare
// trees, and GNU computed goto drives a small bytecode interpreter with an
// indirect jump per instruction: all paths the ISS's branch handling and any
// decoded-block cache must get right.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static int dense(int x) {
    switch (x) {
    case 0: return 11;
    case 1: return 23;
    case 2: return 35;
    case 3: return 47;
    case 4: return 59;
    case 5: return 61;
    case 6: return 73;
    case 7: return 85;
    case 8: return 97;
    case 9: return 109;
    case 10: return 111;
    case 11: return 123;
    case 12: return 135;
    case 13: return 147;
    case 14: return 159;
    case 15: return 161;
    case 16: x *= 3; /* fall through */
    case 17: return x + 1000;
    case 19: return -19; // 18 is a hole in the table
    default: return -1;
    }
}

__attribute__((noinline)) static int sparse(long x) {
    switch (x) {
    case -1000000: return 1;
    case -7: return 2;
    case 0: return 3;
    case 13: return 4;
    case 256: return 5;
    case 4096: return 6;
    case 65535: return 7;
    case 1000000: return 8;
    case 0x7fffffffL: return 9;
    case 0x100000000L: return 10;
    case -0x7fffffffffffffffL: return 11;
    default: return 0;
    }
}

// A character classifier with ranges (GNU case ranges).
__attribute__((noinline)) static char classify(int c) {
    switch (c) {
    case '0' ... '9': return 'd';
    case 'a' ... 'z': return 'l';
    case 'A' ... 'Z': return 'u';
    case ' ':
    case '\t':
    case '\n': return 's';
    case '!' ... '/':
    case ':' ... '@': return 'p';
    default: return '?';
    }
}

// A dense switch with a large table and several shared targets.
__attribute__((noinline)) static unsigned big_switch(unsigned op, unsigned acc) {
    switch (op & 63) {
    case 0:
    case 8:
    case 16: return acc + 1;
    case 1:
    case 9: return acc * 3;
    case 2:
    case 10:
    case 18:
    case 26: return acc ^ 0x5a5a5a5a;
    case 3: return acc << 1;
    case 4: return acc >> 1;
    case 5:
    case 13:
    case 21:
    case 29:
    case 37: return acc - 7;
    case 6: return ~acc;
    case 7: return acc | 0x80000001u;
    case 11: return acc & 0xfff0fff0u;
    case 12: return acc * acc;
    case 14: return acc + op;
    case 15: return (acc << 13) | (acc >> 19);
    case 17:
    case 19:
    case 23: return acc / 3 + 1;
    case 20:
    case 22:
    case 24:
    case 28: return acc % 1000003 + 17;
    case 25:
    case 27:
    case 31:
    case 33:
    case 35: return acc * 0x01000193u;
    case 30:
    case 32:
    case 34:
    case 36:
    case 38: return acc ^ (acc >> 7);
    default: return acc + (op >> 6);
    }
}

// A stack-machine interpreter dispatched with computed goto.
enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, DEC, HALT, OVER, DROP, PRINT };

static long run(const long* code, int trace) {
    static void* const dispatch[] = {&&op_push, &&op_add,  &&op_sub,  &&op_mul,
                                     &&op_dup,  &&op_swap, &&op_jnz,  &&op_dec,
                                     &&op_halt, &&op_over, &&op_drop, &&op_print};
    long stack[64];
    int sp = 0;
    const long* pc = code;
    long steps = 0;
#define NEXT                                                                                       \
    do {                                                                                           \
        steps++;                                                                                   \
        goto* dispatch[*pc++];                                                                     \
    } while (0)
    NEXT;
op_push:
    stack[sp++] = *pc++;
    NEXT;
op_add:
    sp--;
    stack[sp - 1] += stack[sp];
    NEXT;
op_sub:
    sp--;
    stack[sp - 1] -= stack[sp];
    NEXT;
op_mul:
    sp--;
    stack[sp - 1] *= stack[sp];
    NEXT;
op_dup:
    stack[sp] = stack[sp - 1];
    sp++;
    NEXT;
op_swap : {
    long t = stack[sp - 1];
    stack[sp - 1] = stack[sp - 2];
    stack[sp - 2] = t;
}
    NEXT;
op_over:
    stack[sp] = stack[sp - 2];
    sp++;
    NEXT;
op_drop:
    sp--;
    NEXT;
op_dec:
    stack[sp - 1]--;
    NEXT;
op_jnz : {
    long target = *pc++;
    if (stack[--sp]) pc = code + target;
}
    NEXT;
op_print:
    if (trace) printf("  vm print %ld\n", stack[sp - 1]);
    NEXT;
op_halt:
    if (trace) printf("  vm halted after %ld steps, depth %d\n", steps, sp);
    return sp ? stack[sp - 1] : 0;
#undef NEXT
}

int main(void) {
    long h = 0;
    for (int x = -3; x < 25; x++) {
        int d = dense(x);
        printf("%d:%d ", x, d);
        h = h * 31 + d;
    }
    printf("\n");
    CHECK(dense(16) == 1048 && dense(17) == 1017 && dense(18) == -1 && dense(19) == -19);

    static const long probes[] = {-1000000,
                                  -7,
                                  0,
                                  13,
                                  256,
                                  4096,
                                  65535,
                                  1000000,
                                  0x7fffffffL,
                                  0x100000000L,
                                  -0x7fffffffffffffffL,
                                  1,
                                  -1,
                                  255,
                                  257,
                                  0x80000000L};
    for (unsigned i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
        printf("%d", sparse(probes[i]));
    printf("\n");
    CHECK(sparse(0x100000000L) == 10 && sparse(0) == 3 && sparse(0x80000000L) == 0);

    const char* text = "Hello, World! 42 times\tOK?\n~";
    for (const char* p = text; *p; p++)
        putchar(classify((unsigned char)*p));
    putchar('\n');

    unsigned acc = 1;
    for (unsigned i = 0; i < 100000; i++)
        acc = big_switch(i * 2654435761u >> 7, acc);
    printf("big_switch acc %08x\n", acc);

    // factorial(10) via a countdown loop: acc n -> acc*n, n-1, until n == 0.
    static const long fact[] = {PUSH, 1,     PUSH, 10,                     // acc n
                                SWAP, OVER,  MUL,  SWAP, DEC, DUP, JNZ, 4, // loop at 4
                                DROP, PRINT, HALT};
    long f = run(fact, 1);
    CHECK(f == 3628800);
    // A longer-running loop: sum of 1..20000.
    static const long sum[] = {PUSH, 0,   PUSH, 20000, SWAP, OVER, ADD,
                               SWAP, DEC, DUP,  JNZ,   4,    DROP, HALT};
    long s = run(sum, 0);
    printf("vm sum %ld\n", s);
    CHECK(s == 200010000);
    printf("dense hash %ld\n", h);
    return check_done();
}
