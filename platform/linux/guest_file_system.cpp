#include "guest_file_system.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdexcept>
#include <sys/syscall.h>
#include <unistd.h>

namespace fireplane::linux_user {

namespace {

// Magic links (/proc/PID/fd/N) would lead anywhere: the guest has no /proc of its own.
constexpr uint64_t kInRoot = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;

int openat2(int dirfd, const std::string& path, int flags, mode_t mode) {
    struct open_how how = {};
    how.flags = uint64_t(unsigned(flags));
    how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
    how.resolve = kInRoot;
    const long fd = ::syscall(SYS_openat2, dirfd, path.c_str(), &how, sizeof how);
    return fd < 0 ? -errno : int(fd);
}

std::string fd_link(int fd) {
    return "/proc/self/fd/" + std::to_string(fd);
}

// Splits an absolute path into its directory and last component, dropping
// trailing slashes: "/a/b/" gives "/a" and "b"; "/" gives "/" and "".
void split_last(const std::string& path, std::string& dir, std::string& last) {
    size_t end = path.find_last_not_of('/');
    if (end == std::string::npos) {
        dir = "/";
        last.clear();
        return;
    }
    const size_t slash = path.rfind('/', end);
    last = path.substr(slash + 1, end - slash);
    dir = slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

GuestFileSystem::HostPath::HostPath(HostPath&& other) noexcept
    : dirfd(other.dirfd), name(std::move(other.name)), error(other.error), owned_(other.owned_) {
    other.owned_ = -1;
}

GuestFileSystem::HostPath::~HostPath() {
    if (owned_ >= 0) ::close(owned_);
}

GuestFileSystem::GuestFileSystem(const std::string& root) : root_(root) {
    if (root.empty()) return;
    root_fd_ = ::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (root_fd_ < 0)
        throw std::invalid_argument("--fs-root '" + root + "': " + std::strerror(errno));
    char real[PATH_MAX];
    if (!::realpath(root.c_str(), real))
        throw std::invalid_argument("--fs-root '" + root + "': " + std::strerror(errno));
    root_real_ = real;
    const int probe = openat2(root_fd_, ".", O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
    if (probe < 0)
        throw std::invalid_argument("--fs-root '" + root + "': the host cannot confine paths (" +
                                    (probe == -ENOSYS ? std::string("openat2 needs Linux 5.6")
                                                      : std::string(std::strerror(-probe))) +
                                    ")");
    ::close(probe);
    // The guest starts where the simulator was started, if that lies inside the root.
    char here[PATH_MAX];
    std::string start = "/";
    if (::getcwd(here, sizeof here) && !guest_path(here).empty()) start = guest_path(here);
    cwd_fd_ = open_in_root(start, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
    if (cwd_fd_ < 0) cwd_fd_ = open_in_root("/", O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
}

GuestFileSystem::~GuestFileSystem() {
    if (cwd_fd_ >= 0) ::close(cwd_fd_);
    if (root_fd_ >= 0) ::close(root_fd_);
}

std::string GuestFileSystem::guest_path(const std::string& host_path) const {
    if (!confined()) return host_path;
    if (host_path == root_real_) return "/";
    if (root_real_ == "/") return host_path;
    if (host_path.compare(0, root_real_.size(), root_real_) == 0 &&
        host_path.size() > root_real_.size() && host_path[root_real_.size()] == '/')
        return host_path.substr(root_real_.size());
    return {};
}

std::string GuestFileSystem::guest_path_of_fd(int host_fd) const {
    char target[PATH_MAX];
    const ssize_t n = ::readlink(fd_link(host_fd).c_str(), target, sizeof target - 1);
    if (n <= 0) return {};
    return guest_path(std::string(target, size_t(n)));
}

int GuestFileSystem::absolute(int dirfd, const std::string& path, std::string& out) const {
    if (!path.empty() && path[0] == '/') {
        out = path;
        return 0;
    }
    const std::string base = guest_path_of_fd(dirfd == AT_FDCWD ? cwd_fd_ : dirfd);
    if (base.empty()) return -ENOENT; // a directory outside the root, or gone
    out = base == "/" ? "/" + path : base + "/" + path;
    return 0;
}

int GuestFileSystem::open_in_root(const std::string& guest_absolute, int flags, mode_t mode) const {
    // RESOLVE_IN_ROOT takes "/x" as the root's x; "." keeps the root itself openable.
    const size_t first = guest_absolute.find_first_not_of('/');
    const std::string relative = first == std::string::npos ? "." : guest_absolute.substr(first);
    return openat2(root_fd_, relative, flags, mode);
}

GuestFileSystem::HostPath GuestFileSystem::locate(int dirfd, const std::string& path,
                                                  bool follow_last) const {
    if (!confined() || path.empty()) return HostPath(dirfd, path);
    std::string full;
    if (int r = absolute(dirfd, path, full); r < 0) return HostPath(dirfd, path, -1, -r);
    std::string dir, last;
    split_last(full, dir, last);
    if (follow_last || last.empty() || last == "." || last == "..") {
        // The object itself, reached through its descriptor's link in the host's /proc.
        const int fd = open_in_root(full, O_PATH | O_CLOEXEC, 0);
        if (fd < 0) return HostPath(dirfd, path, -1, -fd);
        return HostPath(AT_FDCWD, fd_link(fd), fd);
    }
    const int fd = open_in_root(dir, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd < 0) return HostPath(dirfd, path, -1, -fd);
    // Without its trailing slash: "link/" would make the host follow the link, outside the root.
    return HostPath(fd, last, fd);
}

int GuestFileSystem::open(int dirfd, const std::string& path, int flags, mode_t mode) const {
    if (!confined()) {
        const int fd = ::openat(dirfd, path.c_str(), flags, mode);
        return fd < 0 ? -errno : fd;
    }
    if (path.empty()) return -ENOENT;
    std::string full;
    if (int r = absolute(dirfd, path, full); r < 0) return r;
    return open_in_root(full, flags, mode);
}

int GuestFileSystem::getcwd(std::string& out) const {
    if (!confined()) {
        char buf[PATH_MAX];
        if (!::getcwd(buf, sizeof buf)) return -errno;
        out = buf;
        return 0;
    }
    out = guest_path_of_fd(cwd_fd_);
    return out.empty() ? -ENOENT : 0;
}

int GuestFileSystem::chdir(const std::string& path) {
    if (!confined()) return ::chdir(path.c_str()) < 0 ? -errno : 0;
    if (path.empty()) return -ENOENT;
    std::string full;
    if (int r = absolute(AT_FDCWD, path, full); r < 0) return r;
    const int fd = open_in_root(full, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd < 0) return fd;
    ::close(cwd_fd_);
    cwd_fd_ = fd;
    return 0;
}

int GuestFileSystem::fchdir(int host_fd) {
    if (!confined()) return ::fchdir(host_fd) < 0 ? -errno : 0;
    const std::string path = guest_path_of_fd(host_fd);
    return path.empty() ? -ENOENT : chdir(path);
}

} // namespace fireplane::linux_user
