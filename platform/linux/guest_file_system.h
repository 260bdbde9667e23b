#pragma once
// Where the guest's paths lead on the host. Without a root they are the
// host's own paths, relative to the simulator's working directory. With a
// root (`fireplane run --fs-root DIR`) every path resolves inside DIR as it
// would after chroot(2): "/" is DIR, ".." stops there, and symbolic links,
// absolute ones too, are followed inside it. The host kernel does each lookup
// (openat2 with RESOLVE_IN_ROOT), so a link or a rename made while a lookup
// runs cannot lead out either.
#include <sys/types.h>

#include <string>

namespace fireplane::linux_user {

class GuestFileSystem {
public:
    // `root` empty: the host's files. Otherwise a directory; throws
    // std::invalid_argument when it cannot be opened or the host cannot confine.
    explicit GuestFileSystem(const std::string& root = {});
    ~GuestFileSystem();
    GuestFileSystem(const GuestFileSystem&) = delete;
    GuestFileSystem& operator=(const GuestFileSystem&) = delete;

    bool confined() const { return root_fd_ >= 0; }
    const std::string& root() const { return root_; }

    // What a host *at() call takes for the guest path `path` relative to the
    // host directory `dirfd` (or AT_FDCWD): a directory and a name. It holds
    // the descriptor it opened for them until it goes. `error` is a host errno
    // when the path cannot be found inside the root.
    class HostPath {
    public:
        HostPath(int dirfd, std::string name, int owned = -1, int error = 0)
            : dirfd(dirfd), name(std::move(name)), error(error), owned_(owned) {}
        HostPath(HostPath&& other) noexcept;
        HostPath(const HostPath&) = delete;
        HostPath& operator=(const HostPath&) = delete;
        HostPath& operator=(HostPath&&) = delete;
        ~HostPath();
        int dirfd;
        std::string name;
        int error;
        const char* c_str() const { return name.c_str(); }

    private:
        int owned_;
    };
    // `follow_last`: the call follows a symbolic link in the last component
    // (stat, access, chmod); without it the link itself is the object
    // (lstat, unlink, rename, mkdir, readlink). An empty path is left to the
    // call (AT_EMPTY_PATH).
    HostPath locate(int dirfd, const std::string& path, bool follow_last) const;
    // openat(dirfd, path, flags, mode): a host descriptor, or -errno.
    int open(int dirfd, const std::string& path, int flags, mode_t mode) const;

    // The working directory, as the guest sees it.
    int getcwd(std::string& out) const; // 0 or -errno
    int chdir(const std::string& path); // 0 or -errno
    int fchdir(int host_fd);            // 0 or -errno
    // The guest's path of a host path (a program, a descriptor's file):
    // itself when not confined; empty when it lies outside the root.
    std::string guest_path(const std::string& host_path) const;

private:
    // The guest's absolute path of `path` relative to `dirfd`, or -errno.
    int absolute(int dirfd, const std::string& path, std::string& out) const;
    int open_in_root(const std::string& guest_absolute, int flags, mode_t mode) const;
    std::string guest_path_of_fd(int host_fd) const;

    std::string root_;      // as given
    std::string root_real_; // its host path with every link resolved
    int root_fd_ = -1;
    int cwd_fd_ = -1; // confined only: the guest's working directory
};

} // namespace fireplane::linux_user
