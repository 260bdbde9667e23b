#pragma once
// FireplaneBus: the Fireplane address bus and data crossbar of one snooping
// domain, as a TLM-2.0 AT module (the "backplane" of the memory-modelling
// paper, section 3.1).
//
// Agents (CPU cache hierarchies, DMA masters) send typed transactions
// (FireplaneExtension, timing-only payloads) to `agents`. Each gets the next
// free address slot in arrival order; at its slot the address is broadcast
// to every agent's snooper, the requester's own first, then to the
// observers such as monitors (attach_snooper and attach_observer say which
// is which, in any order; bound directly, binding i of `snoopers` is agent
// i's snooper and the bindings past the agents are observers). Snoops
// complete in their first nb_transport_fw call and fill the extension's
// snoop result, `needs_data` (the requester's self-snoop) and `supplier`.
// Then the data moves: cache to cache from the supplier, from memory through
// the `memory` socket (the router), or not at all (an upgrade); writebacks go
// to memory. The bus knows no protocol rule: the caches apply them.
//
// b_transport on `agents` is functional warming (sampled simulation): the
// transaction is snooped by every other agent at once, with no time, no
// data, no slot, and no observer or statistic sees it; the combined snoop
// result comes back on the extension.
#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "fireplane_extension.h"
#include "models/common/in_flight_table.h"
#include "models/common/roles.h"
#include "sequence_table.h"

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fireplane {

struct FireplaneBusConfig {
    uint64_t clock_hz = 150'000'000;
    unsigned arbitration = 1;     // bus cycles from a request's arrival to its earliest slot
    unsigned address_cycles = 1;  // bus cycles one address holds the bus
    unsigned snoop_cycles = 3;    // bus cycles from the address to the snoop result
    unsigned crossbar_cycles = 2; // bus cycles to move 64 bytes through the crossbar
    sc_core::sc_time copyback{237, sc_core::SC_NS}; // snoop result to the owner's data out
    // A read that moves no data (an RTO upgrade) completes when the line's
    // home memory controller acknowledges it: this long after the snoop result.
    sc_core::sc_time upgrade_ack{103, sc_core::SC_NS};
    bool check_invariants = false;
};

class FireplaneBus : public sc_core::sc_module, public CoherentInterconnect, public Checkpointable {
public:
    tlm_utils::multi_passthrough_target_socket<FireplaneBus> agents;
    tlm_utils::multi_passthrough_initiator_socket<FireplaneBus> snoopers;
    tlm_utils::simple_initiator_socket<FireplaneBus> memory;
    // I/O agents announce the transactions they carry (RIO, WIO, RBIO, WBIO,
    // INT) here: they take an address slot's worth of the count and go to the
    // observers (monitors), but no cache holds I/O space, so nobody snoops them.
    // Any number of I/O agents and CPUs (their INT transactions) may bind it.
    tlm_utils::multi_passthrough_target_socket<FireplaneBus, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        io;

    FireplaneBus(sc_core::sc_module_name name, const FireplaneBusConfig& config);
    ~FireplaneBus() override;

    // Host tools (busstat, trace sampling) sample on the bus's own instants:
    // every listener is called with sc_time_stamp() right before a transaction
    // is broadcast to the snoopers and observers, and right before an I/O
    // announcement reaches the observers. So a tool that reads a monitor there
    // sees exactly the transactions before this one, and it needs no SystemC
    // process or event of its own. That matters: the model has same-time
    // process-order dependences (CPU threads with temporal decoupling), so any
    // extra timed event, even one that never wakes a process, can reorder
    // equal-time events and change the run. Observation must not. Times are
    // sc_time_stamp(), so each listener sees non-decreasing times. A listener
    // may use debug transport but must not send transactions on the bus.
    void add_timeline_listener(TimelineListener listener) override {
        listeners_.push_back(std::move(listener));
    }
    const FireplaneBusConfig& config() const { return config_; }
    sc_core::sc_time period() const { return period_; } // of the bus clock

    // CoherentInterconnect
    TargetPort& agent_port() override { return agents; }
    void attach_snooper(TargetPort& snooper) override {
        snooper_is_agent_.push_back(true);
        snoopers.bind(snooper);
    }
    void attach_observer(TargetPort& observer) override {
        snooper_is_agent_.push_back(false);
        snoopers.bind(observer);
    }
    TargetPort& io_port() override { return io; }
    void bind_memory(TargetPort& system_bus) override { memory.bind(system_bus); }
    void attach_interrupt_receiver(InterruptReceiver& receiver) override;
    sc_core::sc_time clock_period() const override { return period_; }

    size_t in_flight() const { return txns_.size(); }

    // Checkpointable: an optional section, when the next address slot is
    // free and (version 2) when warming's busy lines are free; saved with no
    // transaction in flight.
    void checkpoint(StateIo& io) override;
    std::string not_quiescent() const override;
    void unschedule() override;
    std::string shape() const override { return "address bus"; }
    bool plain_data() const override { return true; }
    // SC_REPORT_FATAL when a transaction is still in flight (tests call it
    // once the simulation has run out of events).
    void check_drained() const;

    uint64_t transactions(TransactionType t) const { return by_type_[unsigned(t)]; }
    uint64_t c2c_transfers() const { return c2c_; }
    uint64_t memory_transfers() const { return memory_; }
    uint64_t upgrades() const { return upgrades_; }
    uint64_t busy_cycles() const { return busy_cycles_; }
    uint64_t invariant_checks() const { return checks_; }

protected:
    void start_of_simulation() override;
    void end_of_simulation() override;

private:
    enum class Stage : uint8_t { Queued, Memory, Owner, Respond };
    struct Txn {
        tlm::tlm_generic_payload* gp;
        FireplaneExtension* x; // gp's, looked up once
        int agent;             // the agents binding it came in on
        uint64_t line;
        sc_core::sc_time arrival;
        sc_core::sc_time snooped; // slot + snoop latency: the snoop result is known
        Stage stage = Stage::Queued;
        bool delivers_data = false; // data moves to the requester
        uint64_t awaits = 0;        // the transaction whose data its supplier waits for
    };
    enum class Action : uint8_t { Arrive, Broadcast, Respond };
    struct Key { // ordered by time, then rank (the agent, for arrivals), then scheduling
        sc_core::sc_time at;
        uint64_t rank;
        uint64_t order;
        bool operator<(const Key& o) const {
            if (at != o.at) return at < o.at;
            return rank != o.rank ? rank < o.rank : order < o.order;
        }
    };

    tlm::tlm_sync_enum agent_fw(int id, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                sc_core::sc_time& delay);
    void agent_warm(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    // When a warming transaction that finds its line in another cache has it:
    // `at` is when it was issued. Hand-overs of one line queue, as they do in
    // the timed path, where an owner copies back only once its data is in.
    sc_core::sc_time warm_handover(uint64_t line, const sc_core::sc_time& at, bool moves_data);
    // Snooper i's snoop of transaction `seq` (0: a warming one), which must
    // complete in its first call.
    void snoop_one(tlm::tlm_generic_payload& gp, int i, uint64_t seq);
    // Every agent's snooper but `own`, then, with `observers`, the observers.
    void snoop_all(tlm::tlm_generic_payload& gp, int own, bool observers, uint64_t seq);
    void io_announce(int id, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    void deliver_interrupt(tlm::tlm_generic_payload& gp, FireplaneExtension& x);
    tlm::tlm_sync_enum memory_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                 sc_core::sc_time& delay);
    tlm::tlm_sync_enum snooper_bw(int id, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                  sc_core::sc_time& delay);

    void schedule(const sc_core::sc_time& at, Action action, uint64_t seq, uint64_t rank = 0);
    void run(); // SC_METHOD: performs every action that is due
    void arrive(uint64_t seq);
    void broadcast(uint64_t seq);
    void route(uint64_t seq);
    void respond(uint64_t seq);
    void data_delivered(uint64_t seq, const sc_core::sc_time& at);
    void send_memory();
    void memory_done(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    // The coherence invariants of `line` across every snooper, after `what`.
    void check_line(uint64_t line, const std::string& what);
    void tell_listeners() const;
    Txn& txn(uint64_t seq, const char* where);
    [[noreturn]] void fatal(const std::string& what) const;
    std::string describe(const Txn& t, uint64_t seq) const;
    // Warming: when each line that last moved between caches is free to move
    // again. Only times after now matter, and a checkpoint keeps only those.
    std::unordered_map<uint64_t, sc_core::sc_time> warm_line_free_;
    size_t warm_prune_at_ = 4096; // the table's size at which lines free by now go
    sc_core::sc_time bus_cycles(unsigned n) const { return period_ * double(n); }
    // From the snoop result to an owner's data at the requester.
    sc_core::sc_time copyback_time() const {
        return config_.copyback + bus_cycles(config_.crossbar_cycles);
    }
    sc_core::sc_time next_edge(const sc_core::sc_time& t) const;

    FireplaneBusConfig config_;
    sc_core::sc_time period_;
    const sc_core::sc_time one_ps_{1, sc_core::SC_PS};                      // for to_ps()
    const sc_core::sc_time resolution_ = sc_core::sc_get_time_resolution(); // one step
    std::vector<TimelineListener> listeners_;
    // What each `snoopers` binding is, when attached through the role (else
    // the first agents.size() bindings are the agents'): agent i's snooper,
    // and the observers, which see every transaction after all agents.
    std::vector<bool> snooper_is_agent_;
    std::vector<int> agent_snooper_, observers_;
    std::vector<InterruptReceiver*> interrupt_receivers_;
    uint64_t interrupt_nacks_ = 0;
    SequenceTable<Txn> txns_; // by sequence number (arrival call order)
    // Due actions, a heap with the earliest Key on top (keys are unique).
    struct Due {
        Key key;
        Action action;
        uint64_t seq;
        bool operator<(const Due& o) const { return o.key < key; } // later is lower
    };
    std::vector<Due> actions_;
    sc_core::sc_event wake_;
    uint64_t next_order_ = 0;
    sc_core::sc_time next_slot_ = sc_core::SC_ZERO_TIME;
    // Data still on its way to an agent, per (line, agent): an owner's copyback
    // cannot leave before its own data has arrived.
    InFlightTable<std::pair<uint64_t, int>, uint64_t> pending_data_;
    InFlightTable<const tlm::tlm_generic_payload*, uint64_t> at_memory_; // payload -> seq
    std::deque<uint64_t> memory_queue_;                    // waiting for the request channel
    const tlm::tlm_generic_payload* memory_req_ = nullptr; // BEGIN_REQ sent, END_REQ awaited
    std::vector<std::deque<uint64_t>> responses_; // per agent, waiting for its response channel
    std::vector<bool> responding_;                // per agent: BEGIN_RESP sent, END_RESP awaited

    std::array<uint64_t, kNumTransactionTypes> by_type_{};
    uint64_t busy_cycles_ = 0;
    uint64_t c2c_ = 0, memory_ = 0, upgrades_ = 0, cancelled_ = 0;
    uint64_t snoop_shared_ = 0, snoop_owned_ = 0;
    uint64_t queueing_ps_ = 0, checks_ = 0;
    CheckpointSection checkpoint_section_{this->name(), 2, *this,
                                          CheckpointRegistry::Kind::Optional};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
