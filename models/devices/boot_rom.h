#pragma once
// BootRom: the boot PROM firmware starts from. Software reads it like RAM (and
// fetches from it through read-only DMI); software stores complete without
// changing it. Debug writes do land: that is how a loader places the image.
#include "models/common/memory_image.h"
#include "models/common/roles.h"
#include "models/common/sparse_memory.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>

namespace fireplane {

struct BootRomConfig {
    // Where the UltraSPARC III reset vector lands: RSTVaddr 0xfffffffff0000000
    // with the MMU off is physical 0x7fff0000000 (the low 43 bits).
    static constexpr uint64_t kResetVectorPa = 0x7fff0000000;
    // The most a ROM there can hold: from kResetVectorPa to the top of the
    // 43-bit physical address space.
    static constexpr uint64_t kMaxSize = uint64_t(256) << 20;

    uint64_t size = uint64_t(16) << 20; // bytes; 1..kMaxSize
    sc_core::sc_time read_latency = sc_core::SC_ZERO_TIME;
    uint64_t base = kResetVectorPa; // where the builder maps it (required in YAML)
    // The address the firmware image is linked at, when it is not the ROM's
    // own: an ELF segment at link_address + n loads at base + n (QEMU's sun4u
    // PROM, linked at 0xffd00000). 0: the ROM's base.
    uint64_t link_address = 0;
};

class BootRom : public sc_core::sc_module, public BusTarget {
public:
    tlm_utils::simple_target_socket<BootRom> socket;

    // Throws std::invalid_argument for size 0 or above kMaxSize and
    // std::runtime_error when the host cannot reserve the address space.
    BootRom(sc_core::sc_module_name name, const BootRomConfig& config);
    ~BootRom() override;

    // BusTarget: firmware lives here, not programs, so it is not the memory.
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }
    bool holds_firmware() const override { return true; }
    uint64_t firmware_link_address() const override {
        return config_.link_address ? config_.link_address : config_.base;
    }

    // Host view of the whole ROM (offset 0 = first byte), for loaders and
    // debuggers. Stays valid for the lifetime of the module.
    uint8_t* host_ptr() { return memory_.data(); }
    uint64_t size() const { return config_.size; }
    const BootRomConfig& config() const { return config_; }

    uint64_t reads() const { return reads_; }
    uint64_t ignored_writes() const { return ignored_writes_; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);

    // The one functional access path; returns the latency to annotate.
    sc_core::sc_time access(tlm::tlm_generic_payload& gp);
    void ignore_write(const tlm::tlm_generic_payload& gp);

    BootRomConfig config_;
    SparseMemory memory_;
    MemoryImage image_{name(), memory_.data(), memory_.size()}; // its checkpoint section

    uint64_t reads_ = 0;
    uint64_t ignored_writes_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
