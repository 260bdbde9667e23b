#pragma once
// MemoryController: the UltraSPARC IIICu on-chip memory controllers of a
// machine as one Fireplane target over one storage (so DMI and functional
// mode see plain memory). Physical memory is split among `controllers` (one
// per CPU: contiguous slices or interleaved), each with its own banks by
// address interleave; a bank serves one access at a time and stays busy for
// `bank_busy` after it. Banks are numbered globally: controller * banks + bank.
//
// Addresses on the socket are offsets from `base` (the router makes them
// local, as for every mapped target); banks are chosen from the physical
// address base + offset, so the interleave does not depend on the mapping.
//
// One behaviour, two interfaces: b_transport (LT, annotated delay) and the AT
// base protocol (BEGIN_REQ -> END_REQ -> BEGIN_RESP -> END_RESP) both call
// access(), which moves the data and reserves the banks. A payload with a null
// data pointer is a timing-only request: the detailed model keeps the data in
// its own RAM and asks only how long the access takes. Functional-mode CPUs
// get DMI to the whole range (loosely timed, no bank model).
#include "models/common/memory_image.h"
#include "models/common/roles.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_set>
#include <vector>

namespace fireplane {

// How physical memory is split among the on-chip controllers (one per CPU).
enum class MemorySplit : uint8_t {
    Contiguous,  // controller c holds the c-th of `controllers` equal slices
    Interleaved, // `split_interleave` bytes per controller, round robin
};

struct MemoryControllerConfig {
    uint64_t base = 0;                   // physical address of offset 0
    uint64_t size = uint64_t(256) << 20; // bytes; > 0
    unsigned banks = 2;                  // per controller; > 0
    uint64_t interleave = 64;            // bytes per bank before the next; > 0
    unsigned controllers = 1;            // > 0; size a multiple of it when contiguous
    MemorySplit split = MemorySplit::Contiguous;
    uint64_t split_interleave = 8192; // bytes per controller before the next (interleaved)
    sc_core::sc_time latency{60, sc_core::SC_NS};   // bank start to response
    sc_core::sc_time bank_busy{20, sc_core::SC_NS}; // bank recovery after the response
};

class MemoryController : public sc_core::sc_module, public BusTarget, public Checkpointable {
public:
    tlm_utils::simple_target_socket<MemoryController> socket;

    // Throws std::invalid_argument for a zero size, bank count or interleave,
    // or a range that wraps; std::runtime_error when the host cannot reserve
    // the address space.
    MemoryController(sc_core::sc_module_name name, const MemoryControllerConfig& config);
    ~MemoryController() override;
    MemoryController(const MemoryController&) = delete;
    MemoryController& operator=(const MemoryController&) = delete;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, config_.size}; }
    bool is_memory() const override { return true; }

    const MemoryControllerConfig& config() const { return config_; }
    // Host view of the storage (offset 0 = first byte), for loaders and tests.
    uint8_t* host_ptr() { return mem_; }
    // The (global) bank serving `offset`, and its home controller.
    unsigned bank_of(uint64_t offset) const;
    unsigned controller_of(uint64_t offset) const;
    unsigned total_banks() const { return config_.controllers * config_.banks; }
    // When `bank` can start its next access.
    sc_core::sc_time bank_free_at(unsigned bank) const { return bank_free_at_[bank]; }

    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }
    uint64_t timing_only() const { return timing_only_; }
    uint64_t address_errors() const { return address_errors_; }
    uint64_t bank_accesses(unsigned bank) const { return bank_accesses_[bank]; }
    uint64_t bank_conflict_stall_ps() const { return stall_ps_; }
    uint64_t controller_reads(unsigned c) const { return ctl_reads_[c]; }
    uint64_t controller_writes(unsigned c) const { return ctl_writes_[c]; }
    uint64_t controller_stall_ps(unsigned c) const { return ctl_stall_ps_[c]; }

    // Checkpointable: the banks' busy times, an optional section "<name>.banks"
    // (its bytes are the required MemoryImage section); saved with nothing in flight.
    void checkpoint(StateIo& io) override { io(bank_free_at_); }
    std::string not_quiescent() const override;
    void unschedule() override { peq_.cancel_all(); }
    std::string shape() const override { return std::to_string(bank_free_at_.size()) + " banks"; }
    bool plain_data() const override { return true; }

private:
    struct Timing {
        sc_core::sc_time start; // the banks begin the access
        sc_core::sc_time done;  // the response is ready
    };

    // The one behaviour behind every path: checks, moves data (unless
    // timing-only), counts, and reserves the banks for a request arriving at
    // `arrival` (absolute time). Sets the response status.
    Timing access(tlm::tlm_generic_payload& gp, const sc_core::sc_time& arrival);
    // False when the request needs no bank: out of range (status set to an
    // address error) or TLM_IGNORE_COMMAND (status OK).
    bool needs_bank(tlm::tlm_generic_payload& gp);
    // The banks a request touches, in touched_ (kept for its capacity: no
    // allocation per access).
    const std::vector<unsigned>& banks_touched(const tlm::tlm_generic_payload& gp);

    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);

    // AT engine: the PEQ carries requests to their arrival time and the
    // controller's own END_REQ / BEGIN_RESP / END_RESP moments.
    void on_phase(tlm::tlm_generic_payload& gp, const tlm::tlm_phase& phase);
    void send_end_req(tlm::tlm_generic_payload& gp);
    void send_responses();

    MemoryControllerConfig config_;
    uint8_t* mem_ = nullptr;
    std::unique_ptr<MemoryImage> image_; // its checkpoint section, once mem_ is mapped

    std::vector<sc_core::sc_time> bank_free_at_;
    std::vector<unsigned> touched_;                    // banks_touched()'s answer
    const sc_core::sc_time one_ps_{1, sc_core::SC_PS}; // for to_ps()
    tlm_utils::peq_with_cb_and_phase<MemoryController> peq_;
    std::deque<tlm::tlm_generic_payload*> responses_; // ready, waiting for the response channel
    tlm::tlm_generic_payload* responding_ = nullptr;  // BEGIN_RESP sent, END_RESP awaited
    bool response_channel_busy_ = false;
    // Transactions the initiator completed at END_REQ: their BEGIN_RESP is dropped.
    std::unordered_set<tlm::tlm_generic_payload*> completed_early_;

    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    uint64_t timing_only_ = 0;
    uint64_t address_errors_ = 0;
    std::vector<uint64_t> bank_accesses_; // sized once: the stats registry keeps pointers
    uint64_t stall_ps_ = 0;
    std::vector<uint64_t> ctl_reads_, ctl_writes_, ctl_stall_ps_; // per controller, sized once
    CheckpointSection banks_section_{std::string(this->name()) + ".banks", 1, *this,
                                     CheckpointRegistry::Kind::Optional};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
