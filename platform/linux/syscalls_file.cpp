// File and directory system calls, passed through to the host with the
// guest's flags, structures and errno numbers translated. Paths go through
// the process's GuestFileSystem, which confines them under --fs-root.
#include "guest_abi.h"
#include "guest_struct.h"
#include "host_buffer.h"
#include "linux_process.h"
#include "syscall_table.h"

#include "models/common/big_endian.h"

#include <cerrno>
#include <climits>
#include <dirent.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>
#include <unistd.h>

#include <vector>

namespace fireplane::linux_user {

namespace {

constexpr int64_t kAtFdCwd = -100;
constexpr uint64_t kMaxTransfer = 64ull << 20; // longer requests are served short, as POSIX allows
constexpr uint64_t kTcgets = 0x40245408;       // _IOR('T', 8, struct termios) with sparc's encoding
constexpr uint64_t kTiocgwinsz = 0x40087468;   // _IOR('t', 104, struct winsize)
constexpr uint64_t kAtEmptyPath = 0x1000;

int64_t fail(int host_errno) {
    return -abi::guest_errno(host_errno);
}
int64_t host_result(int64_t r) {
    return r < 0 ? fail(errno) : r;
}

int host_fd(LinuxProcess& p, uint64_t guest) {
    return p.files().host(int64_t(guest));
}

// The host directory fd for a guest *at() dirfd; -2 when the guest fd is bad.
int host_dirfd(LinuxProcess& p, uint64_t guest) {
    if (int64_t(guest) == kAtFdCwd || int32_t(guest) == kAtFdCwd) return AT_FDCWD;
    int h = host_fd(p, guest);
    return h < 0 ? -2 : h;
}

bool path_arg(LinuxProcess& p, uint64_t va, std::string& out) {
    return p.read_string(va, out, PATH_MAX);
}

// ---- read and write ----

// /proc/self/pagemap: one 64-bit entry (in the guest's byte order) per
// virtual page: bit 63 "present", bits 54:0 the physical page number. Read
// as Linux has it, in whole entries at entry-aligned offsets; user-mode
// drivers find their buffers' physical addresses here for DMA.
constexpr uint64_t kPageMapPresent = uint64_t(1) << 63;

int64_t read_page_map(LinuxProcess& p, int fd, const SyscallArgs& a, off_t offset) {
    const off_t at = offset < 0 ? ::lseek(fd, 0, SEEK_CUR) : offset;
    if (at < 0) return fail(errno);
    if (at % 8 != 0 || a.a[2] % 8 != 0) return -abi::kEINVAL;
    std::vector<uint8_t> buf(std::min(a.a[2], kMaxTransfer));
    for (size_t i = 0; i < buf.size(); i += 8) {
        uint64_t pa = 0;
        const uint64_t vpn = uint64_t(at) / 8 + i / 8;
        const bool present = p.memory().physical_page(vpn * AddressSpace::kPageSize, pa);
        store_big_endian(&buf[i], present ? kPageMapPresent | pa / AddressSpace::kPageSize : 0, 8);
    }
    if (!p.write_guest(a.a[1], buf.data(), buf.size())) return -abi::kEFAULT;
    if (offset < 0 && ::lseek(fd, at + off_t(buf.size()), SEEK_SET) < 0) return fail(errno);
    return int64_t(buf.size());
}

// read/pread and write/pwrite: `offset` < 0 uses (and moves) the file position.
int64_t read_to_guest(LinuxProcess& p, const SyscallArgs& a, off_t offset) {
    int fd = host_fd(p, a.a[0]);
    if (fd < 0) return -abi::kEBADF;
    if (p.files().special(int64_t(a.a[0])) == FdTable::Special::PageMap)
        return read_page_map(p, fd, a, offset);
    const size_t len = std::min(a.a[2], kMaxTransfer);
    const auto buf = host_buffer(len);
    ssize_t n = offset < 0 ? ::read(fd, buf.get(), len) : ::pread(fd, buf.get(), len, offset);
    if (n < 0) return fail(errno);
    if (!p.write_guest(a.a[1], buf.get(), size_t(n))) return -abi::kEFAULT;
    return n;
}

int64_t write_from_guest(LinuxProcess& p, const SyscallArgs& a, off_t offset) {
    int fd = host_fd(p, a.a[0]);
    if (fd < 0) return -abi::kEBADF;
    const size_t len = std::min(a.a[2], kMaxTransfer);
    const auto buf = host_buffer(len);
    if (!p.read_guest(a.a[1], buf.get(), len)) return -abi::kEFAULT;
    return host_result(offset < 0 ? ::write(fd, buf.get(), len)
                                  : ::pwrite(fd, buf.get(), len, offset));
}

int64_t sys_read(LinuxProcess& p, const SyscallArgs& a) {
    return read_to_guest(p, a, -1);
}
int64_t sys_write(LinuxProcess& p, const SyscallArgs& a) {
    return write_from_guest(p, a, -1);
}
int64_t sys_pread64(LinuxProcess& p, const SyscallArgs& a) {
    return int64_t(a.a[3]) < 0 ? -abi::kEINVAL : read_to_guest(p, a, off_t(a.a[3]));
}
int64_t sys_pwrite64(LinuxProcess& p, const SyscallArgs& a) {
    return int64_t(a.a[3]) < 0 ? -abi::kEINVAL : write_from_guest(p, a, off_t(a.a[3]));
}

// readv/writev: guest struct iovec is {u64 base, u64 len}.
template <bool Write> int64_t sys_vector_io(LinuxProcess& p, const SyscallArgs& a) {
    int fd = host_fd(p, a.a[0]);
    if (fd < 0) return -abi::kEBADF;
    if (a.a[2] > 1024) return -abi::kEINVAL;
    std::vector<uint8_t> iov(a.a[2] * 16);
    if (!p.read_guest(a.a[1], iov.data(), iov.size())) return -abi::kEFAULT;
    int64_t total = 0;
    for (size_t i = 0; i < a.a[2]; ++i) {
        SyscallArgs one{{a.a[0], load_be64(&iov[16 * i]), load_be64(&iov[16 * i + 8]), 0, 0, 0}};
        if (one.a[2] == 0) continue;
        int64_t n = Write ? sys_write(p, one) : sys_read(p, one);
        if (n < 0) return total > 0 ? total : n;
        total += n;
        if (uint64_t(n) < one.a[2]) break;
    }
    return total;
}

int64_t sys_lseek(LinuxProcess& p, const SyscallArgs& a) {
    int fd = host_fd(p, a.a[0]);
    if (fd < 0) return -abi::kEBADF;
    return host_result(::lseek(fd, off_t(a.a[1]), int(a.a[2])));
}

// _llseek: the 64-bit result is stored through a pointer.
int64_t sys_llseek(LinuxProcess& p, const SyscallArgs& a) {
    int fd = host_fd(p, a.a[0]);
    if (fd < 0) return -abi::kEBADF;
    const off_t offset = off_t((a.a[1] << 32) | uint32_t(a.a[2]));
    off_t r = ::lseek(fd, offset, int(a.a[4]));
    if (r < 0) return fail(errno);
    uint64_t be = __builtin_bswap64(uint64_t(r));
    return p.write_guest(a.a[3], &be, 8) ? 0 : -abi::kEFAULT;
}

// ---- open and close ----

// Files that describe the simulated machine, not the host: glibc's
// get_nprocs() and sysconf(_SC_NPROCESSORS_*) read these.
bool machine_file(LinuxProcess& p, const std::string& path, std::string& content) {
    static const char* const kCpuLists[] = {"/sys/devices/system/cpu/online",
                                            "/sys/devices/system/cpu/possible",
                                            "/sys/devices/system/cpu/present"};
    for (const char* f : kCpuLists)
        if (path == f) {
            const size_t n = p.threads().cpu_count();
            content = n == 1 ? "0\n" : "0-" + std::to_string(n - 1) + "\n";
            return true;
        }
    return false;
}

// A read-only host file holding `content` (an anonymous memory file).
int host_file_with(const std::string& content) {
    int h = ::memfd_create("fireplane-machine-file", MFD_CLOEXEC);
    if (h < 0) return -1;
    if (::write(h, content.data(), content.size()) != ssize_t(content.size()) ||
        ::lseek(h, 0, SEEK_SET) != 0) {
        ::close(h);
        return -1;
    }
    return h;
}

int64_t open_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t flags, uint64_t mode) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, dirfd);
    if (dir == -2) return -abi::kEBADF;
    if (path == "/dev/mem" || path == "/proc/self/pagemap") {
        // Served by the OS layer: /dev/mem maps device registers; pagemap's
        // host file only keeps the read position.
        const auto special =
            path == "/dev/mem" ? FdTable::Special::PhysicalMemory : FdTable::Special::PageMap;
        int h = FdTable::open_special_host_file(special);
        if (h < 0) return fail(errno);
        int g = p.files().add(h);
        if (g < 0) {
            ::close(h);
            return -abi::kEMFILE;
        }
        p.files().set_special(g, special);
        return g;
    }
    std::string content;
    int h;
    if (machine_file(p, path, content)) {
        h = host_file_with(content);
        if (h < 0) return fail(errno);
    } else {
        h = p.fs().open(dir, path, abi::host_open_flags(flags), mode_t(mode));
        if (h < 0) return fail(-h);
    }
    int g = p.files().add(h);
    if (g < 0) {
        ::close(h);
        return -abi::kEMFILE;
    }
    return g;
}

