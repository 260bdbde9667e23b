#include "core/config/units.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace fireplane::units;

TEST_CASE("parse_bytes accepts plain numbers and every unit", "[units]") {
    CHECK(parse_bytes("0") == 0);
    CHECK(parse_bytes("4096") == 4096);
    CHECK(parse_bytes("0x1000") == 4096);
    CHECK(parse_bytes("0X1f") == 31);
    CHECK(parse_bytes("1B") == 1);
    CHECK(parse_bytes("2KiB") == 2048);
    CHECK(parse_bytes("8MiB") == 8388608);
    CHECK(parse_bytes("1GiB") == 1073741824ull);
    CHECK(parse_bytes("1TiB") == 1099511627776ull);
    CHECK(parse_bytes("1KB") == 1000);
    CHECK(parse_bytes("3MB") == 3000000);
    CHECK(parse_bytes("2GB") == 2000000000ull);
    CHECK(parse_bytes("1TB") == 1000000000000ull);
    CHECK(parse_bytes("1.5KiB") == 1536);
    CHECK(parse_bytes("8 MiB") == 8388608);
}

TEST_CASE("parse_bytes rejects bad input with a reason", "[units]") {
    CHECK_THROWS_WITH(parse_bytes(""), "empty value");
    CHECK_THROWS_WITH(parse_bytes("8Mb"),
                      "unknown unit 'Mb' (expected B, KiB, MiB, GiB, TiB, KB, MB, GB, TB)");
    CHECK_THROWS_WITH(parse_bytes("1.5B"), "not a whole number of bytes");
    CHECK_THROWS_WITH(parse_bytes("-1KiB"), "must not be negative");
    CHECK_THROWS_WITH(parse_bytes("MiB"), "expected a number followed by a unit (B, KiB, MiB, "
                                          "GiB, TiB, KB, MB, GB, TB)");
    CHECK_THROWS_WITH(parse_bytes("0xfg"), "bad hexadecimal digit 'g'");
    CHECK_THROWS_WITH(parse_bytes("1.2.3KiB"), "malformed number '1.2.3'");
    CHECK_THROWS_WITH(parse_bytes("20000000TiB"), "out of range");
    CHECK_THROWS_AS(parse_bytes("0x1KiB"), std::invalid_argument);
}

TEST_CASE("parse_hz accepts every unit, including fractions", "[units]") {
    CHECK(parse_hz("50Hz") == 50);
    CHECK(parse_hz("100kHz") == 100000);
    CHECK(parse_hz("900MHz") == 900000000ull);
    CHECK(parse_hz("1.2GHz") == 1200000000ull);
    CHECK(parse_hz("0") == 0);
}

TEST_CASE("parse_hz rejects missing and wrong units", "[units]") {
    CHECK_THROWS_WITH(parse_hz("900"), "missing unit (expected Hz, kHz, MHz, GHz)");
    CHECK_THROWS_WITH(parse_hz("900mhz"), "unknown unit 'mhz' (expected Hz, kHz, MHz, GHz)");
    CHECK_THROWS_WITH(parse_hz("0.5Hz"), "not a whole number of Hz");
    CHECK_THROWS_WITH(parse_hz("fast"), "expected a number followed by a unit (Hz, kHz, MHz, GHz)");
}

TEST_CASE("parse_time_ps accepts every unit", "[units]") {
    CHECK(parse_time_ps("1ps") == 1);
    CHECK(parse_time_ps("10ns") == 10000);
    CHECK(parse_time_ps("1.5ns") == 1500);
    CHECK(parse_time_ps("2us") == 2000000ull);
    CHECK(parse_time_ps("1ms") == 1000000000ull);
    CHECK(parse_time_ps("1s") == 1000000000000ull);
    CHECK(parse_time_ps("0") == 0);
}

TEST_CASE("parse_time_ps rejects missing and wrong units", "[units]") {
    CHECK_THROWS_WITH(parse_time_ps("10"), "missing unit (expected ps, ns, us, ms, s)");
    CHECK_THROWS_WITH(parse_time_ps("10sec"), "unknown unit 'sec' (expected ps, ns, us, ms, s)");
    CHECK_THROWS_WITH(parse_time_ps("0.1ps"), "not a whole number of picoseconds");
}

TEST_CASE("parse_int accepts decimal, hex, binary and a sign", "[units]") {
    CHECK(parse_int("42") == 42);
    CHECK(parse_int("-42") == -42);
    CHECK(parse_int("+7") == 7);
    CHECK(parse_int("0x10") == 16);
    CHECK(parse_int("-0x10") == -16);
    CHECK(parse_int("0b101") == 5);
    CHECK(parse_int("9223372036854775807") == INT64_MAX);
    CHECK(parse_int("-9223372036854775808") == INT64_MIN);
}

TEST_CASE("parse_int rejects non-integers and overflow", "[units]") {
    CHECK_THROWS_WITH(parse_int(""), "expected an integer");
    CHECK_THROWS_WITH(parse_int("12abc"), "expected an integer");
    CHECK_THROWS_WITH(parse_int("1KiB"), "expected an integer");
    CHECK_THROWS_WITH(parse_int("0b102"), "bad binary digit '2'");
    CHECK_THROWS_WITH(parse_int("9223372036854775808"), "out of range");
    CHECK_THROWS_WITH(parse_int("99999999999999999999"), "out of range");
}

TEST_CASE("parse_bool accepts the usual spellings in any case", "[units]") {
    for (const char* yes : {"true", "yes", "on", "1", "True", "YES"})
        CHECK(parse_bool(yes));
    for (const char* no : {"false", "no", "off", "0", "OFF"})
        CHECK_FALSE(parse_bool(no));
    CHECK_THROWS_WITH(parse_bool("maybe"), "expected true/false, yes/no, on/off or 1/0");
}

TEST_CASE("format_bytes writes the largest exact binary unit and parses back", "[units]") {
    CHECK(format_bytes(8388608) == "8MiB");
    CHECK(format_bytes(32768) == "32KiB");
    CHECK(format_bytes(3 * 1024 + 512) == "3584B");
    CHECK(format_bytes(0) == "0B");
    CHECK(format_bytes(uint64_t(12) << 30) == "12GiB");
    for (uint64_t v : {uint64_t(1), uint64_t(1000), uint64_t(65536), uint64_t(3) << 40})
        CHECK(parse_bytes(format_bytes(v)) == v);
}
