#include "standard_streams.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace fireplane {

std::string stream_kind(int fd) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return "closed";
    if (S_ISCHR(st.st_mode)) return "char";
    if (S_ISFIFO(st.st_mode)) return "pipe";
    if (S_ISREG(st.st_mode)) return "file";
    if (S_ISSOCK(st.st_mode)) return "socket";
    return "other";
}

namespace {
[[noreturn]] void fail(const std::string& kind, int fd) {
    throw std::runtime_error("cannot make a " + kind + " stand in for descriptor " +
                             std::to_string(fd) + ": " + std::strerror(errno));
}

// Puts `h` at `fd` and closes `h`.
void install(int h, int fd, const std::string& kind) {
    if (h < 0) fail(kind, fd);
    if (h != fd) {
        if (::dup2(h, fd) < 0) fail(kind, fd);
        ::close(h);
    }
}
} // namespace

void stand_in_stream(int fd, const std::string& kind) {
    if (kind == "closed") {
        ::close(fd);
    } else if (kind == "pipe") {
        int ends[2];
        if (::pipe(ends) != 0) fail(kind, fd);
        // The read end of stdin's pipe is its writer's, closed: the guest reads
        // end of file. Output pipes keep their reader open, never read.
        const bool input = fd == 0;
        ::fcntl(ends[input ? 1 : 0], F_SETPIPE_SZ, 1 << 20);
        install(ends[input ? 0 : 1], fd, kind);
        if (input) ::close(ends[1]);
    } else if (kind == "file") {
        install(::open("/tmp", O_TMPFILE | O_RDWR, 0600), fd, kind);
    } else if (kind == "socket") {
        int ends[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) fail(kind, fd);
        install(ends[0], fd, kind);
    } else {
        install(::open("/dev/null", O_RDWR), fd, kind);
    }
}

} // namespace fireplane
