/* Reset code: every CPU comes here from the power-on reset (RSTVaddr + 0x20)
 * in RED_state at TL = MAXTL. Each leaves RED_state for TL 0 with the SDK's
 * trap table (trap_table.S), one clean window set and its own stack, found
 * by its agent ID (Fireplane configuration register, ASI 0x4a). The first
 * CPU to claim fw_master clears bss and runs main(), then powers off with
 * its result; the others wait in fw_secondary_loop for fw_start_cpu().
 *
 * The other reset vectors: a trap in RED_state (+0xa0) records the trap
 * stack and calls fw_red_state(); SIR (+0x80) calls fw_software_reset();
 * the watchdog and externally initiated resets power off with FW_EXIT_RESET. */
#include "fw_asm.h"

    .section .note.GNU-stack, "", @progbits
    .register %g2, #scratch
    .register %g3, #scratch

    .section .text.reset, "ax"
    .globl _reset
_reset:
    .skip 0x20                  /* RSTVaddr + 0: nothing */
    ba,a,pt %xcc, _start        /* + 0x20: power-on reset */
    .skip 0x40 - 0x24
    ba,a,pt %xcc, _stuck        /* + 0x40: watchdog reset */
    .skip 0x60 - 0x44
    ba,a,pt %xcc, _stuck        /* + 0x60: externally initiated reset */
    .skip 0x80 - 0x64
    ba,a,pt %xcc, _sir          /* + 0x80: software-initiated reset */
    .skip 0xa0 - 0x84
    ba,a,pt %xcc, _red_state    /* + 0xa0: a trap in RED_state */
    .skip 0xc0 - 0xa4

/* Leaves RED_state for TL 0 on this CPU's stack, with interrupts off and
 * the SDK's trap table; %g4 = agent ID. Clobbers %g1-%g4. */
    .macro CPU_SETUP
    wrpr    %g0, 0, %tl
    wrpr    %g0, FW_PSTATE_PRIV | FW_PSTATE_PEF, %pstate /* RED, AG, IE off */
    wr      %g0, 4, %fprs       /* FEF: the FPU on for C code */
    wrpr    %g0, 0, %cwp
    wrpr    %g0, 6, %cansave    /* NWINDOWS - 2 */
    wrpr    %g0, 0, %canrestore
    wrpr    %g0, 0, %otherwin
    wrpr    %g0, 7, %cleanwin   /* all clean: no clean_window traps */
    wrpr    %g0, 0, %wstate     /* spill and fill through the table's 0 handlers */
    wrpr    %g0, 0, %pil
    mov     FW_DCU_IC | FW_DCU_DC, %g1  /* the first-level caches on, the MMUs off */
    stxa    %g1, [%g0] FW_ASI_DCU_CONTROL
    membar  #Sync
    setx    fw_trap_table, %g1, %g2
    wrpr    %g2, 0, %tba
    ldxa    [%g0] FW_ASI_FIREPLANE_CONFIG, %g4
    srlx    %g4, 17, %g4
    and     %g4, 0x3ff, %g4     /* agent ID */
    setx    __stack_top, %g1, %o6
    sllx    %g4, FW_STACK_SHIFT, %g3
    sub     %o6, %g3, %o6       /* each agent its own stack */
    sub     %o6, 2047 + 192, %sp    /* the V9 stack bias and a first frame */
    mov     %g0, %fp
    .endm

/* The master of boot n (n = the power register's RESETS count) is the CPU
 * whose casx moves fw_master from n to n + 1: memory outlives a reset, so
 * each boot elects afresh. */
_start:
    CPU_SETUP
    setx    FW_POWER_BASE, %g1, %g2
    ldx     [%g2 + FW_POWER_RESETS], %g5
    setx    fw_master, %g1, %g2
    add     %g5, 1, %g3
    casx    [%g2], %g5, %g3
    cmp     %g3, %g5
    bne,pn  %xcc, fw_secondary_loop
     mov    %g4, %o0

    setx    __bss_start, %g1, %o0
    setx    __bss_end, %g1, %o1
1:  cmp     %o0, %o1
    bgeu,pn %xcc, 2f
     nop
    stx     %g0, [%o0]
    ba,pt   %xcc, 1b
     add    %o0, 8, %o0
2:
    setx    fw_bss_ready, %g1, %g2
    add     %g5, 1, %g3         /* this boot's number in fw_master */
    stx     %g3, [%g2]
    call    main
     nop
    call    fw_exit
     nop

_stuck:                         /* watchdog, externally initiated */
    CPU_SETUP
    call    fw_exit
     mov    FW_EXIT_RESET, %o0

/* SIR: the software-initiated reset arrives with TT = 4 at TL (up to MAXTL). */
_sir:
    setx    fw_sir_record, %g1, %g2
    rdpr    %tt, %g1
    stx     %g1, [%g2 + 0]
    rdpr    %tl, %g1
    stx     %g1, [%g2 + 8]
    CPU_SETUP
    setx    fw_sir_record, %g1, %g2
    ldx     [%g2 + 0], %o0
    call    fw_software_reset
     ldx    [%g2 + 8], %o1
    call    fw_exit
     nop

/* A trap in RED_state (TL reached MAXTL): keep TT, TPC, TNPC and TSTATE of
 * every level for the report, then run C on a fresh machine state. */
_red_state:
    setx    fw_red_record, %g1, %g2
    mov     1, %g3
1:  wrpr    %g3, 0, %tl
    rdpr    %tt, %g1
    stx     %g1, [%g2 + 0]
    rdpr    %tpc, %g1
    stx     %g1, [%g2 + 8]
    rdpr    %tnpc, %g1
    stx     %g1, [%g2 + 16]
    rdpr    %tstate, %g1
    stx     %g1, [%g2 + 24]
    add     %g2, 32, %g2
    cmp     %g3, FW_MAXTL
    bne,pt  %xcc, 1b
     add    %g3, 1, %g3
    CPU_SETUP
    setx    fw_red_record, %g1, %o0
    call    fw_red_state
     nop
    call    fw_exit
     nop

    .section .data
    .align 8
    .globl fw_master
fw_master:                      /* boots elected so far: the last one's RESETS + 1 */
    .xword 0
    .globl fw_bss_ready
fw_bss_ready:                   /* fw_master's value once that boot's master cleared bss */
    .xword 0
fw_sir_record:                  /* TT and TL of the last SIR */
    .xword 0, 0
