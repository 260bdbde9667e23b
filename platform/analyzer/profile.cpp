#include "profile.h"

namespace fireplane::analyzer {

Values total_values(const Experiment& x) {
    Values t(x.counters.size());
    for (const auto& p : x.packets) {
        t.excl[p.counter] += x.counters[p.counter].overflow;
        t.incl[p.counter] += x.counters[p.counter].overflow;
    }
    return t;
}

} // namespace fireplane::analyzer
