#include "cache_hierarchy.h"

#include "common/cycle_time.h"
#include "fireplane_extension.h"
#include "stats/stats.h"

#include <string>

namespace fireplane::cache {

namespace {
// A bus transaction in flight, and the MSHR its response answers (-1: a writeback).
struct BusPayload : tlm::tlm_generic_payload {
    int mshr = -1;
};
} // namespace

// Bus payloads are reused: a miss costs no allocation once the pool is warm.
// A payload whose response we are handling is still the interconnect's until
// our nb_transport_bw returns, so it becomes free only at the next response.
class CacheHierarchy::PayloadPool {
public:
    BusPayload& get() {
        if (free_.empty()) {
            all_.push_back(std::make_unique<BusPayload>());
            return *all_.back();
        }
        BusPayload* p = free_.back();
        free_.pop_back();
        return *p;
    }
    void put(BusPayload& p) { returned_.push_back(&p); }
    void recycle() {
        free_.insert(free_.end(), returned_.begin(), returned_.end());
        returned_.clear();
    }

private:
    std::vector<std::unique_ptr<BusPayload>> all_;
    std::vector<BusPayload*> free_;
    std::vector<BusPayload*> returned_;
};

CacheHierarchy::CacheHierarchy(sc_core::sc_module_name name, const HierarchyConfig& config,
                               sc_core::sc_time period, uint16_t agent_id, CacheEventSink* sink)
    : sc_module(name), cpu_side("cpu_side"), bus_side("bus_side"), period_(period),
      agent_id_(agent_id), sink_(sink), timing_(config, *this),
      pool_(std::make_unique<PayloadPool>()) {
    cpu_side.register_nb_transport_fw(this, &CacheHierarchy::nb_transport_fw);
    bus_side.register_nb_transport_bw(this, &CacheHierarchy::nb_transport_bw);

    auto& stats = StatsRegistry::instance();
    const std::string n = this->name();
    stats.add_counter(n + ".hits", &hits_,
                      "CPU requests completed at once (first nb_transport_fw)");
    stats.add_counter(n + ".misses", &misses_, "CPU requests that waited for the bus");
    for (const TransactionInfo& t : transaction_table())
        if (t.klass == TransactionClass::Coherent)
            stats.add_counter(n + ".bus." + std::string(t.mnemonic), &bus_requests_[t.code()],
                              std::string(t.mnemonic) + " transactions sent to the bus");
    using A = HierarchyActivity;
    static const struct {
        const char* name;
        uint64_t A::*field;
        const char* description;
    } kActivity[] = {
        {"wcache_moves", &A::wcache_moves,
         "W$ lines moved to the E$ (about 30 cycles each, one at a time)"},
        {"mshr_merges", &A::mshr_merges, "requests that joined a line already in flight"},
        {"mshr_stalls", &A::mshr_stalls,
         "requests that waited: exclusive behind shared, or no free MSHR"},
        {"prefetch_upgrades", &A::prefetch_upgrades,
         "prefetches in flight that a demand access upgraded"},
    };
    for (const auto& a : kActivity)
        stats.add_counter(n + "." + a.name, &(timing_.activity().*a.field), a.description);
    stats.add_formula(
        n + ".ecache_blocks", [this] { return double(timing_.ecache().valid_block_count()); },
        "E$ blocks holding a tag at the end");
}

CacheHierarchy::~CacheHierarchy() {
    StatsRegistry::instance().remove_prefix(std::string(name()) + ".");
}

sc_core::sc_time CacheHierarchy::delay_to(uint64_t cycle) const {
    return delay_until(cycle_time(cycle, period_), sc_core::sc_time_stamp());
}

tlm::tlm_sync_enum CacheHierarchy::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                   tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
    if (phase != tlm::BEGIN_REQ)
        SC_REPORT_FATAL(
            name(), (std::string("nb_transport_fw: unexpected phase ") + phase.get_name()).c_str());
    auto* ext = gp.get_extension<CpuRequestExtension>();
    if (!ext) SC_REPORT_FATAL(name(), "nb_transport_fw: request without a CpuRequestExtension");
    CacheRequest r;
    r.kind = ext->kind;
    r.va = ext->va;
    r.pa = gp.get_address();
    r.size = gp.get_data_length();
    r.prefetch_fcn = ext->prefetch_fcn;
    r.cycle = ext->cycle;
    sc_assert(r.cycle == cycle_at(sc_core::sc_time_stamp() + delay, period_));
    r.tag = reinterpret_cast<uintptr_t>(&gp);
    const CacheResult res = timing_.access(r);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (res.done) { // a hit: complete now, the latency on the delay
        ++hits_;
        ext->ready = res.ready;
        ext->cause = res.cause;
        if (res.ready != r.cycle) delay = delay_to(res.ready); // else the delay stands
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
    ++misses_;
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
}

void CacheHierarchy::completed(uintptr_t tag, uint64_t ready, StallCause cause) {
    auto& gp = *reinterpret_cast<tlm::tlm_generic_payload*>(tag);
    auto* ext = gp.get_extension<CpuRequestExtension>();
    ext->ready = ready;
    ext->cause = cause;
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = delay_to(ready);
    cpu_side->nb_transport_bw(gp, phase, delay); // the CPU completes it (or sends END_RESP)
}

void CacheHierarchy::count(CacheEvent event, uint64_t n) {
    if (sink_) sink_->count(event, n);
}

void CacheHierarchy::bus_request(TransactionType type, uint64_t pa, uint64_t cycle, int mshr) {
    BusPayload& p = pool_->get();
    p.mshr = mshr;
    const bool write = type == TransactionType::WB;
    p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    p.set_address(pa);
    p.set_data_ptr(nullptr); // timing only: the ISS keeps the data
    p.set_data_length(timing_.config().coherence_unit);
    p.set_streaming_width(timing_.config().coherence_unit);
    p.set_byte_enable_ptr(nullptr);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    FireplaneExtension& x = fireplane_extension(p);
    x.type = type;
    x.source = agent_id_;
    x.transaction_id = next_transaction_id_++;
    x.snoop = SnoopResult{};
    x.outcome = MoesiState::I;
    ++bus_requests_[unsigned(type)];

    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = delay_to(cycle);
    const tlm::tlm_sync_enum s = bus_side->nb_transport_fw(p, phase, delay);
    if (s == tlm::TLM_COMPLETED) // early completion: the response is on the delay
        bus_done(p, cycle_at(sc_core::sc_time_stamp() + delay, period_));
}

tlm::tlm_sync_enum CacheHierarchy::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                   tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::END_REQ) return tlm::TLM_ACCEPTED;
    if (phase != tlm::BEGIN_RESP)
        SC_REPORT_FATAL(
            name(), (std::string("nb_transport_bw: unexpected phase ") + phase.get_name()).c_str());
    if (bw_depth_ == 0) pool_->recycle(); // earlier responses have returned
    ++bw_depth_;
    bus_done(gp, cycle_at(sc_core::sc_time_stamp() + delay, period_));
    --bw_depth_;
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

void CacheHierarchy::bus_done(tlm::tlm_generic_payload& gp, uint64_t cycle) {
    auto& p = static_cast<BusPayload&>(gp);
    if (!gp.is_response_ok())
        SC_REPORT_FATAL(name(), ("bus transaction at " + std::to_string(gp.get_address()) +
                                 " failed: " + gp.get_response_string())
                                    .c_str());
    const int mshr = p.mshr;
    const bool shared = fireplane_extension(gp).snoop.shared;
    pool_->put(p);
    if (mshr >= 0) timing_.fill_arrived(unsigned(mshr), cycle, shared);
}

} // namespace fireplane::cache
