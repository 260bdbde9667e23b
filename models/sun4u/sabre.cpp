#include "sabre.h"

#include "models/common/big_endian.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/int_transaction.h"
#include "models/fireplane/io_agent.h"

#include "core/config/units.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

// The Sabre's interrupt registers (Linux pci_sabre.c): a mapping register per
// PCI slot (INTA-INTD: INOs slot*4 .. slot*4+3) at 0xc00 and a clear register
// per INO at 0x1400; on-board (OBIO) devices, INOs 0x20-0x3f, one of each at
// 0x1000 and 0x1800. The INR is (IGN << 6) | INO, fixed.
InterruptMapper::Layout sabre_interrupt_layout(unsigned ign) {
    return InterruptMapper::Layout{
        {{0xc00, 0x1400, 0x00, 32, 4}, {0x1000, 0x1800, 0x20, 32, 1}}, true, ign};
}

PciIdentity host_identity() {
    PciIdentity id;
    id.vendor = 0x108e;       // Sun
    id.device = 0xa000;       // Sabre
    id.class_code = 0x060000; // host bridge
    id.command = 0x0006;      // memory space, bus master
    id.status = 0x02a0;       // fast back-to-back, 66 MHz, medium DEVSEL
    return id;
}

} // namespace

Sabre::Sabre(sc_core::sc_module_name name, const SabreConfig& config)
    : sc_module(name), socket("socket"), announce("announce"), config_(config), root_bus_("pci"),
      host_function_(std::make_unique<PciFunction>("host", PciHeader::Type0, host_identity())),
      to_pci_("to_pci"),
      interrupts_(
          config.agent_id, [this](const InterruptVector& v) { return send_vector(v); },
          [this] { retry_.notify(config_.interrupt_retry); },
          sabre_interrupt_layout(config.agent_id)) {
    if (config_.memory_base < config_.base + kIoOffset + kSpaceBytes || config_.memory_size == 0 ||
        config_.memory_base + (config_.memory_size - 1) < config_.memory_base)
        throw std::invalid_argument(
            "the PCI memory space must be non-empty and above the I/O space (base + " +
            units::format_address(kIoOffset + kSpaceBytes) + ")");
    socket.register_b_transport(this, &Sabre::b_transport);
    socket.register_transport_dbg(this, &Sabre::transport_dbg);
    to_pci_.bind(root_bus_.upstream);
    root_bus_.attach(*host_function_, 0, 0);
    SC_HAS_PROCESS(Sabre);
    SC_METHOD(retry_interrupts);
    sensitive << retry_;
    dont_initialize();
    reset_registers();

    stats_.add_counter("register_reads", &register_reads_, "reads of the bridge's registers");
    stats_.add_counter("register_writes", &register_writes_, "writes of the bridge's registers");
    stats_.add_counter("unimplemented", &unimplemented_,
                       "accesses to register offsets it does not implement (read 0, ignored)");
    stats_.add_counter("cycles.config", &config_cycles_, "PCI configuration cycles");
    stats_.add_counter("cycles.io", &io_cycles_, "PCI I/O cycles");
    stats_.add_counter("cycles.memory", &memory_cycles_, "PCI memory cycles");
    stats_.add_counter("cycles.master_aborts", &master_aborts_,
                       "cycles nobody answered (configuration reads give all ones)");
    add_io_agent_statistics(stats_, by_type_, interrupts_);
}

Sabre::~Sabre() = default;

void Sabre::retry_interrupts() {
    interrupts_.retry_pending();
}

bool Sabre::send_vector(const InterruptVector& vector) {
    return send_device_vector(bus(), vector, interrupts_);
}

// Offsets are local to the window (the router makes them so).
Sabre::Region Sabre::region_of(uint64_t offset, uint64_t length, uint64_t& pci_address) const {
    const auto inside = [&](uint64_t first, uint64_t size) {
        return offset >= first && length <= size && offset - first <= size - length;
    };
    const uint64_t memory = config_.memory_base - config_.base;
    if (inside(0, kRegisterBytes)) {
        pci_address = offset;
        return Region::Registers;
    }
    if (inside(kConfigOffset, kSpaceBytes)) {
        pci_address = offset - kConfigOffset;
        return Region::Config;
    }
    if (inside(kIoOffset, kSpaceBytes)) {
        pci_address = offset - kIoOffset;
        return Region::Io;
    }
    if (inside(memory, config_.memory_size)) {
        pci_address = offset - memory;
        return Region::Memory;
    }
    return Region::None;
}

void Sabre::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    delay += config_.latency;
    access(gp, &delay);
}

unsigned Sabre::transport_dbg(tlm::tlm_generic_payload& gp) {
    access(gp, nullptr);
    return gp.is_response_ok() ? gp.get_data_length() : 0;
}

void Sabre::access(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay) {
    uint64_t pci_address = 0;
    const Region region = region_of(gp.get_address(), gp.get_data_length(), pci_address);
    if (delay && region != Region::None)
        announce_io(bus(), gp, config_.base + gp.get_address(), by_type_);
    switch (region) {
    case Region::Registers: register_access(gp, delay == nullptr); return;
    case Region::Config: return pci_cycle(gp, PciSpace::Config, pci_address, delay);
    case Region::Io: return pci_cycle(gp, PciSpace::Io, pci_address, delay);
    case Region::Memory: return pci_cycle(gp, PciSpace::Memory, pci_address, delay);
    case Region::None: break;
    }
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

void Sabre::pci_cycle(tlm::tlm_generic_payload& gp, PciSpace space, uint64_t pci_address,
                      sc_core::sc_time* delay) {
    const uint64_t local = gp.get_address();
    PciAccess pci(space);
    tlm::tlm_extension_base* previous = gp.set_extension(&pci);
    gp.set_address(pci_address);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (delay)
        to_pci_->b_transport(gp, *delay);
    else
        to_pci_->transport_dbg(gp);
    gp.set_address(local);
    if (previous)
        gp.set_extension(static_cast<PciAccess*>(previous));
    else
        gp.clear_extension(&pci);
    if (delay)
        ++(space == PciSpace::Config ? config_cycles_
           : space == PciSpace::Io   ? io_cycles_
                                     : memory_cycles_);
    if (gp.get_response_status() != tlm::TLM_ADDRESS_ERROR_RESPONSE) return;
    if (delay) ++master_aborts_;
    if (delay && space != PciSpace::Config && !warned_) {
        warned_ = true;
        const std::string msg =
            std::string("no PCI device answered a ") + (gp.is_read() ? "read" : "write") + " of " +
            std::to_string(gp.get_data_length()) + " bytes at PCI " + pci_space_name(space) +
            " address " + units::format_address(pci_address) +
            ": the CPU gets an error (later ones are only counted in " + name() +
            ".cycles.master_aborts)";
        SC_REPORT_WARNING(name(), msg.c_str());
    }
    if (space == PciSpace::Config && gp.is_read()) { // master abort: all ones
        std::memset(gp.get_data_ptr(), 0xff, gp.get_data_length());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    } else if (space == PciSpace::Config) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE); // the write goes nowhere
    }
}

} // namespace fireplane
