#include "char_source.h"

#include "host_terminal.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <unistd.h>

namespace fireplane {

namespace {
constexpr uint8_t kCtrlA = 0x01;
constexpr size_t kChunk = 4096;
bool stdin_claimed = false; // one reader of the host's stdin at a time

const char* const kHelp = "\r\nfireplane console: Ctrl-A x  end the run\r\n"
                          "                   Ctrl-A Ctrl-A  send Ctrl-A\r\n"
                          "                   Ctrl-A h  this help\r\n";
} // namespace

CharSource::CharSource(const std::string& source) : source_(source) {
    if (source == "none") return;
    if (source == "stdin") {
        if (stdin_claimed) throw InputError("stdin is already the input of another device");
        stdin_claimed = true;
        kind_ = Kind::Stdin;
        return;
    }
    if (::access(source.c_str(), R_OK) != 0)
        throw InputError("cannot read input file '" + source + "': " + std::strerror(errno));
    kind_ = Kind::File;
}

CharSource::~CharSource() {
    stop();
    if (owned_) ::close(fd_);
    if (kind_ == Kind::Stdin) stdin_claimed = false;
}

void CharSource::start() {
    if (started_ || kind_ == Kind::None) return;
    started_ = true;
    if (kind_ == Kind::Stdin) {
        fd_ = STDIN_FILENO;
    } else {
        fd_ = ::open(source_.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0)
            throw InputError("cannot open input file '" + source_ + "': " + std::strerror(errno));
        owned_ = true;
    }
    // A terminal in the background is left alone (and gives no input):
    // raw mode or a read would stop the whole job (SIGTTOU, SIGTTIN).
    if (::isatty(fd_)) {
        interactive_ = true;
        if (!host_terminal::enter_raw(fd_)) ended_ = true;
    }
}

void CharSource::stop() {
    if (interactive_ && host_terminal::in_raw_mode()) host_terminal::leave_raw();
}

bool CharSource::fill() {
    buffer_.resize(kChunk);
    next_ = 0;
    for (;;) {
        const ssize_t n = ::read(fd_, buffer_.data(), kChunk);
        if (n > 0) {
            buffer_.resize(size_t(n));
            return true;
        }
        if (n < 0 && errno == EINTR) continue;
        buffer_.clear(); // end of file, or an error: no more input either way
        return false;
    }
}

int CharSource::next() {
    if (kind_ == Kind::None || ended_ || !started_) return kEnd;
    if (interactive_) {
        if (typed_.empty()) return kNothing;
        const uint8_t c = typed_.front();
        typed_.pop_front();
        return c;
    }
    if (next_ == buffer_.size() && !fill()) {
        ended_ = true;
        return kEnd;
    }
    return buffer_[next_++];
}

bool CharSource::poll() {
    if (!interactive_ || ended_) return false;
    struct pollfd p {
        fd_, POLLIN, 0
    };
    while (::poll(&p, 1, 0) > 0) {
        if (!(p.revents & POLLIN) || !fill()) { // hang-up: the terminal went away
            ended_ = true;
            return false;
        }
        for (uint8_t c : buffer_) {
            if (!escape_ && c == kCtrlA) {
                escape_ = true;
                continue;
            }
            if (!escape_) {
                typed_.push_back(c);
                continue;
            }
            escape_ = false;
            if (c == 'x' || c == 'X') return true;
            if (c == kCtrlA) typed_.push_back(c);
            if (c == 'h' || c == 'H' || c == '?') std::fputs(kHelp, stderr);
        }
        buffer_.clear();
    }
    return false;
}

} // namespace fireplane
