#pragma once
// The Fireplane view of a bus transaction, carried as a TLM-2.0 extension on
// every generic payload that crosses the interconnect: what the Fire Link
// monitor filters on (type, source agent, transaction ID, address) and what
// the snoop phase decided (snoop results, the requester's resulting state).
#include "transaction_types.h"

#include <tlm>

#include <cstdint>
#include <string_view>

namespace fireplane {

// The requester's MOESI state after the transaction. It must keep the same
// enumerators, in the same order and with the same values, as
// fireplane::cache::CoherenceState in models/cache/moesi.h, so the two convert
// with a static_cast; it is defined here so the interconnect does not depend on
// the cache library. fireplane_tests checks the values.
enum class MoesiState : uint8_t { I, S, E, O, Os, M };

std::string_view to_string(MoesiState state); // "I", "S", "E", "O", "Os", "M"

// Safari agent IDs: CPUs are 0-23 (board = id / 4); I/O agents and the Fire
// Link monitors start at 24.
inline constexpr uint16_t kFirstIoAgentId = 24;
inline constexpr bool is_cpu_agent(uint16_t id) {
    return id < kFirstIoAgentId;
}

// The snoop results the agents drive during a transaction's snoop phase.
struct SnoopResult {
    bool shared = false; // another cache keeps a copy
    bool owned = false;  // another cache owns the line and supplies the data
    bool mapped = false; // some agent (memory controller, device) claims the address
    bool operator==(const SnoopResult& o) const {
        return shared == o.shared && owned == o.owned && mapped == o.mapped;
    }
};

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
