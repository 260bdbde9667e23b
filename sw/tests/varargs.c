// Variadic functions: in the sparc64 ABI a variadic callee dumps %i0-%i5 to
// the argument save area and walks 8-byte slots, doubles travel in integer
// slots, long double takes an aligned 16-byte pair and structs go by value or
// by reference depending on size. va_copy, nested va_list passing and
// vsnprintf are covered too.
#include "check.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// The format letter says what comes next: i=int, l=long, u=unsigned long
// long, d=double, f=float (promoted), L=long double, c=char (promoted),
// p=pointer, s=small struct, b=big struct.
struct small {
    int a;
    float b;
};
struct bigs {
    long v[5];
};

// Takes the next argument as type T and folds its bytes into h.
#define FOLD_NEXT(T)                                                                               \
    do {                                                                                           \
        T v = va_arg(ap, T);                                                                       \
        h = fnv1a64(&v, sizeof v, h);                                                              \
    } while (0)

static uint64_t fold_args(const char* fmt, va_list ap) {
    uint64_t h = FNV64_INIT;
    for (const char* f = fmt; *f; f++) {
        switch (*f) {
        case 'i':
        case 'c': FOLD_NEXT(int); break; // char arrives promoted to int
        case 'l': FOLD_NEXT(long); break;
        case 'u': FOLD_NEXT(unsigned long long); break;
        case 'd':
        case 'f': FOLD_NEXT(double); break;
        case 'L': FOLD_NEXT(long double); break;
        case 'p': {
            const char* v = va_arg(ap, const char*);
            h = fnv1a64(v, strlen(v), h);
            break;
        }
        case 's': FOLD_NEXT(struct small); break;
        case 'b': FOLD_NEXT(struct bigs); break;
        }
    }
    return h;
}

static uint64_t fold(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    uint64_t h = fold_args(fmt, ap);
    va_end(ap);
    return h;
}

// Reads the same arguments twice via va_copy; both passes must agree.
static int twice(const char* fmt, ...) {
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    uint64_t a = fold_args(fmt, ap);
    uint64_t b = fold_args(fmt, copy);
    va_end(copy);
    va_end(ap);
    return a == b;
}

static double sum_doubles(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return s;
}

static long sum_mixed(int n, ...) {
    // Alternating int and double, beyond the six register slots.
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0)
            s += va_arg(ap, int);
        else
            s += (long)(va_arg(ap, double) * 10);
    }
    va_end(ap);
    return s;
}

// A printf wrapper, the most common real-world use of va_list.
__attribute__((format(printf, 2, 3))) static int fmt(char* buf, const char* f, ...) {
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(buf, 200, f, ap);
    va_end(ap);
    return n;
}

__attribute__((format(printf, 1, 2))) static void logf_(const char* f, ...) {
    va_list ap, ap2;
    va_start(ap, f);
    va_copy(ap2, ap);
    int need = vsnprintf(NULL, 0, f, ap); // measure first, as asprintf does
    char buf[256];
    int got = vsnprintf(buf, sizeof buf, f, ap2);
    va_end(ap2);
    va_end(ap);
    printf("log(%d/%d): %s\n", need, got, buf);
}

int main(void) {
    struct small sm = {-5, 2.5f};
    struct bigs bg = {{1, -2, 3, -4, 5}};
    uint64_t h1 = fold("ildfLcps", 1, -2L, 3.25, 1.5f, 7.0L / 3, 'x', "text", sm);
    uint64_t h2 = fold("iiiiiiiiii", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    uint64_t h3 = fold("dLdLdL", 0.1, 1e300L, -0.0, (long double)-1.0 / 7, 1e-300, 42.0L);
    uint64_t h4 = fold("bibd", bg, 9, bg, 0.5);
    uint64_t h5 = fold("uuuuuuuu", 1ULL, ~0ULL, 1ULL << 63, 3ULL, 4ULL, 5ULL, 6ULL, 7ULL);
    printf("fold %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\n", h1,
           h2, h3, h4, h5);
    CHECK(twice("ildfLcpsbiu", 1, -2L, 3.25, 1.5f, 7.0L / 3, 'x', "text", sm, bg, 3, 5ULL));

    double ds = sum_doubles(12, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 0.5, 0.25);
    printf("sum_doubles %.17g\n", ds);
    CHECK(ds == 55.75);
    long ms = sum_mixed(14, 1, 0.5, 2, 1.5, 3, 2.5, 4, 3.5, 5, 4.5, 6, 5.5, 7, 6.5);
    printf("sum_mixed %ld\n", ms);
    CHECK(ms == 28 + 5 + 15 + 25 + 35 + 45 + 55 + 65);

    char buf[200];
    int n = fmt(buf, "%d|%5.2f|%-6s|%lld|%c|%x|%e|%Lf|%hd|%hhu|%zu|%%", -17, 3.14159, "ab",
                -1234567890123LL, 'Q', 0xbeefu, 6.02e23, (long double)1 / 3, (short)-2,
                (unsigned char)200, (size_t)12345);
    printf("fmt(%d) %s\n", n, buf);
    CHECK(strcmp(buf,
                 "-17| 3.14|ab    |-1234567890123|Q|beef|6.020000e+23|0.333333|-2|200|12345|%") ==
          0);
    // Truncation: the return value is the untruncated length.
    char small_buf[8];
    const char* volatile word = "truncated"; // volatile: truncation is intended
    int full = snprintf(small_buf, sizeof small_buf, "%s-%d", word, 12345);
    printf("snprintf truncation %d '%s'\n", full, small_buf);
    CHECK(full == 15 && strcmp(small_buf, "truncat") == 0);
    // Positional arguments.
    fmt(buf, "%2$s %1$s %3$d %2$s", "world", "hello", 3);
    printf("positional: %s\n", buf);
    CHECK(strcmp(buf, "hello world 3 hello") == 0);
    logf_("%s=%g, %s=%ld, floats %f %f", "pi", 3.14159265, "big", 1L << 40, 1.5f, -0.25f);
    return check_done();
}