int64_t sys_open(LinuxProcess& p, const SyscallArgs& a) {
    return open_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1], a.a[2]);
}
int64_t sys_openat(LinuxProcess& p, const SyscallArgs& a) {
    return open_at(p, a.a[0], a.a[1], a.a[2], a.a[3]);
}
int64_t sys_close(LinuxProcess& p, const SyscallArgs& a) {
    return p.files().close(int64_t(a.a[0])) ? 0 : -abi::kEBADF;
}

int64_t dup_to(LinuxProcess& p, uint64_t oldfd, int64_t from, bool cloexec) {
    int h = host_fd(p, oldfd);
    if (h < 0) return -abi::kEBADF;
    if (from < 0 || from >= FdTable::kMaxFds) return -abi::kEINVAL; // F_DUPFD's lowest number
    int copy = ::fcntl(h, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 3);
    if (copy < 0) return fail(errno);
    int g = p.files().add(copy, int(from));
    if (g < 0) {
        ::close(copy);
        return -abi::kEMFILE;
    }
    return g;
}

int64_t sys_dup(LinuxProcess& p, const SyscallArgs& a) {
    return dup_to(p, a.a[0], 0, false);
}

int64_t dup_exact(LinuxProcess& p, uint64_t oldfd, uint64_t newfd, bool cloexec) {
    int h = host_fd(p, oldfd);
    if (h < 0 || newfd >= uint64_t(FdTable::kMaxFds)) return -abi::kEBADF;
    if (oldfd == newfd) return int64_t(newfd);
    int copy = ::fcntl(h, cloexec ? F_DUPFD_CLOEXEC : F_DUPFD, 3);
    if (copy < 0) return fail(errno);
    p.files().place(int(newfd), copy);
    return int64_t(newfd);
}

