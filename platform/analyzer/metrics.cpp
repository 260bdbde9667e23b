#include "metrics.h"

#include "tsv_file.h"

#include <cstdio>
#include <stdexcept>

namespace fireplane::analyzer {

namespace {

std::string counter_names(const Experiment& x) {
    std::string names;
    for (const auto& c : x.counters)
        names += (names.empty() ? "" : ", ") + c.name;
    return names;
}

unsigned find_counter(const std::string& name, const std::string& item, const Experiment& x,
                      const char* what) {
    for (const auto& c : x.counters)
        if (c.name == name) return c.index;
    throw std::invalid_argument(std::string("unknown ") + what + " '" + item +
                                "': this experiment's counters are " + counter_names(x));
}

} // namespace

std::vector<Metric> default_metrics(const Experiment& x) {
    std::vector<Metric> out;
    for (const auto& c : x.counters) {
        out.push_back({c.index, false, true, c.cycles});
        out.push_back({c.index, true, true, c.cycles});
    }
    return out;
}

std::vector<Metric> parse_metrics(const std::string& spec, const Experiment& x) {
    if (spec == "default") return default_metrics(x);
    std::vector<Metric> out;
    for (const auto& item : split(spec, ':')) {
        size_t i = 0;
        bool excl = false, incl = false;
        for (; i < item.size() && (item[i] == 'e' || item[i] == 'i'); ++i)
            (item[i] == 'e' ? excl : incl) = true;
        bool dot = false, pct = false;
        for (; i < item.size() && (item[i] == '.' || item[i] == '%'); ++i)
            (item[i] == '.' ? dot : pct) = true;
        if (!(excl || incl) || !(dot || pct) || i == item.size())
            throw std::invalid_argument("bad metric '" + item +
                                        "': expected e.NAME, i.NAME, ei.NAME, e.%NAME or e%NAME");
        const unsigned c = find_counter(item.substr(i), item, x, "metric");
        // `.` alone: the default look, time with its share, or a plain count.
        const bool value = dot, percent = pct || (dot && x.counters[c].cycles);
        if (excl) out.push_back({c, false, value, percent});
        if (incl) out.push_back({c, true, value, percent});
    }
    return out;
}

Metric parse_sort_key(const std::string& spec, const Experiment& x) {
    if (spec.size() < 3 || (spec[0] != 'e' && spec[0] != 'i') || spec[1] != '.')
        throw std::invalid_argument("bad sort key '" + spec + "': expected e.NAME or i.NAME");
    return {find_counter(spec.substr(2), spec, x, "sort key"), spec[0] == 'i', true, false};
}

std::string metric_spec(const Metric& m, const Experiment& x) {
    return std::string(m.inclusive ? "i." : "e.") + x.counters[m.counter].name;
}

std::string metric_title(const Metric& m, const Experiment& x) {
    return std::string(m.inclusive ? "Incl. " : "Excl. ") + x.counters[m.counter].name;
}

std::string format_events(uint64_t events, const Counter& c, const Experiment& x) {
    if (!c.cycles) return std::to_string(events);
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", double(events) / x.clock_hz);
    return text;
}

std::string format_percent(uint64_t part, uint64_t total) {
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", total ? 100.0 * double(part) / double(total) : 0.0);
    return text;
}

void add_metric_columns(Table& table, const std::vector<Metric>& metrics, const Experiment& x,
                        bool tsv) {
    for (const auto& m : metrics) {
        if (tsv) {
            table.add_column(metric_spec(m, x));
            continue;
        }
        const bool cycles = x.counters[m.counter].cycles;
        if (m.value) table.add_column(metric_title(m, x), cycles ? "sec." : "events");
        if (m.percent) table.add_column(m.value ? "" : metric_title(m, x), "%");
    }
}

void add_metric_cells(std::vector<std::string>& row, const std::vector<Metric>& metrics,
                      const Values& values, const Values& total, const Experiment& x, bool tsv) {
    for (const auto& m : metrics) {
        if (tsv) {
            row.push_back(std::to_string(m.of(values)));
            continue;
        }
        if (m.value) row.push_back(format_events(m.of(values), x.counters[m.counter], x));
        if (m.percent) row.push_back(format_percent(m.of(values), m.of(total)));
    }
}

} // namespace fireplane::analyzer
