#pragma once
// A SystemC testbench of N real CacheHierarchy modules on a real FireplaneBus
// in front of a real MemoryController, with the bus's invariant checker on.
// Each hierarchy's cpu_side is driven as the CPU's bridge drives it
// (models/cpu/cache_bridge.cpp: the CacheRequest on a CpuRequestExtension,
// null data pointer), and counts the events it reports back.
// Taps between the hierarchies and the bus, and between the bus and memory,
// feed a shadow data model: a version number per line in every cache and in
// memory, moved exactly where the protocol moves data.
#include "core/stats/stats.h"
#include "models/cache/cache_hierarchy.h"
#include "models/cache/snoop_protocol.h"
#include "models/common/cycle_time.h"
#include "models/fireplane/address_bus.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/memory_controller.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace fireplane::test {

using cache::CacheEvent;
using cache::RequestKind;

// The CPU end of one hierarchy: one request at a time, as the in-order part.
class CpuPort : public sc_core::sc_module, private cache::CacheBwIf {
public:
    cache::CpuCacheInitiatorSocket socket;
    bool waiting = false;
    uint64_t ready = 0; // CPU cycle the last request completed
    sc_core::sc_event done;
    std::array<uint64_t, size_t(CacheEvent::kCount)> events{}; // the hierarchy's PCR events

    CpuPort(sc_core::sc_module_name name, sc_core::sc_time period)
        : sc_module(name), socket("socket"), period_(period), ext_(new cache::CpuRequestExtension) {
        socket.bind(static_cast<cache::CacheBwIf&>(*this));
        gp_.set_extension(ext_);
    }

    uint64_t now_cycle() const { return cycle_at(sc_core::sc_time_stamp(), period_); }

    uint64_t revocations = 0; // invalidate_direct_mem_ptr calls: a warmed load's repeat revoked

    // Functional warming (b_transport); returns the answer's repeat_shift.
    unsigned warm(RequestKind kind, uint64_t pa, unsigned size = 8, unsigned fcn = 0) {
        warm_at(kind, pa, now_cycle(), size, fcn);
        return ext_->answer.repeat_shift;
    }
    // The same, issued at `cycle`: the cycles it waited for the line.
    uint64_t warm_at(RequestKind kind, uint64_t pa, uint64_t cycle, unsigned size = 8,
                     unsigned fcn = 0) {
        ext_->request = {kind, uint8_t(size), uint8_t(fcn), false, pa, pa, cycle};
        gp_.set_address(pa);
        sc_core::sc_time delay = delay_until(cycle_time(cycle, period_), sc_core::sc_time_stamp());
        socket->b_transport(gp_, delay);
        return ext_->answer.ready - cycle;
    }

    // Sends a request at the current cycle; true when it completed at once.
    bool send(RequestKind kind, uint64_t pa, uint64_t va, unsigned size = 8, unsigned fcn = 0) {
        if (waiting) throw std::logic_error("CpuPort: a request is still outstanding");
        ext_->request = {kind, uint8_t(size), uint8_t(fcn), false, va, pa, now_cycle()};
        gp_.set_command(kind == RequestKind::Store ? tlm::TLM_WRITE_COMMAND
                                                   : tlm::TLM_READ_COMMAND);
        gp_.set_address(pa);
        gp_.set_data_ptr(nullptr);
        gp_.set_data_length(size);
        gp_.set_streaming_width(size);
        gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        // Cycle-aligned: the hierarchy checks cycle == (now + delay) / period.
        sc_core::sc_time delay =
            delay_until(cycle_time(ext_->request.cycle, period_), sc_core::sc_time_stamp());
        if (socket->nb_transport_fw(gp_, phase, delay) == tlm::TLM_COMPLETED) {
            ready = ext_->answer.ready;
            return true;
        }
        waiting = true;
        return false;
    }

private:
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload&, tlm::tlm_phase& phase,
                                       sc_core::sc_time& d) override {
        if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
        waiting = false;
        ready = ext_->answer.ready;
        done.notify(d);
        phase = tlm::END_RESP;
        return tlm::TLM_COMPLETED;
    }
    void invalidate_direct_mem_ptr(sc_dt::uint64, sc_dt::uint64) override { ++revocations; }
    void count(CacheEvent e, uint64_t k) override { events[size_t(e)] += k; }

    sc_core::sc_time period_;
    tlm::tlm_generic_payload gp_;
    cache::CpuRequestExtension* ext_;
};