int64_t sys_dup2(LinuxProcess& p, const SyscallArgs& a) {
    return dup_exact(p, a.a[0], a.a[1], false);
}
int64_t sys_dup3(LinuxProcess& p, const SyscallArgs& a) {
    if (a.a[0] == a.a[1]) return -abi::kEINVAL;
    return dup_exact(p, a.a[0], a.a[1], (a.a[2] & 0x400000) != 0);
}

int64_t make_pipe(LinuxProcess& p, uint64_t fds_va, uint64_t flags, bool in_registers) {
    int h[2];
    if (::pipe2(h, abi::host_open_flags(flags) & (O_CLOEXEC | O_NONBLOCK)) < 0) return fail(errno);
    int g0 = p.files().add(h[0]), g1 = p.files().add(h[1]);
    if (in_registers) { // sparc's pipe() returns the pair in %o0 and %o1
        p.core().r[9] = uint64_t(g1);
        return g0;
    }
    uint32_t be[2] = {__builtin_bswap32(uint32_t(g0)), __builtin_bswap32(uint32_t(g1))};
    if (!p.write_guest(fds_va, be, sizeof be)) return -abi::kEFAULT;
    return 0;
}

int64_t sys_pipe(LinuxProcess& p, const SyscallArgs&) {
    return make_pipe(p, 0, 0, true);
}
int64_t sys_pipe2(LinuxProcess& p, const SyscallArgs& a) {
    return make_pipe(p, a.a[0], a.a[1], false);
}

