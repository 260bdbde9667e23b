#pragma once
// Sabre: the PCI host bridge of QEMU's sun4u board (the UltraSPARC IIi's PCI
// bus module, "PBM"), here a Fireplane I/O agent beside our UltraSPARC IIICu.
// It owns one window of the physical address space and splits it:
//   +0x000000000  its registers (64 KiB, table in sabre_registers.cpp): the
//                 IOMMU, interrupt mapping and clearing, PCI control, reset;
//   +0x001000000  PCI configuration space (16 MiB, little-endian), as
//                 bus<<16 | device<<11 | function<<8 | register;
//   +0x002000000  PCI I/O space (16 MiB);
//   +0x100000000  PCI memory space (up to the PROM at 0x1fff0000000).
// Configuration, I/O and memory accesses become PCI cycles on its root bus
// (models/pci), where its own function sits at 00:00.0 (108e:a000) and the
// machine file attaches the rest. A configuration read nobody answers (master
// abort) gives all ones, as firmware's bus scan expects; an I/O or memory
// access nobody answers is an error for the CPU (a data access error trap).
//
// It is the machine's interrupt controller: device lines are INOs, mapped by
// its IMAP registers to a CPU and sent as Fireplane INT transactions from
// its agent ID (the UltraSPARC IIi User's Manual, chapter 19; the register
// offsets are the ones Linux's pci_sabre.c and QEMU's sabre.c use).
#include "models/common/roles.h"
#include "models/fireplane/interrupt_mapper.h"
#include "models/fireplane/io_agent.h"
#include "models/fireplane/transaction_types.h"
#include "models/pci/pci_bus.h"
#include "models/pci/pci_function.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace fireplane {

struct SabreConfig {
    uint64_t base = 0x1fe00000000;        // registers; configuration and I/O spaces follow
    uint64_t memory_base = 0x1ff00000000; // PCI memory space
    uint64_t memory_size = 0xf0000000;    // up to the PROM
    uint16_t agent_id = 0x1f;             // its port ID: the IGN of its INRs, the INTs' source
    sc_core::sc_time latency{150, sc_core::SC_NS};       // each access through the bridge
    sc_core::sc_time interrupt_retry{1, sc_core::SC_US}; // after a NACKed interrupt vector
};

class Sabre : public sc_core::sc_module,
              public BusTarget,
              public IoAgent,
              public InterruptController,
              public PciBusOwner,
              public PowerSwitch {
public:
    static constexpr uint64_t kRegisterBytes = 0x10000;
    static constexpr uint64_t kConfigOffset = 0x1000000;
    static constexpr uint64_t kIoOffset = 0x2000000;
    static constexpr uint64_t kSpaceBytes = 0x1000000; // configuration and I/O spaces
    // Reset control (0xf020): power-on reset happened; software POR and XIR.
    static constexpr uint64_t kPor = uint64_t(1) << 31, kSoftPor = uint64_t(1) << 30,
                              kSoftXir = uint64_t(1) << 29;

    tlm_utils::simple_target_socket<Sabre> socket;
    // To the Fireplane bus's `io` socket: the interrupt vectors, and every
    // access it carries announced for the bus's monitors. Optional.
    tlm_utils::simple_initiator_socket_optional<Sabre> announce;

    // Throws std::invalid_argument for a window that is not where the
    // registers, the spaces and the memory space fit in order.
    Sabre(sc_core::sc_module_name name, const SabreConfig& config);
    ~Sabre() override;

    // BusTarget: from the registers to the end of the PCI memory space.
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override {
        return {config_.base, config_.memory_base + config_.memory_size - config_.base};
    }
    // IoAgent
    void bind_announcements(TargetPort& interconnect) override { announce.bind(interconnect); }
    // InterruptController
    InterruptInput& interrupt_input() override { return interrupts_; }
    // PciBusOwner: the root bus.
    void attach_pci(PciDevice& device) override { root_bus_.attach(device); }
    // PowerSwitch: the reset control register resets the machine.
    void on_poweroff(std::function<void(int)>) override {} // it cannot power off
    void on_reset(std::function<void()> listener) override {
        reset_listener_ = std::move(listener);
    }

    const SabreConfig& config() const { return config_; }
    PciBus& root_bus() { return root_bus_; }

    // The register table (sabre_registers.cpp).
    struct RegisterInfo;
    static const RegisterInfo kRegisters[];

private:
    enum class Region { Registers, Config, Io, Memory, None };
    Region region_of(uint64_t offset, uint64_t length, uint64_t& pci_address) const;
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    // The one path of every access; `delay` null for a debug access.
    void access(tlm::tlm_generic_payload& gp, sc_core::sc_time* delay);
    void register_access(tlm::tlm_generic_payload& gp, bool debug);
    void pci_cycle(tlm::tlm_generic_payload& gp, PciSpace space, uint64_t pci_address,
                   sc_core::sc_time* delay);
    bool send_vector(const InterruptVector& vector);
    tlm::tlm_fw_transport_if<>* bus() { return announce.size() ? announce[0] : nullptr; }
    void retry_interrupts(); // SC_METHOD: NACKed vectors again

    // Registers (sabre_registers.cpp).
    void reset_registers();
    const RegisterInfo* find_register(uint64_t offset, unsigned& index) const;
    uint64_t read_register(const RegisterInfo& r, unsigned index) const;
    void write_register(const RegisterInfo& r, unsigned index, uint64_t value);
    uint64_t read_interrupt(uint64_t offset) const;
    void write_interrupt(uint64_t offset, uint64_t value);
    uint64_t read_interrupt_state(uint64_t offset) const;
    uint64_t read_reset_control(uint64_t) const { return reset_control_; }
    void write_reset_control(uint64_t offset, uint64_t value);

    SabreConfig config_;
    PciBus root_bus_;
    std::unique_ptr<PciFunction> host_function_; // 00:00.0
    tlm_utils::simple_initiator_socket<Sabre> to_pci_;
    InterruptMapper interrupts_;
    sc_core::sc_event retry_;
    std::function<void()> reset_listener_;
    std::vector<uint64_t> storage_; // the plain registers' values, by the table's slots
    uint64_t reset_control_ = kPor;
    bool warned_ = false; // of an I/O or memory cycle nobody answered
    uint64_t register_reads_ = 0, register_writes_ = 0, unimplemented_ = 0;
    uint64_t config_cycles_ = 0, io_cycles_ = 0, memory_cycles_ = 0, master_aborts_ = 0;
    IoTransactionCounts by_type_{};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
