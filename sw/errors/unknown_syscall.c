// System call 9999 does not exist: each call must fail with ENOSYS, and the
// simulator must warn about it once, not once per call.
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    for (int i = 1; i <= 2; ++i) {
        errno = 0;
        long r = syscall(9999);
        printf("call %d: result %ld, errno %s\n", i, r, errno == ENOSYS ? "ENOSYS" : "other");
    }
    return 0;
}
