#pragma once
// A few keyed entries at a time: the transactions a router, bus or cache
// has in flight. A vector searched in order, with no allocation per entry
// once it has grown, where a tree or hash table allocates a node for every
// transaction: on the detailed model's miss path that was several percent
// of the run. Order is not kept (erase moves the last entry into the gap).
#include <utility>
#include <vector>

namespace fireplane {

template <typename Key, typename Value> class InFlightTable {
public:
    Value* find(const Key& key) {
        for (auto& e : entries_)
            if (e.first == key) return &e.second;
        return nullptr;
    }
    bool contains(const Key& key) { return find(key) != nullptr; }
    // Adds or replaces the entry for `key`.
    void put(const Key& key, const Value& value) {
        if (Value* v = find(key))
            *v = value;
        else
            entries_.emplace_back(key, value);
    }
    // Removes the entry for `key`, if any.
    void erase(const Key& key) {
        for (auto& e : entries_)
            if (e.first == key) {
                e = std::move(entries_.back());
                entries_.pop_back();
                return;
            }
    }

private:
    std::vector<std::pair<Key, Value>> entries_;
};

} // namespace fireplane
