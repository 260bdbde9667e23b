#pragma once
// A configuration that cannot work: the parameter to blame, as the model's
// parameter table names it ("ecache.size"), and why.
#include <cstdint>
#include <optional>
#include <string>

namespace fireplane {

struct ConfigProblem {
    std::string param;
    std::string message;
};

// A window [base, base + size) that runs past the top of the address space,
// blamed on `param`.
inline std::optional<ConfigProblem> range_wraps(uint64_t base, uint64_t size,
                                                const char* param = "size") {
    if (size != 0 && base + (size - 1) < base)
        return ConfigProblem{param, "base + size wraps around"};
    return std::nullopt;
}

} // namespace fireplane
