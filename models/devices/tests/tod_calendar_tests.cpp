// The time-of-day calendar: Unix seconds to the chip's counters, counting
// forward across months, leap years and centuries, and the epoch's text.
#include "models/devices/tod_calendar.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace fireplane;

namespace {
TodTime make(unsigned year, bool century, unsigned month, unsigned date, unsigned day,
             unsigned hours, unsigned minutes, unsigned seconds) {
    TodTime t;
    t.year = year;
    t.century = century;
    t.month = month;
    t.date = date;
    t.day = day;
    t.hours = hours;
    t.minutes = minutes;
    t.seconds = seconds;
    return t;
}
} // namespace

TEST_CASE("tod: Unix seconds become the chip's counters, 1 = Sunday, CB set in 19xx",
          "[tod_calendar]") {
    CHECK(tod_from_unix(0) == make(70, true, 1, 1, 5, 0, 0, 0));           // a Thursday
    CHECK(tod_from_unix(1767225600) == make(26, false, 1, 1, 5, 0, 0, 0)); // 2026-01-01
    CHECK(tod_from_unix(951825600) == make(0, false, 2, 29, 3, 12, 0, 0)); // 2000-02-29
    CHECK(tod_from_unix(kTodLastSecond) == make(99, false, 12, 31, 5, 23, 59, 59));
    CHECK_THROWS_AS(tod_from_unix(-1), std::out_of_range);
    CHECK_THROWS_AS(tod_from_unix(kTodLastSecond + 1), std::out_of_range);
}

TEST_CASE("tod: counting forward carries into days, months, leap days and years",
          "[tod_calendar]") {
    TodTime t = tod_from_unix(1709164799); // 2024-02-28T23:59:59, a Wednesday
    tod_advance(t, 1, false);
    CHECK(t == make(24, false, 2, 29, 5, 0, 0, 0));
    tod_advance(t, 86400, false);
    CHECK(t == make(24, false, 3, 1, 6, 0, 0, 0));
    TodTime u = make(25, false, 2, 28, 6, 23, 59, 59);
    tod_advance(u, 1, false);
    CHECK(u == make(25, false, 3, 1, 7, 0, 0, 0));
    tod_advance(u, 86400, false); // the day of the week is a ring: 7 -> 1
    CHECK(u.day == 1);
}

TEST_CASE("tod: the century bit toggles at 99 -> 00 only with CEB", "[tod_calendar]") {
    TodTime t = make(99, true, 12, 31, 6, 23, 59, 59);
    TodTime u = t;
    tod_advance(t, 1, true);
    CHECK(t == make(0, false, 1, 1, 7, 0, 0, 0));
    tod_advance(u, 1, false);
    CHECK(u == make(0, true, 1, 1, 7, 0, 0, 0));
}

TEST_CASE("tod: counting agrees with converting, over long and short steps", "[tod_calendar]") {
    const int64_t steps[] = {1, 59, 61, 3599, 86399, 86401, 2592000, 31536000, 123456789};
    for (int64_t start : {int64_t(0), int64_t(946684799), int64_t(1767225600)})
        for (int64_t step : steps) {
            if (start + step > kTodLastSecond) continue;
            TodTime t = tod_from_unix(start);
            tod_advance(t, uint64_t(step), true);
            INFO("start " << start << " step " << step);
            CHECK(t == tod_from_unix(start + step));
        }
}

TEST_CASE("tod: values written out of range count on without harm", "[tod_calendar]") {
    TodTime t = make(26, false, 14, 40, 0, 45, 75, 99);
    tod_advance(t, 3600, false);
    CHECK(t.hours < 24);
    CHECK(t.minutes < 60);
    CHECK(t.seconds < 60);
    CHECK(t.month >= 1);
    CHECK(t.month <= 12);
    CHECK(tod_days_in_month(0, 26) == 31);
    CHECK(tod_days_in_month(2, 0) == 29); // 2000
    CHECK(tod_days_in_month(2, 26) == 28);
}

TEST_CASE("tod: epochs are dates, dates and times, or Unix seconds", "[tod_calendar]") {
    CHECK(parse_epoch("2026-01-01") == 1767225600);
    CHECK(parse_epoch("2026-01-01T00:00:00") == 1767225600);
    CHECK(parse_epoch("2026-01-01T00:00:00Z") == 1767225600);
    CHECK(parse_epoch("1767225600") == 1767225600);
    CHECK(parse_epoch("2000-02-29T12:00:00") == 951825600);
    CHECK(parse_epoch("0") == 0);
    CHECK(parse_epoch("2099-12-31T23:59:59") == kTodLastSecond);
    for (const char* bad :
         {"", "2026-02-29", "2026-13-01", "1969-12-31", "2100-01-01", "2026-1-1", "yesterday",
          "2026-01-01T24:00:00", "2026-01-01T12:00", "2026-01-01 12:00:00", "4102444800",
          "99999999999999", "-5", "2026-01-01T00:00:00+01"}) {
        INFO("epoch '" << bad << "'");
        CHECK_THROWS_AS(parse_epoch(bad), std::invalid_argument);
    }
    CHECK_THROWS_WITH(parse_epoch("2026-02-30"), Catch::Contains("2026-02-30"));
}
