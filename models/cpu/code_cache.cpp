#include "code_cache.h"

#include "decoder.h"
#include "sparc_core.h"

namespace fireplane::sparc {

namespace {
void reset_slot(Insn& insn) {
    insn = Insn{decode_and_execute, 0, 0, 0, 0, 0, 0};
}
} // namespace

CodePage* CodeCache::create(uint64_t va_page) {
    auto page = std::make_unique<CodePage>();
    page->va = va_page;
    for (Insn& insn : page->insns)
        reset_slot(insn);
    CodePage* raw = page.get();
    pages_[va_page] = std::move(page);
    return raw;
}

// A block may hold any instruction of its page, so a store into the page drops them all.
bool CodeCache::invalidate(uint64_t va, uint64_t len) {
    bool dropped = false;
    for (uint64_t a = va & ~uint64_t(3); a < va + len; a += 4) {
        CodePage* page = find(a & ~uint64_t(8191));
        if (!page) continue;
        reset_slot(page->insns[(a & 8191) >> 2]);
        page->compiled.reset();
        dropped = true;
    }
    return dropped;
}

bool CodeCache::invalidate_physical(uint64_t pa, uint64_t len) {
    bool dropped = false;
    for (auto& [va_page, page] : pages_)
        if (page->pa == (pa & ~uint64_t(8191))) {
            for (uint64_t a = pa & ~uint64_t(3); a < pa + len; a += 4)
                reset_slot(page->insns[(a & 8191) >> 2]);
            page->compiled.reset();
            dropped = true;
        }
    return dropped;
}

void CodeCache::drop_blocks() {
    for (auto& [va_page, page] : pages_)
        page->compiled.reset();
}

bool decode_and_execute(SparcCore& core, const Insn& slot) {
    uint32_t word = 0;
    if (!core.fetch_word(core.pc, word))
        return core.raise_at(kTrapInstructionAccessException, core.pc);
    Insn& mutable_slot = const_cast<Insn&>(slot);
    mutable_slot = decode(word, core.pc);
    return mutable_slot.exec(core, mutable_slot);
}

} // namespace fireplane::sparc
