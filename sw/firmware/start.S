/* Reset code: every CPU comes here from the power-on reset (RSTVaddr + 0x20)
 * in RED_state at TL = MAXTL. It leaves RED_state for TL 0 (a trap then
 * vectors through TBA instead of ending in error_state), sets up one clean
 * window set, a stack and bss, runs main() and powers off with its result.
 * One CPU (the first to claim fw_master) runs main; the others spin in
 * _park (the SDK does not start secondary CPUs yet). */
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
    ba,a,pt %xcc, _stuck        /* + 0x80: software-initiated reset */
    .skip 0xa0 - 0x84
    ba,a,pt %xcc, _stuck        /* + 0xa0: a trap in RED_state */
    .skip 0xc0 - 0xa4

_start:
    /* The first CPU to claim the master word runs the firmware; the others
     * park (the Fireplane configuration register's agent ID, ASI 0x4a, is
     * not modelled yet). */
    setx    fw_master, %g1, %g2
    mov     1, %g3
    casx    [%g2], %g0, %g3
    brnz,pn %g3, _park
     nop
    wrpr    %g0, 0, %tl
    wrpr    %g0, 0x14, %pstate  /* PRIV | PEF: RED and AG off, interrupts off */
    wr      %g0, 4, %fprs       /* FEF: the FPU on for C code */
    wrpr    %g0, 0, %cwp
    wrpr    %g0, 6, %cansave    /* NWINDOWS - 2: six nested saves before a spill trap */
    wrpr    %g0, 0, %canrestore
    wrpr    %g0, 0, %otherwin
    wrpr    %g0, 7, %cleanwin   /* all clean: no clean_window traps */
    wrpr    %g0, 0, %wstate
    wrpr    %g0, 0, %pil

    setx    __stack_top, %g1, %o6
    sub     %o6, 2047 + 192, %sp    /* the V9 stack bias and a first frame */
    mov     %g0, %fp

    setx    __bss_start, %g1, %o0
    setx    __bss_end, %g1, %o1
1:  cmp     %o0, %o1
    bgeu,pn %xcc, 2f
     nop
    stx     %g0, [%o0]
    ba,pt   %xcc, 1b
     add    %o0, 8, %o0
2:
    call    main
     nop
    call    fw_exit
     nop

_park:
    ba,a,pt %xcc, _park

_stuck:                         /* resets other than power-on: power off with 255 */
    call    fw_exit
     mov    255, %o0

    .section .data
    .align 8
fw_master:                      /* 0 until a CPU claims it */
    .xword 0
