#include "tsv_file.h"

#include "platform/profiling/experiment_format.h"

#include <stdexcept>

namespace fireplane::analyzer {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t end = text.find(separator, start);
        out.push_back(text.substr(start, end - start));
        if (end == std::string::npos) return out;
        start = end + 1;
    }
}

namespace {
std::string spaced(const std::string& header) {
    std::string s = header;
    for (char& c : s)
        if (c == '\t') c = ' ';
    return s;
}
} // namespace

TsvFile::TsvFile(const std::string& path, const std::string& header)
    : path_(path), in_(path), columns_(split(header, '\t').size()) {
    if (!in_) throw std::invalid_argument(path + ": cannot read the file");
    std::string first;
    line_ = 1;
    if (!std::getline(in_, first)) fail("empty file, expected the header '" + spaced(header) + "'");
    if (!first.empty() && first.back() == '\r') first.pop_back();
    if (first != header) fail("expected the header '" + spaced(header) + "'");
}

bool TsvFile::next(std::vector<std::string>& fields) {
    std::string line;
    while (std::getline(in_, line)) {
        ++line_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue; // a trailing blank line is harmless
        fields = split(line, '\t');
        if (fields.size() != columns_)
            fail("expected " + std::to_string(columns_) + " columns, found " +
                 std::to_string(fields.size()));
        // A last line without its newline was cut short by a collector that died mid-write.
        if (in_.eof()) fail("truncated line (no newline at the end of the file)");
        return true;
    }
    return false;
}

void TsvFile::fail(const std::string& message) const {
    throw std::invalid_argument(path_ + ":" + std::to_string(line_) + ": " + message);
}

uint64_t TsvFile::address(const std::string& field, const char* column) const {
    const bool hex = field.size() > 2 && field[0] == '0' && (field[1] == 'x' || field[1] == 'X');
    size_t used = 0;
    uint64_t value = 0;
    try {
        if (hex) value = std::stoull(field.substr(2), &used, 16);
    } catch (const std::exception&) {
        used = 0;
    }
    if (!hex || used != field.size() - 2 || field[2] == '-' || field[2] == '+')
        fail("bad " + std::string(column) + " '" + field + "' (expected 0x and hex digits)");
    return value;
}

std::optional<uint64_t> TsvFile::optional_address(const std::string& field,
                                                  const char* column) const {
    if (field == profiling::format::kNone) return std::nullopt;
    return address(field, column);
}

uint64_t TsvFile::number(const std::string& field, const char* column) const {
    size_t used = 0;
    uint64_t value = 0;
    const bool digits = !field.empty() && field[0] >= '0' && field[0] <= '9';
    try {
        if (digits) value = std::stoull(field, &used, 10);
    } catch (const std::exception&) {
        used = 0;
    }
    if (!digits || used != field.size())
        fail("bad " + std::string(column) + " '" + field + "' (expected a decimal number)");
    return value;
}

std::vector<uint64_t> TsvFile::address_list(const std::string& field, const char* column) const {
    std::vector<uint64_t> out;
    if (field.empty()) return out;
    for (const auto& a : split(field, ','))
        out.push_back(address(a, column));
    return out;
}

} // namespace fireplane::analyzer
