#pragma once
// Simulated time in whole nanoseconds, the unit of every guest clock, and back.
#include <systemc>

#include <cstdint>

namespace fireplane::linux_user {

inline sc_core::sc_time ns_time(uint64_t ns) {
    return sc_core::sc_time::from_value(ns * sc_core::sc_time(1, sc_core::SC_NS).value());
}

inline uint64_t time_ns(const sc_core::sc_time& t) {
    return t.value() / sc_core::sc_time(1, sc_core::SC_NS).value();
}

} // namespace fireplane::linux_user
