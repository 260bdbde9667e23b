#pragma once
// FirelinkMonitor: the Fire Link performance instrumentation of the Fire Link
// paper ("SMP System Interconnect Instrumentation for Performance Analysis",
// SC2002, section 2), as a Fireplane agent. It watches every
// address-bus transaction (`observe`, bound to the bus's snoopers after the
// caches), filters it through two counter sets (transaction_filter.h), counts
// the matches, and records set 1's matches in the 8-entry sequence buffer.
//
// Software programs and reads it through memory-mapped registers (`regs`,
// monitor_registers.h), mapped behind the I/O bridge; host tools use debug
// transport on the same registers. Reads have no side effect, so sampling
// never disturbs what it measures; the monitor never delays a transaction.
#include "models/common/roles.h"
#include "monitor_registers.h"
#include "sequence_buffer.h"
#include "transaction_filter.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <cstdint>
#include <functional>

namespace fireplane::firelink {

struct FirelinkMonitorConfig {
    uint16_t agent_id = 25; // Safari ID: I/O agents and monitors from 24
    uint64_t base = 0;      // its register window, where the builder maps it
};

class FirelinkMonitor : public sc_core::sc_module,
                        public BusTarget,
                        public BusObserver,
                        public Checkpointable {
public:
    tlm_utils::simple_target_socket<FirelinkMonitor> regs;
    tlm_utils::simple_target_socket<FirelinkMonitor> observe;

    FirelinkMonitor(sc_core::sc_module_name name, const FirelinkMonitorConfig& config);
    ~FirelinkMonitor() override;

    // BusTarget, BusObserver
    TargetPort& bus_target() override { return regs; }
    AddressRange bus_range() const override { return {config_.base, kWindowSize}; }
    TargetPort& observer_port() override { return observe; }

    // The register at `offset` (8-byte aligned), as software reads it; false
    // if there is none. Writes take the writable bits only.
    bool read_register(uint64_t offset, uint64_t& value) const;
    bool write_register(uint64_t offset, uint64_t value);

    // Beyond the hardware: every match of counter set 1 (the sequence
    // buffer's filter) goes to `sink` too, with the time it was seen, so a
    // tool can compare the sampled trace with the whole truth.
    using TraceSink = std::function<void(const TransactionRecord&)>;
    void set_trace_sink(TraceSink sink) { trace_sink_ = std::move(sink); }

    // What the monitor saw (every transaction, before filtering).
    void see(const TransactionRecord& r);
    uint64_t observed() const { return observed_; }
    // Checkpointable (section "<name>"): the control register, both counter
    // sets with their filters, and the sequence buffer.
    void checkpoint(StateIo& io) override { io(control_, filters_, counts_, tsb_); }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    unsigned access(tlm::tlm_generic_payload& gp); // bytes moved; sets the response status
    tlm::tlm_sync_enum observe_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                  sc_core::sc_time& delay);
    unsigned observe_dbg(tlm::tlm_generic_payload& gp);
    uint64_t* field(Reg reg, unsigned index); // the filter field a register holds

    FirelinkMonitorConfig config_;
    uint64_t control_ = 0;
    std::array<TransactionFilter, kCounterSets> filters_{};
    std::array<uint64_t, kCounterSets> counts_{};
    SequenceBuffer tsb_;
    uint64_t observed_ = 0;
    uint64_t bad_accesses_ = 0;
    TraceSink trace_sink_;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane::firelink
