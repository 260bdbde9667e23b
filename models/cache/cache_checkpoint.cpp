// Checkpoints of the caches' contents (an optional section: a machine with
// another geometry restores them cold; docs/checkpoints.md).
#include "cache_hierarchy.h"

#include <algorithm>

namespace fireplane::cache {

void Replacement::checkpoint(StateIo& io) {
    io(order_);
    lfsr_.checkpoint(io);
}

// Version 2 writes only the lines that differ from a line as the cache was
// built (no tag, invalid, every sub-block I, no valid bytes): most of an
// 8 MiB E$, and live points restore twelve of them a point. Version 1 wrote
// every line.
void CacheArray::checkpoint(StateIo& io) {
    const bool masks = !byte_masks_.empty();
    const auto built = [&](uint64_t i) {
        const MoesiState* s = states_of(i);
        return lines_[i].key == 0 && (!masks || byte_masks_[i] == 0) &&
               std::all_of(s, s + sub_blocks_, [](MoesiState m) { return m == MoesiState::I; });
    };
    // A restored line without a tag must be as built: reset_line relies on it.
    const auto check_restored = [&](uint64_t i) {
        if (lines_[i].key == 0 && !built(i))
            io.fail("a cache line without a tag holds states or bytes");
    };
    if (io.version() < 2) {
        io(lines_, states_, byte_masks_);
        if (io.restoring())
            for (uint64_t i = 0; i < lines_.size(); ++i)
                check_restored(i);
        replacement_.checkpoint(io);
        return;
    }
    const auto line = [&](uint64_t i) {
        io(lines_[i]);
        for (unsigned b = 0; b < sub_blocks_; ++b)
            io(states_of(i)[b]);
        if (masks) io(byte_masks_[i]);
        if (io.restoring()) check_restored(i);
    };
    std::vector<uint64_t> written;
    if (io.saving())
        for (uint64_t i = 0; i < lines_.size(); ++i)
            if (!built(i)) written.push_back(i);
    uint64_t n = io.count(written.size(), 8);
    uint64_t next = 0; // restoring: the lines before it are done
    for (uint64_t k = 0; k < n; ++k) {
        uint64_t i = io.saving() ? written[k] : 0;
        io(i);
        if (io.restoring()) {
            if (i < next || i >= lines_.size()) io.fail("a cache line out of order or range");
            for (; next < i; ++next)
                reset_line(next);
            next = i + 1;
        }
        line(i);
    }
    if (io.restoring())
        for (; next < lines_.size(); ++next)
            reset_line(next);
    replacement_.checkpoint(io);
}

// As the cache was built; nothing stored where nothing differs (live points
// restore in place). A line without a tag is as built already: only drop()
// takes a tag away, and it clears the states and bytes with it.
void CacheArray::reset_line(uint64_t i) {
    if (lines_[i].key == 0) return; // most of an E$: one load a line
    lines_[i] = Line{};
    MoesiState* s = states_of(i);
    for (unsigned b = 0; b < sub_blocks_; ++b)
        if (s[b] != MoesiState::I) s[b] = MoesiState::I;
    if (!byte_masks_.empty() && byte_masks_[i] != 0) byte_masks_[i] = 0;
}

void HierarchyTiming::checkpoint(StateIo& io) {
    for (CacheArray* cache : {&icache_, &dcache_, &pcache_, &wcache_, &ecache_})
        cache->checkpoint(io);
    store_buffer_.checkpoint(io);
    io(last_drain_, move_free_at_, icache_epoch_, pcache_filled_, icache_on_, dcache_on_);
}

std::string HierarchyTiming::busy() const {
    if (mshrs_.in_use()) return std::to_string(mshrs_.in_use()) + " lines in flight";
    if (!writebacks_.empty()) return std::to_string(writebacks_.size()) + " writebacks in flight";
    if (!waiters_.empty() || deferred()) return "requests waiting for the bus";
    return "";
}

std::string CacheHierarchy::shape() const {
    const HierarchyConfig& c = timing_.config();
    std::string s;
    const std::pair<const char*, const CacheArrayConfig*> caches[] = {{"I$", &c.icache},
                                                                      {"D$", &c.dcache},
                                                                      {"P$", &c.pcache},
                                                                      {"W$", &c.wcache},
                                                                      {"E$", &c.ecache}};
    for (const auto& [name, a] : caches) {
        const CacheGeometry& g = a->geometry;
        s += std::string(name) + " " + std::to_string(g.size) + "/" + std::to_string(g.ways) + "/" +
             std::to_string(g.line_size) + "/" + std::to_string(g.sub_blocks) +
             (a->policy == ReplacementPolicy::Lru ? " lru, " : " lfsr, ");
    }
    return s + "store buffer " + std::to_string(c.store_buffer);
}

std::string CacheHierarchy::not_quiescent() const {
    const std::string why = timing_.busy();
    return why.empty() ? why : std::string(name()) + ": " + why;
}

void CacheHierarchy::checkpoint(StateIo& io) {
    timing_.checkpoint(io);
    if (io.restoring()) revoke_repeats();
}

} // namespace fireplane::cache
