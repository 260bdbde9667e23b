#pragma once
// The busstat(1M) events of the Fire Link paper's Table 1, as one table: each
// names the transactions a counter set counts, as a type mask and a source
// rule that become the set's filter registers.
#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::busstat {

// Whose transactions an event counts.
enum class Source : uint8_t {
    Any,        // every agent
    LocalBoard, // agents on the monitor's board (Safari ID / 4)
    NoAgent,    // the remote devices of a cluster or SSM system, which a V1280 lacks
};

struct BusstatEvent {
    const char* name;
    uint64_t types; // one bit per transaction type
    Source source;
    const char* description;
};

const std::vector<BusstatEvent>& busstat_events();
// One event per transaction type, named by its mnemonic (RTS, RTO, WB, WBIO...).
const std::vector<BusstatEvent>& type_events();
// The source trits (mask, match) that select an event's agents, for a
// monitor on `board`.
struct SourceTrits {
    uint64_t mask = 0, match = 0;
};
SourceTrits source_trits(const BusstatEvent& event, uint64_t board);

// An event of either table, or nullptr.
const BusstatEvent* find_busstat_event(const std::string& name);

} // namespace fireplane::busstat
