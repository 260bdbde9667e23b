#include "tsb_pointer.h"

namespace fireplane::mmu {

// Common TSB (split = 0):
//   8K:  Base<63:13+N> | (VA<21+N:13> ^ hash) << 4
//   64K: Base<63:13+N> | (VA<24+N:16> ^ hash) << 4
// Split TSB: the 8K half below the 64K half:
//   Base<63:14+N> | (64K ? 1 : 0) << (13+N) | (index ^ hash) << 4
uint64_t tsb_pointer(uint64_t tsb_register, uint64_t tsb_extension, uint64_t tag_access,
                     TsbPage page) {
    const uint64_t combined = tsb_register ^ (tsb_extension & ~tsb::kHashMask);
    const unsigned n = unsigned(combined & tsb::kSizeMask);
    const bool split = combined & tsb::kSplit;
    const uint64_t hash = (tsb_extension & tsb::kHashMask) >> 3;
    const unsigned page_shift = page == TsbPage::Size8K ? 13 : 16;
    const uint64_t entries = uint64_t(512) << n;
    const uint64_t index = ((tag_access >> page_shift) ^ hash) & (entries - 1);
    const unsigned table_bits = 13 + n; // log2 of one table's bytes
    if (!split) return (combined & ~((uint64_t(1) << table_bits) - 1)) | index << 4;
    const uint64_t half = page == TsbPage::Size64K ? uint64_t(1) << table_bits : 0;
    return (combined & ~((uint64_t(1) << (table_bits + 1)) - 1)) | half | index << 4;
}

} // namespace fireplane::mmu
