#pragma once
// A checkpoint that cannot be written or restored: a missing or corrupt
// section, a machine it does not fit, a file from a newer format. what() is
// one line that names the checkpoint and the reason; the CLI prints it and
// exits with code 2, as for a bad machine file.
#include <stdexcept>
#include <string>

namespace fireplane {

class CheckpointError : public std::runtime_error {
public:
    explicit CheckpointError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace fireplane
