#pragma once
// The `simulation` section of a machine file: how the machine runs, read in
// one place (build_platform) from one table.
#include "core/factory/param_table.h"
#include "models/cpu/timing_model.h"

#include <systemc>

#include <cstdint>

namespace fireplane {

struct SimulationConfig {
    sc_core::sc_time quantum{1, sc_core::SC_US};         // functional run-ahead while CPUs run
    sc_core::sc_time timed_quantum{300, sc_core::SC_NS}; // the same, timed models
    sc_core::sc_time lookahead{1, sc_core::SC_MS};       // run-ahead while nothing else is due
    int64_t seed = 1;
    uint64_t stack_size = uint64_t(8) << 20;
    int64_t max_threads = 4096;
    sparc::TimingKind model = sparc::TimingKind::Functional;
    int64_t fast_forward = 0;
    sc_core::sc_time timeslice{4, sc_core::SC_MS};
    int64_t epoch = 1767225600;  // CLOCK_REALTIME at time zero: 2026-01-01
    bool compiled_blocks = true; // the functional model runs hot code compiled
};

const ParamTable<SimulationConfig>& simulation_params();

} // namespace fireplane