int64_t sys_fcntl(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    if (h < 0) return -abi::kEBADF;
    switch (a.a[1]) {
    case 0: return dup_to(p, a.a[0], int64_t(a.a[2]), false);   // F_DUPFD
    case 1030: return dup_to(p, a.a[0], int64_t(a.a[2]), true); // F_DUPFD_CLOEXEC
    case 1: return host_result(::fcntl(h, F_GETFD));
    case 2: return host_result(::fcntl(h, F_SETFD, int(a.a[2])));
    case 3: {
        int f = ::fcntl(h, F_GETFL);
        return f < 0 ? fail(errno) : int64_t(abi::guest_open_flags(f));
    }
    case 4: return host_result(::fcntl(h, F_SETFL, abi::host_open_flags(a.a[2])));
    default: return -abi::kEINVAL;
    }
}

// ---- metadata ----

// struct stat64 of sparc64: 144 bytes, big-endian.
GuestStruct stat64_struct(const struct stat& st) {
    GuestStruct s;
    s.u64(st.st_dev).u64(st.st_ino).u64(st.st_nlink);
    s.u32(st.st_mode).u32(st.st_uid).u32(st.st_gid).u32(0);
    s.u64(st.st_rdev)
        .u64(uint64_t(st.st_size))
        .u64(uint64_t(st.st_blksize))
        .u64(uint64_t(st.st_blocks));
    s.u64(uint64_t(st.st_atim.tv_sec)).u64(uint64_t(st.st_atim.tv_nsec));
    s.u64(uint64_t(st.st_mtim.tv_sec)).u64(uint64_t(st.st_mtim.tv_nsec));
    s.u64(uint64_t(st.st_ctim.tv_sec)).u64(uint64_t(st.st_ctim.tv_nsec));
    s.zeros(24);
    return s;
}

int64_t put_stat(LinuxProcess& p, int r, const struct stat& st, uint64_t va) {
    if (r < 0) return fail(errno);
    GuestStruct s = stat64_struct(st);
    return p.write_guest(va, s.data(), s.size()) ? 0 : -abi::kEFAULT;
}

int64_t stat_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t buf, uint64_t flags) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, dirfd);
    if (dir == -2) return -abi::kEBADF;
    int host_flags = 0;
    if (flags & 0x100) host_flags |= AT_SYMLINK_NOFOLLOW;
    if (flags & kAtEmptyPath) host_flags |= AT_EMPTY_PATH;
    const auto at = p.fs().locate(dir, path, !(host_flags & AT_SYMLINK_NOFOLLOW));
    if (at.error) return fail(at.error);
    struct stat st;
    return put_stat(p, ::fstatat(at.dirfd, at.c_str(), &st, host_flags), st, buf);
}

int64_t sys_fstat64(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    if (h < 0) return -abi::kEBADF;
    struct stat st;
    return put_stat(p, ::fstat(h, &st), st, a.a[1]);
}
int64_t sys_stat64(LinuxProcess& p, const SyscallArgs& a) {
    return stat_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1], 0);
}
int64_t sys_lstat64(LinuxProcess& p, const SyscallArgs& a) {
    return stat_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1], 0x100);
}
int64_t sys_fstatat64(LinuxProcess& p, const SyscallArgs& a) {
    return stat_at(p, a.a[0], a.a[1], a.a[2], a.a[3]);
}

