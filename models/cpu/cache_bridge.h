#pragma once
// The CPU's end of the seam to its own caches (models/cache/cpu_cache_socket.h):
// it sends the detailed model's requests as TLM-2.0 AT transactions, hands
// back their answers, at once or after a wait in SystemC time, and counts the
// events the caches report on the CPU's hardware counters.
#include "detailed_timing.h"
#include "models/cache/cpu_cache_socket.h"
#include "models/common/cycle_time.h"
#include "ordered_event.h"
#include "perf_counters.h"
#include "repeat_grants.h"

#include <systemc>
#include <tlm>

namespace fireplane::sparc {

class CacheBridge : public CachePort, private cache::CacheBwIf {
public:
    cache::CpuCacheInitiatorSocket socket;

    // rank: the CPU's agent ID, which orders answers due at one instant.
    CacheBridge(const char* socket_name, sc_core::sc_time period, PerfCounters& counters,
                unsigned rank);

    cache::CacheAnswer send() override;
    // b_transport: the caches' functional warming, which waits only for a
    // line from another cache. A fetch or load the caches said would change
    // nothing (CacheAnswer::repeat_shift) is not sent, until they revoke that
    // (invalidate_direct_mem_ptr).
    uint64_t warm() override;
    // The answer of the last request, which did not complete at once. Call it
    // from the CPU's thread: it waits in SystemC time until the answer is
    // there, and not before `clock`, the CPU's clock (ahead of SystemC time).
    // So a CPU whose answer comes before SystemC time reaches its clock goes
    // on at its clock, as after a sync, and one whose answer comes later
    // wakes once, when the answer is due, not at its clock too.
    cache::CacheAnswer wait_for_answer(const sc_core::sc_time& clock);
    // The last request's answer has come back, and the CPU has not taken it.
    bool answered() const { return arrived_; }
    // Nothing in flight (the CPU is quiescent): no answer pending, no load skipped.
    void unschedule() {
        arrival_.cancel();
        arrived_ = false;
        holding_ = false;
        revoke_repeats();
    }

private:
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override { revoke_repeats(); }
    void revoke_repeats() {
        fetch_grants_.revoke();
        load_grants_.revoke();
    }
    void count(cache::CacheEvent event, uint64_t n) override;

    CycleClock clock_; // the CPU's
    PerfCounters& counters_;
    tlm::tlm_generic_payload payload_; // the one request in flight
    cache::CpuRequestExtension* ext_;  // owned by payload_
    bool arrived_ = false;
    bool holding_ = false;  // in wait_for_answer: no answer before hold_
    sc_core::sc_time hold_; // the CPU's clock while it waits
    // Lines that fetches (I$) and loads (D$) need not warm again.
    RepeatGrants fetch_grants_, load_grants_;
    OrderedEvent arrival_;
};

} // namespace fireplane::sparc
