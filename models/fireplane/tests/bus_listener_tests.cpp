// FireplaneBus timeline listeners: called with the bus's time right before
// each broadcast and each I/O announcement reaches the observers, in
// non-decreasing time. (That a run with host tools listening is the same run
// as without is tested on whole machines: tests/firelink, observation_*.)
// Each TEST_CASE elaborates its own design.
#include "models/fireplane/address_bus.h"
#include "models/fireplane/fireplane_extension.h"

#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <deque>
#include <vector>

using namespace fireplane;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

// A CPU-side agent: sends one RTS at each of its times, completes every response.
struct Agent : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Agent> socket;
    std::vector<sc_time> at;
    std::deque<tlm::tlm_generic_payload> sent; // the bus keeps pointers to them
    unsigned responses = 0;
    SC_HAS_PROCESS(Agent);
    explicit Agent(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_nb_transport_bw(this, &Agent::bw);
        SC_THREAD(run);
    }
    void run() {
        for (const sc_time& t : at) {
            if (t > sc_core::sc_time_stamp()) wait(t - sc_core::sc_time_stamp());
            tlm::tlm_generic_payload& gp = sent.emplace_back();
            gp.set_command(tlm::TLM_READ_COMMAND);
            gp.set_address(0x1000 + 64 * sent.size());
            gp.set_data_length(64);
            FireplaneExtension& x = fireplane_extension(gp);
            x.type = TransactionType::RTS;
            x.source = 0;
            tlm::tlm_phase phase = tlm::BEGIN_REQ;
            sc_time delay = sc_core::SC_ZERO_TIME;
            socket->nb_transport_fw(gp, phase, delay);
        }
    }
    tlm::tlm_sync_enum bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase, sc_time&) {
        if (phase == tlm::BEGIN_RESP) ++responses;
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
};

// A snooper or an observer: completes at once and records when it saw what.
struct Watcher : sc_core::sc_module {
    tlm_utils::simple_target_socket<Watcher> socket;
    std::vector<sc_time> seen;
    explicit Watcher(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_nb_transport_fw(this, &Watcher::fw);
    }
    tlm::tlm_sync_enum fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_time&) {
        seen.push_back(sc_core::sc_time_stamp());
        return tlm::TLM_COMPLETED;
    }
};

// The I/O bridge's side: announces one RIO at each of its times.
struct IoAgent : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<IoAgent> socket;
    std::vector<sc_time> at;
    SC_HAS_PROCESS(IoAgent);
    explicit IoAgent(sc_core::sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }
    void run() {
        for (const sc_time& t : at) {
            if (t > sc_core::sc_time_stamp()) wait(t - sc_core::sc_time_stamp());
            tlm::tlm_generic_payload gp;
            gp.set_command(tlm::TLM_READ_COMMAND);
            fireplane_extension(gp).type = TransactionType::RIO;
            sc_time delay = sc_core::SC_ZERO_TIME;
            socket->b_transport(gp, delay);
        }
    }
};

// Memory is never reached (the RTSs need no data), but the socket must be bound.
struct NoMemory : sc_core::sc_module {
    tlm_utils::simple_target_socket<NoMemory> socket;
    explicit NoMemory(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
};

struct Bench {
    FireplaneBus bus{"fireplane", FireplaneBusConfig{}};
    Agent agent{"cpu0"};
    IoAgent io{"io"};
    Watcher snooper{"snooper0"}, observer{"monitor"};
    NoMemory memory{"memory"};
    struct Call {
        sc_time at;
        size_t observed; // what the observer had seen when the listener was called
    };
    std::vector<Call> calls;
    Bench() {
        agent.socket.bind(bus.agents);
        bus.snoopers.bind(snooper.socket);
        bus.snoopers.bind(observer.socket);
        bus.memory.bind(memory.socket);
        io.socket.bind(bus.io);
        bus.add_timeline_listener([this](const sc_time& t) {
            calls.push_back({t, observer.seen.size()});
        });
    }
};

} // namespace

TEST_CASE("bus listeners: called at every broadcast and I/O announcement, before the observers",
          "[bus][listener]") {
    Bench b;
    b.agent.at = {sc_time(10, SC_NS), sc_time(10, SC_NS), sc_time(500, SC_NS)};
    b.io.at = {sc_time(100, SC_NS), sc_time(500, SC_NS), sc_time(2000, SC_NS)};
    sc_core::sc_start();
    REQUIRE(b.agent.responses == 3);
    REQUIRE(b.observer.seen.size() == 6);
    REQUIRE(b.calls.size() == 6);
    for (size_t i = 0; i < b.calls.size(); ++i) {
        INFO("call " << i);
        CHECK(b.calls[i].observed == i); // before the observer saw transaction i
        CHECK(b.calls[i].at == b.observer.seen[i]);
        if (i) CHECK(b.calls[i - 1].at <= b.calls[i].at);
    }
    CHECK(b.calls.front().at > sc_time(10, SC_NS)); // at the address slot, not the request
    CHECK(b.calls.back().at == sc_time(2000, SC_NS));
}
