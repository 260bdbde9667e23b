// Coherence states of the Fireplane MOESI protocol, as the caches store them
// and as the bus reports a requester's outcome, and their properties, all from
// one table so the predicates cannot disagree.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane {

// I  invalid.
// S  shared clean: memory (or an owner) is up to date; others may hold copies.
// E  exclusive clean: no other cache holds it; a store needs no bus transaction.
// O  owned: dirty with respect to memory and this cache supplies it to snoops;
//    other caches may hold S copies.
// Os owned, and another cache has been told it is shared: O's flags, but the
//    protocol must treat the line as certainly shared (our choice; the real
//    part's SSM-specific use of Os is not modelled).
// M  modified: dirty and exclusive; a store needs no bus transaction.
enum class MoesiState : uint8_t { I, S, E, O, Os, M };

inline constexpr unsigned kNumMoesiStates = 6;

struct MoesiStateInfo {
    MoesiState state;
    std::string_view name;
    bool valid;    // holds usable data
    bool dirty;    // must be written back when evicted
    bool owner;    // answers snoops with data
    bool writable; // a store may complete without a bus transaction
};

// The one table. Row order matches the enum values (checked in moesi.cpp).
// clang-format off
inline constexpr std::array<MoesiStateInfo, kNumMoesiStates> kMoesiStates{{
    // state             name   valid  dirty  owner  writable
    {MoesiState::I,  "I",   false, false, false, false},
    {MoesiState::S,  "S",   true,  false, false, false},
    {MoesiState::E,  "E",   true,  false, false, true },
    {MoesiState::O,  "O",   true,  true,  true,  false},
    {MoesiState::Os, "Os",  true,  true,  true,  false},
    {MoesiState::M,  "M",   true,  true,  true,  true },
}};
// clang-format on

constexpr const MoesiStateInfo& info(MoesiState s) {
    return kMoesiStates[static_cast<unsigned>(s)];
}
constexpr bool is_valid(MoesiState s) {
    return info(s).valid;
}
constexpr bool is_dirty(MoesiState s) {
    return info(s).dirty;
}
constexpr bool is_owner(MoesiState s) {
    return info(s).owner;
}
constexpr bool is_writable(MoesiState s) {
    return info(s).writable;
}
constexpr std::string_view to_string(MoesiState s) {
    return info(s).name;
}

// Exact, case-sensitive name from the table ("Os", not "OS"); nullopt otherwise.
std::optional<MoesiState> parse_moesi_state(std::string_view name);

std::ostream& operator<<(std::ostream& os, MoesiState s);

// The invariants of one line over N caches: at most one owner (M, O, Os); a
// cache in M or E excludes every other valid copy. So the others of an O/Os
// owner are S, and the others of an S are S, O or Os. "" when `states` keep
// them, else a sentence naming the caches (by index) and their states.
std::string check_line_invariants(const MoesiState* states, std::size_t n);
std::string check_line_invariants(const std::vector<MoesiState>& states);

} // namespace fireplane
