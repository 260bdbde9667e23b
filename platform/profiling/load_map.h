#pragma once
// The process's segments as the experiment records them (loadmap.tsv). Memory
// comes and goes during a run (a big malloc is an mmap, freed before the
// end), so the collector notes the segment behind every address a packet
// names when it is taken, and the rest of the map at the end.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fireplane::linux_user {
class AddressSpace;
}

namespace fireplane::profiling {

struct Segment {
    uint64_t start, end; // [start, end)
    std::string name;    // text, data, heap, stack, mmap, or a file
};

class LoadMap {
public:
    void note(const linux_user::AddressSpace& memory, uint64_t va); // the segment holding va
    void note_all(const linux_user::AddressSpace& memory);
    // Sorted by start; adjacent pieces of one segment are joined.
    std::vector<Segment> segments() const;

private:
    void add(uint64_t start, uint64_t end, const std::string& name);
    std::map<std::pair<uint64_t, uint64_t>, std::string> seen_; // [start, end) -> name
};

} // namespace fireplane::profiling
