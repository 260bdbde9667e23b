#pragma once
// Ram: a flat memory target. Backed by an anonymous MAP_NORESERVE mapping, so a
// multi-GiB RAM costs host memory only for the pages the guest touches.
#include "models/common/memory_image.h"
#include "models/common/roles.h"
#include "models/common/sparse_memory.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>

namespace fireplane {

struct RamConfig {
    uint64_t size = uint64_t(256) << 20; // bytes; must be > 0
    sc_core::sc_time read_latency = sc_core::SC_ZERO_TIME;
    sc_core::sc_time write_latency = sc_core::SC_ZERO_TIME;
    uint64_t base = 0; // where the builder maps it
};

class Ram : public sc_core::sc_module, public BusTarget {
public:
    tlm_utils::simple_target_socket<Ram> socket;

    // Throws std::invalid_argument for size 0 and std::runtime_error when the
    // host cannot reserve the address space.
    Ram(sc_core::sc_module_name name, const RamConfig& config);
    ~Ram() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }
    bool is_memory() const override { return true; }

    // Host view of the whole RAM (offset 0 = first byte), for loaders and
    // debuggers. Stays valid for the lifetime of the module.
    uint8_t* host_ptr() { return memory_.data(); }
    uint64_t size() const { return config_.size; }
    const RamConfig& config() const { return config_; }

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }
    uint64_t bytes_read() const { return bytes_read_; }
    uint64_t bytes_written() const { return bytes_written_; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);

    // The one functional access path; returns the latency to annotate.
    sc_core::sc_time access(tlm::tlm_generic_payload& gp);

    RamConfig config_;
    SparseMemory memory_;
    MemoryImage image_{name(), memory_.data(), memory_.size()};

    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    uint64_t bytes_read_ = 0;
    uint64_t bytes_written_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