int64_t sys_ioctl(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    if (h < 0) return -abi::kEBADF;
    if (a.a[1] == kTcgets) {
        struct termios t;
        if (::tcgetattr(h, &t) < 0) return fail(errno);
        // Flag bits are passed as the host has them: programs here only ask "is it a terminal?".
        GuestStruct s;
        s.u32(t.c_iflag).u32(t.c_oflag).u32(t.c_cflag).u32(t.c_lflag).u8(t.c_line).zeros(19);
        return p.write_guest(a.a[2], s.data(), s.size()) ? 0 : -abi::kEFAULT;
    }
    if (a.a[1] == kTiocgwinsz) {
        struct winsize w;
        if (::ioctl(h, TIOCGWINSZ, &w) < 0) return fail(errno);
        GuestStruct s;
        s.u16(w.ws_row).u16(w.ws_col).u16(w.ws_xpixel).u16(w.ws_ypixel);
        return p.write_guest(a.a[2], s.data(), s.size()) ? 0 : -abi::kEFAULT;
    }
    return -abi::kENOTTY;
}

int64_t read_link_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t buf,
                     uint64_t size) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    std::string target;
    if (path == "/proc/self/exe") {
        char resolved[PATH_MAX];
        target = ::realpath(p.program_path().c_str(), resolved) ? resolved : p.program_path();
        target = p.fs().guest_path(target);
        if (target.empty()) return -abi::kENOENT; // the program lies outside the guest's root
    } else {
        int dir = host_dirfd(p, dirfd);
        if (dir == -2) return -abi::kEBADF;
        const auto at = p.fs().locate(dir, path, false);
        if (at.error) return fail(at.error);
        char out[PATH_MAX];
        ssize_t n = ::readlinkat(at.dirfd, at.c_str(), out, sizeof out);
        if (n < 0) return fail(errno);
        target.assign(out, size_t(n));
    }
    size_t n = std::min<size_t>(target.size(), size_t(size));
    return p.write_guest(buf, target.data(), n) ? int64_t(n) : -abi::kEFAULT;
}

int64_t sys_readlink(LinuxProcess& p, const SyscallArgs& a) {
    return read_link_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1], a.a[2]);
}
int64_t sys_readlinkat(LinuxProcess& p, const SyscallArgs& a) {
    return read_link_at(p, a.a[0], a.a[1], a.a[2], a.a[3]);
}

int64_t access_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t mode,
                  uint64_t flags) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, dirfd);
    if (dir == -2) return -abi::kEBADF;
    const auto at = p.fs().locate(dir, path, !(flags & AT_SYMLINK_NOFOLLOW));
    if (at.error) return fail(at.error);
    return host_result(::faccessat(at.dirfd, at.c_str(), int(mode),
                                   int(flags & (AT_EACCESS | AT_SYMLINK_NOFOLLOW))));
}
int64_t sys_access(LinuxProcess& p, const SyscallArgs& a) {
    return access_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1], 0);
}
int64_t sys_faccessat(LinuxProcess& p, const SyscallArgs& a) {
    return access_at(p, a.a[0], a.a[1], a.a[2], a.a[3]);
}

// ---- directory entries ----

int64_t unlink_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t flags) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, dirfd);
    if (dir == -2) return -abi::kEBADF;
    const auto at = p.fs().locate(dir, path, false);
    if (at.error) return fail(at.error);
    return host_result(::unlinkat(at.dirfd, at.c_str(), (flags & 0x200) ? AT_REMOVEDIR : 0));
}
int64_t sys_unlink(LinuxProcess& p, const SyscallArgs& a) {
    return unlink_at(p, uint64_t(kAtFdCwd), a.a[0], 0);
}
int64_t sys_unlinkat(LinuxProcess& p, const SyscallArgs& a) {
    return unlink_at(p, a.a[0], a.a[1], a.a[2]);
}
int64_t sys_rmdir(LinuxProcess& p, const SyscallArgs& a) {
    return unlink_at(p, uint64_t(kAtFdCwd), a.a[0], 0x200);
}

