#pragma once
// AddressAlias: a second decode of a range of the physical address space.
// Accesses to [base, base + size) are sent on, through the system bus, to
// [to, to + size): a board's address decoder showing the same device at two
// places. The sun4u board needs one: its PROM sits at 0x1fff0000000, where
// the 41-bit UltraSPARC IIi's reset vector lands, while a 43-bit JPS1
// processor's reset vector lands at 0x7fff0000000.
//
// LT, AT (completed at BEGIN_REQ through the target's b_transport), DMI (the
// grant is moved into the alias's range) and debug transport all pass.
#include "models/common/roles.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>

namespace fireplane {

struct AddressAliasConfig {
    uint64_t base = 0; // where the alias is decoded
    uint64_t size = 0;
    uint64_t to = 0; // where the accesses go
};

class AddressAlias : public sc_core::sc_module, public BusTarget, public BusInitiator {
public:
    tlm_utils::simple_target_socket<AddressAlias> socket;
    tlm_utils::simple_initiator_socket<AddressAlias> forward;

    // Throws std::invalid_argument for an empty or wrapping range, or one
    // that would send accesses back into itself.
    AddressAlias(sc_core::sc_module_name name, const AddressAliasConfig& config);
    ~AddressAlias() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }
    // BusInitiator: accesses leave through the system bus.
    void bind_initiators(TargetPort& bus) override { forward.bind(bus); }

    uint64_t transactions() const { return transactions_; }

private:
    uint64_t moved(uint64_t local) const { return config_.to + local; }
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);

    AddressAliasConfig config_;
    uint64_t transactions_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
