#include "register_fireplane.h"

#include "address_bus.h"
#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"
#include "io_bridge.h"
#include "memory_controller.h"

#include <exception>
#include <memory>
#include <optional>
#include <string>

namespace fireplane {

namespace {

constexpr uint64_t kNoMax = ParamTable<MemoryControllerConfig>::kNoMax;

const ParamTable<MemoryControllerConfig>& memory_params() {
    using C = MemoryControllerConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address where the controller is mapped; banks interleave on it")
            .bytes("size", &C::size, 1, kNoMax, "bytes of memory behind the controller")
            .count("banks", &C::banks, 1, 1024, "number of banks (1..1024)")
            .bytes("interleave", &C::interleave, 1, kNoMax,
                   "bytes that go to one bank before the next bank takes over")
            .time("latency", &C::latency, false,
                  "from a bank starting an access to the response (to be calibrated)")
            .time("bank_busy", &C::bank_busy, false,
                  "how long a bank stays busy after its response, before its next access")
            .count("controllers", &C::controllers, 1, 64,
                   "on-chip memory controllers sharing this memory, one per CPU (1..64), each "
                   "with its own banks")
            .choice("split", &C::split,
                    {{"contiguous", MemorySplit::Contiguous},
                     {"interleaved", MemorySplit::Interleaved}},
                    "how addresses choose their home controller: contiguous (equal slices) or "
                    "interleaved (split_interleave bytes each, round robin)")
            .bytes("split_interleave", &C::split_interleave, 1, kNoMax,
                   "bytes that go to one controller before the next (split: interleaved)")
            .rule([](const C& c) { return range_wraps(c.base, c.size); })
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.split == MemorySplit::Contiguous && c.size % c.controllers != 0)
                    return ConfigProblem{"controllers",
                                         "a contiguous split needs a size that is a multiple of "
                                         "the controller count"};
                return std::nullopt;
            });
    return table;
}

const ParamTable<FireplaneBusConfig>& bus_params() {
    using C = FireplaneBusConfig;
    static const auto table =
        ParamTable<C>()
            .frequency("clock", &C::clock_hz, "address bus clock")
            .count("arbitration", &C::arbitration, 0, 1000,
                   "bus cycles from a request's arrival (at a clock edge) to its earliest "
                   "address slot")
            .count("address_cycles", &C::address_cycles, 1, 1000,
                   "bus cycles one address holds the bus (1: 150M snoops/s, 9.6 GB/s of 64-byte "
                   "lines at 150 MHz)")
            .count("snoop_cycles", &C::snoop_cycles, 0, 1000,
                   "bus cycles from the address slot to the combined snoop result")
            .count("crossbar_cycles", &C::crossbar_cycles, 0, 1000,
                   "bus cycles to move 64 bytes through the data crossbar (32 bytes a cycle)")
            .time("copyback", &C::copyback, false,
                  "from the snoop result to the owning cache's data leaving it (E$ read, board "
                  "data switches)")
            .time("upgrade_ack", &C::upgrade_ack, false,
                  "from the snoop result to the home memory controller's acknowledgement that "
                  "completes a read moving no data (an RTO upgrade)")
            .flag("check_invariants", &C::check_invariants,
                  "after every broadcast, check the line's states in every agent (slow; tests)");
    return table;
}

const ParamTable<IoBridgeConfig>& io_bridge_params() {
    using C = IoBridgeConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base, "start of the I/O window")
            .bytes("size", &C::size, 1, kNoMax,
                   "bytes of the I/O window; devices whose range lies inside sit behind the "
                   "bridge")
            .count("agent_id", &C::agent_id, kFirstIoAgentId, 31,
                   "Safari agent ID (I/O agents: 24-31)")
            .time("latency", &C::latency, false,
                  "added to every access for crossing the bridge (to be calibrated)")
            .time("interrupt_retry", &C::interrupt_retry, false,
                  "how long after a NACKed interrupt vector the bridge sends it again")
            .rule([](const C& c) { return range_wraps(c.base, c.size); });
    return table;
}

std::unique_ptr<sc_core::sc_module> create_memory(const char* name, const Params& p) {
    const MemoryControllerConfig c = memory_params().read(p);
    try {
        return std::make_unique<MemoryController>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

} // namespace

void register_fireplane_models(ModelFactory& factory) {
    factory.add({"fireplane_memory",
                 "Fireplane memory controller: interleaved banks, AT and LT timing; stores data "
                 "unless a request is timing-only (null data pointer)",
                 memory_params().specs(), create_memory});
    factory.add(model_type<FireplaneBus>(
        "fireplane_bus",
        "Fireplane address bus and data crossbar: arbitration, snoop broadcast to every "
        "agent, cache-to-cache and memory data (detailed model)",
        bus_params()));
    factory.add(model_type<IoBridge>(
        "fireplane_io_bridge",
        "Fireplane I/O bridge agent: carries the devices mapped inside its window "
        "(RIO/WIO/RBIO/WBIO transactions)",
        io_bridge_params()));
}

} // namespace fireplane
