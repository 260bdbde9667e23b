#include "pipeline_params.h"

#include <string>

namespace fireplane::sparc {

namespace {

constexpr int64_t kMaxCycles = 10'000;

ParamTable<PipelineConfig> class_params() {
    ParamTable<PipelineConfig> table;
    for (unsigned c = 0; c < kInstructionClasses; ++c) {
        const std::string name = instruction_class_name(InstructionClass(c));
        auto timing = [c](auto& config) -> auto& {
            return config.timing[c];
        };
        table
            .count(
                "latency." + name,
                [timing](auto& config) -> auto& { return timing(config).latency; }, 0, kMaxCycles,
                "cycles until a " + name + " instruction's result can be used")
            .count(
                "blocks." + name, [timing](auto& config) -> auto& { return timing(config).blocks; },
                0, kMaxCycles,
                "cycles after a " + name + " instruction in which nothing dispatches")
            .count(
                "busy." + name, [timing](auto& config) -> auto& { return timing(config).busy; }, 0,
                kMaxCycles,
                "cycles after a " + name + " instruction its pipe takes no other instruction");
    }
    return table;
}

bool power_of_two(unsigned n) {
    return n && !(n & (n - 1));
}

} // namespace

const ParamTable<PipelineConfig>& pipeline_params() {
    using C = PipelineConfig;
    using F = FetchConfig;
    using B = BranchPredictorConfig;
    static const auto table =
        class_params()
            .count("issue_width", &C::issue_width, 1, 4, "instructions dispatched a cycle")
            .count("fetch.width", field(&C::fetch, &F::width), 1, 16,
                   "instructions fetched a cycle")
            .count("fetch.line", field(&C::fetch, &F::line), 4, 4096,
                   "bytes of the I$ line one fetch reads from")
            .count("fetch.queue", field(&C::fetch, &F::queue), 1, 256,
                   "instruction queue entries between fetch and dispatch")
            .count("fetch.taken_bubble", field(&C::fetch, &F::taken_bubble), 0, 64,
                   "fetch cycles lost after a taken control transfer")
            .count("fetch.mispredict", field(&C::fetch, &F::mispredict), 0, 64,
                   "cycles from a mispredicted branch's group to the first of the right path")
            .count("fetch.miss_queue", field(&C::fetch, &F::miss_queue), 0, 64,
                   "the same when the right path is the fall-through kept in the miss queue")
            .flag(
                "predictor.enabled", field(&C::predictor, &B::enabled),
                "branch prediction on (DCR.BPE); off, conditional branches are predicted not taken")
            .count("predictor.entries", field(&C::predictor, &B::entries), 1, 1 << 24,
                   "2-bit counters of the gshare table (a power of two)")
            .count("predictor.history_bits", field(&C::predictor, &B::history_bits), 0, 24,
                   "global history bits XORed into the table index")
            .count("predictor.return_stack", field(&C::predictor, &B::return_stack), 0, 64,
                   "return addresses the return stack holds")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (power_of_two(c.predictor.entries)) return std::nullopt;
                return ConfigProblem{"predictor.entries", "must be a power of two"};
            })
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (power_of_two(c.fetch.line) && c.fetch.line >= 4) return std::nullopt;
                return ConfigProblem{"fetch.line", "must be a power of two"};
            });
    return table;
}

} // namespace fireplane::sparc
