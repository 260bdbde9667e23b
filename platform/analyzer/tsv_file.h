#pragma once
// Line-by-line reading of the experiment's TSV files: the header is checked,
// every row must have the header's column count, and errors carry file:line.
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace fireplane::analyzer {

class TsvFile {
public:
    // Opens `path` and checks its first line against `header` (tab-separated).
    TsvFile(const std::string& path, const std::string& header);

    // The next row's fields; false at the end of the file.
    bool next(std::vector<std::string>& fields);

    // Throws std::invalid_argument "PATH:LINE: message" for the current line.
    [[noreturn]] void fail(const std::string& message) const;

    // Field parsers; `column` names the column in error messages.
    uint64_t address(const std::string& field, const char* column) const; // 0x...
    std::optional<uint64_t> optional_address(const std::string& field, const char* column) const;
    uint64_t number(const std::string& field, const char* column) const; // decimal
    std::vector<uint64_t> address_list(const std::string& field, const char* column) const;

private:
    std::string path_;
    std::ifstream in_;
    unsigned line_ = 0;
    size_t columns_ = 0;
};

std::vector<std::string> split(const std::string& text, char separator);

} // namespace fireplane::analyzer
