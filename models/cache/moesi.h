// Coherence states of the Fireplane MOESI protocol as the caches store them,
// and their properties, all from one table so the predicates cannot disagree.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

namespace fireplane::cache {

// I  invalid.
// S  shared clean: memory (or an owner) is up to date; others may hold copies.
// E  exclusive clean: no other cache holds it; a store needs no bus transaction.
// O  owned: dirty with respect to memory and this cache supplies it to snoops;
//    other caches may hold S copies.
// Os owned, and another cache has been told it is shared: O's flags, but the
//    protocol must treat the line as certainly shared (our choice; the real
//    part's SSM-specific use of Os is not modelled).
// M  modified: dirty and exclusive; a store needs no bus transaction.
enum class CoherenceState : uint8_t { I, S, E, O, Os, M };

inline constexpr unsigned kNumCoherenceStates = 6;

struct CoherenceStateInfo {
    CoherenceState state;
    std::string_view name;
    bool valid;    // holds usable data
    bool dirty;    // must be written back when evicted
    bool owner;    // answers snoops with data
    bool writable; // a store may complete without a bus transaction
};

// The one table. Row order matches the enum values (checked in moesi.cpp).
// clang-format off
inline constexpr std::array<CoherenceStateInfo, kNumCoherenceStates> kCoherenceStates{{
    // state             name   valid  dirty  owner  writable
    {CoherenceState::I,  "I",   false, false, false, false},
    {CoherenceState::S,  "S",   true,  false, false, false},
    {CoherenceState::E,  "E",   true,  false, false, true },
    {CoherenceState::O,  "O",   true,  true,  true,  false},
    {CoherenceState::Os, "Os",  true,  true,  true,  false},
    {CoherenceState::M,  "M",   true,  true,  true,  true },
}};
// clang-format on

constexpr const CoherenceStateInfo& info(CoherenceState s) {
    return kCoherenceStates[static_cast<unsigned>(s)];
}
constexpr bool is_valid(CoherenceState s) {
    return info(s).valid;
}
constexpr bool is_dirty(CoherenceState s) {
    return info(s).dirty;
}
constexpr bool is_owner(CoherenceState s) {
    return info(s).owner;
}
constexpr bool is_writable(CoherenceState s) {
    return info(s).writable;
}
constexpr std::string_view to_string(CoherenceState s) {
    return info(s).name;
}

// Exact, case-sensitive name from the table ("Os", not "OS"); nullopt otherwise.
std::optional<CoherenceState> parse_coherence_state(std::string_view name);

std::ostream& operator<<(std::ostream& os, CoherenceState s);

} // namespace fireplane::cache
