#pragma once
// The calendar of a time-of-day clock chip such as the M48T59: two-digit
// years with a leap year every fourth (right from 1901 to 2099), a
// day-of-week ring counter 1..7 the chip does not tie to the date, and a
// century bit. Also the conversions a machine file's epoch needs.
#include <cstdint>
#include <string>

namespace fireplane {

struct TodTime {
    unsigned year = 0;    // 0..99
    bool century = false; // the century bit (CB)
    unsigned month = 1;   // 1..12
    unsigned date = 1;    // 1..31
    unsigned day = 1;     // day of the week, 1..7 (here 1 = Sunday)
    unsigned hours = 0;   // 0..23
    unsigned minutes = 0; // 0..59
    unsigned seconds = 0; // 0..59
    bool operator==(const TodTime& o) const;
    template <typename Io> void checkpoint(Io& io) {
        io(year, century, month, date, day, hours, minutes, seconds);
    }
};

// Unix seconds of the first and last second a TodTime can start from.
constexpr int64_t kTodFirstSecond = 0;         // 1970-01-01T00:00:00
constexpr int64_t kTodLastSecond = 4102444799; // 2099-12-31T23:59:59

// `seconds` (kTodFirstSecond..kTodLastSecond) as the chip shows it; the
// century bit is set in odd centuries (19xx). Throws std::out_of_range.
TodTime tod_from_unix(int64_t seconds);

// Counts `seconds` forward as the chip does; at 99 -> 00 the century bit
// toggles when `century_enable` (CEB) is set. Values software wrote out of
// range (minute 75, month 14) carry on as sanely as they can.
void tod_advance(TodTime& t, uint64_t seconds, bool century_enable);

unsigned tod_days_in_month(unsigned month, unsigned year); // 31 for a month out of range

// A machine file's epoch: Unix seconds ("1767225600"), a date ("2026-01-01")
// or a date and time ("2026-01-01T12:30:00", an optional trailing "Z"), UTC,
// from 1970 to 2099. Throws std::invalid_argument saying what is wrong.
int64_t parse_epoch(const std::string& text);

inline uint8_t to_bcd(unsigned v) {
    return uint8_t((v / 10 % 10) << 4 | v % 10);
}
inline unsigned from_bcd(uint8_t b) {
    return (b >> 4) * 10 + (b & 0x0f);
}

} // namespace fireplane
