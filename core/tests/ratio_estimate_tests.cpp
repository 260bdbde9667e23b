#include "core/stats/ratio_estimate.h"

#include <catch2/catch.hpp>

#include <cmath>

using fireplane::RatioEstimate;

TEST_CASE("a ratio estimate is the ratio of the sums", "[stats][sampling]") {
    RatioEstimate e;
    CHECK(std::isnan(e.value()));
    e.add(3, 2);
    e.add(5, 2);
    CHECK(e.value() == Approx(2.0));
    e.add(0, 4);
    CHECK(e.value() == Approx(1.0));
}

TEST_CASE("with equal denominators the error is the mean's", "[stats][sampling]") {
    RatioEstimate e;
    for (double cpi : {1.0, 2.0, 3.0, 4.0})
        e.add(cpi * 1000, 1000); // four units of 1000 instructions
    CHECK(e.value() == Approx(2.5));
    // sample standard deviation sqrt(5/3), over sqrt(4)
    CHECK(e.standard_error() == Approx(std::sqrt(5.0 / 3.0) / 2.0));
    CHECK(e.half_width() == Approx(3 * std::sqrt(5.0 / 3.0) / 2.0));
    CHECK(e.half_width(2) == Approx(std::sqrt(5.0 / 3.0)));
}

TEST_CASE("units proportional to the ratio have no error", "[stats][sampling]") {
    RatioEstimate e;
    e.add(10, 100);
    e.add(30, 300);
    e.add(5, 50);
    CHECK(e.value() == Approx(0.1));
    CHECK(e.standard_error() == Approx(0.0).margin(1e-15));
}

TEST_CASE("one unit has no error estimate", "[stats][sampling]") {
    RatioEstimate e;
    e.add(1, 1);
    CHECK(std::isnan(e.standard_error()));
}
