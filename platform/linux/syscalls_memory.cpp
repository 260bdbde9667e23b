// Memory system calls: brk, mmap, munmap, mprotect, mremap and madvise over
// the process's AddressSpace.
#include "guest_abi.h"
#include "linux_process.h"
#include "syscall_table.h"

#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace fireplane::linux_user {

namespace {

constexpr uint64_t kMapShared = 0x1, kMapFixed = 0x10, kMapAnonymous = 0x20,
                   kMapFixedNoReplace = 0x100000;
constexpr uint64_t kMremapMayMove = 1, kMremapFixed = 2;
constexpr uint64_t kMadvDontNeed = 4;
constexpr uint64_t kUserTop = 0x0000080000000000ull; // end of the user address range

using AS = AddressSpace;

bool page_aligned(uint64_t v) {
    return v % AS::kPageSize == 0;
}

// [addr, addr + len) runs past 2^64.
bool wraps(uint64_t addr, uint64_t len) {
    return addr + len < addr;
}

// The CPU caches translations and decoded code; both go stale when mappings change.
void changed(LinuxProcess& p) {
    p.flush_translations();
}

int64_t sys_brk(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t want = a.a[0];
    if (want < p.brk_start || want > kUserTop) return int64_t(p.brk_current);
    const uint64_t old_end = AS::page_up(p.brk_current), new_end = AS::page_up(want);
    if (new_end > old_end) {
        if (!p.memory().is_free(old_end, new_end - old_end) ||
            !p.memory().fits(old_end, new_end - old_end, kProtRead | kProtWrite))
            return int64_t(p.brk_current);
        p.memory().map(old_end, new_end - old_end, kProtRead | kProtWrite, "heap");
    } else if (new_end < old_end) {
        p.memory().unmap(new_end, old_end - new_end);
        changed(p);
    }
    p.brk_current = want;
    return int64_t(want);
}

int64_t sys_mmap(LinuxProcess& p, const SyscallArgs& a) {
    uint64_t addr = a.a[0];
    const uint64_t len = AS::page_up(a.a[1]);
    const unsigned prot = unsigned(a.a[2] & 7);
    const uint64_t flags = a.a[3], offset = a.a[5];
    if (a.a[1] == 0 || !page_aligned(offset)) return -abi::kEINVAL;
    if (len < a.a[1]) return -abi::kENOMEM; // rounds up past 2^64
    int host_fd = -1;
    if (!(flags & kMapAnonymous)) {
        host_fd = p.files().host(int64_t(a.a[4]));
        if (host_fd < 0) return -abi::kEBADF;
    }
    if (flags & (kMapFixed | kMapFixedNoReplace)) {
        if (!page_aligned(addr) || wraps(addr, len) || addr + len > kUserTop) return -abi::kEINVAL;
        if ((flags & kMapFixedNoReplace) && !p.memory().is_free(addr, len)) return -abi::kEEXIST;
    } else if (addr == 0 || !page_aligned(addr) || !p.memory().is_free(addr, len)) {
        addr = p.memory().find_free(p.mmap_next, len);
        if (addr == 0 || addr + len > kUserTop) return -abi::kENOMEM;
    }
    if (host_fd >= 0 && p.files().physical_memory(int64_t(a.a[4]))) {
        // /dev/mem: device registers (RAM is the process's own pages, not for sharing).
        if (p.memory().overlaps_ram(offset, len)) return -abi::kEPERM;
        p.memory().map_device(addr, len, offset, prot);
        changed(p);
        return int64_t(addr);
    }
    // Strict commit (RAM, no swap). A file's bytes are copied in now, so they
    // take RAM even in a mapping the program cannot touch yet.
    struct stat st {};
    const uint64_t file_bytes =
        host_fd >= 0 && ::fstat(host_fd, &st) == 0 && uint64_t(st.st_size) > offset
            ? std::min(len, AS::page_up(uint64_t(st.st_size) - offset))
            : 0;
    if (!p.memory().fits(addr, len, prot) || (prot == 0 && !p.memory().fits_more(file_bytes)))
        return -abi::kENOMEM;
    p.memory().map(addr, len, prot, host_fd < 0 ? "mmap" : "file");
    changed(p);
    if (host_fd >= 0) {
        // A private copy of the file, page by page as far as it goes; MAP_SHARED
        // writes do not reach the file.
        if (flags & kMapShared)
            p.warn_once("mmap-shared", "MAP_SHARED file mappings are private copies in user mode");
        for (uint64_t off = 0; off < file_bytes; off += AS::kPageSize) {
            uint8_t* page = p.memory().host_pointer(addr + off);
            if (!page ||
                ::pread(host_fd, page, AS::kPageSize, off_t(offset + off)) < ssize_t(AS::kPageSize))
                break;
        }
    }
    return int64_t(addr);
}

int64_t sys_munmap(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t len = AS::page_up(a.a[1]);
    if (!page_aligned(a.a[0]) || len == 0 || wraps(a.a[0], len)) return -abi::kEINVAL;
    p.memory().unmap(a.a[0], len);
    changed(p);
    return 0;
}

int64_t sys_mprotect(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t len = AS::page_up(a.a[1]);
    const unsigned prot = unsigned(a.a[2] & 7);
    if (!page_aligned(a.a[0])) return -abi::kEINVAL;
    if (!p.memory().fits(a.a[0], len, prot) || !p.memory().protect(a.a[0], len, prot))
        return -abi::kENOMEM;
    changed(p);
    return 0;
}

int64_t sys_madvise(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t len = AS::page_up(a.a[1]);
    if (!page_aligned(a.a[0]) || len < a.a[1] || wraps(a.a[0], len)) return -abi::kEINVAL;
    if (a.a[2] == kMadvDontNeed) { // private anonymous pages read as zero afterwards
        p.memory().discard(a.a[0], len);
        changed(p);
    }
    return 0;
}

int64_t sys_mremap(LinuxProcess& p, const SyscallArgs& a) {
    const uint64_t old_addr = a.a[0], old_len = AS::page_up(a.a[1]), new_len = AS::page_up(a.a[2]);
    const uint64_t flags = a.a[3];
    if (!page_aligned(old_addr) || new_len == 0 || (flags & ~(kMremapMayMove | kMremapFixed)))
        return -abi::kEINVAL;
    // An old length of 0 (or one near 2^64, which pages up to 0) duplicates
    // a shared mapping in Linux; a private one, all this layer makes, is EINVAL.
    if (old_len == 0) return p.memory().is_mapped(old_addr, 1) ? -abi::kEINVAL : -abi::kEFAULT;
    if (!p.memory().is_mapped(old_addr, old_len)) return -abi::kEFAULT;
    auto it = p.memory().mappings().upper_bound(old_addr);
    --it;
    const unsigned prot = it->second.prot;
    const std::string name = it->second.name;
    if (new_len > old_len && prot && !p.memory().fits_more(new_len - old_len)) return -abi::kENOMEM;
    if (flags & kMremapFixed) {
        const uint64_t to = a.a[4];
        if (!(flags & kMremapMayMove) || !page_aligned(to)) return -abi::kEINVAL;
        p.memory().unmap(to, new_len);
        p.memory().move(old_addr, std::min(old_len, new_len), to);
        if (new_len > old_len) p.memory().map(to + old_len, new_len - old_len, prot, name);
        if (old_len > new_len) p.memory().unmap(old_addr + new_len, old_len - new_len);
        changed(p);
        return int64_t(to);
    }
    if (new_len <= old_len) {
        p.memory().unmap(old_addr + new_len, old_len - new_len);
        changed(p);
        return int64_t(old_addr);
    }
    if (p.memory().is_free(old_addr + old_len, new_len - old_len)) {
        p.memory().map(old_addr + old_len, new_len - old_len, prot, name);
        changed(p);
        return int64_t(old_addr);
    }
    if (!(flags & kMremapMayMove)) return -abi::kENOMEM;
    const uint64_t to = p.memory().find_free(p.mmap_next, new_len);
    if (to == 0) return -abi::kENOMEM;
    p.memory().move(old_addr, old_len, to);
    p.memory().map(to + old_len, new_len - old_len, prot, name);
    changed(p);
    return int64_t(to);
}

} // namespace

void add_memory_syscalls(std::vector<SyscallEntry>& table) {
    const SyscallEntry entries[] = {
        {17, "brk", sys_brk},           {71, "mmap", sys_mmap},       {73, "munmap", sys_munmap},
        {74, "mprotect", sys_mprotect}, {75, "madvise", sys_madvise}, {250, "mremap", sys_mremap},
    };
    table.insert(table.end(), std::begin(entries), std::end(entries));
}

} // namespace fireplane::linux_user
