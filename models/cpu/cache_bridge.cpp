#include "cache_bridge.h"

#include "models/common/cycle_time.h"

#include <iterator>
#include <utility>

namespace fireplane::sparc {

namespace {
// The hierarchy's counter events, as this CPU's PCR events.
constexpr std::pair<cache::CacheEvent, Event> kCacheEvents[] = {
    {cache::CacheEvent::IcRef, Event::IcRef},
    {cache::CacheEvent::IcMiss, Event::IcMiss},
    {cache::CacheEvent::DcRdMiss, Event::DcRdMiss},
    {cache::CacheEvent::DcWrMiss, Event::DcWrMiss},
    {cache::CacheEvent::EcRef, Event::EcRef},
    {cache::CacheEvent::EcMisses, Event::EcMisses},
    {cache::CacheEvent::EcRdMiss, Event::EcRdMiss},
    {cache::CacheEvent::EcWb, Event::EcWb},
    {cache::CacheEvent::EcWriteHitRto, Event::EcWriteHitRto},
    {cache::CacheEvent::EcSnoopInv, Event::EcSnoopInv},
    {cache::CacheEvent::EcSnoopCb, Event::EcSnoopCb},
    {cache::CacheEvent::SiOwned, Event::SiOwned},
};
constexpr bool rows_in_enum_order() {
    for (size_t i = 0; i < std::size(kCacheEvents); ++i)
        if (size_t(kCacheEvents[i].first) != i) return false;
    return std::size(kCacheEvents) == size_t(cache::CacheEvent::kCount);
}
static_assert(rows_in_enum_order(), "kCacheEvents: one row per CacheEvent, in enum order");
} // namespace

CacheBridge::CacheBridge(const char* socket_name, sc_core::sc_time period, PerfCounters& counters,
                         unsigned rank)
    : socket(socket_name), clock_(period), counters_(counters),
      ext_(new cache::CpuRequestExtension), arrival_(rank) {
    socket.bind(static_cast<cache::CacheBwIf&>(*this));
    payload_.set_extension(ext_);
    set_next_request(ext_->request);
    payload_.set_data_ptr(nullptr); // timing only: the ISS has moved the data
    payload_.set_byte_enable_ptr(nullptr);
}

uint64_t CacheBridge::warm() {
    using cache::RequestKind;
    const cache::CacheRequest& request = ext_->request; // filled in place: no copy to stall on
    // The I$ is indexed by PA, the D$ by VA.
    const bool fetch = request.kind == RequestKind::Fetch;
    RepeatGrants& grants = fetch ? fetch_grants_ : load_grants_;
    const uint64_t index = fetch ? request.pa : request.va;
    const bool repeatable =
        fetch || request.kind == RequestKind::Load || request.kind == RequestKind::FpLoad;
    if (repeatable && grants.repeats(index, request.pa)) return 0;
    payload_.set_address(request.pa);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(payload_, delay);
    grants.answered(index, request.pa, ext_->answer);
    const uint64_t ready = ext_->answer.ready;
    return ready > request.cycle ? ready - request.cycle : 0;
}

cache::CacheAnswer CacheBridge::send() {
    revoke_repeats(); // a timed request changes the caches: warmed ones are sent again
    const cache::CacheRequest& request = ext_->request;
    payload_.set_command(request.kind == cache::RequestKind::Store ? tlm::TLM_WRITE_COMMAND
                                                                   : tlm::TLM_READ_COMMAND);
    payload_.set_address(request.pa);
    payload_.set_data_length(request.size);
    payload_.set_streaming_width(request.size);
    payload_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    // SystemC time stands still while the core runs: the request's cycle is ahead of it.
    sc_core::sc_time delay = delay_until(clock_.at(request.cycle), sim_now());
    arrived_ = false;
    if (socket->nb_transport_fw(payload_, phase, delay) == tlm::TLM_COMPLETED) return ext_->answer;
    return {};
}

cache::CacheAnswer CacheBridge::wait_for_answer(const sc_core::sc_time& clock) {
    hold_ = clock;
    holding_ = true;
    while (!arrived_)
        sc_core::wait(arrival_.event());
    holding_ = false;
    arrived_ = false;
    return ext_->answer;
}

tlm::tlm_sync_enum CacheBridge::nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase,
                                                sc_core::sc_time& delay) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    arrived_ = true;
    // An answer that comes while SystemC time is behind the waiting CPU's
    // clock wakes it at its clock, whenever the answer is due.
    const sc_core::sc_time& now = sim_now();
    arrival_.notify(holding_ && now <= hold_ ? hold_ - now : delay);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

void CacheBridge::count(cache::CacheEvent event, uint64_t n) {
    counters_.count(kCacheEvents[unsigned(event)].second, n);
}

} // namespace fireplane::sparc