// A passthrough between an initiator and a target that reports every phase.
class Tap : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Tap> in;
    tlm_utils::simple_initiator_socket<Tap> out;
    // (payload, phase, forward path?) before the phase is passed on.
    std::function<void(tlm::tlm_generic_payload&, const tlm::tlm_phase&, bool)> seen;

    explicit Tap(sc_core::sc_module_name name) : sc_module(name), in("in"), out("out") {
        in.register_nb_transport_fw(this, &Tap::fw);
        in.register_b_transport(this, &Tap::b); // warming
        in.register_transport_dbg(this, &Tap::dbg);
        out.register_nb_transport_bw(this, &Tap::bw);
    }

private:
    tlm::tlm_sync_enum fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& p, sc_core::sc_time& d) {
        if (seen) seen(gp, p, true);
        return out->nb_transport_fw(gp, p, d);
    }
    tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& p, sc_core::sc_time& d) {
        if (seen) seen(gp, p, false);
        return in->nb_transport_bw(gp, p, d);
    }
    void b(tlm::tlm_generic_payload& gp, sc_core::sc_time& d) { out->b_transport(gp, d); }
    unsigned dbg(tlm::tlm_generic_payload& gp) { return out->transport_dbg(gp); }
};

// Version numbers standing in for line data. A write makes a new version in
// the writer's copy; data moves where the bus moves it. Writes must find the
// latest version in the writer's copy, and at the end the owner (or memory,
// when nobody owns the line) and every valid copy must hold the last write.
struct DataModel {
    std::map<std::pair<unsigned, uint64_t>, uint64_t> copy; // (agent, line) -> version
    std::map<uint64_t, uint64_t> memory;                    // line -> version
    std::map<uint64_t, uint64_t> golden;                    // line -> last version written
    std::map<const tlm::tlm_generic_payload*, uint64_t> read_from_memory;
    uint64_t next_version = 1;
    std::vector<std::string> errors;

    uint64_t of(unsigned agent, uint64_t line) const {
        auto it = copy.find({agent, line});
        return it == copy.end() ? 0 : it->second;
    }
    void wrote(unsigned agent, uint64_t line) {
        if (of(agent, line) != golden[line])
            errors.push_back("agent " + std::to_string(agent) + " wrote line " +
                             std::to_string(line) + " holding version " +
                             std::to_string(of(agent, line)) + ", not the latest " +
                             std::to_string(golden[line]));
        copy[{agent, line}] = golden[line] = next_version++;
    }
};

struct BenchOptions {
    unsigned cpus = 2;
    cache::HierarchyConfig caches{};
    FireplaneBusConfig bus{};
    MemoryControllerConfig memory{};
};

class CoherenceBench;
// Called before elaboration ends, to add modules (drivers) to the design.
using Elaborate = std::function<void(CoherenceBench&)>;

class CoherenceBench {
public:
    static constexpr uint64_t kUnit = 64;
    const sc_core::sc_time period{1111, sc_core::SC_PS}; // 900 MHz

    std::unique_ptr<MemoryController> memory;
    std::unique_ptr<FireplaneBus> bus;
    std::unique_ptr<Tap> memory_tap;
    std::vector<std::unique_ptr<cache::CacheHierarchy>> caches;
    std::vector<std::unique_ptr<Tap>> taps;
    std::vector<std::unique_ptr<CpuPort>> cpus;
    DataModel data;

    explicit CoherenceBench(BenchOptions o = {}, const Elaborate& more = nullptr) {
        StatsRegistry::current().clear();
        o.bus.check_invariants = true;
        o.memory.size = uint64_t(64) << 20;
        memory = std::make_unique<MemoryController>("memory", o.memory);
        bus = std::make_unique<FireplaneBus>("bus", o.bus);
        memory_tap = std::make_unique<Tap>("memory_tap");
        bus->memory.bind(memory_tap->in);
        memory_tap->out.bind(memory->socket);
        memory_tap->seen = [this](tlm::tlm_generic_payload& gp, const tlm::tlm_phase& p, bool fw) {
            if (fw && p == tlm::BEGIN_REQ) memory_access(gp);
        };
        for (unsigned i = 0; i < o.cpus; ++i) {
            const std::string n = std::to_string(i);
            caches.push_back(std::make_unique<cache::CacheHierarchy>(("cpu" + n).c_str(), o.caches,
                                                                     period, uint16_t(i)));
            taps.push_back(std::make_unique<Tap>(("tap" + n).c_str()));
            cpus.push_back(std::make_unique<CpuPort>(("port" + n).c_str(), period));
            cpus[i]->socket.bind(caches[i]->cpu_side);
            caches[i]->bus_side.bind(taps[i]->in);
            taps[i]->out.bind(bus->agents);
            bus->snoopers.bind(caches[i]->snoop_side);
            taps[i]->seen = [this, i](tlm::tlm_generic_payload& gp, const tlm::tlm_phase& p,
                                      bool fw) {
                if (!fw && p == tlm::BEGIN_RESP) delivered(i, gp);
            };
            caches[i]->set_write_observer(
                [this, i](uint64_t line) { data.wrote(i, line & ~(kUnit - 1)); });
        }
        if (more) more(*this);
        // Ends elaboration: multi-sockets install their callbacks only then.
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }

