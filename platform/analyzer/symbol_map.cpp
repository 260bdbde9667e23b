#include "symbol_map.h"

#include <algorithm>

namespace fireplane::analyzer {

namespace {

// Of two names for one address (glibc has many aliases), the public-looking one.
bool better_name(const std::string& a, const std::string& b) {
    const auto underscores = [](const std::string& s) {
        return std::find_if(s.begin(), s.end(), [](char c) { return c != '_'; }) - s.begin();
    };
    if (underscores(a) != underscores(b)) return underscores(a) < underscores(b);
    return a.size() != b.size() ? a.size() < b.size() : a < b;
}

uint64_t end_of(const Symbol& s) {
    return s.start + std::max<uint64_t>(s.size, 1); // a size-0 symbol still names its address
}

// The last symbol starting at or before `addr`, or end.
std::vector<Symbol>::const_iterator last_before(const std::vector<Symbol>& symbols, uint64_t addr) {
    auto it = std::upper_bound(symbols.begin(), symbols.end(), addr,
                               [](uint64_t a, const Symbol& s) { return a < s.start; });
    return it == symbols.begin() ? symbols.end() : it - 1;
}

} // namespace

SymbolMap::SymbolMap(const Experiment& x) : segments_(x.loadmap) {
    for (const auto& s : x.symbols)
        (s.function ? functions_ : objects_).push_back(s);
    const auto by_start = [](const Symbol& a, const Symbol& b) {
        return a.start != b.start ? a.start < b.start : better_name(a.name, b.name);
    };
    std::sort(functions_.begin(), functions_.end(), by_start);
    std::sort(objects_.begin(), objects_.end(), by_start);
    // One function per address: the best name, and the largest size of its aliases.
    std::vector<Symbol> unique;
    for (const auto& f : functions_) {
        if (!unique.empty() && unique.back().start == f.start) {
            unique.back().size = std::max(unique.back().size, f.size);
            continue;
        }
        unique.push_back(f);
    }
    // Assembly routines without a .size: they run up to the next function.
    for (size_t i = 0; i < unique.size(); ++i)
        if (unique[i].size == 0 && i + 1 < unique.size())
            unique[i].size = unique[i + 1].start - unique[i].start;
    functions_ = std::move(unique);
    uint64_t furthest = 0;
    for (const auto& o : objects_)
        max_end_.push_back(furthest = std::max(furthest, end_of(o)));
}

const Symbol* SymbolMap::function(uint64_t pc) const {
    const auto it = last_before(functions_, pc); // functions do not overlap
    return it != functions_.end() && pc < end_of(*it) ? &*it : nullptr;
}

std::string SymbolMap::function_name(uint64_t pc) const {
    if (pc == 0) return kNotProgramRelated;
    const Symbol* f = function(pc);
    return f ? f->name : kUnknown;
}

std::string SymbolMap::data_object(uint64_t ea) const {
    // Objects may nest (a struct and its members): the innermost that holds ea.
    auto it = last_before(objects_, ea);
    if (it != objects_.end())
        for (size_t i = size_t(it - objects_.begin()) + 1; i-- > 0 && max_end_[i] > ea;)
            if (ea < end_of(objects_[i])) return objects_[i].name;
    for (const auto& s : segments_)
        if (ea >= s.start && ea < s.end) return "<" + s.name + ">";
    return kUnknown;
}

} // namespace fireplane::analyzer
