#include "ebus.h"

#include <cstring>

#include <stdexcept>

namespace fireplane {

PciIdentity ebus_identity(bool multifunction) {
    PciIdentity id;
    id.vendor = 0x108e; // Sun
    id.device = 0x1000; // ebus
    id.revision = 0x01;
    id.class_code = 0x068000; // bridge, other
    // As QEMU's ebus_realize: bus master and memory space enabled; fast
    // back-to-back and 66 MHz capable, medium DEVSEL timing.
    id.command = PciConfigSpace::kCommandMaster | PciConfigSpace::kCommandMemory;
    id.status = 0x02a0;
    id.multifunction = multifunction;
    return id;
}

Ebus::Ebus(sc_core::sc_module_name name, const EbusConfig& config)
    : PciFunction(name, PciHeader::Type0, ebus_identity(config.multifunction), config.placement),
      config_(config), isa_("isa"), to_isa_("to_isa") {
    if (config_.size == 0 || config_.isa_base + (config_.size - 1) < config_.isa_base)
        throw std::invalid_argument("the ISA window is empty or wraps around");
    config_space().declare({"latency_timer", 0x0d, 1, 0x0a, 0xff, 0});
    config_space().declare_bar(0, {PciBarKind::Memory32, kBar0Size, false});
    config_space().declare_bar(1, {PciBarKind::Io, kBar1Size, false});
    config_space().reset();
    to_isa_.bind(isa_.target_socket);
    stats_.add_counter("absent_port_cycles", &absent_port_cycles_,
                       "ISA cycles to ports no device decodes (reads give all ones)");
}

Ebus::~Ebus() = default;

void Ebus::map(TargetPort& target, const AddressRange& range, const std::string& name) {
    if (range.size == 0 || !window().contains(range))
        throw std::invalid_argument("'" + name + "' does not fit the ebus's ISA window");
    isa_.map(target, range, name);
}

void Ebus::io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space, sc_core::sc_time* delay) {
    if (config_space().bar_claiming(space, gp.get_address()))
        PciFunction::io_memory_cycle(gp, space, delay);
    else if (space == PciSpace::Io)
        isa_cycle(gp.get_address(), gp, delay); // subtractive decode: port = address
    else
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

void Ebus::bar_access(unsigned, uint64_t offset, tlm::tlm_generic_payload& gp,
                      sc_core::sc_time* delay) {
    isa_cycle(offset, gp, delay);
}

void Ebus::isa_cycle(uint64_t port, tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
    if (port >= config_.size) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const uint64_t address = gp.get_address();
    gp.set_address(config_.isa_base + port);
    if (delay) {
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        to_isa_->b_transport(gp, *delay);
    } else {
        const unsigned n = to_isa_->transport_dbg(gp);
        gp.set_response_status(n ? tlm::TLM_OK_RESPONSE : tlm::TLM_ADDRESS_ERROR_RESPONSE);
    }
    // The ISA bus has no master abort: a port no device decodes reads all
    // ones and drops writes (firmware probes the floppy and keyboard ports).
    if (gp.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE && !isa_decoded(gp)) {
        if (gp.is_read()) std::memset(gp.get_data_ptr(), 0xff, gp.get_data_length());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        if (delay) ++absent_port_cycles_;
    }
    gp.set_address(address);
}

bool Ebus::isa_decoded(const tlm::tlm_generic_payload& gp) const {
    const uint64_t first = gp.get_address(), last = first + gp.get_data_length() - 1;
    for (const auto& w : isa_.windows())
        if (first <= w->last() && last >= w->base) return true;
    return false;
}

} // namespace fireplane
