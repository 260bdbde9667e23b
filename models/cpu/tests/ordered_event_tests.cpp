// OrderedEvent: notifications due at one instant reach their processes in
// rank order, whatever order they were made in; an earlier pending
// notification wins, as with sc_event; cancel() withdraws one; a zero delay
// is the next delta cycle.
// sc_spawn
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "models/cpu/ordered_event.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

using fireplane::sparc::OrderedEvent;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

// One thread per event: it records (its rank, the time) each time its event fires.
struct Waiters : sc_core::sc_module {
    std::vector<std::unique_ptr<OrderedEvent>> events;
    std::vector<std::pair<unsigned, sc_time>> woken;

    Waiters(sc_core::sc_module_name name, const std::vector<unsigned>& ranks) : sc_module(name) {
        for (unsigned rank : ranks) {
            events.push_back(std::make_unique<OrderedEvent>(rank));
            sc_core::sc_spawn_options options;
            OrderedEvent& e = *events.back();
            sc_core::sc_spawn(
                [this, &e, rank] {
                    for (;;) {
                        sc_core::wait(e.event());
                        woken.emplace_back(rank, sc_core::sc_time_stamp());
                    }
                },
                ("waiter" + std::to_string(rank)).c_str(), &options);
        }
    }
};

} // namespace

TEST_CASE("ordered events due at one instant fire in rank order", "[ordered_event]") {
    // Made in an order unlike their ranks, and notified in yet another.
    Waiters w("waiters", {5, 2, 9, 0, 7});
    auto& e = w.events;
    sc_core::sc_start(sc_time(1, SC_NS));
    for (size_t i : {2, 0, 4, 1, 3})
        e[i]->notify(sc_time(10, SC_NS));
    e[1]->notify(sc_time(20, SC_NS)); // later than pending: ignored
    e[3]->notify(sc_time(4, SC_NS));  // earlier: wins
    e[4]->cancel();
    CHECK(e[3]->pending());
    CHECK_FALSE(e[4]->pending());
    sc_core::sc_start(sc_time(30, SC_NS));
    const std::vector<std::pair<unsigned, sc_time>> want = {{0, sc_time(5, SC_NS)},
                                                            {2, sc_time(11, SC_NS)},
                                                            {5, sc_time(11, SC_NS)},
                                                            {9, sc_time(11, SC_NS)}};
    CHECK(w.woken == want);
    CHECK_FALSE(e[0]->pending());

    // A zero delay: the next delta cycle, at the same time, again in rank order.
    w.woken.clear();
    for (size_t i : {0, 1, 3})
        e[i]->notify(sc_core::SC_ZERO_TIME);
    sc_core::sc_start(sc_time(1, SC_NS));
    const std::vector<std::pair<unsigned, sc_time>> zero = {
        {0, sc_time(31, SC_NS)}, {2, sc_time(31, SC_NS)}, {5, sc_time(31, SC_NS)}};
    CHECK(w.woken == zero);
}
