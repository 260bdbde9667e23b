// The MMUs' state in a checkpoint. The registers are those the register
// tables give storage to, in table order.
#include "cheetah_mmu.h"

namespace fireplane::mmu {

void CheetahMmu::checkpoint(StateIo& io) {
    for (Side side : {Side::Instruction, Side::Data}) {
        const Table table = register_table(side);
        for (size_t i = 0; i < table.count; ++i)
            if (table.rows[i].field) io(regs_.*(table.rows[i].field));
    }
    io(i_t16_, d_t16_, i_t128_, d_t512_0_, d_t512_1_, i_lfsr_, d_lfsr_, immu_on_, dmmu_on_);
    io(i_fault_context_, d_fault_context_, d_fault_64k_);
    if (io.restoring()) changed(); // every translation the CPU cached is stale
}

} // namespace fireplane::mmu
