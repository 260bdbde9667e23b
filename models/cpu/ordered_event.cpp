// sc_spawn
#define SC_INCLUDE_DYNAMIC_PROCESSES
#include "ordered_event.h"

#include "models/common/cycle_time.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace fireplane::sparc {

// The one queue of a simulation, and the method that delivers it.
class WakeQueue {
public:
    static WakeQueue& of_simulation() {
        // Made once and never destroyed: sc_event's destructor needs the kernel,
        // which static destruction may already have taken down.
        static WakeQueue* queue = nullptr;
        static sc_core::sc_simcontext* made_in = nullptr;
        if (!queue || made_in != sc_core::sc_get_curr_simcontext()) {
            queue = new WakeQueue;
            made_in = sc_core::sc_get_curr_simcontext();
        }
        return *queue;
    }

    uint64_t next_order(unsigned rank) { return (uint64_t(rank) << 32) | made_++; }

    void add(OrderedEvent& e, uint64_t at) {
        if (e.due_ <= at) return;
        if (e.due_ != OrderedEvent::kNone) erase({e.due_, e.order_, &e});
        e.due_ = at;
        const Entry entry{at, e.order_, &e};
        due_.insert(std::upper_bound(due_.begin(), due_.end(), entry), entry);
        arm();
    }

    void remove(OrderedEvent& e) {
        if (e.due_ == OrderedEvent::kNone) return;
        erase({e.due_, e.order_, &e});
        e.due_ = OrderedEvent::kNone;
        arm();
    }

private:
    struct Entry {
        uint64_t at, order;
        OrderedEvent* event;
        bool operator<(const Entry& o) const {
            return std::tie(at, order) < std::tie(o.at, o.order);
        }
    };

    WakeQueue() {
        sc_core::sc_spawn_options options;
        options.spawn_method();
        options.set_sensitivity(&timer_);
        options.dont_initialize();
        sc_core::sc_spawn([this] { deliver(); }, "ordered_wakeups", &options);
    }

    // An event has one entry at most, and no two share an order.
    void erase(const Entry& entry) {
        const auto it = std::lower_bound(due_.begin(), due_.end(), entry);
        sc_assert(it != due_.end() && it->event == entry.event);
        due_.erase(it);
    }

    void deliver() {
        const uint64_t now = sim_now().value();
        armed_ = OrderedEvent::kNone;
        while (!due_.empty() && due_.begin()->at <= now) {
            OrderedEvent& e = *due_.begin()->event;
            due_.erase(due_.begin());
            e.due_ = OrderedEvent::kNone;
            e.event_.notify(); // immediate: runnable now, in this order
        }
        arm();
    }

    // The kernel's one event stays at the first due time exactly: the CPUs'
    // horizons read it (sc_time_to_pending_activity).
    void arm() {
        const uint64_t first = due_.empty() ? OrderedEvent::kNone : due_.begin()->at;
        if (first == armed_) return;
        timer_.cancel();
        armed_ = first;
        if (first == OrderedEvent::kNone) return;
        const uint64_t now = sim_now().value();
        timer_.notify(sc_core::sc_time::from_value(first > now ? first - now : 0));
    }

    sc_core::sc_event timer_;
    // Sorted by (at, order): a few per CPU, so a vector, which allocates
    // nothing per notification, beats a tree.
    std::vector<Entry> due_;
    uint64_t armed_ = OrderedEvent::kNone;
    uint32_t made_ = 0;
};

OrderedEvent::OrderedEvent(unsigned rank)
    : queue_(WakeQueue::of_simulation()), order_(queue_.next_order(rank)) {}

OrderedEvent::~OrderedEvent() {
    cancel();
}

void OrderedEvent::notify(const sc_core::sc_time& delay) {
    queue_.add(*this, (sim_now() + delay).value());
}

void OrderedEvent::cancel() {
    queue_.remove(*this);
}

} // namespace fireplane::sparc
