/* The RTL DMA engine (rtl_dma_checksum) from bare metal, with its completion
 * interrupt: the engine's irq line goes through the I/O bridge's interrupt
 * mapping to this CPU as an interrupt vector (trap 0x60, data word 0 = the
 * INO). Each operation copies and checksums part of a buffer; the handler
 * reads STATUS, clears DONE/ERROR (the line drops) and re-arms the mapping.
 * The main loop only waits for the handler. Machine: tests/cosim/
 * dma_firmware.yaml (the engine at 0x1fff2200000, INO 0x2d). With the MMU
 * off, the buffers' addresses are physical. */
#include "fw.h"

#define DMA_BASE 0x1fff2200000ull
#define DMA_INO 0x2d
enum {
    ID = 0x00,
    CTRL = 0x04,
    STATUS = 0x08,
    DONE_COUNT = 0x0c,
    SRC_LO = 0x10,
    SRC_HI = 0x14,
    DST_LO = 0x18,
    DST_HI = 0x1c,
    LEN = 0x20,
    SUM = 0x24
};
enum { START = 1, IRQ_EN = 2, COPY = 4 };
enum { BUSY = 1, DONE = 2, ERROR = 4 };
#define OPS 40

static uint8_t src[8192] __attribute__((aligned(64)));
static uint8_t dst[8192] __attribute__((aligned(64)));
static volatile unsigned vectors, wrong_ino, last_status;

/* The engine's lanes are little-endian: its registers are read and written
 * through the physical-bypass ASI's little-endian form, uncached. */
#define ASI_PHYS_BYPASS_EC_WITH_EBIT_LITTLE 0x1d
static uint32_t rd(unsigned off) {
    uint32_t v;
    __asm__ volatile("lduwa [%1] %2, %0"
                     : "=r"(v)
                     : "r"(DMA_BASE + off), "n"(ASI_PHYS_BYPASS_EC_WITH_EBIT_LITTLE));
    return v;
}
static void wr(unsigned off, uint32_t v) {
    __asm__ volatile("stwa %0, [%1] %2"
                     :
                     : "r"(v), "r"(DMA_BASE + off), "n"(ASI_PHYS_BYPASS_EC_WITH_EBIT_LITTLE)
                     : "memory");
}

static int on_vector(struct fw_trap_frame* f) {
    (void)f;
    uint64_t d[3];
    fw_receive_vector(d);
    if (d[0] != DMA_INO) ++wrong_ino;
    last_status = rd(STATUS);
    wr(STATUS, DONE | ERROR); /* the irq line drops */
    fw_interrupt_done(DMA_INO);
    ++vectors;
    return FW_TRAP_RETRY;
}

static uint32_t checksum(const uint8_t* p, uint32_t len) {
    uint32_t sum = 0;
    for (uint32_t k = 0; k < len; k += 8) {
        uint64_t beat = 0;
        for (int i = 7; i >= 0; --i)
            beat = beat << 8 | p[k + i];
        sum = ((sum << 1) | (sum >> 31)) + ((uint32_t)beat ^ (uint32_t)(beat >> 32));
    }
    return sum;
}

/* Starts an operation and waits for its interrupt; returns its STATUS. */
static uint32_t run(uint64_t from, uint64_t to, uint32_t len) {
    const unsigned before = vectors;
    wr(SRC_LO, (uint32_t)from);
    wr(SRC_HI, (uint32_t)(from >> 32));
    wr(DST_LO, (uint32_t)to);
    wr(DST_HI, (uint32_t)(to >> 32));
    wr(LEN, len);
    wr(CTRL, START | IRQ_EN | COPY);
    while (vectors == before)
        ;
    return last_status;
}

int main(void) {
    fw_check(rd(ID) == 0xf1be0002, "the engine's ID", rd(ID));
    fw_set_trap_handler(FW_TT_INTERRUPT_VECTOR, on_vector);
    fw_route_interrupt(DMA_INO, fw_agent_id());
    fw_interrupts_on();

    uint64_t seed = 7;
    for (unsigned i = 0; i < sizeof src; ++i) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        src[i] = (uint8_t)(seed >> 33);
    }
    unsigned wrong_sum = 0, wrong_copy = 0, not_done = 0;
    for (unsigned op = 0; op < OPS; ++op) {
        const uint32_t off = 8 * ((op * 37) % 512), len = 8 * (1 + (op * 53) % 400);
        const uint32_t status =
            run((uint64_t)(uintptr_t)(src + off), (uint64_t)(uintptr_t)dst, len);
        not_done += status != DONE;
        wrong_sum += rd(SUM) != checksum(src + off, len);
        for (uint32_t i = 0; i < len; ++i)
            if (dst[i] != src[off + i]) {
                ++wrong_copy;
                break;
            }
    }
    fw_check(not_done == 0, "every operation ended DONE", not_done);
    fw_check(wrong_sum == 0, "every SUM equals the checksum computed here", wrong_sum);
    fw_check(wrong_copy == 0, "every copy equals its source", wrong_copy);
    fw_check(vectors == OPS, "one interrupt per operation", vectors);
    fw_check(wrong_ino == 0, "each vector names the engine's INO", wrong_ino);
    fw_check(rd(DONE_COUNT) == OPS, "DONE_COUNT", rd(DONE_COUNT));
    /* An unaligned source: ERROR, and the interrupt still comes. */
    const uint32_t status = run((uint64_t)(uintptr_t)src + 4, (uint64_t)(uintptr_t)dst, 64);
    fw_check(status == ERROR, "an unaligned source ends in ERROR, with its interrupt", status);
    fw_check((rd(STATUS) & (DONE | ERROR)) == 0, "the handler cleared STATUS", rd(STATUS));
    fw_print("dma_firmware: ");
    fw_print_dec(OPS);
    fw_puts(" operations by interrupt");
    fw_test_done();
}
