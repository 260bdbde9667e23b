/* The SDK's trap table (TBA): 512 entries for traps at TL 0 and 512 for
 * traps at TL > 0, 32 bytes each. Spill and fill for WSTATE 0 (64-bit
 * frames) and clean_window are handled here in assembly; every other trap
 * goes to fw_trap_common, which calls the C handler registered for its TT
 * (fw_set_trap_handler, fw_traps.c) on the trapped code's stack and leaves
 * with `done` or `retry` as the handler says. */
#include "fw_asm.h"

    .section .note.GNU-stack, "", @progbits
    .register %g2, #scratch
    .register %g3, #scratch

#define BIAS 2047

    .macro GENERIC count
    .rept \count
    ba,a,pt %xcc, fw_trap_common
    .skip 28
    .endr
    .endm

    /* 128 bytes (4 slots): the window's locals and ins to its stack frame. */
    .macro SPILL_64
    stx     %l0, [%sp + BIAS + 0x00]
    stx     %l1, [%sp + BIAS + 0x08]
    stx     %l2, [%sp + BIAS + 0x10]
    stx     %l3, [%sp + BIAS + 0x18]
    stx     %l4, [%sp + BIAS + 0x20]
    stx     %l5, [%sp + BIAS + 0x28]
    stx     %l6, [%sp + BIAS + 0x30]
    stx     %l7, [%sp + BIAS + 0x38]
    stx     %i0, [%sp + BIAS + 0x40]
    stx     %i1, [%sp + BIAS + 0x48]
    stx     %i2, [%sp + BIAS + 0x50]
    stx     %i3, [%sp + BIAS + 0x58]
    stx     %i4, [%sp + BIAS + 0x60]
    stx     %i5, [%sp + BIAS + 0x68]
    stx     %i6, [%sp + BIAS + 0x70]
    stx     %i7, [%sp + BIAS + 0x78]
    saved
    retry
    .skip 128 - 18 * 4
    .endm

    .macro FILL_64
    ldx     [%sp + BIAS + 0x00], %l0
    ldx     [%sp + BIAS + 0x08], %l1
    ldx     [%sp + BIAS + 0x10], %l2
    ldx     [%sp + BIAS + 0x18], %l3
    ldx     [%sp + BIAS + 0x20], %l4
    ldx     [%sp + BIAS + 0x28], %l5
    ldx     [%sp + BIAS + 0x30], %l6
    ldx     [%sp + BIAS + 0x38], %l7
    ldx     [%sp + BIAS + 0x40], %i0
    ldx     [%sp + BIAS + 0x48], %i1
    ldx     [%sp + BIAS + 0x50], %i2
    ldx     [%sp + BIAS + 0x58], %i3
    ldx     [%sp + BIAS + 0x60], %i4
    ldx     [%sp + BIAS + 0x68], %i5
    ldx     [%sp + BIAS + 0x70], %i6
    ldx     [%sp + BIAS + 0x78], %i7
    restored
    retry
    .skip 128 - 18 * 4
    .endm

    /* 128 bytes: a window handed out clean (zeroed locals and outs). */
    .macro CLEAN_WINDOW
    clr     %l0
    clr     %l1
    clr     %l2
    clr     %l3
    clr     %l4
    clr     %l5
    clr     %l6
    clr     %l7
    clr     %o0
    clr     %o1
    clr     %o2
    clr     %o3
    clr     %o4
    clr     %o5
    clr     %o6
    clr     %o7
    rdpr    %cleanwin, %g1
    add     %g1, 1, %g1
    wrpr    %g1, 0, %cleanwin
    retry
    .skip 128 - 20 * 4
    .endm

    /* One half of the table: 0x000-0x1ff. */
    .macro TABLE_HALF
    GENERIC 0x24                /* 0x000-0x023 */
    CLEAN_WINDOW                /* 0x024-0x027 */
    GENERIC 0x80 - 0x28         /* 0x028-0x07f: faults, interrupts, MMU */
    SPILL_64                    /* 0x080-0x083: spill_0_normal */
    GENERIC 0xc0 - 0x84         /* 0x084-0x0bf: other spills */
    FILL_64                     /* 0x0c0-0x0c3: fill_0_normal */
    GENERIC 0x200 - 0xc4        /* 0x0c4-0x1ff: other fills, software traps */
    .endm

    .section .text.trap_table, "ax"
    .align 0x8000
    .globl fw_trap_table
fw_trap_table:
    TABLE_HALF                  /* traps taken at TL 0 */
    TABLE_HALF                  /* traps taken at TL > 0 */

    .text
/* A C handler on the trapped code's stack: the frame records TT, TL, TPC,
 * TNPC and TSTATE; the handler may change TPC, TNPC and TSTATE, and returns
 * FW_TRAP_DONE (0) or FW_TRAP_RETRY (1). A save here may itself spill,
 * one trap level up. */
    .globl fw_trap_common
fw_trap_common:
    save    %sp, -(176 + FW_FRAME_SIZE), %sp
    add     %sp, BIAS + 176, %l7
    rdpr    %tt, %l0
    stx     %l0, [%l7 + FW_FRAME_TT]
    rdpr    %tl, %l0
    stx     %l0, [%l7 + FW_FRAME_TL]
    rdpr    %tpc, %l0
    stx     %l0, [%l7 + FW_FRAME_TPC]
    rdpr    %tnpc, %l0
    stx     %l0, [%l7 + FW_FRAME_TNPC]
    rdpr    %tstate, %l0
    stx     %l0, [%l7 + FW_FRAME_TSTATE]
    call    fw_dispatch_trap
     mov    %l7, %o0
    ldx     [%l7 + FW_FRAME_TPC], %l0
    wrpr    %l0, 0, %tpc
    ldx     [%l7 + FW_FRAME_TNPC], %l0
    wrpr    %l0, 0, %tnpc
    ldx     [%l7 + FW_FRAME_TSTATE], %l0
    wrpr    %l0, 0, %tstate
    mov     %o0, %g1
    restore
    brnz,pn %g1, 1f
     nop
    done
1:  retry
