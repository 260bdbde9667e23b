// `header`, `cpu_list` and `folded`.
#include "profile.h"
#include "reports.h"

#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>

namespace fireplane::analyzer {

void report_header(Session& s) {
    const Experiment& x = s.x;
    std::set<uint64_t> threads;
    std::set<unsigned> cpus;
    std::vector<uint64_t> per_counter(x.counters.size());
    for (const auto& p : x.packets) {
        threads.insert(p.tid);
        cpus.insert(p.cpu);
        ++per_counter[p.counter];
    }
    std::string args;
    for (const auto& a : x.args)
        args += (args.empty() ? "" : " ") + a;
    char clock[32];
    std::snprintf(clock, sizeof clock, "%.3f GHz", x.clock_hz / 1e9);
    const std::vector<std::pair<std::string, std::string>> fields = {
        {"experiment", x.dir},
        {"format", std::string("fireplane-experiment version ") + std::to_string(x.version)},
        {"program", x.program},
        {"arguments", args.empty() ? "-" : args},
        {"archive", x.archive},
        {"config", x.config.empty() ? "-" : x.config},
        {"model", x.model.empty() ? "-" : x.model},
        {"cpus", std::to_string(x.cpus)},
        {"clock", clock},
        {"skid", std::to_string(x.skid) + " instructions"},
        {"exact", x.exact ? "yes (" + std::to_string(x.exact_counts.size()) + " counts)" : "no"},
        {"packets", std::to_string(x.packets.size())},
        {"cpus_with_packets", std::to_string(cpus.size())},
        {"threads", std::to_string(threads.size())},
        {"exit_code", x.exit_code ? std::to_string(*x.exit_code) : "-"},
    };
    Table counters;
    for (const char* c :
         {"counter", "raw", "register", "overflow", "units", "shown_as", "backtrack", "packets"})
        counters.add_column(c, "", true);
    for (const auto& c : x.counters)
        counters.add_row({c.name, c.raw, "PIC" + std::to_string(c.reg), std::to_string(c.overflow),
                          c.units, c.cycles ? "time" : "events", c.backtrack ? c.memop : "no",
                          std::to_string(per_counter[c.index])});
    for (const auto& [k, v] : fields) {
        if (s.tsv)
            s.out << k << '\t' << v << '\n';
        else
            s.out << k << ':' << std::string(k.size() < 18 ? 18 - k.size() : 1, ' ') << v << '\n';
    }
    s.out << '\n';
    counters.print(s.out, s.tsv);
}

void report_cpu_list(Session& s) {
    const size_t n = s.x.counters.size();
    struct Cpu {
        Values values;
        uint64_t packets = 0;
        std::set<uint64_t> threads;
    };
    std::map<unsigned, Cpu> cpus;
    for (unsigned c = 0; c < s.x.cpus; ++c)
        cpus[c].values = Values(n); // idle CPUs too
    Cpu total{Values(n), 0, {}};
    for (const auto& p : s.x.packets) {
        Cpu& cpu = cpus[p.cpu];
        if (cpu.values.excl.empty()) cpu.values = Values(n);
        for (Cpu* c : {&cpu, &total}) {
            c->values.excl[p.counter] += s.x.counters[p.counter].overflow;
            ++c->packets;
            c->threads.insert(p.tid);
        }
    }
    std::vector<Metric> metrics;
    for (unsigned c : s.counters())
        metrics.push_back({c, false, true, true});
    Table table;
    table.add_column(s.tsv ? "cpu" : "CPU", "", true);
    table.add_column(s.tsv ? "packets" : "Packets");
    table.add_column(s.tsv ? "threads" : "Threads");
    add_metric_columns(table, metrics, s.x, s.tsv);
    const auto add = [&](const std::string& name, const Cpu& c) {
        std::vector<std::string> row{name, std::to_string(c.packets),
                                     std::to_string(c.threads.size())};
        add_metric_cells(row, metrics, c.values, total.values, s.x, s.tsv);
        table.add_row(std::move(row));
    };
    add("<Total>", total);
    for (const auto& [id, c] : cpus)
        add(std::to_string(id), c);
    if (!s.tsv) s.out << "CPUs: packets, threads and events\n\n";
    table.print(s.out, s.tsv);
}

void report_folded(Session& s, const std::string& file) {
    // Brendan Gregg's collapsed stacks: root first, frames joined by ';', then
    // the weight: the sort metric's counter, in events.
    const unsigned counter = s.sort_metric().counter;
    std::map<std::string, uint64_t> stacks;
    for (const auto& p : s.x.packets) {
        if (p.counter != counter) continue;
        const auto f = frames(p);
        std::string line;
        for (auto it = f.rbegin(); it != f.rend(); ++it)
            line += (line.empty() ? "" : ";") + s.symbols.function_name(*it);
        stacks[line] += s.x.counters[counter].overflow;
    }
    std::ofstream file_out;
    if (!file.empty()) {
        file_out.open(file);
        if (!file_out) throw std::invalid_argument("folded: cannot write '" + file + "'");
    }
    std::ostream& out = file.empty() ? s.out : file_out;
    for (const auto& [stack, events] : stacks)
        out << stack << ' ' << events << '\n';
    if (!file.empty()) {
        file_out.close();
        if (!file_out) throw std::invalid_argument("folded: cannot write '" + file + "'");
        if (!s.tsv)
            s.out << "folded: " << stacks.size() << " stacks of " << s.x.counters[counter].name
                  << " written to " << file << '\n';
    }
}

} // namespace fireplane::analyzer
