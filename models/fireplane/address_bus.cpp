#include "address_bus.h"

#include "models/common/cycle_time.h"

#include "int_transaction.h"

#include "core/stats/stats.h"
#include "core/text/hex_text.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace fireplane {

namespace {

constexpr uint64_t kCoherenceUnit = 64;

} // namespace

FireplaneBus::FireplaneBus(sc_core::sc_module_name name, const FireplaneBusConfig& config)
    : sc_module(name), agents("agents"), snoopers("snoopers"), memory("memory"), io("io"),
      config_(config), period_(sc_core::sc_time(1.0 / double(config.clock_hz), sc_core::SC_SEC)) {
    agents.register_nb_transport_fw(this, &FireplaneBus::agent_fw);
    agents.register_b_transport(this, &FireplaneBus::agent_warm);
    io.register_b_transport(this, &FireplaneBus::io_announce);
    snoopers.register_nb_transport_bw(this, &FireplaneBus::snooper_bw);
    memory.register_nb_transport_bw(this, &FireplaneBus::memory_bw);
    SC_HAS_PROCESS(FireplaneBus);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();

    for (const TransactionInfo& t : transaction_table())
        stats_.add_counter("transactions." + std::string(t.mnemonic), &by_type_[t.code()],
                           std::string(t.mnemonic) + " transactions broadcast");
    stats_.add_counter("address_busy_cycles", &busy_cycles_,
                       "bus cycles the address bus carried an address", "cycles");
    stats_.add_formula(
        "utilisation",
        [this] {
            const double cycles = sim_now() / period_;
            return cycles > 0 ? double(busy_cycles_) / cycles : 0.0;
        },
        "address-bus busy cycles over elapsed bus cycles", "ratio");
    stats_.add_counter("interrupt_nacks", &interrupt_nacks_,
                       "INT transactions refused: the target's receive unit was busy, or no "
                       "agent had the target ID");
    stats_.add_counter("c2c_transfers", &c2c_, "lines an owning cache copied back");
    stats_.add_counter("memory_transfers", &memory_, "lines read from memory for a requester");
    stats_.add_counter("upgrades", &upgrades_,
                       "reads that needed no data (RTO upgrades from S, O, Os)");
    stats_.add_counter("cancelled_writebacks", &cancelled_,
                       "writebacks whose line a snoop took before they were ordered");
    stats_.add_counter("snoop_shared", &snoop_shared_,
                       "transactions whose snoop result was shared");
    stats_.add_counter("snoop_owned", &snoop_owned_, "transactions whose snoop result was owned");
    stats_.add_counter("queueing_delay", &queueing_ps_,
                       "total time requests waited for a free address slot", "ps");
    stats_.add_counter("invariant_checks", &checks_,
                       "lines whose states were checked after a broadcast");
}

FireplaneBus::~FireplaneBus() = default;

std::string FireplaneBus::not_quiescent() const {
    if (txns_.empty() && actions_.empty()) return "";
    if (txns_.empty()) return std::string(name()) + ": actions pending";
    std::string first;
    txns_.for_each([&](uint64_t seq, const Txn& t) {
        if (first.empty()) first = describe(t, seq);
    });
    return std::string(name()) + ": " + std::to_string(txns_.size()) +
           " transactions in flight, the first " + first;
}

void FireplaneBus::unschedule() {
    wake_.cancel();
}

void FireplaneBus::fatal(const std::string& what) const {
    SC_REPORT_FATAL(name(), what.c_str());
    std::abort(); // SC_REPORT_FATAL does not return unless its action was overridden
}

std::string FireplaneBus::describe(const Txn& t, uint64_t seq) const {
    const FireplaneExtension& x = *t.x;
    return std::string(to_string(x.type)) + " " + hex(t.line) + " from agent " +
           std::to_string(x.source) + " (transaction id " + std::to_string(x.transaction_id) +
           ", bus sequence " + std::to_string(seq) + ")";
}

FireplaneBus::Txn& FireplaneBus::txn(uint64_t seq, const char* where) {
    Txn* t = txns_.find(seq);
    if (!t) fatal(std::string(where) + ": no transaction " + std::to_string(seq));
    return *t;
}

sc_core::sc_time FireplaneBus::next_edge(const sc_core::sc_time& t) const {
    const uint64_t p = period_.value();
    return sc_core::sc_time::from_value((t.value() + p - 1) / p * p);
}

