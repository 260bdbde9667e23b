/* The four global register sets (PSTATE.AG, .MG, .IG): %g5 written under
 * each set keeps its own value, and a trap handler runs on the alternate
 * set, so the trapped code's globals survive it untouched. */
#include "fw.h"

/* The operands live in windowed registers: a global would change under the switch. */
static uint64_t g5_in(uint64_t set_bits) {
    register uint64_t v __asm__("o3");
    register uint64_t other __asm__("o4") = fw_rdpr_pstate() | set_bits;
    register uint64_t saved __asm__("o5") = fw_rdpr_pstate();
    __asm__ volatile("wrpr %1, 0, %%pstate\n\tmov %%g5, %0\n\twrpr %2, 0, %%pstate"
                     : "=&r"(v)
                     : "r"(other), "r"(saved)
                     : "memory");
    return v;
}

static void set_g5_in(uint64_t set_bits, uint64_t value) {
    register uint64_t v __asm__("o3") = value;
    register uint64_t other __asm__("o4") = fw_rdpr_pstate() | set_bits;
    register uint64_t saved __asm__("o5") = fw_rdpr_pstate();
    __asm__ volatile("wrpr %1, 0, %%pstate\n\tmov %0, %%g5\n\twrpr %2, 0, %%pstate"
                     :
                     : "r"(v), "r"(other), "r"(saved)
                     : "memory");
}

static uint64_t seen_g5;
static int read_g5(struct fw_trap_frame* f) {
    (void)f;
    seen_g5 = g5_in(0); /* already on the alternate set: AG stays on */
    return FW_TRAP_DONE;
}

int main(void) {
    set_g5_in(0, 0x1111);
    set_g5_in(FW_PSTATE_AG, 0xaaaa);
    set_g5_in(FW_PSTATE_MG, 0x6666);
    set_g5_in(FW_PSTATE_IG, 0x9999);
    fw_check(g5_in(0) == 0x1111, "normal %g5", g5_in(0));
    fw_check(g5_in(FW_PSTATE_AG) == 0xaaaa, "alternate %g5", g5_in(FW_PSTATE_AG));
    fw_check(g5_in(FW_PSTATE_MG) == 0x6666, "MMU %g5", g5_in(FW_PSTATE_MG));
    fw_check(g5_in(FW_PSTATE_IG) == 0x9999, "interrupt %g5", g5_in(FW_PSTATE_IG));

    fw_set_trap_handler(0x130, read_g5);
    __asm__ volatile("ta 0x30" ::: "memory");
    fw_check(seen_g5 == 0xaaaa, "a trap handler runs on the alternate globals", seen_g5);
    fw_check(g5_in(0) == 0x1111, "the normal %g5 survives the trap", g5_in(0));
    fw_test_done();
}
