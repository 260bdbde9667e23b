#pragma once
// PC to source file and line, from the archived ELF's DWARF (libdw).
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>

struct Dwarf;

namespace fireplane::analyzer {

struct SourceLine {
    std::string file; // as the line table names it (often an absolute path)
    int line = 0;
};

class SourceLines {
public:
    // Opens `path`; a file without DWARF gives no lines rather than an error.
    explicit SourceLines(const std::string& path);
    ~SourceLines();
    SourceLines(const SourceLines&) = delete;
    SourceLines& operator=(const SourceLines&) = delete;

    std::optional<SourceLine> at(uint64_t pc) const; // cached per PC
    bool has_debug_info() const { return dwarf_ != nullptr; }

private:
    int fd_ = -1;
    Dwarf* dwarf_ = nullptr;
    mutable std::unordered_map<uint64_t, std::optional<SourceLine>> cache_;
};

} // namespace fireplane::analyzer
