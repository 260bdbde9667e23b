#pragma once
// Values with units, as written in YAML: "8MiB", "900MHz", "10ns".
// Each parser throws std::invalid_argument with a short reason on bad input;
// the config loader turns that into a ConfigError with the value's location.
#include <cstdint>
#include <string>
#include <string_view>

namespace fireplane::units {

// Bytes: plain integers (decimal or 0x hex) or with B, KiB, MiB, GiB, TiB, KB, MB, GB
// (KB = 1000). "8MiB" -> 8388608.
uint64_t parse_bytes(std::string_view text);
// The inverse, as a person would write it: the largest binary unit that
// divides the value exactly. 8388608 -> "8MiB", 64 -> "64B".
std::string format_bytes(uint64_t bytes);
// Frequency in Hz: Hz, kHz, MHz, GHz. "900MHz" -> 900000000.
uint64_t parse_hz(std::string_view text);
// The inverse, with the largest unit that divides it: 150000000 -> "150MHz".
std::string format_hz(uint64_t hz);
// Time in picoseconds: ps, ns, us, ms, s. "10ns" -> 10000.
uint64_t parse_time_ps(std::string_view text);
// The inverse, with the largest unit that divides it: 300000 -> "300ns"; 0 -> "0ns".
std::string format_time_ps(uint64_t ps);
// An address as machine files write it: "0", else hex ("0x1fff0000000").
std::string format_address(uint64_t address);
// Integers: decimal, 0x hex, 0b binary, optional sign.
int64_t parse_int(std::string_view text);
// true/false/yes/no/on/off/1/0.
bool parse_bool(std::string_view text);

} // namespace fireplane::units
