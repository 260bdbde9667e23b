#include "cache_hierarchy.h"

#include "core/stats/stats.h"
#include "models/common/cycle_time.h"
#include "models/fireplane/fireplane_extension.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fireplane::cache {

// A bus transaction in flight, and the MSHR its response answers (-1: a writeback).
struct CacheHierarchy::BusPayload : tlm::tlm_generic_payload {
    int mshr = -1;
    bool ordered = false; // a snooping bus has broadcast it (our self-snoop)
};

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
    bool owns(const tlm::tlm_generic_payload* p) const {
        for (const auto& b : all_)
            if (b.get() == p) return true;
        return false;
    }
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
                               sc_core::sc_time period, uint16_t agent_id)
    : sc_module(name), cpu_side("cpu_side"), bus_side("bus_side"), snoop_side("snoop_side"),
      period_(period), clock_(period), agent_id_(agent_id), timing_(config, *this),
      pool_(std::make_unique<PayloadPool>()) {
    cpu_side.bind(static_cast<tlm::tlm_fw_transport_if<>&>(*this));
    bus_side.register_nb_transport_bw(this, &CacheHierarchy::nb_transport_bw);
    snoop_side.register_nb_transport_fw(this, &CacheHierarchy::snoop_fw);
    snoop_side.register_transport_dbg(this, &CacheHierarchy::snoop_dbg);

    stats_.add_counter("hits", &hits_, "CPU requests completed at once (first nb_transport_fw)");
    stats_.add_counter("misses", &misses_, "CPU requests that waited for the bus");
    for (const TransactionInfo& t : transaction_table())
        if (t.klass == TransactionClass::Coherent)
            stats_.add_counter("bus." + std::string(t.mnemonic), &bus_requests_[t.code()],
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
        stats_.add_counter(a.name, &(timing_.activity().*a.field), a.description);
    stats_.add_formula(
        "ecache_blocks", [this] { return double(timing_.ecache().valid_block_count()); },
        "E$ blocks holding a tag at the end");
}

CacheHierarchy::~CacheHierarchy() = default;

sc_core::sc_time CacheHierarchy::delay_to(uint64_t cycle) {
    return delay_until(clock_.at(cycle), sim_now());
}

tlm::tlm_sync_enum CacheHierarchy::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                   tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
    if (phase != tlm::BEGIN_REQ)
        SC_REPORT_FATAL(
            name(), (std::string("nb_transport_fw: unexpected phase ") + phase.get_name()).c_str());
    auto* ext = gp.get_extension<CpuRequestExtension>();
    if (!ext) SC_REPORT_FATAL(name(), "nb_transport_fw: request without a CpuRequestExtension");
    CacheRequest& r = ext->request; // in place: a copy of it would stall the host's stores
    sc_assert(r.pa == gp.get_address());
    sc_assert(r.cycle == cycle_at(sim_now() + delay, period_));
    r.tag = reinterpret_cast<uintptr_t>(&gp);
    CacheAnswer res = timing_.access(r);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (res.done) { // a hit: complete now, the latency on the delay
        ++hits_;
        res.icache_epoch = uint32_t(timing_.icache_epoch());
        ext->answer = res;                                     // whole: the bridge reads it whole
        if (res.ready != r.cycle) delay = delay_to(res.ready); // else the delay stands
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
    ++misses_;
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
}

void CacheHierarchy::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    auto* ext = gp.get_extension<CpuRequestExtension>();
    if (!ext) SC_REPORT_FATAL(name(), "b_transport: request without a CpuRequestExtension");
    try {
        ext->answer = timing_.warm(ext->request);
        repeats_granted_ = repeats_granted_ || ext->answer.repeat_shift != 0;
    } catch (const std::logic_error& e) {
        SC_REPORT_FATAL(name(), (std::string("warming: ") + e.what()).c_str());
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

SnoopResult CacheHierarchy::warm_transaction(TransactionType type, uint64_t pa, bool needs_data,
                                             uint64_t& cycle) {
    if (snoop_side.size() == 0) return {}; // no snooping bus: no other cache holds lines
    tlm::tlm_generic_payload& p = warm_payload_;
    p.set_command(tlm::TLM_READ_COMMAND);
    p.set_address(pa);
    p.set_data_ptr(nullptr);
    p.set_data_length(timing_.config().coherence_unit);
    p.set_streaming_width(timing_.config().coherence_unit);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    FireplaneExtension& x = fireplane_extension(p);
    x.type = type;
    x.source = agent_id_;
    x.needs_data = needs_data;
    x.warming = true;
    sc_core::sc_time delay = delay_to(cycle);
    bus_side->b_transport(p, delay);
    cycle = std::max(cycle, cycle_at(sim_now() + delay, period_)); // as bus_done
    if (!p.is_response_ok())
        SC_REPORT_FATAL(name(), ("warming transaction at " + std::to_string(pa) +
                                 " failed: " + p.get_response_string())
                                    .c_str());
    return x.snoop;
}

void CacheHierarchy::completed(uintptr_t tag, uint64_t ready, StallCause cause) {
    auto& gp = *reinterpret_cast<tlm::tlm_generic_payload*>(tag);
    auto* ext = gp.get_extension<CpuRequestExtension>();
    ext->answer = {true, ready, cause, uint32_t(timing_.icache_epoch())};
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = delay_to(ready);
    cpu_side->nb_transport_bw(gp, phase, delay); // the CPU completes it (or sends END_RESP)
}

void CacheHierarchy::count(CacheEvent event, uint64_t n) {
    cpu_side->count(event, n);
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
    x.needs_data = false;
    x.cancelled = false;
    x.supplier = -1;
    ++bus_requests_[unsigned(type)];
    // The bus orders by arrival: never before this unit's own writeback.
    if (type != TransactionType::WB) cycle = std::max(cycle, timing_.writeback_cycle(pa));

    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = delay_to(cycle);
    const tlm::tlm_sync_enum s = bus_side->nb_transport_fw(p, phase, delay);
    if (s == tlm::TLM_COMPLETED) // early completion: the response is on the delay
        bus_done(p, cycle_at(sim_now() + delay, period_));
}

tlm::tlm_sync_enum CacheHierarchy::nb_transport_bw(tlm::tlm_generic_payload& gp,
                                                   tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::END_REQ) return tlm::TLM_ACCEPTED;
    if (phase != tlm::BEGIN_RESP)
        SC_REPORT_FATAL(
            name(), (std::string("nb_transport_bw: unexpected phase ") + phase.get_name()).c_str());
    if (bw_depth_ == 0) pool_->recycle(); // earlier responses have returned
    ++bw_depth_;
    bus_done(gp, cycle_at(sim_now() + delay, period_));
    --bw_depth_;
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

void CacheHierarchy::bus_done(tlm::tlm_generic_payload& gp, uint64_t cycle) {
    auto& p = static_cast<BusPayload&>(gp);
    revoke_repeats();
    if (!gp.is_response_ok())
        SC_REPORT_FATAL(name(), ("bus transaction at " + std::to_string(gp.get_address()) +
                                 " failed: " + gp.get_response_string())
                                    .c_str());
    resolve_ordered();
    const int mshr = p.mshr;
    const FireplaneExtension& x = fireplane_extension(gp);
    const bool shared = x.snoop.shared;
    try {
        // Without a snooping bus the writeback answers snoops until it is done.
        if (mshr < 0 && !p.ordered) timing_.order_writeback(gp.get_address());
        p.ordered = false;
        pool_->put(p);
        if (mshr >= 0) timing_.fill_arrived(unsigned(mshr), cycle, shared);
    } catch (const std::logic_error& e) {
        SC_REPORT_FATAL(name(), (std::string("bus response: ") + e.what()).c_str());
    }
}

void CacheHierarchy::resolve_ordered() {
    for (BusPayload* p : unresolved_) {
        const SnoopResult& r = fireplane_extension(*p).snoop;
        timing_.resolve(unsigned(p->mshr), SnoopResult{r.shared, r.owned});
    }
    unresolved_.clear();
}

// A snoop completes in its first call (base-protocol early completion). Our
// own transaction (source == our agent ID) is now ordered: we record the
// state it leaves from and whether data must come. Another agent's is looked
// up in snoop_protocol.h's table: we OR in our reply, offer the data if we
// own the line and the requester needs it, and move to the next state.
tlm::tlm_sync_enum CacheHierarchy::snoop_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                            sc_core::sc_time& /*delay*/) {
    if (phase != tlm::BEGIN_REQ)
        SC_REPORT_FATAL(name(),
                        (std::string("snoop: unexpected phase ") + phase.get_name()).c_str());
    try {
        snoop(gp);
    } catch (const std::logic_error& e) {
        SC_REPORT_FATAL(name(), (std::string("snoop: ") + e.what()).c_str());
    }
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

void CacheHierarchy::snoop(tlm::tlm_generic_payload& gp) {
    FireplaneExtension* x = find_fireplane_extension(gp);
    if (!x) throw std::logic_error("a snoop without a FireplaneExtension");
    revoke_repeats();
    resolve_ordered();
    if (x->source == agent_id_) {
        if (!pool_->owns(&gp))
            throw std::logic_error("a snoop with our agent ID for a transaction we did not send");
        auto& p = static_cast<BusPayload&>(gp);
        if (p.ordered) throw std::logic_error("our transaction was broadcast twice");
        p.ordered = true;
        if (p.mshr < 0) {
            x->needs_data = false;
            x->cancelled = !timing_.order_writeback(gp.get_address());
        } else {
            x->needs_data = timing_.order(unsigned(p.mshr));
            unresolved_.push_back(&p);
        }
        return;
    }
    const SnoopAnswer a = timing_.snoop(x->type, gp.get_address(), x->needs_data, !x->warming);
    x->snoop |= a.reply;
    if (!a.supplies) return;
    if (x->supplier >= 0)
        throw std::logic_error("agents " + std::to_string(x->supplier) + " and " +
                               std::to_string(agent_id_) + " would both supply the data");
    x->supplier = int16_t(agent_id_);
}

// Debug read of a coherence unit's effective state: one byte, a MoesiState.
unsigned CacheHierarchy::snoop_dbg(tlm::tlm_generic_payload& gp) {
    if (gp.get_data_length() < 1 || gp.get_data_ptr() == nullptr) return 0;
    try {
        resolve_ordered();
        gp.get_data_ptr()[0] = uint8_t(timing_.effective_state(gp.get_address()));
    } catch (const std::logic_error& e) {
        SC_REPORT_FATAL(name(), (std::string("state query: ") + e.what()).c_str());
    }
    return 1;
}

} // namespace fireplane::cache
