// Reads all of standard input and prints its size, line/word counts and
// checksums. The first part goes through stdio (getc, fgets, ungetc), the
// rest through read(2) with odd chunk sizes, so both the buffered and the
// raw path of the syscall layer's stdin are used. With no input (/dev/null)
// it prints zeros.
#include "crc32.h"
#include "fnv1a.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct stats {
    uint64_t bytes, lines, words;
    uint32_t crc;
    uint64_t fnv;
    int in_word;
    unsigned hist[8]; // byte classes: control, space, digit, upper, lower, punct, high, NUL
};

static void account(struct stats* s, const unsigned char* p, size_t n) {
    s->crc = crc32(s->crc, p, n);
    s->fnv = fnv1a64(p, n, s->fnv);
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if (c == '\n') s->lines++;
        int space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
        if (!space && !s->in_word) s->words++;
        s->in_word = !space;
        int cls = c == 0            ? 7
                  : c >= 0x80       ? 6
                  : space           ? 1
                  : isdigit((int)c) ? 2
                  : isupper((int)c) ? 3
                  : islower((int)c) ? 4
                  : ispunct((int)c) ? 5
                                    : 0;
        s->hist[cls]++;
    }
    s->bytes += n;
}

int main(void) {
    crc32_init();
    struct stats s;
    memset(&s, 0, sizeof s);
    s.fnv = FNV64_INIT;

    // stdio part: the first line (if any), with a getc/ungetc round trip.
    // stdin is unbuffered, so stdio reads no further than it returns and the
    // rest is still there for read(2) (one read syscall per byte until then).
    setvbuf(stdin, NULL, _IONBF, 0);
    char line[256];
    int c = getc(stdin);
    if (c != EOF) {
        ungetc(c, stdin);
        if (fgets(line, sizeof line, stdin)) account(&s, (const unsigned char*)line, strlen(line));
    }
    unsigned char buf[5000];
    // Raw part: read(2) with a rotating chunk size.
    static const size_t chunks[] = {1, 7, 512, 4999, 13, 4096};
    unsigned k = 0;
    for (;;) {
        ssize_t n = read(0, buf, chunks[k++ % 6]);
        if (n < 0) {
            perror("read");
            return 1;
        }
        if (n == 0) break;
        account(&s, buf, (size_t)n);
    }
    printf("bytes %" PRIu64 " lines %" PRIu64 " words %" PRIu64 "\n", s.bytes, s.lines, s.words);
    printf("crc32 %08" PRIx32 " fnv1a64 %016" PRIx64 "\n", s.crc, s.fnv);
    printf("classes: ctrl %u space %u digit %u upper %u lower %u punct %u high %u nul %u\n",
           s.hist[0], s.hist[1], s.hist[2], s.hist[3], s.hist[4], s.hist[5], s.hist[6], s.hist[7]);
    return 0;
}
