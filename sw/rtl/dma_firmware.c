/* The RTL DMA engine (rtl_dma_checksum) from bare metal, with its completion
 * interrupt: the engine's irq line goes through the I/O bridge's interrupt
 * mapping to this CPU as an interrupt vector (trap 0x60, data word 0 = the
 * INO). Each operation copies and checksums part of a buffer; the handler
 * reads STATUS, clears DONE and ERROR (the line drops) and re-arms the
 * mapping. The main loop only waits for the handler. Machine: tests/cosim/
 * dma_firmware.yaml (the engine at 0x1fff2200000, INO 0x2d). With the MMU
 * off, the buffers' addresses are physical. */
#include "dma_checksum_regs.h"
#include "fw.h"

#define DMA_BASE 0x1fff2200000ull
#define DMA_INO 0x2d
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
    last_status = rd(DMA_STATUS);
    wr(DMA_STATUS, DMA_DONE | DMA_ERROR); /* the irq line drops */
    fw_interrupt_done(DMA_INO);
    ++vectors;
    return FW_TRAP_RETRY;
}

/* Starts an operation and waits for its interrupt; returns its DMA_STATUS. */
static uint32_t run(uint64_t from, uint64_t to, uint32_t len) {
    const unsigned before = vectors;
    wr(DMA_SRC_LO, (uint32_t)from);
    wr(DMA_SRC_HI, (uint32_t)(from >> 32));
    wr(DMA_DST_LO, (uint32_t)to);
    wr(DMA_DST_HI, (uint32_t)(to >> 32));
    wr(DMA_LEN, len);
    wr(DMA_CTRL, DMA_START | DMA_IRQ_EN | DMA_COPY);
    while (vectors == before)
        ;
    return last_status;
}

int main(void) {
    fw_check(rd(DMA_ID) == DMA_ID_VALUE, "the engine's ID", rd(DMA_ID));
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
        not_done += status != DMA_DONE;
        wrong_sum += rd(DMA_SUM) != dma_checksum(src + off, len);
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
    fw_check(rd(DMA_DONE_COUNT) == OPS, "DONE_COUNT", rd(DMA_DONE_COUNT));
    /* An unaligned source: DMA_ERROR, and the interrupt still comes. */
    const uint32_t status = run((uint64_t)(uintptr_t)src + 4, (uint64_t)(uintptr_t)dst, 64);
    fw_check(status == DMA_ERROR, "an unaligned source ends in ERROR, with its interrupt", status);
    fw_check((rd(DMA_STATUS) & (DMA_DONE | DMA_ERROR)) == 0, "the handler cleared STATUS",
             rd(DMA_STATUS));
    fw_print("dma_firmware: ");
    fw_print_dec(OPS);
    fw_puts(" operations by interrupt");
    fw_test_done();
}
