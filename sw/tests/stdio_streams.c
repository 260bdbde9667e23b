// Standard streams as the syscall layer sees them: buffered and unbuffered
// stdout, stderr, setvbuf modes, a 100 KB burst (several write calls, maybe
// partial), writev and dprintf straight to the descriptors, and stdin at
// end of file (the harness connects /dev/null).
#include "check.h"
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void) {
    // printf and friends report the byte counts they wrote.
    int n = printf("%s %d\n", "printf returned", 17);
    CHECK(n == 19);
    CHECK(puts("puts adds a newline") >= 0);
    CHECK(putchar('!') == '!' && putchar('\n') == '\n');
    CHECK(fputs("fputs to stdout\n", stdout) >= 0);
    CHECK(fprintf(stderr, "stderr line %d\n", 1) == 14);
    fflush(stdout);

    // Raw descriptor writes; stdout was flushed, so the order in the file is fixed.
    struct iovec iov[3] = {{"writev ", 7}, {"in three ", 9}, {"pieces\n", 7}};
    CHECK(writev(1, iov, 3) == 23);
    CHECK(write(1, "write(1)\n", 9) == 9);
    CHECK(write(2, "write(2)\n", 9) == 9);
    CHECK(dprintf(1, "dprintf %x\n", 0xbeef) == 13);

    // A big burst: 100000 bytes of a pattern through stdio in one fwrite.
    static char big[100000];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (char)(i % 79 == 78 ? '\n' : 'a' + i % 26);
    CHECK(fwrite(big, 1, sizeof big, stdout) == sizeof big);
    printf("\nend of burst\n");

    // Unbuffered stdout: every printf is its own write.
    fflush(stdout);
    CHECK(setvbuf(stdout, NULL, _IONBF, 0) == 0);
    for (int i = 0; i < 5; i++)
        printf("unbuffered %d\n", i);
    // Line buffered with a small caller-supplied buffer.
    static char line_buf[64];
    CHECK(setvbuf(stdout, line_buf, _IOLBF, sizeof line_buf) == 0);
    for (int i = 0; i < 5; i++)
        printf("line buffered %d, and a longer tail to pass 64 bytes: %s\n", i,
               "xxxxxxxxxxxxxxxxxxxx");

    // stdin is at EOF from the start.
    char tmp[16];
    CHECK(fgets(tmp, sizeof tmp, stdin) == NULL && feof(stdin));
    CHECK(read(0, tmp, sizeof tmp) == 0);
    CHECK(getchar() == EOF);

    // isatty: the harness captures output into files, never a terminal.
    printf("isatty: %d %d %d\n", isatty(0), isatty(1), isatty(2));
    fprintf(stderr, "stderr last line\n");
    return check_done();
}
