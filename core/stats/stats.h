#pragma once
// The statistics registry. Models register their counters by reference, so
// counting costs nothing more than the increment; the registry reads them when
// asked. Names follow gem5's style: dotted hierarchical paths from the SystemC
// module name, e.g. "cpu0.caches.hits".
#include "core/registry/scoped_current.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>

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

    // The registry statistics go to now: a Session's while it builds and runs
    // its machine (Scope), else one for the whole process.
    static StatsRegistry& current() { return ScopedCurrent<StatsRegistry>::get(); }
    using Scope = ScopedCurrent<StatsRegistry>::Scope;

    void add_counter(const std::string& name, const uint64_t* counter, std::string description,
                     std::string unit = "count");
    void add_formula(const std::string& name, std::function<double()> formula,
                     std::string description, std::string unit = "", bool cumulative = false);
    void remove(const std::string& name);

    // Every entry, in name order.
    class Entries {
    public:
        using Map = std::map<std::string, Entry>;
        class iterator {
        public:
            explicit iterator(Map::const_iterator at) : at_(at) {}
            const Entry& operator*() const { return at_->second; }
            const Entry* operator->() const { return &at_->second; }
            iterator& operator++() { return ++at_, *this; }
            bool operator!=(const iterator& other) const { return at_ != other.at_; }

        private:
            Map::const_iterator at_;
        };
        explicit Entries(const Map& map) : map_(map) {}
        iterator begin() const { return iterator(map_.begin()); }
        iterator end() const { return iterator(map_.end()); }
        size_t size() const { return map_.size(); }
        bool empty() const { return map_.empty(); }

    private:
        const Map& map_;
    };
    Entries entries() const { return Entries(entries_); }
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
    // Whether the statistics are frozen now, and how many resets this process
    // has made: sampled simulation measures only units while they count.
    bool frozen() const { return frozen_; }
    uint64_t resets() const { return resets_; }

    // Checkpoint restore (stats_checkpoint.h): sets the counter `name` (the
    // model's own member) to `*value`, if given, and its region-of-interest
    // state. Unknown names are ignored.
    void restore_entry(const std::string& name, const uint64_t* value, double baseline, bool frozen,
                       double frozen_value);

private:
    void insert(Entry entry);
    // Keyed, so that registering or removing one of n statistics costs log n:
    // a machine of hundreds of CPUs registers hundreds of thousands.
    Entries::Map entries_;
    bool frozen_ = false;
    uint64_t resets_ = 0;
};

// One object's statistics, named `prefix` + "." + name, in the registry
// current when the group is made; the object owns the group, and the
// statistics leave the registry with it.
class StatsGroup {
public:
    explicit StatsGroup(std::string prefix, StatsRegistry& registry = StatsRegistry::current());
    ~StatsGroup();
    StatsGroup(const StatsGroup&) = delete;
    StatsGroup& operator=(const StatsGroup&) = delete;

    void add_counter(const std::string& name, const uint64_t* counter, std::string description,
                     std::string unit = "count");
    void add_formula(const std::string& name, std::function<double()> formula,
                     std::string description, std::string unit = "", bool cumulative = false);
    StatsRegistry& registry() const { return registry_; }

private:
    std::string full_name(const std::string& name) const;

    std::string prefix_;
    StatsRegistry& registry_;
    std::vector<std::string> names_;
};

} // namespace fireplane
