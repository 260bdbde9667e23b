// The initial process stack: argc, argv, envp and auxv as the loader lays
// them out at %sp+2047+128. Prints argc and every argument (ctest passes
// awkward ones: empty, spaces, quotes, non-ASCII), checks the layout rules
// of the ABI, and reads one variable the test sets, never the whole
// environment (which differs between hosts).
#include "check.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

extern char** environ;

int main(int argc, char** argv, char** envp) {
    printf("argc = %d\n", argc);
    for (int i = 0; i < argc; i++) {
        printf("argv[%d] = \"%s\" (%zu bytes)\n", i, argv[i], strlen(argv[i]));
    }
    CHECK(argc >= 1);
    CHECK(argv[argc] == NULL);
    // envp starts right after argv's terminating NULL, and is environ.
    CHECK(envp == argv + argc + 1);
    CHECK(environ == envp);
    int nenv = 0;
    while (envp[nenv]) {
        CHECK(strchr(envp[nenv], '=') != NULL);
        nenv++;
    }
    // The auxiliary vector follows envp's NULL; glibc found it if these work.
    CHECK(getauxval(AT_PAGESZ) >= 4096);
    CHECK(getauxval(AT_ENTRY) != 0);
    CHECK(getauxval(AT_PHDR) != 0);
    // The first argument string sits above the pointer arrays on the stack.
    CHECK((uintptr_t)argv[0] > (uintptr_t)&argv[argc]);

    const char* v = getenv("FIREPLANE_TEST_VAR");
    printf("FIREPLANE_TEST_VAR = %s\n", v ? v : "(unset)");
    CHECK(getenv("") == NULL);
    // setenv/unsetenv work on the process's copy.
    CHECK(setenv("FP_ARGS_ENV_NEW", "value 1", 0) == 0);
    CHECK(strcmp(getenv("FP_ARGS_ENV_NEW"), "value 1") == 0);
    CHECK(setenv("FP_ARGS_ENV_NEW", "value 2", 0) == 0); // no overwrite
    CHECK(strcmp(getenv("FP_ARGS_ENV_NEW"), "value 1") == 0);
    CHECK(unsetenv("FP_ARGS_ENV_NEW") == 0 && getenv("FP_ARGS_ENV_NEW") == NULL);

    // Parse numeric arguments the way a real tool would.
    long sum = 0;
    int numeric = 0;
    for (int i = 1; i < argc; i++) {
        char* end;
        long n = strtol(argv[i], &end, 0);
        if (*argv[i] && *end == '\0') {
            sum += n;
            numeric++;
        }
    }
    printf("%d numeric arguments, sum %ld\n", numeric, sum);
    return check_done();
}
