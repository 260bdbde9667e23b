#include "fd_table.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>

namespace fireplane::linux_user {

FdTable::FdTable(const GuestFileSystem& fs) : fs_(&fs), host_(3) {
    for (int i = 0; i < 3; ++i)
        host_[i] = i;
}

int FdTable::open_special_host_file(Special s) {
    const bool mem = s == Special::PhysicalMemory;
    const int h = ::memfd_create(mem ? "fireplane-dev-mem" : "fireplane-pagemap",
                                 MFD_CLOEXEC | (mem ? MFD_ALLOW_SEALING : 0));
    if (h >= 0 && mem && ::fcntl(h, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK) != 0) {
        ::close(h);
        return -1;
    }
    return h;
}

FdTable::~FdTable() {
    for (size_t g = 0; g < host_.size(); ++g)
        if (host_[g] > 2) ::close(host_[g]);
}

int FdTable::host(int64_t guest) const {
    if (guest < 0 || guest >= int64_t(host_.size())) return -1;
    return host_[size_t(guest)];
}

int FdTable::add(int host_fd, int from) {
    for (int g = std::max(from, 0); g < kMaxFds; ++g) {
        if (g >= int(host_.size())) host_.resize(size_t(g) + 1, -1);
        if (host_[size_t(g)] < 0) {
            host_[size_t(g)] = host_fd;
            return g;
        }
    }
    return -1;
}

void FdTable::place(int guest, int host_fd) {
    if (guest >= int(host_.size())) host_.resize(size_t(guest) + 1, -1);
    close(guest);
    host_[size_t(guest)] = host_fd;
}

bool FdTable::close(int64_t guest) {
    int h = host(guest);
    if (h < 0) return false;
    if (h > 2) ::close(h);
    host_[size_t(guest)] = -1;
    if (guest < kMaxFds) special_[size_t(guest)] = Special::None;
    return true;
}

} // namespace fireplane::linux_user
