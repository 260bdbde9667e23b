#include "core/stats/stats.h"

#include <systemc>

#include <cstdlib>

namespace fireplane {
namespace {

[[noreturn]] void fatal(const std::string& message) {
    SC_REPORT_FATAL("fireplane/stats", message.c_str());
    std::abort(); // only reached if the user turned off SC_ABORT/SC_THROW for fatals
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.compare(0, prefix.size(), prefix) == 0;
}

} // namespace

StatsGroup::StatsGroup(std::string prefix, StatsRegistry& registry)
    : prefix_(std::move(prefix)), registry_(registry) {}

StatsGroup::~StatsGroup() {
    for (const std::string& name : names_)
        registry_.remove(name);
}

std::string StatsGroup::full_name(const std::string& name) const {
    return prefix_.empty() ? name : prefix_ + "." + name;
}

void StatsGroup::add_counter(const std::string& name, const uint64_t* counter,
                             std::string description, std::string unit) {
    registry_.add_counter(full_name(name), counter, std::move(description), std::move(unit));
    names_.push_back(full_name(name));
}

void StatsGroup::add_formula(const std::string& name, std::function<double()> formula,
                             std::string description, std::string unit, bool cumulative) {
    registry_.add_formula(full_name(name), std::move(formula), std::move(description),
                          std::move(unit), cumulative);
    names_.push_back(full_name(name));
}

void StatsRegistry::add_counter(const std::string& name, const uint64_t* counter,
                                std::string description, std::string unit) {
    if (!counter) fatal("statistic '" + name + "': null counter");
    insert(Entry{name, std::move(description), std::move(unit), counter, nullptr});
}

void StatsRegistry::add_formula(const std::string& name, std::function<double()> formula,
                                std::string description, std::string unit, bool cumulative) {
    if (!formula) fatal("statistic '" + name + "': empty formula");
    insert(Entry{name, std::move(description), std::move(unit), nullptr, std::move(formula),
                 cumulative});
}

void StatsRegistry::reset() {
    ++resets_;
    frozen_ = false;
    for (auto& [name, e] : entries_)
        if (e.cumulative) e.baseline = e.raw(), e.frozen = false;
}

void StatsRegistry::freeze() {
    frozen_ = true;
    for (auto& [name, e] : entries_)
        if (e.cumulative && !e.frozen) e.frozen_value = e.raw(), e.frozen = true;
}

void StatsRegistry::restore_entry(const std::string& name, const uint64_t* value, double baseline,
                                  bool frozen, double frozen_value) {
    auto at = entries_.find(name);
    if (at == entries_.end()) return;
    Entry& e = at->second;
    // Registered read-only for reporting, but a model's member all the same.
    if (value && e.counter) *const_cast<uint64_t*>(e.counter) = *value;
    e.baseline = baseline;
    e.frozen = frozen;
    if (e.cumulative) frozen_ = frozen;
    e.frozen_value = frozen_value;
}

// Rejects names that would make the JSON nesting
// ambiguous: "a.b" cannot be a value when "a.b.c" is one too.
void StatsRegistry::insert(Entry entry) {
    const std::string& name = entry.name;
    if (name.empty() || name.front() == '.' || name.back() == '.' ||
        name.find("..") != std::string::npos)
        fatal("bad statistic name '" + name + "'");
    if (entries_.count(name)) fatal("statistic '" + name + "' registered twice");
    auto below = entries_.lower_bound(name + ".");
    if (below != entries_.end() && starts_with(below->first, name + "."))
        fatal("statistic '" + name + "' is also a prefix of '" + below->first + "'");
    for (size_t dot = name.find('.'); dot != std::string::npos; dot = name.find('.', dot + 1))
        if (find(name.substr(0, dot)))
            fatal("statistic '" + name + "' is below the statistic '" + name.substr(0, dot) + "'");
    std::string key = name;
    entries_.emplace(std::move(key), std::move(entry));
}

void StatsRegistry::remove(const std::string& name) {
    entries_.erase(name);
}

const StatsRegistry::Entry* StatsRegistry::find(const std::string& name) const {
    auto at = entries_.find(name);
    return at != entries_.end() ? &at->second : nullptr;
}

void StatsRegistry::clear() {
    entries_.clear();
    frozen_ = false;
}

} // namespace fireplane
