// `data_objects`: backtracking counters' packets by the data object their
// candidate instruction accessed. A candidate is trusted only if no branch or
// call could have entered the code between it and the interrupted PC.
#include "listing.h"
#include "profile.h"
#include "reports.h"

namespace fireplane::analyzer {

namespace {

constexpr const char* kUnascertainable = "<Unascertainable>"; // no effective address
constexpr const char* kUnverifiable = "<Unverifiable>";       // a branch target in between

std::string data_object(Session& s, const Packet& p) {
    if (!p.cand_pc) return kUnknown; // the search found no candidate
    if (s.text().branch_target_in(*p.cand_pc, p.pc)) return kUnverifiable;
    if (!p.cand_ea) return kUnascertainable;
    return s.symbols.data_object(*p.cand_ea);
}

} // namespace

void report_data_objects(Session& s) {
    std::vector<Metric> metrics;
    for (unsigned c : s.counters())
        if (s.x.counters[c].backtrack) metrics.push_back({c, false, true, true});
    if (metrics.empty()) // the metrics shown may leave out the counters that backtrack
        for (const auto& c : s.x.counters)
            if (c.backtrack) metrics.push_back({c.index, false, true, true});
    if (metrics.empty()) {
        s.out << "data_objects: no counter of this experiment backtracks; collect with "
                 "-h +NAME (e.g. +dcrm) to record candidate data addresses\n";
        return;
    }
    Metric by = metrics.front();
    for (const auto& m : metrics)
        if (m.counter == s.sort_metric().counter) by = m;

    std::map<std::string, Values> objects;
    Values total(s.x.counters.size());
    for (const auto& p : s.x.packets) {
        if (!s.x.counters[p.counter].backtrack) continue;
        const uint64_t v = s.x.counters[p.counter].overflow;
        objects.try_emplace(data_object(s, p), s.x.counters.size()).first->second.excl[p.counter] +=
            v;
        total.excl[p.counter] += v;
    }
    print_listing(s, "Data objects sorted by metric: Exclusive " + s.x.counters[by.counter].name,
                  "Data object", metrics, sorted_rows(objects, by), total,
                  [](const std::string& name) { return name; });
}

} // namespace fireplane::analyzer
