// Checkpoints of the caches' contents (an optional section: a machine with
// another geometry restores them cold; docs/checkpoints.md).
#include "cache_hierarchy.h"

namespace fireplane::cache {

void Replacement::checkpoint(StateIo& io) {
    io(order_);
    lfsr_.checkpoint(io);
}

void CacheArray::checkpoint(StateIo& io) {
    io(lines_, states_, byte_masks_);
    replacement_.checkpoint(io);
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
