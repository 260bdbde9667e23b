#pragma once
// Router: a plain address decoder between bus masters and memory-mapped
// targets. Each target gets a [base, base + size) window; transactions are
// forwarded with the address made local to the window (address - base) and
// given back with the global address. LT (b_transport, DMI), AT (the base
// protocol's nb_transport phases) and debug transport all pass through.
#include "models/common/in_flight_table.h"
#include "models/common/roles.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {

class Router : public sc_core::sc_module, public SystemBus {
public:
    // Bus masters bind here (any number).
    tlm_utils::multi_passthrough_target_socket_optional<Router> target_socket;
    // One binding per mapped target, in map() order.
    tlm_utils::multi_passthrough_initiator_socket_optional<Router> initiator_socket;

    explicit Router(sc_core::sc_module_name name);
    ~Router() override;

    // Binds initiator_socket to `target` and decodes [base, base + size) to it.
    // Call during elaboration. Throws std::invalid_argument for an empty or
    // wrapping window, a name already used, or a window that overlaps an
    // existing one (the message names both).
    void map(TargetPort& target, uint64_t base, uint64_t size, const std::string& name);
    // SystemBus
    TargetPort& master_port() override { return target_socket; }
    void map(TargetPort& target, const AddressRange& range, const std::string& name) override {
        map(target, range.base, range.size, name);
    }

    struct Window {
        std::string name;
        uint64_t base;
        uint64_t size;
        uint64_t transactions = 0; // b_transport and nb BEGIN_REQ, not debug
        uint64_t last() const { return base + size - 1; }
    };
    const std::vector<std::unique_ptr<Window>>& windows() const { return windows_; }
    uint64_t unmapped_accesses() const { return unmapped_; }

protected:
    void end_of_elaboration() override;

private:
    // Forward path, from bus masters.
    void b_transport(int from, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(int from, tlm::tlm_generic_payload& gp,
                                       tlm::tlm_phase& phase, sc_core::sc_time& delay);
    unsigned transport_dbg(int from, tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(int from, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    // Backward path, from targets.
    tlm::tlm_sync_enum nb_transport_bw(int to, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    void invalidate_direct_mem_ptr(int to, sc_dt::uint64 start, sc_dt::uint64 end);

    // Index into windows_ (= initiator_socket index) holding address, or -1.
    int decode(uint64_t address) const;
    // The unmapped hole around `address`, for a refused DMI request.
    void unmapped_hole(uint64_t address, uint64_t& first, uint64_t& last) const;
    bool fits(const Window& w, const tlm::tlm_generic_payload& gp) const;

    // An AT transaction between BEGIN_REQ and its end: where it came from,
    // where it went, and its address on either side of the router.
    struct InFlight {
        int initiator;
        int target;
        uint64_t global;
        uint64_t local;
    };
    InFlight* in_flight(tlm::tlm_generic_payload& gp, const char* where);

    std::vector<std::unique_ptr<Window>> windows_; // stable addresses for the stats registry
    std::map<uint64_t, int> by_base_;              // window base -> index
    InFlightTable<const tlm::tlm_generic_payload*, InFlight> in_flight_;
    uint64_t unmapped_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
