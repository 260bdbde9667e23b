// `functions` and `callers-callees`: metrics per function, by FUNC symbol.
#include "listing.h"
#include "profile.h"
#include "reports.h"

namespace fireplane::analyzer {

namespace {

std::map<std::string, Values> function_rows(Session& s) {
    return aggregate<std::string>(s.x, [&s](uint64_t a) { return s.symbols.function_name(a); });
}

// The attributed columns of callers-callees: one per counter shown, with its
// share of the total where the counter's default look has one (time).
std::vector<Metric> attributed_metrics(const Session& s) {
    std::vector<Metric> out;
    for (unsigned c : s.counters())
        out.push_back({c, false, true, s.x.counters[c].cycles});
    return out;
}

} // namespace

std::string sort_heading(const Session& s) {
    const Metric m = s.sort_metric();
    return std::string(m.inclusive ? "Inclusive " : "Exclusive ") + s.x.counters[m.counter].name;
}

void report_functions(Session& s) {
    print_listing(s, "Functions sorted by metric: " + sort_heading(s), "Name", s.metrics,
                  sorted_rows(function_rows(s), s.sort_metric()), total_values(s.x),
                  [](const std::string& name) { return name; });
}

void report_callers_callees(Session& s) {
    const auto functions = sorted_rows(function_rows(s), s.sort_metric());
    const auto calls =
        aggregate_calls<std::string>(s.x, [&s](uint64_t a) { return s.symbols.function_name(a); });
    const Values total = total_values(s.x);
    const std::vector<Metric> metrics = attributed_metrics(s);
    // Callers and callees in order of their attributed sort counter.
    const Metric by{s.sort_metric().counter, false, true, false};

    Table table;
    if (s.tsv) table.add_column("function", "", true);
    if (s.tsv) table.add_column("role", "", true);
    for (const auto& m : metrics) {
        const std::string title = "Attr. " + s.x.counters[m.counter].name;
        if (s.tsv) {
            table.add_column("a." + s.x.counters[m.counter].name);
            continue;
        }
        table.add_column(title, s.x.counters[m.counter].cycles ? "sec." : "events");
        if (m.percent) table.add_column("", "%");
    }
    table.add_column(s.tsv ? "name" : "Name", "", true);

    const auto add = [&](const std::string& function, const char* role, const std::string& name,
                         const Values& v) {
        std::vector<std::string> row;
        if (s.tsv) row = {function, role};
        add_metric_cells(row, metrics, v, total, s.x, s.tsv);
        row.push_back(s.tsv ? name : (std::string(role) == "self" ? "*" : " ") + name);
        table.add_row(std::move(row));
    };
    for (size_t i = 0; i < s.shown(functions.size()); ++i) {
        const std::string& f = functions[i].first;
        std::map<std::string, Values> callers, callees;
        for (const auto& [edge, v] : calls) {
            if (edge.second == f) callers.emplace(edge.first, v);
            if (edge.first == f) callees.emplace(edge.second, v);
        }
        if (i && !s.tsv) table.add_row(std::vector<std::string>(table.columns(), ""));
        for (const auto& [name, v] : sorted_rows(callers, by))
            add(f, "caller", name, v);
        // The function's own line: its exclusive events, which with its callees'
        // attributed events make up its inclusive ones.
        Values self(s.x.counters.size());
        self.excl = functions[i].second.excl;
        add(f, "self", f, self);
        for (const auto& [name, v] : sorted_rows(callees, by))
            add(f, "callee", name, v);
    }
    if (!s.tsv)
        s.out << "Callers and callees sorted by metric: Attributed "
              << s.x.counters[by.counter].name << "\n\n";
    table.print(s.out, s.tsv);
}

} // namespace fireplane::analyzer
