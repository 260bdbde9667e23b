#pragma once
// The Fireplane view of a bus transaction, carried as a TLM-2.0 extension on
// every generic payload that crosses the interconnect: what the Fire Link
// monitor filters on (type, source agent, transaction ID, address) and what
// the snoop phase decided (snoop results, the requester's resulting state).
#include "moesi.h"
#include "transaction_types.h"

#include <tlm>

#include <cstdint>
#include <string_view>

namespace fireplane {

// Safari agent IDs: CPUs are 0-23 (board = id / 4); I/O agents and the Fire
// Link monitors start at 24.
inline constexpr uint16_t kFirstIoAgentId = 24;
inline constexpr bool is_cpu_agent(uint16_t id) {
    return id < kFirstIoAgentId;
}

// The snoop results the agents drive during a transaction's snoop phase: one
// agent's part, or (wired-OR, combine) what the requester sees. Caches drive
// shared and owned; memory controllers and devices drive mapped.
struct SnoopResult {
    bool shared = false; // another cache keeps a copy
    bool owned = false;  // another cache owns the line and supplies the data
    bool mapped = false; // some agent (memory controller, device) claims the address

    constexpr SnoopResult& operator|=(const SnoopResult& o) {
        shared = shared || o.shared;
        owned = owned || o.owned;
        mapped = mapped || o.mapped;
        return *this;
    }
    constexpr bool operator==(const SnoopResult& o) const {
        return shared == o.shared && owned == o.owned && mapped == o.mapped;
    }
    constexpr bool operator!=(const SnoopResult& o) const { return !(*this == o); }
};

constexpr SnoopResult operator|(SnoopResult a, const SnoopResult& b) {
    return a |= b;
}

// The wired-OR of the snoop results: combine(), combine(a), combine(a, b, c)...
template <typename... Results> constexpr SnoopResult combine(const Results&... results) {
    SnoopResult out;
    ((out |= results), ...);
    return out;
}

class FireplaneExtension : public tlm::tlm_extension<FireplaneExtension> {
public:
    TransactionType type = TransactionType::RTS;
    uint16_t source = 0;         // Safari agent ID of the requester
    uint16_t transaction_id = 0; // the requester's ID for this transaction
    SnoopResult snoop;
    MoesiState outcome = MoesiState::I; // the requester's state once it completes
    // Decided during the address broadcast (the bus resets them before it):
    bool needs_data = false; // the requester's self-snoop: data must move to it
    bool cancelled = false;  // the requester's self-snoop: a WB whose line was taken
                             // before the WB was ordered (no data moves)
    int16_t supplier = -1;   // agent ID of the cache that copies the line back, or -1
    bool nacked = false;     // INT: the target's receive unit was busy (or no agent has its ID)
    // Functional warming (the agents socket's b_transport): the transaction
    // happens at once, moves no data and is neither counted nor observed.
    bool warming = false;

    tlm::tlm_extension_base* clone() const override;
    void copy_from(const tlm::tlm_extension_base& other) override;

    const TransactionInfo& info() const { return transaction_info(type); }
};

// The payload's extension, attached first if it has none. Attaching uses
// set_extension, so the extension stays with the payload (a pooled payload
// keeps it across reuse, with its old values: set every field you rely on)
// and is deleted with it.
FireplaneExtension& fireplane_extension(tlm::tlm_generic_payload& gp);

// The payload's extension, or nullptr.
inline FireplaneExtension* find_fireplane_extension(const tlm::tlm_generic_payload& gp) {
    return gp.get_extension<FireplaneExtension>();
}

} // namespace fireplane
