#pragma once
// The statistics registry. Models register their counters by reference, so
// counting costs nothing more than the increment; the registry reads them when
// asked. Names follow gem5's style: dotted hierarchical paths from the SystemC
// module name, e.g. "top.cpu0.committed_insts".
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace fireplane {

class StatsRegistry {
public:
    struct Entry {
        std::string name;
        std::string description;
        std::string unit;                          // "count", "cycles", "s", "ratio", ...
        const uint64_t* counter = nullptr;         // either a counter ...
        std::function<double()> formula = nullptr; // ... or a formula
        bool cumulative = true; // grows with the run, so reset() and freeze() apply
        double baseline = 0;    // value at the last reset()
        bool frozen = false;    // freeze() keeps the value it had then
        double frozen_value = 0;
        double raw() const { return counter ? double(*counter) : formula(); }
        double value() const { return (frozen ? frozen_value : raw()) - baseline; }
    };

    static StatsRegistry& instance();

    void add_counter(const std::string& name, const uint64_t* counter, std::string description,
                     std::string unit = "count");
    void add_formula(const std::string& name, std::function<double()> formula,
                     std::string description, std::string unit = "", bool cumulative = false);
    void remove_prefix(const std::string& prefix); // when a module is destroyed

    const std::vector<Entry>& entries() const { return entries_; } // in name order
    const Entry* find(const std::string& name) const;

    // One JSON object; nested by the dotted name:
    // {"top":{"cpu0":{"committed_insts":{"value":..,"unit":..,"desc":..}}}}
    void write_json(std::ostream& out) const;
    // The readable end-of-run summary: one "name  value  unit  # desc" line per entry.
    void write_text(std::ostream& out) const;

    void clear(); // forget every entry (tests; a new simulation in the same process)

    // Regions of interest: reset() makes every cumulative statistic count from
    // now; freeze() stops them where they are (until the next reset()).
    void reset();
    void freeze();

private:
    void insert(Entry entry);
    std::vector<Entry> entries_;
};

} // namespace fireplane
