#include "run_control.h"

#include "core/log/log.h"
#include "core/stats/stats.h"
#include "models/cpu/sparc_cpu.h"
#include "run_summary.h"

#include <fstream>
#include <ostream>

namespace fireplane {

using sparc::MagicOp;

RunControl::RunControl(std::vector<sparc::SparcCpu*> cpus, StatsRegistry& stats,
                       RunSummary& summary, std::ostream& diagnostics)
    : cpus_(std::move(cpus)), stats_(stats), summary_(summary), diag_(diagnostics) {}

void RunControl::magic(sparc::SparcCore& core, unsigned op) {
    static const sparc::TimingKind kModels[] = {
        sparc::TimingKind::Functional, sparc::TimingKind::Fixed, sparc::TimingKind::Detailed};
    auto& stats = stats_;
    switch (MagicOp(op)) {
    case MagicOp::RoiBegin:
        roi_used_ = true;
        stats.reset();
        FIREPLANE_LOG("magic", sc_core::SC_MEDIUM, "region of interest begins: statistics reset");
        break;
    case MagicOp::RoiEnd:
        stats.freeze();
        FIREPLANE_LOG("magic", sc_core::SC_MEDIUM, "region of interest ends: statistics frozen");
        break;
    case MagicOp::StatsReset: stats.reset(); break;
    case MagicOp::StatsDump: {
        ++dumps_;
        if (stats_file_.empty()) {
            diag_ << "---- fireplane statistics dump " << dumps_ << " ----\n";
            stats.write_text(diag_);
            break;
        }
        std::string base = stats_file_;
        if (base.size() > 5 && base.compare(base.size() - 5, 5, ".json") == 0)
            base.resize(base.size() - 5);
        std::ofstream out(base + ".dump" + std::to_string(dumps_) + ".json");
        stats.write_json(out);
        break;
    }
    case MagicOp::Mark:
        for (auto* cpu : cpus_)
            if (&cpu->core() == &core)
                summary_.record_mark(double(core.cycles()) * cpu->clock_period().to_seconds());
        break;
    case MagicOp::Checkpoint:
        if (on_checkpoint_) {
            on_checkpoint_();
            core.request_stop();
        }
        break;
    case MagicOp::ModelFunctional:
    case MagicOp::ModelFixed:
    case MagicOp::ModelDetailed:
        if (ignore_model_switches_) {
            FIREPLANE_LOG("magic", sc_core::SC_MEDIUM, "model switch ignored: the run is sampled");
            break;
        }
        for (auto* cpu : cpus_) // the CPU that executed it switches
            if (&cpu->core() == &core)
                cpu->select_timing(kModels[op - unsigned(MagicOp::ModelFunctional)]);
        break;
    default:
        SC_REPORT_WARNING("magic",
                          ("unknown magic operation " + std::to_string(op) + " ignored").c_str());
        break;
    }
}

} // namespace fireplane
