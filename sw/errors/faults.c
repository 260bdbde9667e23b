// Guest programs that end in a hardware fault: `faults CASE` runs one case.
// Under Linux (and so under fireplane's user mode) each kills the process
// with the signal the sparc64 kernel sends for that trap. Every case prints
// a line first, so a test can tell that the program ran up to the fault.
#include <stdio.h>
#include <string.h>

// illtrap 0: the all-zero word, an illegal instruction by definition.
static void illtrap(void) {
    __asm__ volatile(".word 0x00000000");
}

// op = 2, op3 = 0x19: a reserved opcode, illegal on every SPARC V9.
static void reserved_opcode(void) {
    __asm__ volatile(".word 0x80c80000");
}

// rdpr %pstate: a privileged instruction in user mode (privileged_opcode).
static void privileged(void) {
    unsigned long v;
    __asm__ volatile("rdpr %%pstate, %0" : "=r"(v));
}

// Addresses the compiler cannot reason about (it would warn about them).
static int* volatile null_page = (int*)0x10;
static int* volatile far_away = (int*)0xdead0000UL;

// A store to page zero, which is never mapped.
static void null_write(void) {
    *null_page = 1;
}

// A load from an address far from any mapping.
static void wild_read(void) {
    volatile int v = *far_away;
    (void)v;
}

// A word load from an odd address (mem_address_not_aligned: SIGBUS).
static void misaligned(void) {
    static char buf[16];
    int v;
    __asm__ volatile("ld [%1], %0" : "=r"(v) : "r"(buf + 1));
}

// sdivx by zero: the hardware division_by_zero trap (gcc would call no helper).
static void sdivx_zero(void) {
    long q, a = 42, b = 0;
    __asm__ volatile("sdivx %1, %2, %0" : "=r"(q) : "r"(a), "r"(b));
}

// Unbounded recursion: the stack runs into unmapped memory. The flag is
// never cleared; it only hides the endless recursion from the compiler.
static volatile int keep_going = 1;
__attribute__((noinline)) static long recurse(long n) {
    volatile char frame[256];
    frame[n % 256] = (char)n;
    return keep_going ? recurse(n + 1) + frame[0] : 0;
}
static void stack_overflow(void) {
    recurse(0);
}

struct Case {
    const char* name;
    void (*run)(void);
};

static const struct Case kCases[] = {
    {"illtrap", illtrap},       {"reserved_opcode", reserved_opcode},
    {"privileged", privileged}, {"null_write", null_write},
    {"wild_read", wild_read},   {"misaligned", misaligned},
    {"sdivx_zero", sdivx_zero}, {"stack_overflow", stack_overflow},
};

int main(int argc, char** argv) {
    for (size_t i = 0; argc == 2 && i < sizeof kCases / sizeof kCases[0]; ++i) {
        if (strcmp(argv[1], kCases[i].name) != 0) continue;
        printf("running %s\n", kCases[i].name);
        fflush(stdout);
        kCases[i].run();
        printf("%s: survived the fault\n", kCases[i].name);
        return 0;
    }
    fprintf(stderr, "usage: faults CASE\n");
    return 1;
}
