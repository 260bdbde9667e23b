#include "core/config/units.h"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace fireplane::units {
namespace {

struct Unit {
    std::string_view name;
    uint64_t scale;
};

constexpr Unit kByteUnits[] = {
    {"B", 1},
    {"KiB", 1ull << 10},
    {"MiB", 1ull << 20},
    {"GiB", 1ull << 30},
    {"TiB", 1ull << 40},
    {"KB", 1000ull},
    {"MB", 1000000ull},
    {"GB", 1000000000ull},
    {"TB", 1000000000000ull},
};
constexpr Unit kHzUnits[] = {
    {"Hz", 1}, {"kHz", 1000ull}, {"MHz", 1000000ull}, {"GHz", 1000000000ull}};
constexpr Unit kTimeUnits[] = {
    {"ps", 1}, {"ns", 1000ull}, {"us", 1000000ull}, {"ms", 1000000000ull}, {"s", 1000000000000ull}};

// The binary units, largest first, for format_bytes.
constexpr Unit kBinaryByteUnits[] = {
    {"TiB", 1ull << 40}, {"GiB", 1ull << 30}, {"MiB", 1ull << 20}, {"KiB", 1ull << 10}};

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

[[noreturn]] void bad(const std::string& reason) {
    throw std::invalid_argument(reason);
}

template <size_t N> std::string unit_list(const Unit (&units)[N]) {
    std::string s;
    for (size_t i = 0; i < N; ++i)
        s += (i ? ", " : "") + std::string(units[i].name);
    return s;
}

// Digits in `digits` (a value in `base`, no prefix) as an unsigned number.
uint64_t parse_digits(std::string_view digits, int base) {
    if (digits.empty()) bad("expected an integer");
    uint64_t value = 0;
    for (char c : digits) {
        int d = is_digit(c)              ? c - '0'
                : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                         : base;
        if (d >= base)
            bad(base == 10   ? "expected an integer"
                : base == 16 ? "bad hexadecimal digit '" + std::string(1, c) + "'"
                             : "bad binary digit '" + std::string(1, c) + "'");
        if (__builtin_mul_overflow(value, uint64_t(base), &value) ||
            __builtin_add_overflow(value, uint64_t(d), &value))
            bad("out of range");
    }
    return value;
}

// `number` is "123" or "1.25"; returns number * scale, which must be whole
// (so "1.2GHz" works but "1.5B" does not). Exact: no floating point.
uint64_t scale_decimal(std::string_view number, uint64_t scale, const char* base_unit) {
    size_t dot = number.find('.');
    std::string_view whole = number.substr(0, dot);
    std::string_view frac = dot == number.npos ? std::string_view{} : number.substr(dot + 1);
    while (!frac.empty() && frac.back() == '0')
        frac.remove_suffix(1);
    uint64_t value = whole.empty() ? 0 : parse_digits(whole, 10);
    if (__builtin_mul_overflow(value, scale, &value)) bad("out of range");
    if (frac.empty()) return value;
    if (frac.size() > 18) bad("too many decimal places");
    uint64_t frac_digits = parse_digits(frac, 10);
    unsigned __int128 denominator = 1;
    for (size_t i = 0; i < frac.size(); ++i)
        denominator *= 10;
    unsigned __int128 product = (unsigned __int128)frac_digits * scale;
    if (product % denominator != 0) bad(std::string("not a whole number of ") + base_unit);
    if (__builtin_add_overflow(value, uint64_t(product / denominator), &value)) bad("out of range");
    return value;
}

// Parses "<decimal number>[ ]<unit>" against a unit table. A bare number is
// allowed when `bare_scale` is non-zero, and a bare 0 always is.
template <size_t N>
uint64_t parse_with_unit(std::string_view text, const Unit (&units)[N], uint64_t bare_scale,
                         const char* base_unit) {
    if (text.empty()) bad("empty value");
    if (text.front() == '-') bad("must not be negative");
    size_t end = 0;
    while (end < text.size() && (is_digit(text[end]) || text[end] == '.'))
        ++end;
    std::string_view number = text.substr(0, end);
    if (number.empty() || number.find_first_of("0123456789") == number.npos)
        bad("expected a number followed by a unit (" + unit_list(units) + ")");
    if (number.find('.') != number.rfind('.'))
        bad("malformed number '" + std::string(number) + "'");
    std::string_view unit = text.substr(end);
    if (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
    if (unit.empty()) {
        if (bare_scale) return scale_decimal(number, bare_scale, base_unit);
        if (number.find_first_not_of("0.") == number.npos) return 0;
        bad("missing unit (expected " + unit_list(units) + ")");
    }
    for (const Unit& u : units)
        if (u.name == unit) return scale_decimal(number, u.scale, base_unit);
    bad("unknown unit '" + std::string(unit) + "' (expected " + unit_list(units) + ")");
}

bool has_prefix(std::string_view text, char lower) {
    return text.size() > 2 && text[0] == '0' && (text[1] == lower || text[1] == lower - 32);
}

} // namespace

// `value` in the largest of `units` (smallest first) that divides it exactly.
template <size_t N> std::string format_exact(uint64_t value, const Unit (&units)[N]) {
    for (size_t i = N; i-- > 1;)
        if (value >= units[i].scale && value % units[i].scale == 0)
            return std::to_string(value / units[i].scale) + std::string(units[i].name);
    return std::to_string(value) + std::string(units[0].name);
}

std::string format_bytes(uint64_t bytes) {
    for (const Unit& u : kBinaryByteUnits)
        if (bytes >= u.scale && bytes % u.scale == 0)
            return std::to_string(bytes / u.scale) + std::string(u.name);
    return std::to_string(bytes) + "B";
}

std::string format_hz(uint64_t hz) {
    return format_exact(hz, kHzUnits);
}

std::string format_time_ps(uint64_t ps) {
    return ps == 0 ? "0ns" : format_exact(ps, kTimeUnits);
}

std::string format_address(uint64_t address) {
    if (address == 0) return "0";
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(address));
    return text;
}

uint64_t parse_bytes(std::string_view text) {
    if (has_prefix(text, 'x')) return parse_digits(text.substr(2), 16);
    return parse_with_unit(text, kByteUnits, 1, "bytes");
}

uint64_t parse_hz(std::string_view text) {
    return parse_with_unit(text, kHzUnits, 0, "Hz");
}

uint64_t parse_time_ps(std::string_view text) {
    return parse_with_unit(text, kTimeUnits, 0, "picoseconds");
}

int64_t parse_int(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    uint64_t magnitude = has_prefix(text, 'x')   ? parse_digits(text.substr(2), 16)
                         : has_prefix(text, 'b') ? parse_digits(text.substr(2), 2)
                                                 : parse_digits(text, 10);
    const uint64_t limit = uint64_t(INT64_MAX) + (negative ? 1 : 0);
    if (magnitude > limit) bad("out of range");
    return negative ? int64_t(0 - magnitude) : int64_t(magnitude);
}

bool parse_bool(std::string_view text) {
    std::string lower(text);
    for (char& c : lower)
        c = char(c >= 'A' && c <= 'Z' ? c + 32 : c);
    if (lower == "true" || lower == "yes" || lower == "on" || lower == "1") return true;
    if (lower == "false" || lower == "no" || lower == "off" || lower == "0") return false;
    bad("expected true/false, yes/no, on/off or 1/0");
}

} // namespace fireplane::units
