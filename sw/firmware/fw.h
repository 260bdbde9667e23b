/* Fireplane bare-metal SDK: console, power-off, privileged registers, traps,
 * interrupts, timers and secondary CPUs for firmware images built with
 * fireplane_firmware_image() (cmake/FirmwareImages.cmake) and run with
 * `fireplane boot`. Addresses are those of configs/uni-firmware.yaml and
 * configs/v1280-firmware.yaml. */
#ifndef FIREPLANE_FW_H
#define FIREPLANE_FW_H

#include "fw_asm.h"

#include <stdint.h>

#define FW_UART_BASE 0x1fff1000000ull /* console 16550, registers 1 byte apart */
/* FW_POWER_BASE (fw_asm.h): power_control, poweroff at +0, reset at +8. */

/* ---- console and power ---- */
void fw_putc(char c);
void fw_puts(const char* s);  /* the string and a newline */
void fw_print(const char* s); /* the string only */
void fw_print_hex(uint64_t value);
void fw_print_dec(uint64_t value);
/* Powers off: `fireplane boot` exits with code & 0xff. */
__attribute__((noreturn)) void fw_exit(int code);
/* Every CPU takes a power-on reset; RAM keeps its contents. */
__attribute__((noreturn)) void fw_reset(void);
uint64_t fw_boot_number(void); /* resets so far: 0 on the first boot */
int fw_getc(void);             /* the console's next character (waits for it) */

