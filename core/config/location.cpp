#include "core/config/location.h"

namespace fireplane {

std::string Location::str() const {
    if (line <= 0) return file;
    std::string s = file + ":" + std::to_string(line);
    if (column > 0) s += ":" + std::to_string(column);
    return s;
}

ConfigError::ConfigError(Location where, const std::string& message)
    : std::runtime_error(where.str() + ": error: " + message), where_(std::move(where)),
      message_(message) {}

} // namespace fireplane
