// Two phases of work with a FIREPLANE_CHECKPOINT() between them (a no-op
// outside Fireplane). State crosses the checkpoint in every form a restore
// must bring back: heap data, a file open for writing (its offset), a file
// open for reading, and the random stream getrandom seeded.
#include "fireplane_magic.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
}

int main(int argc, char** argv) {
    const size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    uint64_t* data = malloc(n * sizeof *data);
    if (!data) return 1;
    uint64_t seed;
    if (getrandom(&seed, sizeof seed, 0) != sizeof seed) return 2;
    for (size_t i = 0; i < n; ++i)
        data[i] = mix(i);
    FILE* log = fopen("phases.log", "w");
    FILE* self = fopen(argv[0], "rb");
    if (!log || !self) return 3;
    unsigned char head[4];
    if (fread(head, 1, 2, self) != 2) return 4;
    fprintf(log, "phase 1\n");
    fflush(log);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; ++i)
        sum += data[i] * (i | 1);
    printf("phase 1: %016llx\n", (unsigned long long)sum);
    fflush(stdout);

    FIREPLANE_CHECKPOINT();

    for (size_t i = 0; i < n; ++i)
        data[i] = mix(data[i] ^ sum);
    sum = 0;
    for (size_t i = 0; i < n; ++i)
        sum ^= data[i];
    if (fread(head + 2, 1, 2, self) != 2) return 5;
    fprintf(log, "phase 2\n");
    fclose(log);
    fclose(self);
    log = fopen("phases.log", "r");
    char line[32], text[64] = "";
    while (log && fgets(line, sizeof line, log))
        strncat(text, line, sizeof text - strlen(text) - 1);
    printf("phase 2: %016llx, ELF magic %s, log:\n%s", (unsigned long long)sum,
           memcmp(head, "\177ELF", 4) == 0 ? "ok" : "wrong", text);
    printf("random %016llx\n", (unsigned long long)(seed ^ (uint64_t)random()));
    free(data);
    return 0;
}
