#pragma once
// Compiles hot runs of instructions into x86-64 code (docs in
// models/cpu/README.md, "Compiled blocks"). A block runs from an entry PC to
// the first control transfer with a native form (isa_table.h, NativeOp) and
// its delay slot. Instructions without a native form run through their
// handlers, called from the block with PC, nPC and the retired count as the
// interpreter has them; the block goes on after one only if it went on to
// the next instruction and ended no chain. A load or store whose page the
// software TLB does not hold, or that is misaligned, runs through its
// handler too, out of line. The guest state stays in the core, so the
// interpreter takes over at any instruction boundary, and a trap leaves the
// block with its instruction not retired.
//
// The functional model runs blocks while nothing watches single
// instructions (no timing, observer, trace, debugger or counting PIC), and
// functional warming runs them on one CPU with their accesses logged
// (SparcCore::warm_block). Instruction counts, PC and nPC, condition codes
// and the counted events (DC_rd, DC_wr) are exactly the interpreter's.
#include "../code_cache.h"
#include "../insn.h"

#include <cstddef>
#include <cstdint>
#include <deque>

namespace fireplane::sparc {

class SparcCore;

class BlockCompiler {
public:
    explicit BlockCompiler(SparcCore& core);
    ~BlockCompiler();
    BlockCompiler(const BlockCompiler&) = delete;
    BlockCompiler& operator=(const BlockCompiler&) = delete;

    // The block entered at `pc`: compiled, or empty when its first
    // instruction has no native form. When the code buffer is full it is
    // emptied first: `emptied` then says that every block compiled before is
    // gone, and the caller drops them.
    struct Result {
        CompiledBlock block;
        bool emptied = false;
    };
    Result compile(uint64_t pc);

    // Instructions a block holds at most (its delay slot included).
    static constexpr unsigned kMaxInstructions = kMaxBlockInstructions;

private:
    class Translation;
    SparcCore& core_;
    std::deque<Insn> insns_; // handler operands the blocks point at (stable addresses)
    uint8_t* buffer_ = nullptr;
    size_t capacity_ = 0, used_ = 0;
};

} // namespace fireplane::sparc
