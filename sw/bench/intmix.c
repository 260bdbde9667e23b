// Benchmark: a Dhrystone-like integer mix, written from scratch. Each
// iteration does what typical system code does: copies and compares short
// strings, follows pointers between records, switches on enums, indexes
// one- and two-dimensional arrays and calls small non-inlined procedures
// with pointer arguments. Prints the final state as a checksum.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ITERATIONS 4000000

enum colour { RED, GREEN, BLUE, CYAN, MAGENTA };

struct record {
    struct record* next;
    enum colour colour;
    int value;
    int counter;
    char name[32];
};

static int table1[64];
static int table2[64][64];
static char text1[32], text2[32];
static struct record* head;

__attribute__((noinline)) static enum colour rotate(enum colour c, int by) {
    switch (c) {
    case RED: return by > 0 ? GREEN : MAGENTA;
    case GREEN: return by > 1 ? CYAN : BLUE;
    case BLUE: return by & 1 ? RED : CYAN;
    case CYAN: return MAGENTA;
    default: return by < 3 ? RED : BLUE;
    }
}

__attribute__((noinline)) static int compare_names(const char* a, const char* b) {
    return strcmp(a, b) > 0;
}

__attribute__((noinline)) static void update(struct record* r, int i) {
    struct record* other = r->next;
    *other = *r; // whole-record copy
    other->value = r->value + i % 7;
    other->counter++;
    r->colour = rotate(r->colour, i & 3);
    if (other->colour == r->colour)
        other->value -= 3;
    else
        other->value += r->counter & 15;
}

__attribute__((noinline)) static void arrays(int i, int v) {
    int k = (i + v) & 63;
    table1[k] = v;
    table1[(k + 1) & 63] = table1[k] + i;
    table2[k][(k + 7) & 63] = table1[(k + 1) & 63] - v;
    table2[(k + 3) & 63][k] += k;
}

__attribute__((noinline)) static int arith(int a, int b, int* out) {
    int q = b ? a / b : 0;
    int r = b ? a % b : 0;
    *out = a * 3 - q * 7 + r;
    return *out > 100;
}

int main(int argc, char** argv) {
    long iterations = argc > 1 ? atol(argv[1]) : ITERATIONS;
    struct record* a = calloc(1, sizeof *a);
    struct record* b = calloc(1, sizeof *b);
    a->next = b;
    b->next = a;
    strcpy(a->name, "FIREPLANE, FIRST RECORD NAME");
    head = a;
    strcpy(text1, "FIREPLANE, 1'ST STRING");
    uint64_t check = 0;
    for (long i = 0; i < iterations; i++) {
        int x = (int)(i % 1000), y = (int)(i % 17) + 1, z;
        strcpy(text2, i & 1 ? "FIREPLANE, 2'ND STRING" : "FIREPLANE, 1'ST STRING");
        int greater = compare_names(text1, text2);
        update(head, (int)i);
        head = head->next;
        arrays((int)i, head->value);
        int big = arith(x, y, &z);
        for (int k = 0; k < 4; k++)
            z += (text2[11 + k] == 'S') ? k : -k;
        check = check * 33 + (uint64_t)(z + greater + big + (int)head->colour);
        if ((i & 1023) == 0)
            memmove(text1 + 1, text1, 20), memcpy(text1, "FIREPLANE, 1'ST STRING", 23);
    }
    uint64_t t = 0;
    for (int i = 0; i < 64; i++) {
        t = t * 31 + (uint32_t)table1[i];
        for (int j = 0; j < 64; j++)
            t += (uint32_t)table2[i][j] * (uint64_t)(j + 1);
    }
    printf("intmix %ld iterations: check %016llx tables %016llx value %d counter %d colour %d\n",
           iterations, (unsigned long long)check, (unsigned long long)t, head->value, head->counter,
           (int)head->colour);
    free(a);
    free(b);
    return 0;
}