int64_t rename_at(LinuxProcess& p, uint64_t olddir, uint64_t old_va, uint64_t newdir,
                  uint64_t new_va, uint64_t flags) {
    std::string from, to;
    if (!path_arg(p, old_va, from) || !path_arg(p, new_va, to)) return -abi::kEFAULT;
    int d1 = host_dirfd(p, olddir), d2 = host_dirfd(p, newdir);
    if (d1 == -2 || d2 == -2) return -abi::kEBADF;
    const auto old_at = p.fs().locate(d1, from, false), new_at = p.fs().locate(d2, to, false);
    if (old_at.error || new_at.error) return fail(old_at.error ? old_at.error : new_at.error);
    if (flags)
        return host_result(::syscall(SYS_renameat2, old_at.dirfd, old_at.c_str(), new_at.dirfd,
                                     new_at.c_str(), unsigned(flags)));
    return host_result(::renameat(old_at.dirfd, old_at.c_str(), new_at.dirfd, new_at.c_str()));
}
int64_t sys_rename(LinuxProcess& p, const SyscallArgs& a) {
    return rename_at(p, uint64_t(kAtFdCwd), a.a[0], uint64_t(kAtFdCwd), a.a[1], 0);
}
int64_t sys_renameat(LinuxProcess& p, const SyscallArgs& a) {
    return rename_at(p, a.a[0], a.a[1], a.a[2], a.a[3], 0);
}
int64_t sys_renameat2(LinuxProcess& p, const SyscallArgs& a) {
    return rename_at(p, a.a[0], a.a[1], a.a[2], a.a[3], a.a[4]);
}

int64_t mkdir_at(LinuxProcess& p, uint64_t dirfd, uint64_t path_va, uint64_t mode) {
    std::string path;
    if (!path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, dirfd);
    if (dir == -2) return -abi::kEBADF;
    const auto at = p.fs().locate(dir, path, false);
    if (at.error) return fail(at.error);
    return host_result(::mkdirat(at.dirfd, at.c_str(), mode_t(mode)));
}
int64_t sys_mkdir(LinuxProcess& p, const SyscallArgs& a) {
    return mkdir_at(p, uint64_t(kAtFdCwd), a.a[0], a.a[1]);
}
int64_t sys_mkdirat(LinuxProcess& p, const SyscallArgs& a) {
    return mkdir_at(p, a.a[0], a.a[1], a.a[2]);
}

// getdents64: the host's records, with their integer fields byte-swapped.
int64_t sys_getdents64(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    if (h < 0) return -abi::kEBADF;
    std::vector<uint8_t> buf(std::min<uint64_t>(a.a[2], 1 << 20));
    long n = ::syscall(SYS_getdents64, h, buf.data(), buf.size());
    if (n < 0) return fail(errno);
    for (long off = 0; off < n;) {
        auto* d = reinterpret_cast<struct dirent64*>(buf.data() + off);
        const uint16_t reclen = d->d_reclen;
        d->d_ino = __builtin_bswap64(d->d_ino);
        d->d_off = int64_t(__builtin_bswap64(uint64_t(d->d_off)));
        d->d_reclen = __builtin_bswap16(reclen);
        off += reclen;
    }
    return p.write_guest(a.a[1], buf.data(), size_t(n)) ? n : -abi::kEFAULT;
}

int64_t link_at(LinuxProcess& p, uint64_t olddir, uint64_t old_va, uint64_t newdir, uint64_t new_va,
                uint64_t flags) {
    std::string from, to;
    if (!path_arg(p, old_va, from) || !path_arg(p, new_va, to)) return -abi::kEFAULT;
    int d1 = host_dirfd(p, olddir), d2 = host_dirfd(p, newdir);
    if (d1 == -2 || d2 == -2) return -abi::kEBADF;
    int host_flags = (flags & 0x400) ? AT_SYMLINK_FOLLOW : 0;
    if (flags & kAtEmptyPath) host_flags |= AT_EMPTY_PATH;
    const auto old_at = p.fs().locate(d1, from, host_flags & AT_SYMLINK_FOLLOW);
    const auto new_at = p.fs().locate(d2, to, false);
    if (old_at.error || new_at.error) return fail(old_at.error ? old_at.error : new_at.error);
    return host_result(
        ::linkat(old_at.dirfd, old_at.c_str(), new_at.dirfd, new_at.c_str(), host_flags));
}
int64_t sys_link(LinuxProcess& p, const SyscallArgs& a) {
    return link_at(p, uint64_t(kAtFdCwd), a.a[0], uint64_t(kAtFdCwd), a.a[1], 0);
}
int64_t sys_linkat(LinuxProcess& p, const SyscallArgs& a) {
    return link_at(p, a.a[0], a.a[1], a.a[2], a.a[3], a.a[4]);
}

