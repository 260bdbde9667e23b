// Returning 42 from main: __libc_start_main passes main's result to exit,
// which must arrive as the process exit status (via exit_group).
#include <stdio.h>

static int answer(int x) {
    return x * 6;
}

int main(int argc, char** argv) {
    (void)argv;
    printf("returning %d from main\n", answer(argc + 6));
    return answer(argc + 6); // argc is 1 under the harness
}
