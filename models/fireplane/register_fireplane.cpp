#include "register_fireplane.h"

#include "address_bus.h"
#include "factory/model_factory.h"
#include "io_bridge.h"
#include "memory_controller.h"

#include <exception>
#include <memory>
#include <string>

namespace fireplane {

namespace {

std::unique_ptr<sc_core::sc_module> create_memory(const char* name, const Params& p) {
    MemoryControllerConfig c;
    c.base = p.get_bytes("base");
    c.size = p.get_bytes("size");
    const int64_t banks = p.get_int("banks");
    c.interleave = p.get_bytes("interleave");
    c.latency = p.get_time("latency");
    c.bank_busy = p.get_time("bank_busy");
    if (c.size == 0) p.fail("size", "memory size must be greater than 0");
    if (banks < 1 || banks > 1024) p.fail("banks", "banks must be between 1 and 1024");
    c.banks = unsigned(banks);
    if (c.interleave == 0) p.fail("interleave", "interleave must be greater than 0");
    if (c.base + (c.size - 1) < c.base) p.fail("size", "base + size wraps around");
    const int64_t controllers = p.get_int("controllers");
    if (controllers < 1 || controllers > 64)
        p.fail("controllers", "controllers must be between 1 and 64");
    c.controllers = unsigned(controllers);
    c.split =
        p.get_string("split") == "interleaved" ? MemorySplit::Interleaved : MemorySplit::Contiguous;
    c.split_interleave = p.get_bytes("split_interleave");
    if (c.split == MemorySplit::Contiguous && c.size % c.controllers != 0)
        p.fail("controllers", "a contiguous split needs a size that is a multiple of the "
                              "controller count");
    if (c.split == MemorySplit::Interleaved && c.split_interleave == 0)
        p.fail("split_interleave", "split_interleave must be greater than 0");
    try {
        return std::make_unique<MemoryController>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

unsigned bus_cycles(const Params& p, const char* name, int64_t min) {
    const int64_t v = p.get_int(name);
    if (v < min || v > 1000)
        p.fail(name, std::string(name) + " must be between " + std::to_string(min) + " and 1000");
    return unsigned(v);
}

std::unique_ptr<sc_core::sc_module> create_bus(const char* name, const Params& p) {
    FireplaneBusConfig c;
    const uint64_t hz = p.get_hz("clock");
    if (hz == 0) p.fail("clock", "the bus clock must be greater than 0");
    c.period = sc_core::sc_time(1.0 / double(hz), sc_core::SC_SEC);
    c.arbitration = bus_cycles(p, "arbitration", 0);
    c.address_cycles = bus_cycles(p, "address_cycles", 1);
    c.snoop_cycles = bus_cycles(p, "snoop_cycles", 0);
    c.crossbar_cycles = bus_cycles(p, "crossbar_cycles", 0);
    c.copyback = p.get_time("copyback");
    c.upgrade_ack = p.get_time("upgrade_ack");
    c.check_invariants = p.get_bool("check_invariants");
    return std::make_unique<FireplaneBus>(name, c);
}

std::unique_ptr<sc_core::sc_module> create_io_bridge(const char* name, const Params& p) {
    IoBridgeConfig c;
    c.base = p.get_bytes("base");
    c.size = p.get_bytes("size");
    c.latency = p.get_time("latency");
    const int64_t id = p.get_int("agent_id");
    if (id < kFirstIoAgentId || id > 31) p.fail("agent_id", "I/O agents have Safari IDs 24 to 31");
    c.agent_id = uint16_t(id);
    if (c.size == 0) p.fail("size", "the I/O window must not be empty");
    if (c.base + (c.size - 1) < c.base) p.fail("size", "base + size wraps around");
    return std::make_unique<IoBridge>(name, c);
}

} // namespace

void register_fireplane_models(ModelFactory& factory) {
    factory.add({"fireplane_memory",
                 "Fireplane memory controller: interleaved banks, AT and LT timing; stores data "
                 "unless a request is timing-only (null data pointer)",
                 {
                     {"base", ParamKind::Bytes, "0",
                      "physical address where the controller is mapped; banks interleave on it"},
                     {"size", ParamKind::Bytes, "256MiB", "bytes of memory behind the controller"},
                     {"banks", ParamKind::Int, "2", "number of banks (1..1024)"},
                     {"interleave", ParamKind::Bytes, "64B",
                      "bytes that go to one bank before the next bank takes over"},
                     {"latency", ParamKind::Time, "60ns",
                      "from a bank starting an access to the response (to be calibrated)"},
                     {"bank_busy", ParamKind::Time, "20ns",
                      "how long a bank stays busy after its response, before its next access"},
                     {"controllers", ParamKind::Int, "1",
                      "on-chip memory controllers sharing this memory, one per CPU (1..64), "
                      "each with its own banks"},
                     {"split",
                      ParamKind::Enum,
                      "contiguous",
                      "how addresses choose their home controller: contiguous (equal slices) "
                      "or interleaved (split_interleave bytes each, round robin)",
                      {"contiguous", "interleaved"}},
                     {"split_interleave", ParamKind::Bytes, "8KiB",
                      "bytes that go to one controller before the next (split: interleaved)"},
                 },
                 create_memory});
    factory.add({"fireplane_bus",
                 "Fireplane address bus and data crossbar: arbitration, snoop broadcast to every "
                 "agent, cache-to-cache and memory data (detailed model)",
                 {
                     {"clock", ParamKind::Frequency, "150MHz", "address bus clock"},
                     {"arbitration", ParamKind::Int, "1",
                      "bus cycles from a request's arrival (at a clock edge) to its earliest "
                      "address slot"},
                     {"address_cycles", ParamKind::Int, "1",
                      "bus cycles one address holds the bus (1: 150M snoops/s, 9.6 GB/s of "
                      "64-byte lines at 150 MHz)"},
                     {"snoop_cycles", ParamKind::Int, "3",
                      "bus cycles from the address slot to the combined snoop result"},
                     {"crossbar_cycles", ParamKind::Int, "2",
                      "bus cycles to move 64 bytes through the data crossbar (32 bytes a cycle)"},
                     {"copyback", ParamKind::Time, "237ns",
                      "from the snoop result to the owning cache's data leaving it (E$ read, "
                      "board data switches)"},
                     {"upgrade_ack", ParamKind::Time, "103ns",
                      "from the snoop result to the home memory controller's acknowledgement "
                      "that completes a read moving no data (an RTO upgrade)"},
                     {"check_invariants", ParamKind::Bool, "false",
                      "after every broadcast, check the line's states in every agent (slow; "
                      "tests)"},
                 },
                 create_bus});
    factory.add({"fireplane_io_bridge",
                 "Fireplane I/O bridge agent: carries the devices mapped inside its window "
                 "(RIO/WIO/RBIO/WBIO transactions)",
                 {
                     {"base", ParamKind::Bytes, "0x1fff0000000", "start of the I/O window"},
                     {"size", ParamKind::Bytes, "256MiB",
                      "bytes of the I/O window; devices whose range lies inside sit behind the "
                      "bridge"},
                     {"agent_id", ParamKind::Int, "24", "Safari agent ID (I/O agents: 24-31)"},
                     {"latency", ParamKind::Time, "150ns",
                      "added to every access for crossing the bridge (to be calibrated)"},
                 },
                 create_io_bridge});
}

} // namespace fireplane
