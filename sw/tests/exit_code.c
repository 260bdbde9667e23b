// exit(3) from a nested call: atexit handlers run in reverse order of
// registration, stdio buffers (stdout is a pipe or file here, so fully
// buffered) are flushed by exit, and the status reaches the host as 3.
#include <stdio.h>
#include <stdlib.h>

static void first_registered(void) {
    printf("atexit: first registered, runs last\n");
}
static void second_registered(void) {
    printf("atexit: second registered, runs first\n");
}

__attribute__((noinline)) static void leave(int depth) {
    if (depth < 0) return;
    if (depth == 0) {
        fprintf(stderr, "leaving with status 3\n");
        exit(3);
    }
    leave(depth - 1);
    printf("not reached\n");
}

int main(void) {
    atexit(first_registered);
    atexit(second_registered);
    printf("buffered line that only exit's flush writes out\n");
    leave(20);
    return 0;
}
