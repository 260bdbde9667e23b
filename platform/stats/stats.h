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
        double value() const { return counter ? double(*counter) : formula(); }
    };

    static StatsRegistry& instance();

    void add_counter(const std::string& name, const uint64_t* counter, std::string description,
                     std::string unit = "count");
    void add_formula(const std::string& name, std::function<double()> formula,
                     std::string description, std::string unit = "");
    void remove_prefix(const std::string& prefix); // when a module is destroyed

    const std::vector<Entry>& entries() const { return entries_; } // in name order
    const Entry* find(const std::string& name) const;

    // One JSON object; nested by the dotted name:
    // {"top":{"cpu0":{"committed_insts":{"value":..,"unit":..,"desc":..}}}}
    void write_json(std::ostream& out) const;
    // The readable end-of-run summary: one "name  value  unit  # desc" line per entry.
    void write_text(std::ostream& out) const;

    void clear(); // forget every entry (tests; a new simulation in the same process)

private:
    void insert(Entry entry);
    std::vector<Entry> entries_;
};

} // namespace fireplane
