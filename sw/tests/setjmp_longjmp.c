// setjmp/longjmp: glibc's sparc64 longjmp flushes the register windows and
// unwinds the stack by restoring %sp/%fp, so jumping out of deep recursion
// tests flushw, the spill handler and window state after the jump. setjmp
// also saves the signal mask with rt_sigprocmask; _setjmp does not.
#include "check.h"
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

static jmp_buf env;
static sigjmp_buf senv;
static int unwound_frames;

__attribute__((noinline)) static void dive(int depth, int target) {
    volatile int local[8];
    for (int i = 0; i < 8; i++)
        local[i] = depth + i;
    if (depth == target) longjmp(env, depth);
    if (depth > target) return; // unreachable, but bounds the recursion
    dive(depth + 1, target);
    unwound_frames += local[3]; // never reached: longjmp skips this
}

__attribute__((noinline)) static int try_dive(int target) {
    int r = setjmp(env);
    if (r == 0) {
        dive(1, target);
        return -1; // dive always jumps
    }
    return r;
}

// Nested handlers: an inner jump buffer, then a jump to the outer one.
static jmp_buf outer, inner;

__attribute__((noinline)) static void thrower(int which) {
    if (which == 1) longjmp(inner, 11);
    longjmp(outer, 22);
}

static int nested(int which) {
    volatile int stage = 0;
    int r = setjmp(outer);
    if (r) return r * 100 + stage;
    stage = 1;
    int r2 = setjmp(inner);
    if (r2) return r2 * 10 + stage;
    stage = 2;
    thrower(which);
    return 0;
}

int main(void) {
    for (int target = 1; target <= 2000; target = target * 3 + 1) {
        int r = try_dive(target);
        printf("dive to %d returned %d\n", target, r);
        CHECK(r == target);
    }
    CHECK(unwound_frames == 0);

    // longjmp(env, 0) must make setjmp return 1.
    volatile int zero_case = 0;
    if (setjmp(env) == 0) {
        zero_case = 1;
        longjmp(env, 0);
    } else {
        printf("longjmp with 0 gave nonzero, zero_case=%d\n", zero_case);
        CHECK(zero_case == 1);
    }

    // Volatile locals modified between setjmp and longjmp keep their new
    // value; a loop of jumps back to the same buffer.
    volatile int count = 0;
    volatile double acc = 1.0;
    int r = setjmp(env);
    if (count < 50) {
        count++;
        acc = acc * 1.5 - r;
        longjmp(env, count);
    }
    printf("loop count=%d r=%d acc=%.6f\n", count, r, acc);
    CHECK(count == 50 && r == 50);

    int n1 = nested(1), n2 = nested(2);
    printf("nested: %d %d\n", n1, n2);
    CHECK(n1 == 112 && n2 == 2202); // stage was 2 when each jump happened

    // sigsetjmp with a saved mask: the blocked set is restored by siglongjmp.
    sigset_t set, now;
    sigemptyset(&set);
    sigprocmask(SIG_SETMASK, &set, NULL);
    if (sigsetjmp(senv, 1) == 0) {
        sigaddset(&set, SIGUSR1);
        sigprocmask(SIG_BLOCK, &set, NULL);
        siglongjmp(senv, 1);
    }
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("SIGUSR1 blocked after siglongjmp: %d\n", sigismember(&now, SIGUSR1));
    CHECK(sigismember(&now, SIGUSR1) == 0);

    // _setjmp/_longjmp do not touch the mask.
    if (_setjmp(env) == 0) {
        sigaddset(&set, SIGUSR2);
        sigprocmask(SIG_BLOCK, &set, NULL);
        _longjmp(env, 5);
    }
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("SIGUSR2 blocked after _longjmp: %d\n", sigismember(&now, SIGUSR2));
    CHECK(sigismember(&now, SIGUSR2) == 1);
    return check_done();
}
