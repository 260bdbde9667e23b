/* Constants shared by the SDK's assembly and C (the C preprocessor runs on
 * both). Values from SPARC V9 and the UltraSPARC III Cu manual. */
#ifndef FIREPLANE_FW_ASM_H
#define FIREPLANE_FW_ASM_H

#define FW_MAXTL 5
#define FW_PSTATE_AG 0x001
#define FW_PSTATE_IE 0x002
#define FW_PSTATE_PRIV 0x004
#define FW_PSTATE_AM 0x008
#define FW_PSTATE_PEF 0x010
#define FW_PSTATE_RED 0x020
#define FW_PSTATE_MG 0x400
#define FW_PSTATE_IG 0x800

#define FW_ASI_PHYS_USE_EC 0x14
#define FW_ASI_PHYS_BYPASS_EC_E 0x15
#define FW_ASI_DCU_CONTROL 0x45
#define FW_ASI_INTR_DISPATCH_STATUS 0x48
#define FW_ASI_INTR_RECEIVE 0x49
#define FW_ASI_FIREPLANE_CONFIG 0x4a
#define FW_ASI_IMMU 0x50
#define FW_ASI_ITLB_DATA_IN 0x54
#define FW_ASI_IMMU_DEMAP 0x57
#define FW_ASI_DMMU 0x58
#define FW_ASI_DMMU_TSB_8K_PTR 0x59
#define FW_ASI_DTLB_DATA_IN 0x5c
#define FW_ASI_DTLB_DATA_ACCESS 0x5d
#define FW_ASI_DMMU_DEMAP 0x5f
#define FW_ASI_INTR_DISPATCH 0x77
#define FW_ASI_INTR_RECEIVE_DATA 0x7f

/* Exit codes the SDK itself uses (below 128, so a test can tell them from a host signal). */
#define FW_EXIT_RED_STATE 100       /* a trap reached RED_state (TL = MAXTL) */
#define FW_EXIT_UNEXPECTED_TRAP 101 /* a trap with no handler registered */
#define FW_EXIT_SOFTWARE_RESET 102  /* SIR, unless fw_software_reset is replaced */
#define FW_EXIT_RESET 103           /* a watchdog or externally initiated reset */

#define FW_DCU_IC 0x1 /* DCU control register: I$ on */
#define FW_DCU_DC 0x2 /* D$ on */
#define FW_DCU_IM 0x4 /* I-MMU on */
#define FW_DCU_DM 0x8 /* D-MMU on */

#define FW_POWER_BASE 0x1fff1001000 /* power_control: poweroff +0, reset +8, resets +0x18 */
#define FW_POWER_RESET 0x08
#define FW_POWER_RESETS 0x18

#define FW_STACK_SHIFT 15 /* 32 KiB of stack per agent ID */
#define FW_MAX_AGENTS 32

/* Trap frame offsets (struct fw_trap_frame in fw.h). */
#define FW_FRAME_TT 0
#define FW_FRAME_TL 8
#define FW_FRAME_TPC 16
#define FW_FRAME_TNPC 24
#define FW_FRAME_TSTATE 32
#define FW_FRAME_SIZE 48

#endif
