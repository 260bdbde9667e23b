#pragma once
// Metrics: one counter, exclusive or inclusive, and how it is shown. Specs
// follow er_print: `e.cycles` (exclusive), `i.dcrm` (inclusive), `ei.cycles`
// (both), and `e.%cycles` / `e%cycles` for value and percentage / percentage only.
#include "experiment.h"
#include "table.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::analyzer {

// Events per counter (packets x overflow), exclusive and inclusive.
struct Values {
    std::vector<uint64_t> excl, incl;
    explicit Values(size_t counters = 0) : excl(counters), incl(counters) {}
};

struct Metric {
    unsigned counter = 0;
    bool inclusive = false;
    bool value = true;    // show the time or count
    bool percent = false; // show the share of the total
    uint64_t of(const Values& v) const { return (inclusive ? v.incl : v.excl)[counter]; }
};

std::vector<Metric> default_metrics(const Experiment& x);
// A colon-separated list; std::invalid_argument naming the bad item.
std::vector<Metric> parse_metrics(const std::string& spec, const Experiment& x);
// One metric, `e.NAME` or `i.NAME`.
Metric parse_sort_key(const std::string& spec, const Experiment& x);

std::string metric_spec(const Metric& m, const Experiment& x);  // "e.cycles"
std::string metric_title(const Metric& m, const Experiment& x); // "Excl. cycles"

// Events shown in the counter's unit: seconds (3 decimals) for cycle counters.
std::string format_events(uint64_t events, const Counter& c, const Experiment& x);
std::string format_percent(uint64_t part, uint64_t total);

// The columns of `metrics` and one row's cells. Text shows time or counts and
// percentages; TSV shows raw event counts, one column per metric.
void add_metric_columns(Table& table, const std::vector<Metric>& metrics, const Experiment& x,
                        bool tsv);
void add_metric_cells(std::vector<std::string>& row, const std::vector<Metric>& metrics,
                      const Values& values, const Values& total, const Experiment& x, bool tsv);

} // namespace fireplane::analyzer
