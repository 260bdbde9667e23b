#include "register_cpu.h"

#include "factory/model_factory.h"
#include "sparc_cpu.h"

#include <tlm_utils/tlm_quantumkeeper.h>

namespace fireplane {

void register_cpu_models(ModelFactory& factory) {
    factory.add(
        {"sparc_cpu",
         "UltraSPARC IIICu processor: SPARC V9 ISS, functional timing (one cycle per instruction)",
         {
             {"clock", ParamKind::Frequency, "900MHz", "core clock"},
             {"agent_id", ParamKind::Int, "-1",
              "Safari agent ID on the Fireplane bus (0-23); -1 numbers CPUs in file order"},
         },
         [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
             sparc::SparcCpuConfig c;
             c.clock_hz = p.get_hz("clock");
             if (c.clock_hz == 0) p.fail("clock", "the CPU clock must be greater than 0");
             static unsigned next_automatic_id = 0;
             const int64_t id = p.get_int("agent_id");
             if (id < -1 || id > 23)
                 p.fail("agent_id", "CPU agent IDs are 0 to 23 (or -1 for automatic)");
             c.agent_id = id < 0 ? next_automatic_id++ : unsigned(id);
             c.quantum = tlm_utils::tlm_quantumkeeper::get_global_quantum();
             return std::make_unique<sparc::SparcCpu>(name, c);
         }});
}

} // namespace fireplane
