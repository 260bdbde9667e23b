// `pcs` and `lines`: metrics per instruction and per source line. Inclusive
// metrics there count the call sites on the stack too, as er_print does.
#include "core/text/hex_text.h"
#include "listing.h"
#include "models/cpu/disassembler.h"
#include "profile.h"
#include "reports.h"

#include <cstdio>

namespace fireplane::analyzer {

namespace {

std::string basename(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

void report_pcs(Session& s) {
    const auto rows =
        sorted_rows(aggregate<uint64_t>(s.x, [](uint64_t a) { return a; }), s.sort_metric());
    const Values total = total_values(s.x);
    const ProgramText& text = s.text();
    Table table;
    add_metric_columns(table, s.metrics, s.x, s.tsv);
    if (s.tsv) table.add_column("pc");
    table.add_column(s.tsv ? "name" : "Name", "", true);
    table.add_column(s.tsv ? "instruction" : "Instruction", "", true);
    const auto add = [&](const std::string& pc, const std::string& name, const std::string& insn,
                         const Values& v) {
        std::vector<std::string> row;
        add_metric_cells(row, s.metrics, v, total, s.x, s.tsv);
        if (s.tsv) row.push_back(pc);
        row.push_back(name);
        row.push_back(insn);
        table.add_row(std::move(row));
    };
    add("-", kTotal, "", total);
    for (size_t i = 0; i < s.shown(rows.size()); ++i) {
        const uint64_t pc = rows[i].first;
        const Symbol* f = s.symbols.function(pc);
        const std::string name = f ? f->name + " + " + hex(pc - f->start) : hex(pc);
        const auto word = text.word(pc);
        add(hex(pc), name, word ? sparc::disassemble(*word, pc) : "<not in the program's text>",
            rows[i].second);
    }
    if (!s.tsv) s.out << "PCs sorted by metric: " << sort_heading(s) << "\n\n";
    table.print(s.out, s.tsv);
}

void report_lines(Session& s) {
    const SourceLines& lines = s.lines();
    // Keys hold the full path; text output shortens it to the file name.
    const auto key_of = [&](uint64_t pc) {
        if (auto l = lines.at(pc)) return l->file + ":" + std::to_string(l->line);
        return "<no line info> (" + s.symbols.function_name(pc) + ")";
    };
    print_listing(
        s, "Source lines sorted by metric: " + sort_heading(s), "Source line", s.metrics,
        sorted_rows(aggregate<std::string>(s.x, key_of), s.sort_metric()), total_values(s.x),
        [&s](const std::string& key) { return s.tsv || key[0] == '<' ? key : basename(key); });
}

} // namespace fireplane::analyzer
