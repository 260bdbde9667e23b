#include "memory_map.h"

#include "core/config/units.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace fireplane {

namespace {

std::string hex(uint64_t value, int digits) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%0*llx", digits, static_cast<unsigned long long>(value));
    return text;
}

std::string pad(std::string text, size_t width) {
    text.resize(std::max(width, text.size()), ' ');
    return text;
}

} // namespace

void print_memory_map(const Platform& platform, std::ostream& out) {
    out << "\n# Memory map: every bus target by address, and the address map it is on\n"
        << "# (the system bus or a bridge's window).\n";
    if (platform.memory_map.empty()) {
        out << "#   (none: the machine has no system bus)\n";
        return;
    }
    std::vector<MappedTarget> map = platform.memory_map;
    // A window before what it holds: by base, then the larger first.
    std::stable_sort(map.begin(), map.end(), [](const MappedTarget& a, const MappedTarget& b) {
        return a.range.base != b.range.base ? a.range.base < b.range.base
                                            : a.range.size > b.range.size;
    });
    int digits = 1;
    for (const MappedTarget& t : map)
        while (digits < 16 && (t.range.last() >> (4 * digits)) != 0)
            ++digits;
    std::vector<std::vector<std::string>> rows{{"base", "last", "size", "name", "type", "on"}};
    for (const MappedTarget& t : map)
        rows.push_back({hex(t.range.base, digits), hex(t.range.last(), digits),
                        units::format_bytes(t.range.size), t.name, t.type, t.on});
    std::vector<size_t> width(rows.front().size(), 0);
    for (const auto& row : rows)
        for (size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
        std::string line = "#  ";
        for (size_t c = 0; c < row.size(); ++c)
            line += " " + (c + 1 < row.size() ? pad(row[c], width[c] + 1) : row[c]);
        out << line << "\n";
    }
}

} // namespace fireplane
