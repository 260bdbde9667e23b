#include "run_summary.h"

#include "builder/platform_builder.h"
#include "sparc_cpu.h"
#include "stats/stats.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace fireplane::cli {

RunSummary::RunSummary(const Platform& platform) : platform_(platform) {
    auto& stats = StatsRegistry::instance();
    stats.add_formula(
        "sim.instructions", [this] { return instructions(); }, "instructions retired by all CPUs",
        "count");
    stats.add_formula(
        "sim.cycles", [this] { return cycles(); }, "cycles of the busiest CPU", "cycles");
    stats.add_formula(
        "sim.sim_seconds", [this] { return sim_seconds(); }, "simulated time", "s");
    // Host figures live apart from the model's, which are deterministic.
    stats.add_formula(
        "host.seconds", [this] { return host_seconds_; }, "host time spent simulating", "s");
    stats.add_formula(
        "host.mips", [this] { return mips(); }, "simulated instructions per host microsecond",
        "MIPS");
}

RunSummary::~RunSummary() {
    StatsRegistry::instance().remove_prefix("sim.");
    StatsRegistry::instance().remove_prefix("host.");
}

double RunSummary::instructions() const {
    double n = 0;
    for (const auto* cpu : platform_.cpus)
        n += double(cpu->core().instructions);
    return n;
}

double RunSummary::cycles() const {
    double c = 0;
    for (const auto* cpu : platform_.cpus)
        c = std::max(c, double(cpu->cycles()));
    return c;
}

double RunSummary::sim_seconds() const {
    double s = 0;
    for (const auto* cpu : platform_.cpus)
        s = std::max(s, double(cpu->cycles()) / double(cpu->config().clock_hz));
    return s;
}

void RunSummary::print(std::ostream& out, int exit_code) const {
    char line[160];
    out << "---- fireplane summary ----\n";
    std::snprintf(line, sizeof line, "exit code        %d\n", exit_code);
    out << line;
    std::snprintf(line, sizeof line, "instructions     %.0f\n", instructions());
    out << line;
    std::snprintf(line, sizeof line, "cycles           %.0f\n", cycles());
    out << line;
    std::snprintf(line, sizeof line, "simulated time   %.6f s\n", sim_seconds());
    out << line;
    std::snprintf(line, sizeof line, "host time        %.3f s\n", host_seconds_);
    out << line;
    std::snprintf(line, sizeof line, "speed            %.1f MIPS\n", mips());
    out << line;
}

} // namespace fireplane::cli
