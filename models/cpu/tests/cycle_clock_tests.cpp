// CycleClock (models/common/cycle_time.h): every conversion equals
// cycle_time's, whether the cycles step forward a little (its table), jump
// far ahead, or go back.
#include "models/common/cycle_time.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using fireplane::cycle_time;
using fireplane::CycleClock;

TEST_CASE("a cycle clock converts as cycle_time does, stepping, jumping and going back") {
    const sc_core::sc_time period(1.0 / 1.2e9, sc_core::SC_SEC); // not a whole number of ps
    REQUIRE(period.value() > 1);
    CycleClock clock(period);
    const std::vector<uint64_t> cycles = {0,
                                          0,
                                          1,
                                          5,
                                          68,
                                          68 + 63,
                                          68 + 64,
                                          70,
                                          3,
                                          100000,
                                          100001,
                                          100040,
                                          99999,
                                          0,
                                          63,
                                          126,
                                          uint64_t(1) << 40,
                                          (uint64_t(1) << 40) + 7};
    for (uint64_t c : cycles) {
        INFO("cycle " << c);
        CHECK(clock.at(c) == cycle_time(c, period));
    }
}
