// `cpi`: the CPI stack per function (--exact experiments, cpi.tsv): each
// function's cycles and instructions, its CPI, and the part of it every
// cause takes, in cycles per instruction of the function (TSV: raw cycles).
#include "reports.h"

#include "models/cpu/cpi_stack.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace fireplane::analyzer {

namespace {

struct CpiSum {
    uint64_t instructions = 0;
    std::vector<uint64_t> cycles = std::vector<uint64_t>(sparc::kCpiCauses, 0);
    uint64_t total() const {
        uint64_t t = 0;
        for (uint64_t c : cycles)
            t += c;
        return t;
    }
    void add(const CpiCount& c) {
        instructions += c.instructions;
        for (size_t i = 0; i < cycles.size() && i < c.cycles.size(); ++i)
            cycles[i] += c.cycles[i];
    }
};

std::string per_instruction(uint64_t cycles, uint64_t instructions) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f",
                  instructions ? double(cycles) / double(instructions) : 0.0);
    return text;
}

} // namespace

void report_cpi(Session& s) {
    if (!s.x.exact || s.x.cpi_counts.empty())
        throw std::invalid_argument("cpi: " + s.x.dir + " has no CPI stack (collect with --exact)");
    std::map<std::string, CpiSum> functions;
    CpiSum total;
    for (const CpiCount& c : s.x.cpi_counts) {
        functions[s.symbols.function_name(c.pc)].add(c);
        total.add(c);
    }
    std::vector<unsigned> causes; // those with any cycles
    for (unsigned i = 0; i < sparc::kCpiCauses; ++i)
        if (total.cycles[i]) causes.push_back(i);

    Table table;
    table.add_column(s.tsv ? "cycles" : "Cycles");
    table.add_column(s.tsv ? "instructions" : "Insts");
    table.add_column("CPI");
    for (unsigned i : causes)
        table.add_column(std::string(sparc::cpi_causes()[i].name), s.tsv ? "" : "CPI");
    table.add_column(s.tsv ? "name" : "Name", "", true);
    const auto add = [&](const std::string& name, const CpiSum& f) {
        std::vector<std::string> row{std::to_string(f.total()), std::to_string(f.instructions),
                                     per_instruction(f.total(), f.instructions)};
        for (unsigned i : causes)
            row.push_back(s.tsv ? std::to_string(f.cycles[i])
                                : per_instruction(f.cycles[i], f.instructions));
        row.push_back(name);
        table.add_row(std::move(row));
    };
    std::vector<std::pair<std::string, const CpiSum*>> sorted;
    for (const auto& [name, f] : functions)
        sorted.emplace_back(name, &f);
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.second->total() > b.second->total();
    });
    add("<Total>", total);
    for (size_t i = 0; i < s.shown(sorted.size()); ++i)
        add(sorted[i].first, *sorted[i].second);
    if (!s.tsv)
        s.out << "CPI stack per function: every cycle by cause, in cycles per instruction of the "
                 "function\n\n";
    table.print(s.out, s.tsv);
}

} // namespace fireplane::analyzer
