#include "moesi.h"

namespace fireplane::cache {

namespace {
constexpr bool table_matches_enum() {
    for (unsigned i = 0; i < kNumCoherenceStates; ++i)
        if (static_cast<unsigned>(kCoherenceStates[i].state) != i) return false;
    return true;
}
static_assert(table_matches_enum(), "kCoherenceStates rows must follow the enum order");
static_assert(static_cast<unsigned>(CoherenceState::M) + 1 == kNumCoherenceStates,
              "kNumCoherenceStates out of date");
} // namespace

std::optional<CoherenceState> parse_coherence_state(std::string_view name) {
    for (const auto& row : kCoherenceStates)
        if (row.name == name) return row.state;
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, CoherenceState s) {
    return os << to_string(s);
}

} // namespace fireplane::cache
