#pragma once
// JSON text for the files the simulator writes (statistics, experiments).
#include <string>

namespace fireplane {

// `s` as a JSON string literal, quotes included.
std::string json_string(const std::string& s);

} // namespace fireplane
