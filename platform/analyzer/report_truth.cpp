// `truth`: what sampling estimated against what the simulator counted
// exactly (exact.tsv), per function; and how often backtracking found the
// instruction that really caused the overflow.
#include "listing.h"
#include "profile.h"
#include "reports.h"

#include <cstdio>
#include <stdexcept>

namespace fireplane::analyzer {

namespace {

std::string relative_error(uint64_t sampled, uint64_t exact, bool tsv) {
    if (exact == 0) return "-";
    char text[32];
    const double e = 100.0 * (double(sampled) - double(exact)) / double(exact);
    std::snprintf(text, sizeof text, tsv ? "%.3f" : "%+.1f", e);
    return text;
}

std::string share(uint64_t part, uint64_t whole) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return text;
}

struct Truth {
    std::vector<uint64_t> sampled, exact;
    explicit Truth(size_t n = 0) : sampled(n), exact(n) {}
};

void backtracking_summary(Session& s) {
    Table table;
    for (const char* c : {"counter", "packets", "pc_at_true_pc", "cand_pc_right", "cand_ea_right"})
        table.add_column(c, "", std::string(c) == "counter");
    for (const auto& c : s.x.counters) {
        uint64_t n = 0, pc_right = 0, cand_right = 0, ea_right = 0;
        for (const auto& p : s.x.packets) {
            if (p.counter != c.index) continue;
            ++n;
            if (p.true_pc && p.pc == *p.true_pc) ++pc_right;
            if (p.cand_pc && p.true_pc && *p.cand_pc == *p.true_pc) {
                ++cand_right;
                if (p.cand_ea && p.true_ea && *p.cand_ea == *p.true_ea) ++ea_right;
            }
        }
        if (s.tsv) {
            table.add_row({c.name, std::to_string(n), std::to_string(pc_right),
                           c.backtrack ? std::to_string(cand_right) : "-",
                           c.backtrack ? std::to_string(ea_right) : "-"});
            continue;
        }
        s.out << c.name << ": the interrupted PC is the true PC in " << pc_right << " of " << n
              << " packets (" << share(pc_right, n) << ", skid " << s.x.skid << ")\n";
        if (c.backtrack)
            s.out << c.name << ": backtracking found the true PC in " << cand_right << " of " << n
                  << " packets (" << share(cand_right, n) << "), and the true PC and address in "
                  << ea_right << " (" << share(ea_right, n) << ")\n";
    }
    if (s.tsv) {
        s.out << '\n';
        table.print(s.out, true);
    }
}

} // namespace

void report_truth(Session& s) {
    if (!s.x.exact)
        throw std::invalid_argument("truth: " + s.x.dir +
                                    " has no exact counts (collect with --exact)");
    const size_t n = s.x.counters.size();
    std::map<std::string, Truth> functions;
    Truth total(n);
    for (const auto& p : s.x.packets) {
        const uint64_t v = s.x.counters[p.counter].overflow;
        functions.try_emplace(s.symbols.function_name(p.pc), n).first->second.sampled[p.counter] +=
            v;
        total.sampled[p.counter] += v;
    }
    for (const auto& e : s.x.exact_counts) {
        functions.try_emplace(s.symbols.function_name(e.pc), n).first->second.exact[e.counter] +=
            e.count;
        total.exact[e.counter] += e.count;
    }
    // Largest true count first: the truth decides what matters.
    const unsigned by = s.sort_metric().counter;
    std::vector<std::pair<std::string, Truth>> rows(functions.begin(), functions.end());
    std::stable_sort(rows.begin(), rows.end(), [by](const auto& a, const auto& b) {
        return a.second.exact[by] > b.second.exact[by];
    });

    const std::vector<unsigned> counters = s.counters();
    Table table;
    for (unsigned c : counters) {
        const std::string& name = s.x.counters[c].name;
        if (s.tsv) {
            for (const char* k : {".sampled", ".exact", ".diff", ".error"})
                table.add_column(name + k);
            continue;
        }
        table.add_column(name + " sampled", "events");
        table.add_column(name + " exact", "events");
        table.add_column("difference", "events");
        table.add_column("error", "%");
    }
    table.add_column(s.tsv ? "name" : "Name", "", true);
    const auto add = [&](const std::string& name, const Truth& t) {
        std::vector<std::string> row;
        for (unsigned c : counters) {
            const int64_t diff = int64_t(t.sampled[c]) - int64_t(t.exact[c]);
            row.push_back(std::to_string(t.sampled[c]));
            row.push_back(std::to_string(t.exact[c]));
            row.push_back((diff > 0 && !s.tsv ? "+" : "") + std::to_string(diff));
            row.push_back(relative_error(t.sampled[c], t.exact[c], s.tsv));
        }
        row.push_back(name);
        table.add_row(std::move(row));
    };
    add(kTotal, total);
    for (size_t i = 0; i < s.shown(rows.size()); ++i)
        add(rows[i].first, rows[i].second);
    if (!s.tsv)
        s.out << "Sampled against exact counts, functions sorted by exact " << s.x.counters[by].name
              << "\n\n";
    table.print(s.out, s.tsv);
    if (!s.tsv) s.out << '\n';
    backtracking_summary(s);
}

} // namespace fireplane::analyzer
