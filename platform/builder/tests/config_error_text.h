#pragma once
// The message of the ConfigError building a session throws, or "no error".
#include "core/config/location.h"
#include "platform/session/session.h"

#include <string>

namespace fireplane::test {

inline std::string error_of(const SessionOptions& o) {
    try {
        Session s(o);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace fireplane::test
