#include "load_map.h"

#include "platform/linux/address_space.h"

namespace fireplane::profiling {

void LoadMap::add(uint64_t start, uint64_t end, const std::string& name) {
    seen_.emplace(std::make_pair(start, end), name);
}

void LoadMap::note(const linux_user::AddressSpace& memory, uint64_t va) {
    const auto& maps = memory.mappings();
    auto it = maps.upper_bound(va);
    if (it == maps.begin()) return;
    --it;
    if (va < it->second.end) add(it->first, it->second.end, it->second.name);
}

void LoadMap::note_all(const linux_user::AddressSpace& memory) {
    for (const auto& [va, m] : memory.mappings())
        add(va, m.end, m.name);
}

std::vector<Segment> LoadMap::segments() const {
    std::vector<Segment> out;
    for (const auto& [range, name] : seen_) {
        if (!out.empty() && out.back().name == name && range.first <= out.back().end) {
            if (range.second > out.back().end) out.back().end = range.second;
            continue;
        }
        out.push_back({range.first, range.second, name});
    }
    return out;
}

} // namespace fireplane::profiling
