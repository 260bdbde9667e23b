#pragma once
// Where a value came from in a YAML file (or the command line), so that every
// configuration error can name file:line:column.
#include <stdexcept>
#include <string>

namespace fireplane {

struct Location {
    std::string file;        // "<command line>" for --set overrides
    int line = 0;            // 1-based; 0 when unknown
    int column = 0;          // 1-based; 0 when unknown
    std::string str() const; // "file:line:column"
};

// Thrown for every user-facing configuration problem. what() is the full
// one-line message "file:line:column: error: <message>". The CLI prints it
// and exits with code 2.
class ConfigError : public std::runtime_error {
public:
    ConfigError(Location where, const std::string& message);
    const Location& where() const { return where_; }
    const std::string& message() const { return message_; }

private:
    Location where_;
    std::string message_;
};

} // namespace fireplane
