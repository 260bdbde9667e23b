#include "mshr.h"

#include <stdexcept>

namespace fireplane::cache {

unsigned MshrTable::in_use() const {
    unsigned n = 0;
    for (const Mshr& m : entries_)
        n += m.valid;
    return n;
}

int MshrTable::find(uint64_t line) const {
    for (unsigned i = 0; i < entries_.size(); ++i)
        if (entries_[i].valid && entries_[i].line == line) return int(i);
    return -1;
}

MshrDecision MshrTable::classify(uint64_t line, MshrAccess want) const {
    const int id = find(line);
    if (id >= 0) {
        const bool granted =
            want == MshrAccess::Shared || entries_[unsigned(id)].access == MshrAccess::Exclusive;
        return granted ? MshrDecision::Merge : MshrDecision::Stall;
    }
    return in_use() < entries_.size() ? MshrDecision::Allocate : MshrDecision::Full;
}

unsigned MshrTable::allocate(uint64_t line, MshrAccess access) {
    for (unsigned i = 0; i < entries_.size(); ++i) {
        if (entries_[i].valid) continue;
        entries_[i] = Mshr{};
        entries_[i].valid = true;
        entries_[i].line = line;
        entries_[i].access = access;
        return i;
    }
    throw std::logic_error("MshrTable::allocate: no free entry");
}

} // namespace fireplane::cache