/* ---- privileged and ancillary state registers ---- */
#define FW_RDPR(reg)                                                                               \
    ({                                                                                             \
        uint64_t v_;                                                                               \
        __asm__ volatile("rdpr %%" #reg ", %0" : "=r"(v_));                                        \
        v_;                                                                                        \
    })
#define FW_WRPR(reg, value)                                                                        \
    __asm__ volatile("wrpr %0, 0, %%" #reg : : "r"((uint64_t)(value)) : "memory")
#define FW_RD(reg)                                                                                 \
    ({                                                                                             \
        uint64_t v_;                                                                               \
        __asm__ volatile("rd %%" #reg ", %0" : "=r"(v_));                                          \
        v_;                                                                                        \
    })
#define FW_WR(reg, value)                                                                          \
    __asm__ volatile("wr %0, 0, %%" #reg : : "r"((uint64_t)(value)) : "memory")

static inline uint64_t fw_rdpr_tl(void) {
    return FW_RDPR(tl);
}
static inline uint64_t fw_rdpr_pstate(void) {
    return FW_RDPR(pstate);
}
static inline void fw_wrpr_tba(uint64_t v) {
    FW_WRPR(tba, v);
}

/* Loads and stores through an ASI (asi must be a constant). */
#define FW_LDXA(va, asi)                                                                           \
    ({                                                                                             \
        uint64_t v_;                                                                               \
        __asm__ volatile("ldxa [%1] %2, %0" : "=r"(v_) : "r"((uint64_t)(va)), "n"(asi));           \
        v_;                                                                                        \
    })
#define FW_STXA(va, asi, value)                                                                    \
    __asm__ volatile("stxa %0, [%1] %2"                                                            \
                     :                                                                             \
                     : "r"((uint64_t)(value)), "r"((uint64_t)(va)), "n"(asi)                       \
                     : "memory")

/* This CPU's agent ID (Fireplane configuration register, bits 26:17). */
static inline unsigned fw_agent_id(void) {
    return (unsigned)(FW_LDXA(0, FW_ASI_FIREPLANE_CONFIG) >> 17) & 0x3ff;
}

/* ---- traps ---- */
struct fw_trap_frame {
    uint64_t tt, tl, tpc, tnpc, tstate, reserved;
};
enum { FW_TRAP_DONE = 0, FW_TRAP_RETRY = 1 };
typedef int (*fw_trap_handler)(struct fw_trap_frame* frame);
/* The C handler for trap type tt (0-0x1ff), or 0 to remove it. Spill and
 * fill for WSTATE 0 and clean_window are the table's own. */
void fw_set_trap_handler(unsigned tt, fw_trap_handler handler);
fw_trap_handler fw_trap_handler_of(unsigned tt); /* the handler now, or 0 */
/* Called on a trap in RED_state with TT, TPC, TNPC, TSTATE of TL 1-5; the
 * default prints them and powers off with FW_EXIT_RED_STATE. */
void fw_red_state(const uint64_t record[FW_MAXTL][4]);
/* Called after SIR; the default powers off with FW_EXIT_SOFTWARE_RESET. */
void fw_software_reset(uint64_t tt, uint64_t tl);

/* ---- interrupts and timers ---- */
static inline void fw_interrupts_on(void) {
    FW_WRPR(pstate, fw_rdpr_pstate() | FW_PSTATE_IE);
}
static inline void fw_interrupts_off(void) {
    FW_WRPR(pstate, fw_rdpr_pstate() & ~FW_PSTATE_IE);
}
static inline void fw_set_pil(unsigned pil) {
    FW_WRPR(pil, pil);
}
static inline uint64_t fw_tick(void) {
    return FW_RDPR(tick) & ~(1ull << 63);
}
static inline uint64_t fw_stick(void) {
    return FW_RD(asr24) & ~(1ull << 63);
}
static inline void fw_set_softint(uint64_t bits) {
    FW_WR(asr20, bits);
}
static inline void fw_clear_softint(uint64_t bits) {
    FW_WR(asr21, bits);
}
static inline uint64_t fw_softint(void) {
    return FW_RD(asr22);
}
static inline void fw_set_tick_cmpr(uint64_t v) {
    FW_WR(asr23, v);
}
static inline void fw_set_stick_cmpr(uint64_t v) {
    FW_WR(asr25, v);
}
#define FW_SOFTINT_TICK 0x1ull
#define FW_SOFTINT_STICK (1ull << 16)
#define FW_TT_INTERRUPT(level) (0x40u + (level))
#define FW_TT_INTERRUPT_VECTOR 0x60u

/* ---- the MMUs (Cheetah+: ASIs 0x50-0x5f, the DCU control register) ---- */
#define FW_TTE_V (1ull << 63)
#define FW_TTE_SIZE(code) ((uint64_t)(code) << 61) /* 0 8K, 1 64K, 2 512K, 3 4M */
#define FW_TTE_NFO (1ull << 60)
#define FW_TTE_IE (1ull << 59)
#define FW_TTE_L (1ull << 6)  /* locked: kept in the T16, spared by demap-all */
#define FW_TTE_CP (1ull << 5) /* physically cacheable */
#define FW_TTE_CV (1ull << 4) /* virtually cacheable */
#define FW_TTE_E (1ull << 3)  /* side effects: I/O */
#define FW_TTE_P (1ull << 2)  /* privileged */
#define FW_TTE_W (1ull << 1)  /* writable */
#define FW_TTE_G (1ull << 0)  /* global: any context */
#define FW_MMU_PRIMARY_CONTEXT 0x08
#define FW_MMU_SECONDARY_CONTEXT 0x10
#define FW_MMU_SFSR 0x18
#define FW_MMU_SFAR 0x20
#define FW_MMU_TSB 0x28
#define FW_MMU_TAG_ACCESS 0x30
enum fw_tlb { FW_DTLB = 0, FW_ITLB = 1 };
/* A TTE for physical address pa: valid, the size code, and the FW_TTE_* flags. */
static inline uint64_t fw_tte(uint64_t pa, unsigned size, uint64_t flags) {
    return FW_TTE_V | FW_TTE_SIZE(size) | (pa & 0x7ffffffe000ull) | flags;
}
/* Loads a translation of va in context ctx through data in (the TLB it lands in
 * is the MMU's choice: locked TTEs go to the T16). */
void fw_tlb_load(enum fw_tlb tlb, uint64_t va, unsigned ctx, uint64_t tte);
/* Demaps a page (type 0), a context (1) or all unlocked entries (2); sel is the
 * context register: 0 primary, 1 secondary, 2 nucleus. */
void fw_tlb_demap(enum fw_tlb tlb, uint64_t va, unsigned type, unsigned sel);
/* Locked, global 4M identity mappings for the SDK's RAM (the first 16 MiB),
 * the ROM's code at the reset VA, and the console and power registers (I/O),
 * then turns both MMUs on: the code runs on as before, translated. */
void fw_mmu_identity_on(void);
static inline uint64_t fw_dcu(void) {
    return FW_LDXA(0, FW_ASI_DCU_CONTROL);
}
static inline void fw_set_dcu(uint64_t v) {
    FW_STXA(0, FW_ASI_DCU_CONTROL, v);
    __asm__ volatile("membar #Sync" ::: "memory");
}
/* A fast_data_access_MMU_miss handler that refills the D-TLB from the TSB set
 * with fw_tsb_init (8K pages); a miss the TSB cannot serve goes to `fallback`
 * (0: unexpected). */
void fw_tsb_init(uint64_t* tsb, unsigned size_code, fw_trap_handler fallback);
/* Puts the translation of an 8K page into the TSB. */
void fw_tsb_insert(uint64_t va, unsigned ctx, uint64_t tte);

/* ---- interrupt vectors (cross-calls) ---- */
/* Sends three data words to the CPU with this agent ID (an INT transaction on
 * the Fireplane); 0 when it took them, -1 on NACK (its receive unit is busy). */
int fw_send_vector(unsigned target, uint64_t w0, uint64_t w1, uint64_t w2);
/* fw_send_vector until it is taken; returns the NACKs on the way. */
unsigned fw_send_vector_retry(unsigned target, uint64_t w0, uint64_t w1, uint64_t w2);
/* In a handler for FW_TT_INTERRUPT_VECTOR: the received words; frees the receive unit. */
void fw_receive_vector(uint64_t data[3]);
/* The receive unit holds a vector (ASI 0x49 BUSY). */
static inline int fw_vector_pending(void) {
    return (FW_LDXA(0, FW_ASI_INTR_RECEIVE) >> 5) & 1;
}

/* ---- device interrupts (the I/O bridge's interrupt mapping) ---- */
#define FW_IO_BRIDGE_BASE 0x1fff0000000ull
#define FW_CONSOLE_INO 0x2b /* the machines' console UART */
#define FW_TOD_INO 0x2c
/* Routes device line ino to the CPU with this agent ID, which receives an
 * interrupt vector whose data word 0 is ino. */
void fw_route_interrupt(unsigned ino, unsigned agent);
/* After servicing the device: the line may interrupt again (ICLR idle). */
void fw_interrupt_done(unsigned ino);

/* ---- test harness ---- */
/* Counts a check; a failed one prints "FAIL: what (got value)". */
void fw_check(int ok, const char* what, uint64_t value);
/* Prints "PASS: n checks" or "FAIL: m of n checks" and powers off with 0 or 1. */
__attribute__((noreturn)) void fw_test_done(void);
/* Spins for about n instructions. */
void fw_spin(uint64_t n);

/* ---- CPUs ---- */
/* Runs fn(arg) on the CPU with this agent ID, which waits in
 * fw_secondary_loop; returns 0, or -1 if that CPU is busy or absent. */
int fw_start_cpu(unsigned agent, void (*fn)(uint64_t), uint64_t arg);
/* CPUs that have reached fw_secondary_loop so far (not counting the master). */
unsigned fw_secondaries(void);

#endif
