#include "run_summary.h"

#include "core/stats/stats.h"
#include "models/cpu/cpi_stack.h"
#include "models/cpu/sparc_cpu.h"
#include "models/fireplane/address_bus.h"
#include "platform/builder/platform_builder.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace fireplane {

RunSummary::RunSummary(const Platform& platform) : platform_(platform) {
    sim_.add_formula(
        "instructions", [this] { return instructions(); }, "instructions retired by all CPUs",
        "count", true);
    sim_.add_formula(
        "cycles", [this] { return cycles(); }, "cycles of the busiest CPU", "cycles", true);
    sim_.add_formula(
        "sim_seconds", [this] { return sim_seconds(); }, "simulated time", "s", true);
    // Host figures live apart from the model's, which are deterministic.
    host_.add_formula(
        "seconds", [this] { return host_seconds_; }, "host time spent simulating", "s");
    host_.add_formula(
        "mips", [this] { return mips(); }, "simulated instructions per host microsecond", "MIPS");
    // How the host ran them, which changes with what the run allows, not the results.
    host_.add_formula(
        "block_instructions",
        [this] {
            double n = 0;
            for (const auto* cpu : platform_.cpus)
                n += double(cpu->core().timed_block_instructions);
            return n;
        },
        "instructions the timed models ran as compiled blocks ahead of their retirement "
        "(models/cpu/README.md)",
        "count");
}

double RunSummary::instructions() const {
    double n = 0;
    for (const auto* cpu : platform_.cpus)
        n += double(cpu->core().retired());
    return n;
}

void RunSummary::record_mark(double sim_seconds) {
    const double host =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    marks_.push_back({instructions(), sim_seconds, host});
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

void RunSummary::print(std::ostream& out, int exit_code, bool region_of_interest) const {
    const auto& stats = sim_.registry();
    auto value = [&](const std::string& name) {
        const StatsRegistry::Entry* e = stats.find(name);
        return e ? e->value() : 0.0;
    };
    char line[400];
    out << "---- fireplane summary" << (region_of_interest ? " (region of interest)" : "")
        << " ----\n";
    std::snprintf(line, sizeof line, "exit code        %d\n", exit_code);
    out << line;
    std::snprintf(line, sizeof line, "instructions     %.0f\n", value("sim.instructions"));
    out << line;
    std::snprintf(line, sizeof line, "cycles           %.0f\n", value("sim.cycles"));
    out << line;
    std::snprintf(line, sizeof line, "simulated time   %.6f s\n", value("sim.sim_seconds"));
    out << line;
    std::snprintf(line, sizeof line, "host time        %.3f s\n", host_seconds_);
    out << line;
    std::snprintf(line, sizeof line, "speed            %.1f MIPS\n", mips());
    out << line;
    for (size_t i = 0; i < marks_.size(); ++i) {
        const Mark& m = marks_[i];
        std::snprintf(line, sizeof line,
                      "mark %-11zu %.0f instructions, %.6f s simulated, %.3f s host\n", i + 1,
                      m.instructions, m.sim_seconds, m.host_seconds);
        out << line;
    }
    // One row per CPU that ran: what an architect reads first.
    auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
    bool header = false;
    for (const auto* cpu : platform_.cpus) {
        const std::string base = cpu->name();
        auto counter = [&](const char* event) { return value(base + ".counters." + event); };
        const double insns = counter("Instr_cnt");
        if (insns == 0) continue;
        if (!header) {
            out << "cpu    model        instructions       cycles  idle     IPC  D$ rd miss  "
                   "E$ miss  snoop inv  copybacks\n";
            header = true;
        }
        const double cycles = counter("Cycle_cnt"), idle = value(base + ".idle_cycles");
        std::snprintf(line, sizeof line,
                      "%-6s %-10s %14.0f %12.0f %4.0f%% %7.3f %10.2f%% %7.2f%% %10.0f %10.0f\n",
                      cpu->name(), sparc::timing_kind_name(cpu->timing()), insns, cycles,
                      100 * ratio(idle, cycles), ratio(insns, cycles - idle),
                      100 * ratio(counter("DC_rd_miss"), counter("DC_rd")),
                      100 * ratio(counter("EC_misses"), counter("EC_ref")), counter("EC_snoop_inv"),
                      counter("EC_snoop_cb"));
        out << line;
    }
    // Where each CPU's cycles went: its CPI stack, the largest causes first.
    for (const auto* cpu : platform_.cpus) {
        const std::string base = cpu->name();
        const double insns = value(base + ".instructions");
        if (insns == 0) continue;
        std::vector<std::pair<double, std::string_view>> causes;
        for (const sparc::CpiCauseInfo& c : sparc::cpi_causes())
            if (const double v = value(base + ".cpi." + std::string(c.name)); v > 0)
                causes.emplace_back(v, c.name);
        std::stable_sort(causes.begin(), causes.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        std::string stack;
        for (const auto& [cycles, name] : causes) {
            std::snprintf(line, sizeof line, "%s%.*s %.3f", stack.empty() ? "" : ", ",
                          int(name.size()), name.data(), cycles / insns);
            stack += line;
        }
        std::snprintf(line, sizeof line, "%-6s CPI %.3f = %s\n", cpu->name(),
                      value(base + ".cycles") / insns, stack.c_str());
        out << line;
    }
    // The interconnect: the transaction mix, how busy the address bus was, where data came from.
    if (platform_.interconnect) {
        const std::string bus = platform_.interconnect_name;
        const std::string prefix = bus + ".transactions.";
        double total = 0;
        std::string mix;
        for (const auto& e : stats.entries()) {
            if (e.name.compare(0, prefix.size(), prefix) != 0 || e.value() == 0) continue;
            total += e.value();
            std::snprintf(line, sizeof line, "%s%s %.0f", mix.empty() ? "" : ", ",
                          e.name.c_str() + prefix.size(), e.value());
            mix += line;
        }
        std::snprintf(line, sizeof line,
                      "%s: %.0f transactions%s%s%s, address bus %.1f%% busy; data: %.0f "
                      "cache-to-cache, %.0f from memory, %.0f upgrades without data\n",
                      bus.c_str(), total, mix.empty() ? "" : " (", mix.c_str(),
                      mix.empty() ? "" : ")", 100 * value(bus + ".utilisation"),
                      value(bus + ".c2c_transfers"), value(bus + ".memory_transfers"),
                      value(bus + ".upgrades"));
        out << line;
    }
    // On small machines, every counter event each CPU saw (those that are not zero).
    if (platform_.cpus.size() > 2) return;
    for (const auto* cpu : platform_.cpus) {
        const std::string prefix = std::string(cpu->name()) + ".counters.";
        std::string text;
        for (const auto& e : stats.entries()) {
            if (e.name.compare(0, prefix.size(), prefix) != 0 || e.value() == 0) continue;
            std::snprintf(line, sizeof line, "  %s %.0f", e.name.c_str() + prefix.size(),
                          e.value());
            text += line;
        }
        if (!text.empty()) out << cpu->name() << " counters:" << text << "\n";
    }
}

} // namespace fireplane
