#pragma once
// Decoded instructions, cached per 8 KiB code page. Each slot starts as a
// "decode me" stub that decodes the word on first execution and replaces
// itself. Stores into a cached page reset the slots they overwrite.
#include "insn.h"
#include "instruction_class.h"

#include <cstdint>
#include <memory>
#include <unordered_map>

namespace fireplane::sparc {

constexpr unsigned kInsnsPerPage = 8192 / 4;

// A compiled block (jit/block_compiler.h): runs from its entry PC, leaves
// PC and nPC set, and returns the instructions it completed (at most `max`),
// with kBlockTrapped when an instruction's handler raised a trap (pending in
// the core, PC and nPC at that instruction).
using BlockFn = uint64_t (*)(SparcCore* core);
constexpr uint64_t kBlockTrapped = uint64_t(1) << 63;
constexpr unsigned kMaxBlockInstructions = 48; // a block's, its delay slot included
struct CompiledBlock {
    BlockFn fn = nullptr;
    uint32_t max = 0;
    // Its instruction words, when a timing model may run it and retire its
    // instructions afterwards (no handler in its own flow: warming_timing.h,
    // SparcCore::block_ahead), else null; and then their classes and
    // registers, for the detailed model's dispatch.
    const uint32_t* words = nullptr;
    const InstructionInfo* infos = nullptr;
};

// A page's compiled blocks, per entry slot, and how often each slot was
// entered before its block (kNoBlock: it cannot start one). Made when the
// block compiler first visits the page, so pages that never run compiled
// (every timed model) do not carry it.
struct PageBlocks {
    CompiledBlock block[kInsnsPerPage];
    uint8_t heat[kInsnsPerPage];
    static constexpr uint8_t kNoBlock = 0xff;
};

struct CodePage {
    uint64_t va = 0;
    uint64_t pa = 0; // physical page, for the I$
    Insn insns[kInsnsPerPage];
    std::unique_ptr<PageBlocks> compiled;
};

class CodeCache {
public:
    CodePage* find(uint64_t va_page) const {
        auto it = pages_.find(va_page);
        return it == pages_.end() ? nullptr : it->second.get();
    }
    CodePage* create(uint64_t va_page);
    bool contains(uint64_t va_page) const { return pages_.count(va_page) != 0; }
    // Resets the slots covering [va, va+len) so they are decoded again, and
    // drops their pages' blocks; true if any page held them.
    bool invalidate(uint64_t va, uint64_t len);
    // The same for a store by physical address (within one page), under any virtual page.
    bool invalidate_physical(uint64_t pa, uint64_t len);
    void clear() { pages_.clear(); }
    void drop_blocks(); // every page's compiled blocks (the code buffer was emptied)
    size_t size() const { return pages_.size(); }

private:
    std::unordered_map<uint64_t, std::unique_ptr<CodePage>> pages_;
};

// The stub in every fresh slot.
bool decode_and_execute(SparcCore& core, const Insn& insn);

} // namespace fireplane::sparc
