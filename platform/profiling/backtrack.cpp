#include "backtrack.h"

#include "models/cpu/instruction_class.h"

namespace fireplane::profiling {

namespace {

using sparc::InstructionClass;

bool matches(InstructionClass cls, sparc::MemOp memop) {
    const bool load = sparc::reads_memory(cls);
    const bool store = sparc::writes_memory(cls);
    switch (memop) {
    case sparc::MemOp::Load: return load;
    case sparc::MemOp::Store: return store;
    case sparc::MemOp::LoadStore: return load || store;
    default: return false;
    }
}

// Integer registers (bit per register) the word may write; all of them for
// what renames or may change any register (SAVE, RESTORE, RETURN, traps).
uint32_t written(uint32_t word) {
    const unsigned op = word >> 30, op3 = (word >> 19) & 0x3f;
    if (op == 2 && (op3 == 0x3c || op3 == 0x3d || op3 == 0x39)) return ~0u;
    const sparc::InstructionInfo info = sparc::classify(word);
    if (info.cls == InstructionClass::Serializing) return ~0u;
    uint32_t regs = 0;
    for (uint8_t d : info.dst)
        if (d < 32) regs |= 1u << d;
    return regs & ~1u; // %g0 stays 0
}

} // namespace

Candidate backtrack(const CodeReader& reader, uint64_t pc, sparc::MemOp memop, uint64_t lowest) {
    Candidate c;
    uint32_t clobbered = 0; // registers written between the candidate and pc
    for (unsigned n = 1; n <= kBacktrackLimit && pc >= lowest + 4 * n; ++n) {
        const uint64_t at = pc - 4 * n;
        uint32_t word = 0;
        if (!reader.word(at, word)) break;
        const sparc::InstructionInfo info = sparc::classify(word);
        if (!matches(info.cls, memop)) {
            clobbered |= written(word);
            continue;
        }
        c.found = true;
        c.pc = at;
        const unsigned op3 = (word >> 19) & 0x3f, rs1 = (word >> 14) & 31, rs2 = word & 31;
        const bool imm = word & (1u << 13);
        const bool cas = op3 == 0x3c || op3 == 0x3e; // [rs1] only
        uint32_t uses = 1u << rs1;
        if (!imm && !cas) uses |= 1u << rs2;
        uses &= ~1u;
        if ((clobbered | written(word)) & uses) return c; // the address is lost
        const uint64_t* r = reader.core().r;
        int64_t offset = 0;
        if (!cas) offset = imm ? int64_t(int32_t(word << 19) >> 19) : int64_t(r[rs2]);
        c.has_ea = true;
        c.ea = r[rs1] + uint64_t(offset);
        return c;
    }
    return c;
}

} // namespace fireplane::profiling
