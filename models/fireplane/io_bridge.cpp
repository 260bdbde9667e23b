#include "io_bridge.h"

#include "int_transaction.h"
#include "io_agent.h"
#include "models/common/big_endian.h"

#include "core/stats/stats.h"

#include <stdexcept>

namespace fireplane {

IoBridge::IoBridge(sc_core::sc_module_name name, const IoBridgeConfig& config)
    : sc_module(name), socket("socket"), announce("announce"), config_(config), devices_("devices"),
      to_devices_("to_devices"),
      interrupts_(
          config.agent_id, [this](const InterruptVector& v) { return send_vector(v); },
          [this] { retry_.notify(config_.interrupt_retry); }) {
    if (config_.size == 0 || config_.base + (config_.size - 1) < config_.base)
        throw std::invalid_argument("the I/O window is empty or wraps around");
    socket.register_b_transport(this, &IoBridge::b_transport);
    socket.register_transport_dbg(this, &IoBridge::transport_dbg);
    to_devices_.bind(devices_.target_socket);
    SC_HAS_PROCESS(IoBridge);
    SC_METHOD(retry_interrupts);
    sensitive << retry_;
    dont_initialize();

    add_io_agent_statistics(stats_, by_type_, interrupts_);
}

void IoBridge::retry_interrupts() {
    interrupts_.retry_pending();
}

IoBridge::~IoBridge() = default;

void IoBridge::map(TargetPort& device, const AddressRange& range, const std::string& name) {
    if (range.size == 0 || !window().contains(range))
        throw std::invalid_argument("'" + name + "' does not fit the I/O bridge's window");
    if (range.base < config_.base + InterruptMapper::kRegisterBytes)
        throw std::invalid_argument("'" + name +
                                    "' overlaps the I/O bridge's interrupt registers (the first " +
                                    "8 KiB of its window)");
    devices_.map(device, range.base, range.size, name);
}

// The interrupt registers: 64-bit accesses in the first 8 KiB of the window.
bool IoBridge::register_access(tlm::tlm_generic_payload& gp) {
    const uint64_t offset = gp.get_address();
    if (offset >= InterruptMapper::kRegisterBytes) return false;
    uint64_t value = 0;
    bool ok = gp.get_data_length() == 8 && !gp.get_byte_enable_ptr();
    if (ok && gp.is_write()) {
        ok = interrupts_.write(offset, load_big_endian(gp.get_data_ptr(), 8));
    } else if (ok) {
        ok = interrupts_.read(offset, value);
        if (ok) store_big_endian(gp.get_data_ptr(), value, 8);
    }
    gp.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return true;
}

// An interrupt vector from the bridge's agent, on the interconnect (which
// hands it to the target CPU); without one nobody answers.
bool IoBridge::send_vector(const InterruptVector& vector) {
    return send_device_vector(bus(), vector, interrupts_);
}

void IoBridge::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (register_access(gp)) {
        delay += config_.latency;
        return;
    }
    const uint64_t local = gp.get_address();
    announce_io(bus(), gp, config_.base + local, by_type_);
    gp.set_address(config_.base + local);
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