void FireplaneBus::start_of_simulation() {
    const int n = int(snoopers.size());
    const bool by_role = !snooper_is_agent_.empty();
    if (by_role && snooper_is_agent_.size() != size_t(n))
        fatal("snoopers both attached by role and bound directly");
    for (int i = 0; i < n; ++i) {
        const bool agent = by_role ? bool(snooper_is_agent_[size_t(i)]) : i < int(agents.size());
        (agent ? agent_snooper_ : observers_).push_back(i);
    }
    if (agent_snooper_.size() != size_t(agents.size()))
        fatal("every agent needs its snooper: " + std::to_string(agents.size()) + " agents, " +
              std::to_string(agent_snooper_.size()) + " agents' snoopers");
    if (memory.size() == 0) fatal("the memory socket is not bound");
    responses_.resize(size_t(agents.size()));
    responding_.assign(size_t(agents.size()), false);
}

void FireplaneBus::end_of_simulation() {
    // Stopped with nothing left to happen: whatever is in flight is lost.
    if (!txns_.empty() && !sc_core::sc_pending_activity()) check_drained();
}

void FireplaneBus::check_drained() const {
    if (txns_.empty() && memory_queue_.empty()) return;
    std::string what = std::to_string(txns_.size()) + " transactions still in flight:";
    txns_.for_each([&](uint64_t seq, const Txn& t) {
        what += " [" + describe(t, seq) + ", stage " + std::to_string(int(t.stage)) + "]";
    });
    fatal(what);
}

void FireplaneBus::schedule(const sc_core::sc_time& at, Action action, uint64_t seq,
                            uint64_t rank) {
    actions_.push_back(Due{Key{at, rank, next_order_++}, action, seq});
    std::push_heap(actions_.begin(), actions_.end());
    wake_.notify(at - sim_now());
}

void FireplaneBus::run() {
    const sc_core::sc_time now = sim_now();
    while (!actions_.empty() && actions_.front().key.at <= now) {
        std::pop_heap(actions_.begin(), actions_.end());
        const Due due = actions_.back();
        actions_.pop_back();
        const Action action = due.action;
        const uint64_t seq = due.seq;
        switch (action) {
        case Action::Arrive: arrive(seq); break;
        case Action::Broadcast: broadcast(seq); break;
        case Action::Respond: respond(seq); break;
        }
    }
    if (!actions_.empty()) wake_.notify(actions_.front().key.at - now);
}

tlm::tlm_sync_enum FireplaneBus::agent_fw(int id, tlm::tlm_generic_payload& gp,
                                          tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::BEGIN_REQ) {
        FireplaneExtension* x = find_fireplane_extension(gp);
        if (!x) fatal("a request at " + hex(gp.get_address()) + " without a FireplaneExtension");
        const sc_core::sc_time arrival = sim_now() + delay;
        const uint64_t seq = txns_.add(Txn{&gp, x, id, gp.get_address() & ~(kCoherenceUnit - 1),
                                           arrival, sc_core::SC_ZERO_TIME});
        // Handled one resolution step after it arrives, when every request
        // arriving at the same time has been made (CPUs call at or before
        // their arrival time), and among those in agent order: the order in
        // which SystemC happened to run the CPUs' threads does not matter.
        schedule(arrival + resolution_, Action::Arrive, seq, uint64_t(id) + 1);
        phase = tlm::END_REQ; // queued: the agent may send its next request
        return tlm::TLM_UPDATED;
    }
    if (phase == tlm::END_RESP) {
        if (!responding_.at(size_t(id))) fatal("END_RESP from an agent with no response open");
        responding_[size_t(id)] = false;
        if (!responses_[size_t(id)].empty()) {
            const uint64_t next = responses_[size_t(id)].front();
            responses_[size_t(id)].pop_front();
            respond(next);
        }
        return tlm::TLM_COMPLETED;
    }
    fatal(std::string("agents: an agent may not send ") + phase.get_name());
}

tlm::tlm_sync_enum FireplaneBus::snooper_bw(int, tlm::tlm_generic_payload&, tlm::tlm_phase& phase,
                                            sc_core::sc_time&) {
    fatal(std::string("a snooper answered with ") + phase.get_name() +
          " (snoops must complete at once)");
}

// Arbitration: the next free slot at or after the first bus edge that
// follows the request's arrival by `arbitration` cycles. Arrivals are handled
// in time order, then agent order: first come, first served, deterministic.
void FireplaneBus::arrive(uint64_t seq) {
    Txn& t = txn(seq, "arrive");
    const sc_core::sc_time earliest = next_edge(t.arrival) + bus_cycles(config_.arbitration);
    const sc_core::sc_time slot = std::max(earliest, next_slot_);
    next_slot_ = slot + bus_cycles(config_.address_cycles);
    busy_cycles_ += config_.address_cycles;
    queueing_ps_ += to_ps(slot - earliest, one_ps_);
    t.stage = Stage::Queued;
    schedule(slot, Action::Broadcast, seq);
}

