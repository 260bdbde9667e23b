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

namespace {
std::string where(std::size_t i, MoesiState s) {
    return "cache " + std::to_string(i) + " (" + std::string(to_string(s)) + ")";
}
} // namespace

std::string check_line_invariants(const MoesiState* states, std::size_t n) {
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::size_t owner = kNone;
    std::size_t exclusive = kNone; // the first cache in M or E
    for (std::size_t i = 0; i < n; ++i) {
        const MoesiState s = states[i];
        if (static_cast<unsigned>(s) >= kNumMoesiStates)
            return "cache " + std::to_string(i) + " holds an undefined state " +
                   std::to_string(static_cast<unsigned>(s)) + ".";
        if (is_owner(s)) {
            if (owner != kNone)
                return "two owners: " + where(owner, states[owner]) + " and " + where(i, s) +
                       " both own the line.";
            owner = i;
        }
        if ((s == MoesiState::M || s == MoesiState::E) && exclusive == kNone) exclusive = i;
    }
    if (exclusive != kNone)
        for (std::size_t i = 0; i < n; ++i)
            if (i != exclusive && is_valid(states[i]))
                return where(exclusive, states[exclusive]) + " holds the line exclusively, but " +
                       where(i, states[i]) + " also holds a valid copy.";
    return {};
}

std::string check_line_invariants(const std::vector<MoesiState>& states) {
    return check_line_invariants(states.data(), states.size());
}

} // namespace fireplane