    ~CoherenceBench() { StatsRegistry::current().clear(); }

    MoesiState state(unsigned cpu, uint64_t pa) const {
        return caches[cpu]->timing().effective_state(pa);
    }
    uint64_t count(unsigned cpu, CacheEvent e) const { return cpus[cpu]->events[size_t(e)]; }

    // One request from `cpu`, then the simulation runs until nothing is left
    // to do; returns the cycles the request took.
    uint64_t access(unsigned cpu, RequestKind kind, uint64_t pa, uint64_t va = ~uint64_t(0),
                    unsigned fcn = 0) {
        if (va == ~uint64_t(0)) va = pa;
        const uint64_t start = cpus[cpu]->now_cycle();
        cpus[cpu]->send(kind, pa, va, 8, fcn);
        if (sc_core::sc_pending_activity()) sc_core::sc_start();
        if (cpus[cpu]->waiting) throw std::logic_error("the request never completed");
        return cpus[cpu]->ready - start;
    }
    // Everything the stores left behind drains (a barrier on every CPU).
    void drain() {
        for (unsigned i = 0; i < cpus.size(); ++i)
            access(i, RequestKind::Barrier, 0);
    }

private:
    void memory_access(tlm::tlm_generic_payload& gp) {
        const FireplaneExtension& x = *find_fireplane_extension(gp);
        const uint64_t line = gp.get_address() & ~(kUnit - 1);
        if (x.type == TransactionType::WB)
            data.memory[line] = data.of(x.source, line);
        else
            data.read_from_memory[&gp] = data.memory[line];
    }
    void delivered(unsigned agent, tlm::tlm_generic_payload& gp) {
        const FireplaneExtension& x = *find_fireplane_extension(gp);
        const uint64_t line = gp.get_address() & ~(kUnit - 1);
        auto mem = data.read_from_memory.find(&gp);
        uint64_t version = 0;
        if (mem != data.read_from_memory.end()) version = mem->second;
        if (mem != data.read_from_memory.end()) data.read_from_memory.erase(mem);
        if (!x.needs_data || x.type == TransactionType::RS) return; // RS allocates nothing coherent
        if (x.supplier >= 0) version = data.of(unsigned(x.supplier), line);
        data.copy[{agent, line}] = version;
    }
};

// One random request a RandomCpu sends, after `idle` cycles.
struct RandomRequest {
    RequestKind kind;
    uint64_t pa, va;
    unsigned fcn = 0;
    unsigned idle = 0;
};

// A CPU that sends `requests` random requests one at a time, each at the cycle
// the one before completed (plus its idle cycles), then a barrier: every
// store performed. `pick` draws each request; seeded, so deterministic.
class RandomCpu : public sc_core::sc_module {
public:
    using Pick = std::function<RandomRequest(std::mt19937_64&)>;
    unsigned completed = 0;

    RandomCpu(sc_core::sc_module_name name, CpuPort& port, uint64_t seed, unsigned requests,
              sc_core::sc_time period, Pick pick)
        : sc_module(name), port_(port), rng_(seed), requests_(requests), period_(period),
          pick_(std::move(pick)) {
        SC_HAS_PROCESS(RandomCpu);
        SC_THREAD(run);
    }

private:
    void request(const RandomRequest& r) {
        if (!port_.send(r.kind, r.pa, r.va, 8, r.fcn))
            while (port_.waiting)
                wait(port_.done);
        ++completed;
        const sc_core::sc_time at = cycle_time(port_.ready, period_);
        if (at > sc_core::sc_time_stamp()) wait(at - sc_core::sc_time_stamp());
    }

    void run() {
        for (unsigned k = 0; k < requests_; ++k) {
            const RandomRequest r = pick_(rng_);
            if (r.idle) wait(period_ * double(r.idle));
            request(r);
        }
        request({RequestKind::Barrier, 0, 0});
    }

    CpuPort& port_;
    std::mt19937_64 rng_;
    unsigned requests_;
    sc_core::sc_time period_;
    Pick pick_;
};

} // namespace fireplane::test
