#include "char_sink.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

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
        const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
        file_ = fd < 0 ? nullptr : ::fdopen(fd, "wb"); // fdopen does not truncate
        if (!file_) {
            const int error = errno;
            if (fd >= 0) ::close(fd);
            throw std::runtime_error("cannot create output file '" + target +
                                     "': " + std::strerror(error));
        }
        owned_ = true;
    }
}

CharSink::~CharSink() {
    flush();
    if (owned_) std::fclose(file_);
}

void CharSink::begin() {
    if (begun_) return;
    begun_ = true;
    // A file that cannot be emptied (a device, a FIFO) is written as it is.
    if (owned_ && ::ftruncate(::fileno(file_), 0) != 0) return;
}

void CharSink::put(char c) {
    if (!file_) return;
    begin();
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
