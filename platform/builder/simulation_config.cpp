#include "simulation_config.h"

#include <limits>

namespace fireplane {

const ParamTable<SimulationConfig>& simulation_params() {
    using S = SimulationConfig;
    using sparc::TimingKind;
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    static const auto table =
        ParamTable<S>()
            .time("quantum", &S::quantum, true,
                  "functional model: how far a CPU may run ahead of SystemC time while other "
                  "CPUs run. A CPU sees another's store only when that CPU has run, so each "
                  "exchange between CPUs (a barrier, a lock hand-over, a flag) costs up to a "
                  "quantum of simulated time, and a spinning CPU burns it in host time too. 1us "
                  "keeps barriers close to the real machine's cost for a few percent of speed; "
                  "longer quanta run threaded programs faster on the host but make every "
                  "barrier cost about a quantum")
            .time("timed_quantum", &S::timed_quantum, true,
                  "fixed and detailed models: the same, for the timed models; a few hundred "
                  "cycles keeps the CPUs' bus requests close to the order of their clocks")
            .time("lookahead", &S::lookahead, true,
                  "the most a CPU may run ahead of SystemC time while nothing else is due "
                  "(other CPUs asleep or waiting further ahead, no timer or bus event pending): "
                  "nothing can observe it then, so a single running thread pays no "
                  "synchronisation cost. A CPU that wakes another stops, and both go on a "
                  "quantum apart")
            .count("seed", &S::seed, 0, kMax,
                   "seed for every pseudo-random choice (AT_RANDOM, getrandom)")
            .bytes("stack_size", &S::stack_size, 1, ParamTable<S>::kNoMax,
                   "user-mode stack of the program")
            .count("max_threads", &S::max_threads, 1, 1 << 20,
                   "user mode: the most threads the program may have at once (RLIMIT_NPROC); "
                   "creating one more fails with EAGAIN")
            .choice("model", &S::model,
                    {{"functional", TimingKind::Functional},
                     {"fixed", TimingKind::Fixed},
                     {"detailed", TimingKind::Detailed}},
                    "timing model: functional (one cycle per instruction), fixed (fixed memory "
                    "latencies) or detailed (pipeline, caches, store buffer, bus)")
            .count("fast_forward", &S::fast_forward, 0, kMax,
                   "instructions each CPU runs functionally before the timing model takes over")
            .time("timeslice", &S::timeslice, true,
                  "user mode: how long a thread keeps its CPU while another runnable thread "
                  "waits for it")
            .count("epoch", &S::epoch, std::numeric_limits<int64_t>::min(), kMax,
                   "CLOCK_REALTIME in seconds at simulated time zero (1767225600 is 2026-01-01)")
            .flag("compiled_blocks", &S::compiled_blocks,
                  "functional model: runs hot code as host code compiled from it "
                  "(models/cpu/README.md, \"Compiled blocks\"), with the same results, "
                  "instruction counts and statistics as the interpreter. true (the "
                  "default) runs loops 2-5x faster; false interprets every instruction");
    return table;
}

} // namespace fireplane
