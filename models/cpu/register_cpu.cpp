#include "register_cpu.h"

#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"
#include "models/cache/hierarchy_params.h"
#include "models/cpu/pipeline_params.h"
#include "sparc_cpu.h"

#include <memory>

namespace fireplane {

namespace {

using sparc::FixedTimingConfig;
using sparc::SparcCpuConfig;

// What a machine file sets on a sparc_cpu: the CPU's configuration, and an
// agent ID that may be left to the factory (-1: CPUs in file order).
struct CpuParams {
    SparcCpuConfig cpu;
    int64_t agent_id = -1;
};

const ParamTable<FixedTimingConfig>& fixed_params() {
    using C = FixedTimingConfig;
    constexpr int64_t kMax = int64_t(1) << 40;
    static const auto table =
        ParamTable<C>()
            .count("load", &C::load_cycles, 0, kMax, "fixed model: cycles of a load")
            .count("store", &C::store_cycles, 0, kMax, "fixed model: cycles of a store")
            .count("atomic", &C::atomic_cycles, 0, kMax, "fixed model: cycles of an atomic");
    return table;
}

const ParamTable<CpuParams>& cpu_params() {
    static const auto table =
        ParamTable<CpuParams>()
            .frequency("clock", field(&CpuParams::cpu, &SparcCpuConfig::clock_hz), "core clock")
            .frequency("stick_clock", field(&CpuParams::cpu, &SparcCpuConfig::stick_hz),
                       "the system clock STICK counts (firmware: STICK and STICK_CMPR)")
            .flag("trap_registers_at_tl0",
                  field(&CpuParams::cpu, &SparcCpuConfig::trap_registers_at_tl0),
                  "let RDPR/WRPR reach TPC, TNPC, TSTATE and TT at TL = 0 (level 0's registers) "
                  "instead of trapping as SPARC V9 says: QEMU's CPUs do, and OpenBIOS relies on it")
            .flag("spitfire_tlb_indexes",
                  field(&CpuParams::cpu, &SparcCpuConfig::spitfire_tlb_indexes),
                  "direct TLB accesses to T16 entries 16-63 (a Spitfire's 64-entry index) read 0 "
                  "and ignore writes, instead of aliasing entries 0-15: OpenBIOS walks 64 entries")
            .count("agent_id", &CpuParams::agent_id, -1, 23,
                   "Safari agent ID on the Fireplane bus (0-23); -1 numbers CPUs in file order")
            .nest("", field(&CpuParams::cpu, &SparcCpuConfig::caches), cache::hierarchy_params())
            .nest("fixed.", field(&CpuParams::cpu, &SparcCpuConfig::fixed), fixed_params())
            .nest("pipeline.", field(&CpuParams::cpu, &SparcCpuConfig::pipeline),
                  sparc::pipeline_params());
    return table;
}

} // namespace

void register_cpu_models(ModelFactory& factory) {
    factory.add({"sparc_cpu",
                 "UltraSPARC IIICu processor: SPARC V9 ISS with functional, fixed and detailed "
                 "timing (pipeline, I$/D$/P$/W$/E$, store buffer, MSHRs, Fireplane bus port)",
                 cpu_params().specs(),
                 // CPUs without an agent ID are numbered in the order this factory makes them.
                 [next_id = std::make_shared<unsigned>(0)](
                     const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     CpuParams c = cpu_params().read(p);
                     c.cpu.agent_id = c.agent_id < 0 ? (*next_id)++ : unsigned(c.agent_id);
                     return std::make_unique<sparc::SparcCpu>(name, c.cpu);
                 }});
}

} // namespace fireplane
