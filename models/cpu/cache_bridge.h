#pragma once
// The CPU's end of the seam to its own caches (models/cache/cpu_cache_socket.h):
// it sends the detailed model's requests as TLM-2.0 AT transactions, hands
// back their answers, at once or after a wait in SystemC time, and counts the
// events the caches report on the CPU's hardware counters.
#include "detailed_timing.h"
#include "models/cache/cpu_cache_socket.h"
#include "ordered_event.h"
#include "perf_counters.h"

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
    // line from another cache. A load the caches said would change nothing
    // again (CacheAnswer::repeat_shift) is not sent, until they revoke that
    // (invalidate_direct_mem_ptr).
    uint64_t warm() override;
    // The answer of the last request, which did not complete at once. Call it
    // from the CPU's thread: it waits in SystemC time until the answer is there.
    cache::CacheAnswer wait_for_answer();
    // Nothing in flight (the CPU is quiescent): no answer pending, no load skipped.
    void unschedule() {
        arrival_.cancel();
        arrived_ = false;
        repeat_shift_ = 0;
    }

private:
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) override;
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override { repeat_shift_ = 0; }
    void count(cache::CacheEvent event, uint64_t n) override;

    sc_core::sc_time period_;
    PerfCounters& counters_;
    tlm::tlm_generic_payload payload_; // the one request in flight
    cache::CpuRequestExtension* ext_;  // owned by payload_
    bool arrived_ = false;
    // The last warmed load's line, which loads need not warm again (shift 0: none).
    uint64_t repeat_va_ = 0, repeat_pa_ = 0;
    unsigned repeat_shift_ = 0;
    OrderedEvent arrival_;
};

} // namespace fireplane::sparc
