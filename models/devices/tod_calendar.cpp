#include "tod_calendar.h"

#include <cstdio>
#include <stdexcept>

namespace fireplane {

namespace {
constexpr unsigned kDaysInMonth[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
constexpr int64_t kSecondsPerDay = 86400;
constexpr unsigned kThursday = 5; // 1970-01-01, with 1 = Sunday

bool leap(unsigned full_year) {
    return full_year % 4 == 0; // 1970..2099: 2000 is a leap year, 2100 out of range
}

// The day after `t`: the ring counter, the date, and the months and years it carries into.
void next_day(TodTime& t, bool century_enable) {
    t.day = t.day % 7 + 1;
    if (++t.date <= tod_days_in_month(t.month, t.year)) return;
    t.date = 1;
    if (++t.month <= 12) return;
    t.month = 1;
    if (++t.year <= 99) return;
    t.year = 0;
    if (century_enable) t.century = !t.century;
}
} // namespace

bool TodTime::operator==(const TodTime& o) const {
    return year == o.year && century == o.century && month == o.month && date == o.date &&
           day == o.day && hours == o.hours && minutes == o.minutes && seconds == o.seconds;
}

unsigned tod_days_in_month(unsigned month, unsigned year) {
    if (month < 1 || month > 12) return 31;
    return month == 2 && leap(year) ? 29 : kDaysInMonth[month - 1];
}

TodTime tod_from_unix(int64_t seconds) {
    if (seconds < kTodFirstSecond || seconds > kTodLastSecond)
        throw std::out_of_range("time " + std::to_string(seconds) +
                                " is outside 1970-01-01 to 2099-12-31");
    int64_t days = seconds / kSecondsPerDay;
    const int64_t rest = seconds % kSecondsPerDay;
    TodTime t;
    t.hours = unsigned(rest / 3600);
    t.minutes = unsigned(rest / 60 % 60);
    t.seconds = unsigned(rest % 60);
    t.day = unsigned((kThursday - 1 + days) % 7) + 1;
    unsigned year = 1970;
    for (;; ++year) {
        const int64_t in_year = leap(year) ? 366 : 365;
        if (days < in_year) break;
        days -= in_year;
    }
    unsigned month = 1;
    for (;; ++month) {
        const unsigned in_month = tod_days_in_month(month, year);
        if (days < in_month) break;
        days -= in_month;
    }
    t.year = year % 100;
    t.century = (year / 100) % 2 == 1;
    t.month = month;
    t.date = unsigned(days) + 1;
    return t;
}

void tod_advance(TodTime& t, uint64_t seconds, bool century_enable) {
    const uint64_t total =
        uint64_t(t.hours) * 3600 + uint64_t(t.minutes) * 60 + t.seconds + seconds;
    const uint64_t rest = total % kSecondsPerDay;
    t.hours = unsigned(rest / 3600);
    t.minutes = unsigned(rest / 60 % 60);
    t.seconds = unsigned(rest % 60);
    for (uint64_t d = total / kSecondsPerDay; d > 0; --d)
        next_day(t, century_enable);
}

int64_t parse_epoch(const std::string& text) {
    const auto bad = [&](const std::string& why) {
        return std::invalid_argument("bad epoch '" + text + "': " + why);
    };
    if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
        if (text.size() > 12)
            throw bad("expected Unix seconds from 0 to " + std::to_string(kTodLastSecond));
        const int64_t s = std::stoll(text);
        if (s > kTodLastSecond) throw bad("after 2099-12-31T23:59:59");
        return s;
    }
    unsigned y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    int used = 0;
    const char* p = text.c_str();
    if (std::sscanf(p, "%4u-%2u-%2u%n", &y, &mo, &d, &used) != 3 || used != 10)
        throw bad("expected Unix seconds, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS");
    std::string rest = text.substr(10);
    if (!rest.empty()) {
        int more = 0;
        if (std::sscanf(rest.c_str(), "T%2u:%2u:%2u%n", &h, &mi, &s, &more) != 3 || more != 9 ||
            (rest.size() != 9 && rest.substr(9) != "Z"))
            throw bad("expected Unix seconds, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS");
    }
    if (y < 1970 || y > 2099) throw bad("the year must be from 1970 to 2099");
    if (mo < 1 || mo > 12) throw bad("no month " + std::to_string(mo));
    if (d < 1 || d > tod_days_in_month(mo, y)) throw bad("no such day in that month");
    if (h > 23 || mi > 59 || s > 59) throw bad("no such time of day");
    int64_t days = 0;
    for (unsigned year = 1970; year < y; ++year)
        days += leap(year) ? 366 : 365;
    for (unsigned month = 1; month < mo; ++month)
        days += tod_days_in_month(month, y);
    days += d - 1;
    return days * kSecondsPerDay + h * 3600 + mi * 60 + s;
}

} // namespace fireplane