// The address slot: every snooper sees the address, the requester's first so
// that it says whether it needs data before an owner decides to supply it.
void FireplaneBus::broadcast(uint64_t seq) {
    tell_listeners(); // before anyone sees this transaction
    Txn& t = txn(seq, "broadcast");
    FireplaneExtension& x = *t.x;
    x.snoop = SnoopResult{};
    x.needs_data = false;
    x.cancelled = false;
    x.supplier = -1;
    ++by_type_[unsigned(x.type)];
    const int own = agent_snooper_[size_t(t.agent)];
    snoop_one(*t.gp, own, seq);
    snoop_all(*t.gp, own, true, seq);
    snoop_shared_ += x.snoop.shared;
    snoop_owned_ += x.snoop.owned;
    t.snooped = sim_now() + bus_cycles(config_.snoop_cycles);
    if (config_.check_invariants) check_line(t.line, describe(t, seq));
    route(seq);
}

void FireplaneBus::snoop_one(tlm::tlm_generic_payload& gp, int i, uint64_t seq) {
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    if (snoopers[i]->nb_transport_fw(gp, phase, delay) != tlm::TLM_COMPLETED)
        fatal("snooper " + std::to_string(i) + " did not complete the snoop of " +
              (seq ? describe(txn(seq, "snoop"), seq)
                   : "a warming " + std::string(find_fireplane_extension(gp)->info().mnemonic)));
}

void FireplaneBus::snoop_all(tlm::tlm_generic_payload& gp, int own, bool observers, uint64_t seq) {
    for (const int i : agent_snooper_)
        if (i != own) snoop_one(gp, i, seq);
    if (observers)
        for (const int i : observers_)
            snoop_one(gp, i, seq);
}

