#pragma once
// Compiles hot runs of integer instructions into x86-64 code (docs in
// models/cpu/README.md, "Compiled blocks"). A block runs from an entry PC to
// the first control transfer (with its delay slot) or the first instruction
// without a native form (isa_table.h, NativeOp); it keeps the guest state in
// the core, so the interpreter takes over at any instruction boundary. A
// load or store whose page the software TLB does not hold, or that is
// misaligned, leaves the block before it: its handler then runs it, with
// every trap and side effect the interpreter gives.
//
// Only the functional model runs blocks, and only while nothing watches
// single instructions (no timing, observer, trace, debugger or counting
// PIC). Instruction counts, PC and nPC, condition codes and the counted
// events (DC_rd, DC_wr) are exactly the interpreter's.
#include "../code_cache.h"

#include <cstddef>
#include <cstdint>

namespace fireplane::sparc {

class SparcCore;
struct Insn;

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
    static constexpr unsigned kMaxInstructions = 48;

private:
    class Translation;
    SparcCore& core_;
    uint8_t* buffer_ = nullptr;
    size_t capacity_ = 0, used_ = 0;
};

} // namespace fireplane::sparc