int64_t symlink_at(LinuxProcess& p, uint64_t target_va, uint64_t newdir, uint64_t path_va) {
    std::string target, path;
    if (!path_arg(p, target_va, target) || !path_arg(p, path_va, path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, newdir);
    if (dir == -2) return -abi::kEBADF;
    const auto at = p.fs().locate(dir, path, false); // the target stays text, read in the root
    if (at.error) return fail(at.error);
    return host_result(::symlinkat(target.c_str(), at.dirfd, at.c_str()));
}
int64_t sys_symlink(LinuxProcess& p, const SyscallArgs& a) {
    return symlink_at(p, a.a[0], uint64_t(kAtFdCwd), a.a[1]);
}
int64_t sys_symlinkat(LinuxProcess& p, const SyscallArgs& a) {
    return symlink_at(p, a.a[0], a.a[1], a.a[2]);
}

int64_t sys_truncate(LinuxProcess& p, const SyscallArgs& a) {
    std::string path;
    if (!path_arg(p, a.a[0], path)) return -abi::kEFAULT;
    const auto at = p.fs().locate(AT_FDCWD, path, true);
    if (at.error) return fail(at.error);
    return host_result(::truncate(at.c_str(), off_t(a.a[1])));
}

int64_t sys_fchmodat(LinuxProcess& p, const SyscallArgs& a) {
    std::string path;
    if (!path_arg(p, a.a[1], path)) return -abi::kEFAULT;
    int dir = host_dirfd(p, a.a[0]);
    if (dir == -2) return -abi::kEBADF;
    const auto at = p.fs().locate(dir, path, true);
    if (at.error) return fail(at.error);
    return host_result(::fchmodat(at.dirfd, at.c_str(), mode_t(a.a[2]), 0));
}

int64_t sys_fchdir(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    if (h < 0) return -abi::kEBADF;
    const int r = p.fs().fchdir(h);
    return r < 0 ? fail(-r) : 0;
}

// utimensat: struct timespec[2] of {i64 sec, i64 nsec}; UTIME_NOW/OMIT keep their values.
int64_t sys_utimensat(LinuxProcess& p, const SyscallArgs& a) {
    int dir = host_dirfd(p, a.a[0]);
    if (dir == -2) return -abi::kEBADF;
    std::string path;
    if (a.a[1] && !path_arg(p, a.a[1], path)) return -abi::kEFAULT;
    struct timespec times[2];
    struct timespec* tp = nullptr;
    if (a.a[2]) {
        uint8_t raw[32];
        if (!p.read_guest(a.a[2], raw, sizeof raw)) return -abi::kEFAULT;
        for (int i = 0; i < 2; ++i) {
            times[i].tv_sec = time_t(load_be64(raw + 16 * i));
            times[i].tv_nsec = long(load_be64(raw + 16 * i + 8));
        }
        tp = times;
    }
    const int flags = (a.a[3] & 0x100) ? AT_SYMLINK_NOFOLLOW : 0;
    if (!a.a[1]) return host_result(::futimens(dir, tp));
    const auto at = p.fs().locate(dir, path, !(flags & AT_SYMLINK_NOFOLLOW));
    if (at.error) return fail(at.error);
    return host_result(::utimensat(at.dirfd, at.c_str(), tp, flags));
}

// ---- working directory and the rest ----

int64_t sys_getcwd(LinuxProcess& p, const SyscallArgs& a) {
    std::string cwd;
    if (int r = p.fs().getcwd(cwd); r < 0) return fail(-r);
    const size_t len = cwd.size() + 1;
    if (len > a.a[1]) return -abi::kERANGE;
    return p.write_guest(a.a[0], cwd.c_str(), len) ? int64_t(len) : -abi::kEFAULT;
}

int64_t sys_chdir(LinuxProcess& p, const SyscallArgs& a) {
    std::string path;
    if (!path_arg(p, a.a[0], path)) return -abi::kEFAULT;
    const int r = p.fs().chdir(path);
    return r < 0 ? fail(-r) : 0;
}

int64_t sys_ftruncate(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    return h < 0 ? -abi::kEBADF : host_result(::ftruncate(h, off_t(a.a[1])));
}
int64_t sys_fsync(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    return h < 0 ? -abi::kEBADF : host_result(::fsync(h));
}
int64_t sys_umask(LinuxProcess&, const SyscallArgs& a) {
    return ::umask(mode_t(a.a[0] & 0777));
}
int64_t sys_fchmod(LinuxProcess& p, const SyscallArgs& a) {
    int h = host_fd(p, a.a[0]);
    return h < 0 ? -abi::kEBADF : host_result(::fchmod(h, mode_t(a.a[1])));
}
int64_t sys_chmod(LinuxProcess& p, const SyscallArgs& a) {
    std::string path;
    if (!path_arg(p, a.a[0], path)) return -abi::kEFAULT;
    const auto at = p.fs().locate(AT_FDCWD, path, true);
    if (at.error) return fail(at.error);
    return host_result(::chmod(at.c_str(), mode_t(a.a[1])));
}
int64_t sys_fadvise64(LinuxProcess& p, const SyscallArgs& a) {
    return host_fd(p, a.a[0]) < 0 ? -abi::kEBADF : 0;
}

} // namespace