// Functional warming: every other agent snoops the transaction now. A line
// that moves from another cache (its data, or its ownership by an upgrade)
// takes the time the timed path would give it, so that threads handing a
// line around (locks, barriers) queue for it as they do there.
void FireplaneBus::agent_warm(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    FireplaneExtension* x = find_fireplane_extension(gp);
    if (!x || !x->warming || x->info().klass != TransactionClass::Coherent)
        fatal("agents: b_transport is for warming: a coherent transaction with `warming` set");
    if (id < 0 || size_t(id) >= agent_snooper_.size())
        fatal("agents: warming from an unknown agent binding " + std::to_string(id));
    x->snoop = SnoopResult{};
    x->supplier = -1;
    x->cancelled = false;
    snoop_all(gp, agent_snooper_[size_t(id)], false, 0);
    const bool from_cache = x->needs_data && x->supplier >= 0;
    const bool upgrade = !x->needs_data && (x->snoop.shared || x->snoop.owned) &&
                         x->info().data == DataDirection::ToRequester;
    if (from_cache || upgrade) {
        const sc_core::sc_time now = sim_now();
        delay = warm_handover(gp.get_address(), now + delay, from_cache) - now;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

sc_core::sc_time FireplaneBus::warm_handover(uint64_t line, const sc_core::sc_time& at,
                                             bool moves_data) {
    const sc_core::sc_time snooped =
        at + bus_cycles(config_.arbitration + config_.address_cycles + config_.snoop_cycles);
    if (warm_line_free_.size() >= warm_prune_at_) {
        const sc_core::sc_time now = sim_now();
        for (auto it = warm_line_free_.begin(); it != warm_line_free_.end();)
            it = it->second <= now ? warm_line_free_.erase(it) : std::next(it);
        warm_prune_at_ = std::max<size_t>(4096, 2 * warm_line_free_.size());
    }
    sc_core::sc_time& free = warm_line_free_[line];
    if (!moves_data) { // the new owner holds the line from its snoop; memory acknowledges later
        free = std::max(free, snooped);
        return snooped + config_.upgrade_ack;
    }
    free = std::max(free, snooped) + copyback_time();
    return free;
}

void FireplaneBus::checkpoint(StateIo& io) {
    io(next_slot_);
    if (io.version() < 2) return;
    std::vector<uint64_t> lines, free_at; // lines still busy, by address
    if (io.saving()) {
        const sc_core::sc_time now = sim_now();
        std::map<uint64_t, sc_core::sc_time> busy;
        for (const auto& [line, free] : warm_line_free_)
            if (free > now) busy.emplace(line, free);
        for (const auto& [line, free] : busy)
            lines.push_back(line), free_at.push_back(free.value());
    }
    io(lines, free_at);
    if (io.saving()) return;
    if (lines.size() != free_at.size()) io.fail("busy lines and their times differ in number");
    warm_line_free_.clear();
    for (size_t i = 0; i < lines.size(); ++i)
        warm_line_free_[lines[i]] = sc_core::sc_time::from_value(free_at[i]);
}

void FireplaneBus::attach_interrupt_receiver(InterruptReceiver& receiver) {
    for (const InterruptReceiver* r : interrupt_receivers_)
        if (r->interrupt_agent_id() == receiver.interrupt_agent_id())
            fatal("two interrupt receivers have agent ID " +
                  std::to_string(receiver.interrupt_agent_id()));
    interrupt_receivers_.push_back(&receiver);
}

void FireplaneBus::io_announce(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    FireplaneExtension* x = find_fireplane_extension(gp);
    const bool interrupt = x && x->info().klass == TransactionClass::Interrupt;
    if (!x || (x->info().klass != TransactionClass::Io && !interrupt))
        fatal("io: only I/O and INT transactions with a FireplaneExtension may be announced");
    tell_listeners(); // before the observers see this transaction
    ++by_type_[unsigned(x->type)];
    ++busy_cycles_;
    for (const int i : observers_) {
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        if (snoopers[i]->nb_transport_fw(gp, phase, delay) != tlm::TLM_COMPLETED)
            fatal("observer " + std::to_string(i) + " did not complete an I/O announcement");
    }
    if (interrupt) {
        deliver_interrupt(gp, *x);
        // The sender learns ACK or NACK from the target's snoop-phase answer.
        delay +=
            period_ * double(config_.arbitration + config_.address_cycles + config_.snoop_cycles);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// INT: three big-endian data words to the agent its address names; the
// target's busy receive unit (or no such agent) makes it a NACK.
void FireplaneBus::deliver_interrupt(tlm::tlm_generic_payload& gp, FireplaneExtension& x) {
    if (gp.get_data_length() != 24) fatal("INT: the payload must hold three 64-bit words");
    const InterruptVector v = int_transaction_vector(gp, x.source);
    x.nacked = true;
    for (InterruptReceiver* r : interrupt_receivers_)
        if (r->interrupt_agent_id() == v.target) x.nacked = !r->accept_interrupt(v);
    if (x.nacked) ++interrupt_nacks_;
}

void FireplaneBus::tell_listeners() const {
    if (listeners_.empty()) return;
    const sc_core::sc_time now = sim_now();
    for (const TimelineListener& l : listeners_)
        l(now);
}

void FireplaneBus::check_line(uint64_t line, const std::string& what) {
    std::vector<MoesiState> states(snoopers.size(), MoesiState::I);
    for (size_t i = 0; i < states.size(); ++i) {
        uint8_t byte = 0;
        tlm::tlm_generic_payload q;
        q.set_command(tlm::TLM_READ_COMMAND);
        q.set_address(line);
        q.set_data_ptr(&byte);
        q.set_data_length(1);
        q.set_streaming_width(1);
        if (snoopers[int(i)]->transport_dbg(q) == 1) states[i] = MoesiState(byte);
    }
    ++checks_;
    const std::string why = check_line_invariants(states);
    if (why.empty()) return;
    std::string all;
    for (size_t i = 0; i < states.size(); ++i)
        all += " agent" + std::to_string(i) + "=" + std::string(to_string(states[i]));
    fatal("coherence invariant broken on line " + hex(line) + " after " + what + ": " + why +
          " States:" + all);
}

// Where the data comes from, once the snoop result is known.
void FireplaneBus::route(uint64_t seq) {
    Txn& t = txn(seq, "route");
    const FireplaneExtension& x = *t.x;
    const TransactionInfo& info = x.info();
    if (x.cancelled) {
        ++cancelled_;
        schedule(t.snooped, Action::Respond, seq);
        return;
    }
    if (info.data == DataDirection::FromRequester && info.klass != TransactionClass::Interrupt) {
        t.stage = Stage::Memory; // writebacks and writes: to memory or the device
        memory_queue_.push_back(seq);
        return send_memory();
    }
    const bool needs_data = info.data == DataDirection::ToRequester &&
                            (x.needs_data || info.klass == TransactionClass::Io);
    if (!needs_data) {
        const bool upgrade = info.data == DataDirection::ToRequester;
        if (upgrade) ++upgrades_;
        schedule(upgrade ? t.snooped + config_.upgrade_ack : t.snooped, Action::Respond, seq);
        return;
    }
    t.delivers_data = true;
    const auto mine = std::make_pair(t.line, int(x.source));
    if (pending_data_.contains(mine))
        fatal(describe(t, seq) + " needs data while the agent's previous data for the line is "
                                 "still on its way");
    if (x.supplier >= 0) { // cache to cache
        ++c2c_;
        const uint64_t* owner = pending_data_.find(std::make_pair(t.line, int(x.supplier)));
        if (owner) { // the owner's own data has not arrived yet
            t.stage = Stage::Owner;
            t.awaits = *owner;
        } else {
            t.stage = Stage::Respond;
            schedule(t.snooped + copyback_time(), Action::Respond, seq);
        }
    } else {
        ++memory_;
        t.stage = Stage::Memory;
        memory_queue_.push_back(seq);
    }
    pending_data_.put(mine, seq);
    send_memory();
}

// The request channel to memory carries one BEGIN_REQ until its END_REQ, so
// memory sees the requests in bus order.
void FireplaneBus::send_memory() {
    while (!memory_req_ && !memory_queue_.empty()) {
        const uint64_t seq = memory_queue_.front();
        memory_queue_.pop_front();
        tlm::tlm_generic_payload& gp = *txn(seq, "send_memory").gp;
        at_memory_.put(&gp, seq);
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        const tlm::tlm_sync_enum s = memory->nb_transport_fw(gp, phase, delay);
        if (s == tlm::TLM_ACCEPTED) {
            memory_req_ = &gp;
        } else if (s == tlm::TLM_COMPLETED) {
            memory_done(gp, sim_now() + delay);
        } else if (phase == tlm::BEGIN_RESP) {
            memory_done(gp, sim_now() + delay);
            tlm::tlm_phase end = tlm::END_RESP;
            sc_core::sc_time zero = sc_core::SC_ZERO_TIME;
            memory->nb_transport_fw(gp, end, zero);
        } else if (phase != tlm::END_REQ) {
            fatal(std::string("memory answered BEGIN_REQ with ") + phase.get_name());
        }
    }
}

tlm::tlm_sync_enum FireplaneBus::memory_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                           sc_core::sc_time& delay) {
    if (phase == tlm::END_REQ) {
        if (&gp == memory_req_) memory_req_ = nullptr;
        send_memory();
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::BEGIN_RESP) {
        memory_done(gp, sim_now() + delay);
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
    fatal(std::string("memory sent ") + phase.get_name());
}

void FireplaneBus::memory_done(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    const uint64_t* entry = at_memory_.find(&gp);
    if (!entry) fatal("a memory response for a transaction not at memory");
    const uint64_t seq = *entry;
    at_memory_.erase(&gp);
    if (&gp == memory_req_) memory_req_ = nullptr; // BEGIN_RESP implies END_REQ
    Txn& t = txn(seq, "memory_done");
    t.stage = Stage::Respond;
    const sc_core::sc_time crossbar =
        t.delivers_data ? bus_cycles(config_.crossbar_cycles) : sc_core::SC_ZERO_TIME;
    schedule(std::max(at, t.snooped) + crossbar, Action::Respond, seq);
    send_memory();
}

// Data reached its requester: owners that were waiting for it copy back now.
void FireplaneBus::data_delivered(uint64_t seq, const sc_core::sc_time& at) {
    const Txn& t = txn(seq, "data_delivered");
    const FireplaneExtension& x = *t.x;
    pending_data_.erase(std::make_pair(t.line, int(x.source)));
    txns_.for_each([&](uint64_t wseq, Txn& w) {
        if (w.stage != Stage::Owner || w.awaits != seq) return;
        w.stage = Stage::Respond;
        schedule(std::max(at, w.snooped) + copyback_time(), Action::Respond, wseq);
    });
}

void FireplaneBus::respond(uint64_t seq) {
    Txn& t = txn(seq, "respond");
    const size_t a = size_t(t.agent);
    if (responding_.at(a)) { // the agent's response channel is still open
        responses_[a].push_back(seq);
        return;
    }
    if (t.delivers_data) data_delivered(seq, sim_now());
    tlm::tlm_generic_payload& gp = *t.gp;
    if (gp.get_response_status() == tlm::TLM_INCOMPLETE_RESPONSE)
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    txns_.erase(seq); // the agent may send new requests from inside the call
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_sync_enum s = agents[int(a)]->nb_transport_bw(gp, phase, delay);
    if (s == tlm::TLM_ACCEPTED) responding_[a] = true;
}

} // namespace fireplane
