#include "char_sink.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace fireplane {

namespace {
constexpr std::size_t kMaxPending = 4096; // a line longer than this is flushed in pieces
}

CharSink::CharSink(const std::string& target) : target_(target) {
    if (target == "stdout") {
        file_ = stdout;
    } else if (target == "stderr") {
        file_ = stderr;
    } else if (target == "none") {
        file_ = nullptr;
    } else {
        file_ = std::fopen(target.c_str(), "wb");
        if (!file_)
            throw std::runtime_error("cannot create output file '" + target +
                                     "': " + std::strerror(errno));
        owned_ = true;
    }
}

CharSink::~CharSink() {
    flush();
    if (owned_) std::fclose(file_);
}

void CharSink::put(char c) {
    if (!file_) return;
    pending_.push_back(c);
    if (c == '\n' || pending_.size() >= kMaxPending) flush();
}

void CharSink::flush() {
    if (!file_ || pending_.empty()) return;
    std::fwrite(pending_.data(), 1, pending_.size(), file_);
    std::fflush(file_);
    pending_.clear();
}

} // namespace fireplane
