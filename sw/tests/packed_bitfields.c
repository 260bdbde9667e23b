// Bit-fields, packed structs and byte order. Bit-field reads and writes
// become shift/mask sequences (signed fields need sign extension); packed
// members at odd offsets must be accessed with byte loads since SPARC traps
// on misaligned word accesses; unions show the big-endian byte order.
#include "check.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct flags {
    unsigned a : 1;
    unsigned b : 3;
    signed c : 5;
    unsigned d : 7;
    signed e : 12;
    unsigned f : 4;
    unsigned long long g : 40; // crosses the 64-bit boundary of the storage unit
    signed long long h : 23;
};

struct __attribute__((packed)) wire {
    uint8_t tag;
    uint32_t len;  // at offset 1
    uint16_t port; // at offset 5
    uint64_t id;   // at offset 7
    double value;  // at offset 15
};

union pun {
    uint64_t u64;
    uint32_t u32[2];
    uint16_t u16[4];
    uint8_t u8[8];
    double d;
    float f[2];
};

__attribute__((noinline)) static uint64_t read_wire(const struct wire* w) {
    return w->tag + w->len + w->port + w->id + (uint64_t)w->value;
}

int main(void) {
    struct flags fl;
    memset(&fl, 0, sizeof fl);
    uint64_t h = FNV64_INIT;
    for (int i = -40; i < 40; i++) {
        fl.a = (unsigned)i;
        fl.b = (unsigned)i * 3;
        fl.c = i; // out-of-range values wrap (implementation-defined in gcc: modulo)
        fl.d = (unsigned)(i * 5);
        fl.e = i * 100;
        fl.f = (unsigned)i >> 1;
        fl.g = (unsigned long long)i * 0x123456789ULL;
        fl.h = i * 99991;
        long long vals[8] = {fl.a, fl.b, fl.c, fl.d, fl.e, fl.f, (long long)fl.g, fl.h};
        h = fnv1a64(vals, sizeof vals, h);
        h = fnv1a64(&fl, sizeof fl, h);
        if (i % 13 == 0)
            printf("i=%3d: a=%u b=%u c=%d d=%u e=%d f=%u g=%010llx h=%lld\n", i, fl.a, fl.b, fl.c,
                   fl.d, fl.e, fl.f, (unsigned long long)fl.g, (long long)fl.h);
    }
    printf("bitfield checksum %016" PRIx64 " sizeof %zu\n", h, sizeof(struct flags));
    fl.c = -16;
    CHECK(fl.c == -16);
    fl.c = 15;
    CHECK(fl.c == 15);
    fl.e = -2048;
    CHECK(fl.e == -2048 && fl.c == 15);

    // Packed records at every alignment inside a byte buffer.
    CHECK(sizeof(struct wire) == 23);
    unsigned char buf[23 * 8 + 8];
    struct wire* recs = (struct wire*)(buf + 1);
    uint64_t total = 0;
    for (int i = 0; i < 8; i++) {
        recs[i].tag = (uint8_t)i;
        recs[i].len = 0x01020304u * (uint32_t)i;
        recs[i].port = (uint16_t)(8080 + i);
        recs[i].id = 0x1122334455667788ULL ^ (uint64_t)i;
        recs[i].value = i * 1.25;
        total += read_wire(&recs[i]);
    }
    printf("packed total %" PRIu64 " bytes %016" PRIx64 "\n", total,
           fnv1a64(buf + 1, 23 * 8, FNV64_INIT));
    CHECK(buf[1 + 23 * 3 + 1] == 0x03 && buf[1 + 23 * 3 + 4] == 0x0c); // big-endian len of rec 3

    // Byte order.
    union pun p;
    p.u64 = 0x0102030405060708ULL;
    printf("u8[0]=%02x u16[0]=%04x u32[1]=%08x -> %s-endian\n", p.u8[0], p.u16[0], p.u32[1],
           p.u8[0] == 1 ? "big" : "little");
    CHECK(p.u8[0] == 1 && p.u32[0] == 0x01020304u);
    p.d = -2.0;
    CHECK(p.u32[0] == 0xc0000000u && p.u32[1] == 0);
    p.f[0] = 1.0f;
    CHECK(p.u32[0] == 0x3f800000u);
    // Unaligned loads done portably through memcpy.
    unsigned char bytes[16];
    for (int i = 0; i < 16; i++)
        bytes[i] = (unsigned char)(0xa0 + i);
    for (int off = 0; off < 8; off++) {
        uint64_t v64;
        uint32_t v32;
        uint16_t v16;
        memcpy(&v64, bytes + off, 8);
        memcpy(&v32, bytes + off, 4);
        memcpy(&v16, bytes + off, 2);
        printf("off %d: %016" PRIx64 " %08" PRIx32 " %04x\n", off, v64, v32, v16);
    }
    return check_done();
}
