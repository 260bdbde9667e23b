#include "address_alias.h"

#include <algorithm>
#include <stdexcept>

namespace fireplane {

AddressAlias::AddressAlias(sc_core::sc_module_name name, const AddressAliasConfig& config)
    : sc_module(name), socket("socket"), forward("forward"), config_(config) {
    const auto wraps = [](uint64_t base, uint64_t size) { return base + (size - 1) < base; };
    if (config_.size == 0 || wraps(config_.base, config_.size) || wraps(config_.to, config_.size))
        throw std::invalid_argument("the alias's range is empty or wraps around");
    if (config_.to <= config_.base + (config_.size - 1) &&
        config_.base <= config_.to + (config_.size - 1))
        throw std::invalid_argument("the alias's range overlaps the range it shows");
    socket.register_b_transport(this, &AddressAlias::b_transport);
    socket.register_nb_transport_fw(this, &AddressAlias::nb_transport_fw);
    socket.register_transport_dbg(this, &AddressAlias::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &AddressAlias::get_direct_mem_ptr);
    forward.register_invalidate_direct_mem_ptr(this, &AddressAlias::invalidate_direct_mem_ptr);
    stats_.add_counter("transactions", &transactions_,
                       "transactions passed on (b_transport and BEGIN_REQ, not debug)");
}

AddressAlias::~AddressAlias() = default;

// Addresses arrive local to the alias's range (the router makes them so) and
// leave global, for the system bus; they are given back local.
void AddressAlias::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const uint64_t local = gp.get_address();
    ++transactions_;
    gp.set_address(moved(local));
    forward->b_transport(gp, delay);
    gp.set_address(local);
}

// An AT request completes at BEGIN_REQ (the base protocol's early
// completion) through the target's b_transport: the payload is the
// initiator's, still in flight on the system bus, so it cannot enter the bus
// again as another AT transaction. A target behind an alias must not wait in
// b_transport when AT initiators use the alias (a ROM does not).
tlm::tlm_sync_enum AddressAlias::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                 tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase != tlm::BEGIN_REQ)
        SC_REPORT_FATAL(name(), "unexpected phase in nb_transport_fw (only BEGIN_REQ is taken)");
    b_transport(gp, delay);
    phase = tlm::BEGIN_RESP;
    return tlm::TLM_COMPLETED;
}

unsigned AddressAlias::transport_dbg(tlm::tlm_generic_payload& gp) {
    const uint64_t local = gp.get_address();
    gp.set_address(moved(local));
    const unsigned n = forward->transport_dbg(gp);
    gp.set_address(local);
    return n;
}

// The grant, in the system bus's addresses, moved back into the alias's and
// clipped to it.
bool AddressAlias::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    const uint64_t local = gp.get_address();
    gp.set_address(moved(local));
    const bool granted = forward->get_direct_mem_ptr(gp, dmi);
    gp.set_address(local);
    const uint64_t first = std::max<uint64_t>(dmi.get_start_address(), config_.to);
    const uint64_t last = std::min<uint64_t>(dmi.get_end_address(), config_.to + config_.size - 1);
    if (first > last) return false;
    if (dmi.get_dmi_ptr()) dmi.set_dmi_ptr(dmi.get_dmi_ptr() + (first - dmi.get_start_address()));
    dmi.set_start_address(first - config_.to);
    dmi.set_end_address(last - config_.to);
    return granted;
}

void AddressAlias::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    const uint64_t last = config_.to + config_.size - 1;
    if (end < config_.to || start > last) return;
    const uint64_t first = std::max<uint64_t>(start, config_.to) - config_.to;
    socket->invalidate_direct_mem_ptr(first, std::min<uint64_t>(end, last) - config_.to);
}

} // namespace fireplane
