#include "guest_abi.h"

#include <cerrno>
#include <fcntl.h>

namespace fireplane::linux_user::abi {

namespace {

struct ErrnoRow {
    int host;
    int guest;
};
// Values 1-34 are the same on every Linux; sparc numbers the rest as SunOS did.
constexpr ErrnoRow kErrnos[] = {
    {EDEADLK, 78},
    {ENAMETOOLONG, 63},
    {ENOLCK, 79},
    {ENOSYS, 90},
    {ENOTEMPTY, 66},
    {ELOOP, 62},
    {ENOMSG, 75},
    {EIDRM, 77},
    {ENOSTR, 72},
    {ENODATA, 111},
    {ETIME, 73},
    {ENOSR, 74},
    {EREMOTE, 71},
    {ENOLINK, 82},
    {EPROTO, 86},
    {EMULTIHOP, 87},
    {EBADMSG, 76},
    {EOVERFLOW, 92},
    {EILSEQ, 122},
    {EUSERS, 68},
    {ENOTSOCK, 38},
    {EDESTADDRREQ, 39},
    {EMSGSIZE, 40},
    {EPROTOTYPE, 41},
    {ENOPROTOOPT, 42},
    {EPROTONOSUPPORT, 43},
    {EOPNOTSUPP, 45},
    {EAFNOSUPPORT, 47},
    {EADDRINUSE, 48},
    {EADDRNOTAVAIL, 49},
    {ENETDOWN, 50},
    {ENETUNREACH, 51},
    {ECONNABORTED, 53},
    {ECONNRESET, 54},
    {ENOBUFS, 55},
    {EISCONN, 56},
    {ENOTCONN, 57},
    {ETIMEDOUT, 60},
    {ECONNREFUSED, 61},
    {EHOSTUNREACH, 65},
    {EALREADY, 37},
    {EINPROGRESS, 36},
    {ESTALE, 70},
    {EDQUOT, 69},
    {ECANCELED, 127},
    {EOWNERDEAD, 132},
    {ENOTRECOVERABLE, 133},
    {ENOMEDIUM, 125},
};

struct FlagRow {
    uint64_t guest;
    int host;
};
constexpr FlagRow kOpenFlags[] = {
    {0x0008, O_APPEND},     {0x0040, O_ASYNC},     {0x0200, O_CREAT},
    {0x0400, O_TRUNC},      {0x0800, O_EXCL},      {0x2000, O_DSYNC},
    {0x4000, O_NONBLOCK},   {0x0004, O_NDELAY},    {0x8000, O_NOCTTY},
    {0x10000, O_DIRECTORY}, {0x20000, O_NOFOLLOW}, {0x100000, O_DIRECT},
    {0x200000, O_NOATIME},  {0x400000, O_CLOEXEC}, {0x800000, O_SYNC & ~O_DSYNC},
    {0x1000000, O_PATH},
};

} // namespace

int guest_errno(int host_errno) {
    if (host_errno >= 1 && host_errno <= 34) return host_errno;
    for (const ErrnoRow& r : kErrnos)
        if (r.host == host_errno) return r.guest;
    return kEINVAL;
}

int host_open_flags(uint64_t guest_flags) {
    int host = int(guest_flags & 3); // O_RDONLY/O_WRONLY/O_RDWR
    for (const FlagRow& r : kOpenFlags)
        if (guest_flags & r.guest) host |= r.host;
    return host;
}

uint64_t guest_open_flags(int host_flags) {
    uint64_t guest = uint64_t(host_flags & 3);
    for (const FlagRow& r : kOpenFlags)
        if ((host_flags & r.host) == r.host && r.host != 0) guest |= r.guest;
    return guest;
}

} // namespace fireplane::linux_user::abi
