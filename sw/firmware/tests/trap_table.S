/* A raw trap table (not the SDK's) with one entry: software trap 0x10
 * (`ta 0x10`, TT 0x110) at TL 0. Its handler counts the trap, records TL
 * and TT, and returns with `done`. It runs on the alternate globals. */
    .section .note.GNU-stack, "", @progbits
    .register %g2, #scratch
    .register %g3, #scratch

    .section .text.trap_table, "ax"
    .align 0x8000
    .globl raw_trap_table
raw_trap_table:
    .skip 0x110 * 32
    ba,a,pt %xcc, soft_trap_16      /* TT 0x110 */

    .text
soft_trap_16:
    setx    trap_count, %g1, %g2
    ldx     [%g2], %g3
    add     %g3, 1, %g3
    stx     %g3, [%g2]
    rdpr    %tl, %g3
    setx    trap_tl, %g1, %g2
    stx     %g3, [%g2]
    rdpr    %tt, %g3
    setx    trap_tt, %g1, %g2
    stx     %g3, [%g2]
    done
