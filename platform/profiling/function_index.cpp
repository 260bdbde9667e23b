#include "function_index.h"

#include <algorithm>

namespace fireplane::profiling {

FunctionIndex::FunctionIndex(const std::vector<loader::ElfSymbol>& symbols) {
    for (const loader::ElfSymbol& s : symbols)
        if (s.is_function) functions_.push_back(&s);
    std::stable_sort(functions_.begin(), functions_.end(),
                     [](const auto* a, const auto* b) { return a->value < b->value; });
}

const loader::ElfSymbol* FunctionIndex::find(uint64_t pc) const {
    auto it = std::upper_bound(functions_.begin(), functions_.end(), pc,
                               [](uint64_t v, const auto* s) { return v < s->value; });
    if (it == functions_.begin()) return nullptr;
    const loader::ElfSymbol* s = *--it;
    // A symbol without a size (hand-written assembly) covers up to the next one.
    if (s->size == 0 || pc < s->value + s->size) return s;
    return nullptr;
}

} // namespace fireplane::profiling
