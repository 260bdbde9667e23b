#include "io_bridge.h"

#include "core/stats/stats.h"

#include <stdexcept>

namespace fireplane {

IoBridge::IoBridge(sc_core::sc_module_name name, const IoBridgeConfig& config)
    : sc_module(name), socket("socket"), announce("announce"), config_(config), devices_("devices"),
      to_devices_("to_devices") {
    if (config_.size == 0 || config_.base + (config_.size - 1) < config_.base)
        throw std::invalid_argument("the I/O window is empty or wraps around");
    socket.register_b_transport(this, &IoBridge::b_transport);
    socket.register_transport_dbg(this, &IoBridge::transport_dbg);
    to_devices_.bind(devices_.target_socket);

    for (const TransactionInfo& t : transaction_table())
        if (t.klass == TransactionClass::Io)
            stats_.add_counter("transactions." + std::string(t.mnemonic), &by_type_[t.code()],
                               std::string(t.mnemonic) + " transactions through the bridge");
}

IoBridge::~IoBridge() = default;

void IoBridge::map(TargetPort& device, const AddressRange& range, const std::string& name) {
    if (range.size == 0 || !window().contains(range))
        throw std::invalid_argument("'" + name + "' does not fit the I/O bridge's window");
    devices_.map(device, range.base, range.size, name);
}

void IoBridge::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    FireplaneExtension& x = fireplane_extension(gp);
    x.type = io_transaction(gp.is_write(), gp.get_data_length());
    ++by_type_[unsigned(x.type)];
    const uint64_t local = gp.get_address();
    gp.set_address(config_.base + local);
    if (announce.size()) { // on the address bus, for its monitors
        sc_core::sc_time none = sc_core::SC_ZERO_TIME;
        announce->b_transport(gp, none);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    }
    delay += config_.latency;
    to_devices_->b_transport(gp, delay);
    gp.set_address(local);
}

unsigned IoBridge::transport_dbg(tlm::tlm_generic_payload& gp) {
    const uint64_t local = gp.get_address();
    gp.set_address(config_.base + local);
    const unsigned n = to_devices_->transport_dbg(gp);
    gp.set_address(local);
    return n;
}

} // namespace fireplane
