// The run-ahead policy (run_ahead.h): a quantum while anything is due within
// one, SystemC's next activity beyond that, never more than the lookahead.
#include "models/cpu/run_ahead.h"

#include <catch2/catch.hpp>

using fireplane::sparc::RunAhead;
using sc_core::SC_MS;
using sc_core::SC_NS;
using sc_core::sc_time;
using sc_core::SC_US;

TEST_CASE("a CPU runs a quantum ahead while other activity is due within one") {
    const RunAhead policy{sc_time(1, SC_US), sc_time(1, SC_MS)};
    CHECK(policy.horizon(sc_core::SC_ZERO_TIME) == sc_time(1, SC_US)); // another CPU runs now
    CHECK(policy.horizon(sc_time(300, SC_NS)) == sc_time(1, SC_US));
    CHECK(policy.horizon(sc_time(1, SC_US)) == sc_time(1, SC_US));
}

TEST_CASE("a CPU runs on to the next pending activity, up to the lookahead") {
    const RunAhead policy{sc_time(1, SC_US), sc_time(1, SC_MS)};
    CHECK(policy.horizon(sc_time(40, SC_US)) == sc_time(40, SC_US)); // a timer in 40 us
    CHECK(policy.horizon(sc_time(5, SC_MS)) == sc_time(1, SC_MS));
    CHECK(policy.horizon(sc_core::sc_max_time()) == sc_time(1, SC_MS)); // nothing pending
}

TEST_CASE("a lookahead shorter than the quantum leaves the quantum") {
    const RunAhead policy{sc_time(10, SC_US), sc_time(1, SC_US)};
    CHECK(policy.horizon(sc_core::sc_max_time()) == sc_time(10, SC_US));
    CHECK(policy.horizon(sc_time(50, SC_US)) == sc_time(10, SC_US));
}
