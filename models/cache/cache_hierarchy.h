// CacheHierarchy: one CPU's caches (hierarchy_timing.h) as a TLM-2.0 AT
// module. The CPU side is the target end of the CPU's seam
// (cpu_cache_socket.h): a hit completes in the first nb_transport_fw call
// (TLM_COMPLETED, the latency annotated on the delay); a miss is accepted
// (END_REQ) and answered with BEGIN_RESP once its data is back; the counter
// events go back through the same socket. The bus side is an initiator socket on which E$ misses
// and writebacks leave as typed Fireplane transactions (the payload extension of models/fireplane),
// timing-only (null data pointer).
//
// The snoop side is a target socket on which the Fireplane bus broadcasts
// every address, this hierarchy's own included (see snoop_fw in the .cpp): a
// snoop completes in its first nb_transport_fw call, and transport_dbg reads
// a line's effective state (one byte, a MoesiState) for invariant checkers.
//
// b_transport on the CPU side is functional warming (HierarchyTiming::warm):
// the request leaves its state in the caches at once, and a miss's
// transaction goes to the bus as a warming b_transport.
//
// Time inside is counted in CPU cycles: cycle c is SystemC time c * period.
#pragma once

#include "cpu_cache_socket.h"
#include "hierarchy_timing.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"
#include "models/common/cycle_time.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <functional>
#include <memory>
#include <vector>

namespace fireplane::cache {

class CacheHierarchy : public sc_core::sc_module,
                       public Checkpointable,
                       private HierarchyClient,
                       private tlm::tlm_fw_transport_if<> {
public:
    CpuCacheTargetSocket cpu_side;
    tlm_utils::simple_initiator_socket<CacheHierarchy> bus_side;
    tlm_utils::simple_target_socket_optional<CacheHierarchy> snoop_side; // unbound without a bus

    CacheHierarchy(sc_core::sc_module_name name, const HierarchyConfig& config,
                   sc_core::sc_time period, uint16_t agent_id);
    ~CacheHierarchy() override;

    const HierarchyTiming& timing() const { return timing_; }
    // The DCU control register's IC and DC bits (HierarchyTiming::set_first_level).
    void set_first_level(bool icache_on, bool dcache_on) {
        revoke_repeats();
        timing_.set_first_level(icache_on, dcache_on);
    }
    void invalidate_dcache_line(uint64_t pa) {
        revoke_repeats();
        timing_.invalidate_dcache_line(pa);
    }
    sc_core::sc_time period() const { return period_; }
    uint16_t agent_id() const { return agent_id_; }
    // Checkpointable: an optional section "<cpu>.caches" (cache_checkpoint.cpp),
    // saved between bus transactions; another geometry restores cold.
    void checkpoint(StateIo& io) override;
    std::string not_quiescent() const override;
    std::string shape() const override;
    bool plain_data() const override { return true; }

    // Told the coherence unit of every store or atomic performed (tracing and
    // the coherence tests' data model).
    void set_write_observer(std::function<void(uint64_t)> observer) {
        write_observer_ = std::move(observer);
    }

private:
    class PayloadPool;
    struct BusPayload;

    // The CPU side (tlm_fw_transport_if): requests come by nb_transport_fw only.
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) override;
    bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
    unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }

    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay);
    void bus_done(tlm::tlm_generic_payload& gp, uint64_t cycle);
    tlm::tlm_sync_enum snoop_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                sc_core::sc_time& delay);
    void snoop(tlm::tlm_generic_payload& gp);
    unsigned snoop_dbg(tlm::tlm_generic_payload& gp);
    // Own transactions the bus has ordered take their state from the combined
    // snoop result, which is complete once their broadcast has ended.
    void resolve_ordered();

    // HierarchyClient
    void bus_request(TransactionType type, uint64_t pa, uint64_t cycle, int mshr) override;
    SnoopResult warm_transaction(TransactionType type, uint64_t pa, bool needs_data,
                                 uint64_t& cycle) override;
    void completed(uintptr_t tag, uint64_t ready, StallCause cause) override;
    void count(CacheEvent event, uint64_t n) override;
    void wrote(uint64_t pa) override {
        if (write_observer_) write_observer_(pa);
    }

    // From now to `cycle` of this CPU's clock (zero when it has passed).
    sc_core::sc_time delay_to(uint64_t cycle);
    // The caches change by a snoop or a fill: the repeats warming granted
    // (CacheAnswer::repeat_shift) no longer hold (invalidate_direct_mem_ptr on
    // the CPU side). The CPU's own timed requests end them on its side.
    void revoke_repeats() {
        if (!repeats_granted_) return;
        repeats_granted_ = false;
        cpu_side->invalidate_direct_mem_ptr(0, ~sc_dt::uint64(0));
    }

    sc_core::sc_time period_;
    CycleClock clock_; // the period's cycles as SystemC time, for delay_to
    uint16_t agent_id_;
    HierarchyTiming timing_;
    std::unique_ptr<PayloadPool> pool_;
    tlm::tlm_generic_payload warm_payload_; // the one warming transaction at a time
    bool repeats_granted_ = false;          // a warmed request's repeat_shift stands
    std::vector<BusPayload*> unresolved_;
    std::function<void(uint64_t)> write_observer_;
    uint16_t next_transaction_id_ = 0;
    unsigned bw_depth_ = 0;
    std::array<uint64_t, kNumTransactionTypes> bus_requests_{};
    uint64_t hits_ = 0, misses_ = 0;
    // Version 2: only the lines that differ from the built cache's (cache_checkpoint.cpp).
    CheckpointSection checkpoint_section_{this->name(), 2, *this,
                                          CheckpointRegistry::Kind::Optional};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane::cache
