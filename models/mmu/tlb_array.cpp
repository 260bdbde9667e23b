#include "tlb_array.h"

namespace fireplane::mmu {

TlbEntry* FullyAssociativeTlb::lookup(uint64_t va, unsigned context) {
    for (TlbEntry& e : entries_)
        if (e.matches(va, context)) return &e;
    return nullptr;
}

unsigned FullyAssociativeTlb::replacement_index() {
    for (unsigned i = 0; i < kEntries; ++i)
        if (!entries_[i].valid()) return i;
    for (int sweep = 0; sweep < 2; ++sweep) {
        for (unsigned i = 0; i < kEntries; ++i)
            if (!entries_[i].locked() && !entries_[i].used) return i;
        for (TlbEntry& e : entries_)
            if (!e.locked()) e.used = false;
    }
    return kEntries - 1; // every entry locked: the manual's "last entry"
}

TlbEntry* SetAssociativeTlb::lookup(uint64_t va, unsigned context, unsigned size_code) {
    const unsigned set = set_of(va, size_code);
    for (unsigned way = 0; way < kWays; ++way) {
        TlbEntry& e = entries_[way * sets_ + set];
        if (e.matches(va, context)) return &e;
    }
    return nullptr;
}

unsigned SetAssociativeTlb::replacement_index(uint64_t va, unsigned size_code, Lfsr16& lfsr) const {
    const unsigned set = set_of(va, size_code);
    for (unsigned way = 0; way < kWays; ++way)
        if (!entries_[way * sets_ + set].valid()) return way * sets_ + set;
    return lfsr.next_bit() * sets_ + set;
}

} // namespace fireplane::mmu
