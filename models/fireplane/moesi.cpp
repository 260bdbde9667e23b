#include "moesi.h"

namespace fireplane {

namespace {
constexpr bool table_matches_enum() {
    for (unsigned i = 0; i < kNumMoesiStates; ++i)
        if (static_cast<unsigned>(kMoesiStates[i].state) != i) return false;
    return true;
}
static_assert(table_matches_enum(), "kMoesiStates rows must follow the enum order");
static_assert(static_cast<unsigned>(MoesiState::M) + 1 == kNumMoesiStates,
              "kNumMoesiStates out of date");
} // namespace

std::optional<MoesiState> parse_moesi_state(std::string_view name) {
    for (const auto& row : kMoesiStates)
        if (row.name == name) return row.state;
    return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, MoesiState s) {
    return os << to_string(s);
}

} // namespace fireplane
