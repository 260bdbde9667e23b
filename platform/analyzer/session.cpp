#include "session.h"

#include <algorithm>

namespace fireplane::analyzer {

std::vector<unsigned> Session::counters() const {
    std::vector<unsigned> out;
    for (const auto& m : metrics)
        if (std::find(out.begin(), out.end(), m.counter) == out.end()) out.push_back(m.counter);
    return out;
}

const ProgramText& Session::text() {
    if (!text_) text_ = std::make_unique<ProgramText>(x.archive_path(), x.symbols);
    return *text_;
}

const SourceLines& Session::lines() {
    if (!lines_) lines_ = std::make_unique<SourceLines>(x.archive_path());
    return *lines_;
}

} // namespace fireplane::analyzer
