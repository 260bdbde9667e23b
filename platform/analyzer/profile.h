#pragma once
// Aggregation of packets by a key of their addresses (function, PC, source
// line). A packet is worth its counter's overflow in events. Exclusive: the
// key of the interrupted PC. Inclusive: every key among the PC and the call
// sites on the stack, counted once per packet, so recursion does not inflate it.
#include "experiment.h"
#include "metrics.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace fireplane::analyzer {

// Frames of a packet, innermost first: the PC, then each call site.
inline std::vector<uint64_t> frames(const Packet& p) {
    std::vector<uint64_t> out{p.pc};
    out.insert(out.end(), p.stack.begin(), p.stack.end());
    return out;
}

Values total_values(const Experiment& x);

template <typename Key, typename KeyOf>
std::map<Key, Values> aggregate(const Experiment& x, KeyOf key_of) {
    std::map<Key, Values> out;
    const size_t n = x.counters.size();
    for (const auto& p : x.packets) {
        const uint64_t v = x.counters[p.counter].overflow;
        std::set<Key> seen;
        bool innermost = true;
        for (uint64_t addr : frames(p)) {
            Key k = key_of(addr);
            auto& values = out.try_emplace(k, n).first->second;
            if (innermost) values.excl[p.counter] += v;
            innermost = false;
            if (seen.insert(std::move(k)).second) values.incl[p.counter] += v;
        }
    }
    return out;
}

// Caller-to-callee edges: for each (caller, callee) key pair on a packet's
// stack, once per packet, the events attributed to that call.
template <typename Key, typename KeyOf>
std::map<std::pair<Key, Key>, Values> aggregate_calls(const Experiment& x, KeyOf key_of) {
    std::map<std::pair<Key, Key>, Values> out;
    const size_t n = x.counters.size();
    for (const auto& p : x.packets) {
        const uint64_t v = x.counters[p.counter].overflow;
        std::set<std::pair<Key, Key>> seen;
        const auto f = frames(p);
        for (size_t i = 0; i + 1 < f.size(); ++i) {
            std::pair<Key, Key> edge{key_of(f[i + 1]), key_of(f[i])};
            if (!seen.insert(edge).second) continue;
            auto& values = out.try_emplace(edge, n).first->second;
            values.excl[p.counter] += v; // attributed: kept in both
            values.incl[p.counter] += v;
        }
    }
    return out;
}

// Rows by the sort metric, largest first; ties by key.
template <typename Key>
std::vector<std::pair<Key, Values>> sorted_rows(const std::map<Key, Values>& rows,
                                                const Metric& sort) {
    std::vector<std::pair<Key, Values>> out(rows.begin(), rows.end());
    std::stable_sort(out.begin(), out.end(), [&sort](const auto& a, const auto& b) {
        return sort.of(a.second) > sort.of(b.second);
    });
    return out;
}

} // namespace fireplane::analyzer
