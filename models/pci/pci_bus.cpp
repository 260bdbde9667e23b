#include "pci_bus.h"

#include "pci_function.h"

#include "core/text/hex_text.h"

#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

std::string slot_text(unsigned device, unsigned function) {
    return std::to_string(device) + "." + std::to_string(function);
}

} // namespace

PciBus::PciBus(sc_core::sc_module_name name, const PciBusConfig& config)
    : sc_module(name), upstream("upstream"), config_(config), downstream_("downstream") {
    by_slot_.fill(-1);
    upstream.register_b_transport(this, &PciBus::b_transport);
    upstream.register_transport_dbg(this, &PciBus::transport_dbg);
    stats_.add_counter("master_aborts", &master_aborts_,
                       "cycles no function claimed (answered with an address error)");
}

PciBus::~PciBus() = default;

void PciBus::attach(PciFunction& f, unsigned device, unsigned function) {
    const std::string who = std::string(name()) + ": '" + f.name() + "'";
    if (device >= kDevices || function >= kFunctions)
        throw std::invalid_argument(who + " at " + slot_text(device, function) +
                                    ": device 0-31 and function 0-7");
    for (const PciFunction* other : functions_)
        if (other == &f) throw std::invalid_argument(who + " is attached already");
    int& slot = by_slot_[device * kFunctions + function];
    if (slot >= 0)
        throw std::invalid_argument(who + " at " + slot_text(device, function) +
                                    ": the slot is taken by '" + functions_[slot]->name() + "'");
    if (f.decodes_subtractively()) {
        if (subtractive_ >= 0)
            throw std::invalid_argument(who + " decodes subtractively, as '" +
                                        functions_[subtractive_]->name() +
                                        "' does already on this bus");
        subtractive_ = int(functions_.size());
    }
    downstream_.bind(f.socket);
    slot = int(functions_.size());
    functions_.push_back(&f);
}

void PciBus::attach(PciDevice& device) {
    auto* f = dynamic_cast<PciFunction*>(&device);
    if (!f)
        throw std::invalid_argument(std::string(name()) +
                                    ": a PCI device that is not a PciFunction");
    attach(*f, device.pci_device(), device.pci_function());
}

PciFunction* PciBus::function_at(unsigned device, unsigned function) const {
    if (device >= kDevices || function >= kFunctions) return nullptr;
    const int port = by_slot_[device * kFunctions + function];
    return port < 0 ? nullptr : functions_[port];
}

PciAccess& PciBus::access_of(const tlm::tlm_generic_payload& gp) const {
    PciAccess* access = pci_access(gp);
    if (!access) {
        const std::string msg =
            "a cycle at " + hex(gp.get_address()) + " without a PciAccess extension (wiring bug)";
        SC_REPORT_FATAL(name(), msg.c_str());
    }
    return *access;
}

PciBus::Route PciBus::decode(const tlm::tlm_generic_payload& gp, PciAccess& access) const {
    const uint64_t address = gp.get_address();
    Route r;
    if (access.space == PciSpace::Config) {
        const unsigned bus = pci_config_bus(address);
        if (bus == number()) {
            r.port =
                by_slot_[pci_config_device(address) * kFunctions + pci_config_function(address)];
            r.type = 0;
            r.address = pci_config_register(address);
            return r;
        }
        for (size_t i = 0; i < functions_.size(); ++i)
            if (functions_[i]->forwards_bus(bus)) {
                r.port = int(i);
                r.type = 1;
                r.address = address;
                return r;
            }
        return r;
    }
    r.address = address;
    for (size_t i = 0; i < functions_.size(); ++i)
        if (functions_[i]->claims(access.space, address)) {
            r.port = int(i);
            return r;
        }
    if (access.space == PciSpace::Io) r.port = subtractive_;
    return r;
}

void PciBus::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    PciAccess& access = access_of(gp);
    delay += config_.latency;
    const Route r = decode(gp, access);
    if (r.port < 0) {
        ++master_aborts_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const uint64_t address = gp.get_address();
    const uint8_t type = access.config_type;
    gp.set_address(r.address);
    access.config_type = r.type;
    downstream_[r.port]->b_transport(gp, delay);
    gp.set_address(address);
    access.config_type = type;
}

unsigned PciBus::transport_dbg(tlm::tlm_generic_payload& gp) {
    PciAccess& access = access_of(gp);
    const Route r = decode(gp, access);
    if (r.port < 0) return 0;
    const uint64_t address = gp.get_address();
    const uint8_t type = access.config_type;
    gp.set_address(r.address);
    access.config_type = r.type;
    const unsigned n = downstream_[r.port]->transport_dbg(gp);
    gp.set_address(address);
    access.config_type = type;
    return n;
}

} // namespace fireplane
