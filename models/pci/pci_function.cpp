#include "pci_function.h"

#include "models/devices/payload_bytes.h"

#include <string>

namespace fireplane {

PciFunction::PciFunction(sc_core::sc_module_name name, PciHeader header,
                         const PciIdentity& identity, const PciPlacement& placement)
    : sc_module(name), socket("socket"), config_(header, identity), placement_(placement) {
    const auto slot = parse_pci_slot(placement.slot);
    if (!slot) {
        const std::string msg = "slot '" + placement.slot + "' is not device.function";
        SC_REPORT_FATAL(this->name(), msg.c_str());
    }
    slot_ = slot.value_or(PciSlot{});
    socket.register_b_transport(this, &PciFunction::b_transport);
    socket.register_transport_dbg(this, &PciFunction::transport_dbg);
}

bool PciFunction::claims(PciSpace space, uint64_t address) const {
    return config_.bar_claiming(space, address).has_value();
}

void PciFunction::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    dispatch(gp, &delay);
}

unsigned PciFunction::transport_dbg(tlm::tlm_generic_payload& gp) {
    dispatch(gp, nullptr);
    return gp.is_response_ok() ? gp.get_data_length() : 0;
}

void PciFunction::dispatch(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
    const PciAccess* access = pci_access(gp);
    if (!access) {
        const std::string msg = "a cycle at " + std::to_string(gp.get_address()) +
                                " without a PciAccess extension (wiring bug)";
        SC_REPORT_FATAL(name(), msg.c_str());
        return;
    }
    if (access->space != PciSpace::Config)
        io_memory_cycle(gp, access->space, delay);
    else if (access->config_type == 1)
        forward_config(gp, delay);
    else
        config_cycle(gp, delay == nullptr);
}

// Type 0: the address is the register offset. A cycle moves 1, 2 or 4 bytes
// aligned to their size (byte enables select bytes within it); a debugger
// may read or write any run of bytes inside the space.
void PciFunction::config_cycle(tlm::tlm_generic_payload& gp, bool debug) {
    const uint64_t offset = gp.get_address();
    const unsigned length = gp.get_data_length();
    const bool fits =
        debug ? offset < PciConfigSpace::kSize && length <= PciConfigSpace::kSize - offset
              : PciConfigSpace::valid(unsigned(offset), length);
    if (!fits || gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    if (gp.is_read())
        for_each_enabled_byte(
            gp, [&](uint64_t i, unsigned char& d) { d = config_.byte(unsigned(offset + i)); });
    else if (gp.is_write())
        for_each_enabled_byte(
            gp, [&](uint64_t i, unsigned char& d) { config_.write_byte(unsigned(offset + i), d); });
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void PciFunction::io_memory_cycle(tlm::tlm_generic_payload& gp, PciSpace space,
                                  sc_core::sc_time* delay) {
    const uint64_t address = gp.get_address();
    const auto bar = config_.bar_claiming(space, address);
    if (!bar) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    bar_access(*bar, address - config_.bar_base(*bar), gp, delay);
}

void PciFunction::bar_access(unsigned, uint64_t, tlm::tlm_generic_payload& gp, sc_core::sc_time*) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

void PciFunction::forward_config(tlm::tlm_generic_payload& gp, sc_core::sc_time*) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

} // namespace fireplane
