#include "source_lines.h"

#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace fireplane::analyzer {

SourceLines::SourceLines(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw std::invalid_argument(path + ": cannot read the archived program");
    dwarf_ = dwarf_begin(fd_, DWARF_C_READ); // nullptr: no debug sections
}

SourceLines::~SourceLines() {
    if (dwarf_) dwarf_end(dwarf_);
    if (fd_ >= 0) ::close(fd_);
}

std::optional<SourceLine> SourceLines::at(uint64_t pc) const {
    if (!dwarf_) return std::nullopt;
    if (auto it = cache_.find(pc); it != cache_.end()) return it->second;
    std::optional<SourceLine> result;
    Dwarf_Die cu;
    if (dwarf_addrdie(dwarf_, pc, &cu) != nullptr) {
        if (Dwarf_Line* line = dwarf_getsrc_die(&cu, pc)) {
            const char* file = dwarf_linesrc(line, nullptr, nullptr);
            int number = 0;
            if (file && dwarf_lineno(line, &number) == 0 && number > 0)
                result = SourceLine{file, number};
        }
    }
    cache_.emplace(pc, result);
    return result;
}

} // namespace fireplane::analyzer
