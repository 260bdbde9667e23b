/* Interrupt vectors between CPUs (UltraSPARC III Cu, "Interrupt Vector
 * Dispatch"): the data words go to ASI 0x77 at 0x40/0x50/0x60, a store to
 * (target << 14) | 0x70 dispatches with BUSY/NACK pair 0, and the dispatch
 * status (ASI 0x48) says whether the target took it. */
#include "fw.h"

int fw_send_vector(unsigned target, uint64_t w0, uint64_t w1, uint64_t w2) {
    FW_STXA(0x40, FW_ASI_INTR_DISPATCH, w0);
    FW_STXA(0x50, FW_ASI_INTR_DISPATCH, w1);
    FW_STXA(0x60, FW_ASI_INTR_DISPATCH, w2);
    FW_STXA(((uint64_t)target << 14) | 0x70, FW_ASI_INTR_DISPATCH, 0);
    __asm__ volatile("membar #Sync" ::: "memory");
    uint64_t status;
    do
        status = FW_LDXA(0, FW_ASI_INTR_DISPATCH_STATUS);
    while (status & 1); /* BUSY of pair 0 */
    return (status & 2) ? -1 : 0;
}

unsigned fw_send_vector_retry(unsigned target, uint64_t w0, uint64_t w1, uint64_t w2) {
    unsigned nacks = 0;
    while (fw_send_vector(target, w0, w1, w2) != 0)
        ++nacks;
    return nacks;
}

void fw_receive_vector(uint64_t data[3]) {
    data[0] = FW_LDXA(0x40, FW_ASI_INTR_RECEIVE_DATA);
    data[1] = FW_LDXA(0x50, FW_ASI_INTR_RECEIVE_DATA);
    data[2] = FW_LDXA(0x60, FW_ASI_INTR_RECEIVE_DATA);
    FW_STXA(0, FW_ASI_INTR_RECEIVE, 0);
    __asm__ volatile("membar #Sync" ::: "memory");
}

/* The I/O bridge's interrupt mapping: IMAP (V, target agent ID, INR) and ICLR. */
#define IMAP(ino) ((volatile uint64_t*)(FW_IO_BRIDGE_BASE + 0x1000 + 8 * (ino)))
#define ICLR(ino) ((volatile uint64_t*)(FW_IO_BRIDGE_BASE + 0x1400 + 8 * (ino)))

void fw_route_interrupt(unsigned ino, unsigned agent) {
    *IMAP(ino) = (1ull << 31) | ((uint64_t)(agent & 0x1f) << 26) | (ino & 0x3f);
}

void fw_interrupt_done(unsigned ino) {
    *ICLR(ino) = 0;
}
