// Text for the host-side TLB view (a debugger's `monitor tlb`).
#include "cheetah_mmu.h"

#include <cinttypes>
#include <cstdio>

namespace fireplane::mmu {

const char* TlbEntryView::tlb_name() const {
    if (side == Side::Instruction) return tlb == kTlbT16 ? "iT16" : "iT128";
    if (tlb == kTlbT16) return "dT16";
    return tlb == kTlbT512_0 ? "dT512_0" : "dT512_1";
}

std::string format_tlb_entry(const TlbEntryView& e) {
    static const char* const kSizes[] = {"8K", "64K", "512K", "4M"};
    struct Flag {
        uint64_t bit;
        const char* name;
    };
    static const Flag kFlags[] = {{tte::kLock, " L"}, {tte::kG, " G"},     {tte::kCp, " CP"},
                                  {tte::kCv, " CV"},  {tte::kE, " E"},     {tte::kP, " P"},
                                  {tte::kW, " W"},    {tte::kNfo, " NFO"}, {tte::kIe, " IE"}};
    char line[160];
    std::snprintf(
        line, sizeof line, "%-7s [%3u] va=0x%016" PRIx64 " ctx=0x%04x pa=0x%011" PRIx64 " %-4s",
        e.tlb_name(), e.index, e.va(), e.context(), e.pa(), kSizes[tte::size_code(e.data)]);
    std::string out = line;
    for (const Flag& f : kFlags)
        if (e.data & f.bit) out += f.name;
    return out;
}

} // namespace fireplane::mmu