void add_file_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {3, "read", sys_read},
        {4, "write", sys_write},
        {5, "open", sys_open},
        {6, "close", sys_close},
        {9, "link", sys_link},
        {10, "unlink", sys_unlink},
        {12, "chdir", sys_chdir},
        {15, "chmod", sys_chmod},
        {19, "lseek", sys_lseek},
        {33, "access", sys_access},
        {41, "dup", sys_dup},
        {42, "pipe", sys_pipe},
        {54, "ioctl", sys_ioctl},
        {57, "symlink", sys_symlink},
        {58, "readlink", sys_readlink},
        {60, "umask", sys_umask},
        {63, "fstat64", sys_fstat64},
        {67, "pread64", sys_pread64},
        {68, "pwrite64", sys_pwrite64},
        {90, "dup2", sys_dup2},
        {92, "fcntl", sys_fcntl},
        {95, "fsync", sys_fsync},
        {119, "getcwd", sys_getcwd},
        {120, "readv", sys_vector_io<false>},
        {121, "writev", sys_vector_io<true>},
        {124, "fchmod", sys_fchmod},
        {128, "rename", sys_rename},
        {129, "truncate", sys_truncate},
        {130, "ftruncate", sys_ftruncate},
        {132, "lstat64", sys_lstat64},
        {136, "mkdir", sys_mkdir},
        {137, "rmdir", sys_rmdir},
        {139, "stat64", sys_stat64},
        {154, "getdents64", sys_getdents64},
        {176, "fchdir", sys_fchdir},
        {236, "_llseek", sys_llseek},
        {253, "fdatasync", sys_fsync},
        {209, "fadvise64", sys_fadvise64},
        {284, "openat", sys_openat},
        {285, "mkdirat", sys_mkdirat},
        {289, "fstatat64", sys_fstatat64},
        {290, "unlinkat", sys_unlinkat},
        {291, "renameat", sys_renameat},
        {292, "linkat", sys_linkat},
        {293, "symlinkat", sys_symlinkat},
        {294, "readlinkat", sys_readlinkat},
        {295, "fchmodat", sys_fchmodat},
        {296, "faccessat", sys_faccessat},
        {310, "utimensat", sys_utimensat},
        {320, "dup3", sys_dup3},
        {321, "pipe2", sys_pipe2},
        {345, "renameat2", sys_renameat2},
        {439, "faccessat2", sys_faccessat},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
