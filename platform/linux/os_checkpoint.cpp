// The user-mode OS layer's state in a checkpoint: the process, its address
// space, descriptors, threads (with futex waits and the run queue), signals
// and timers. Threads are named by their place in the thread list, which
// never shrinks, so pointers between them are saved as indices.
#include "address_space.h"
#include "fd_table.h"
#include "guest_thread.h"
#include "interval_timers.h"
#include "linux_process.h"
#include "signal_delivery.h"
#include "thread_scheduler.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>

namespace fireplane::linux_user {

// ---- threads ----

void ThreadContext::checkpoint(StateIo& io) {
    io(globals, windows, pc, npc, y, fsr, gsr, f, ccr, asi, fprs);
    io(cwp, cansave, canrestore, otherwin, cleanwin, wstate);
}

void GuestThread::checkpoint(StateIo& io) {
    io(tid, state, context, cpu, last_cpu, affinity, clear_child_tid, robust_list, signals);
    io(wake_result, interrupt_result, finish_wait, futex, futex_bitset, deadline, run_cycles);
    io(stint_start, slice_start, queued_since);
}

namespace {
// A thread pointer as its index in the thread list (-1: none), and back.
template <typename List> void thread_ref(StateIo& io, const List& threads, GuestThread*& t) {
    int64_t index = -1;
    if (io.saving() && t)
        for (size_t i = 0; i < threads.size(); ++i)
            if (threads[i].get() == t) index = int64_t(i);
    io(index);
    if (io.restoring()) {
        if (index < -1 || index >= int64_t(threads.size())) io.fail("a thread index out of range");
        t = index < 0 ? nullptr : threads[size_t(index)].get();
    }
}

template <typename List, typename Refs>
void thread_refs(StateIo& io, const List& threads, Refs& refs) {
    uint64_t n = io.count(refs.size(), 8);
    if (io.restoring()) refs.assign(n, nullptr);
    for (auto& t : refs)
        thread_ref(io, threads, t);
}
} // namespace

void ThreadScheduler::checkpoint(StateIo& io) {
    uint64_t n = io.count(threads_.size(), 8);
    if (io.restoring()) {
        threads_.clear();
        for (uint64_t i = 0; i < n; ++i)
            threads_.push_back(std::make_unique<GuestThread>());
    }
    for (auto& t : threads_)
        io(*t);
    uint64_t cpus = cpus_.size();
    io(cpus);
    if (cpus != cpus_.size())
        io.fail("the process ran on " + std::to_string(cpus) + " CPUs, this machine has " +
                std::to_string(cpus_.size()));
    thread_refs(io, threads_, on_cpu_);
    std::vector<uint8_t> idle(idle_.begin(), idle_.end());
    io(idle);
    idle_.assign(idle.begin(), idle.end());
    thread_refs(io, threads_, run_queue_);
    thread_refs(io, threads_, futex_waiters_);
}

// The CPUs wake themselves as they were (SparcCpu::restored).
void ThreadScheduler::restored() {
    arm_timer();
}

// ---- memory, descriptors, signals, timers ----

void AddressSpace::checkpoint(StateIo& io) {
    io(mappings_, pages_, next_free_pa_, free_pas_, out_of_memory_);
    if (io.saving()) return;
    // Every physical page must be a page of this RAM: the address space
    // writes to them (a page handed out is zeroed) through the host pointer.
    auto in_ram = [this](uint64_t pa) {
        return pa % kPageSize == 0 && pa >= ram_.base && pa - ram_.base < ram_.size;
    };
    for (const auto& [vpn, page] : pages_)
        if (!page.device && !in_ram(page.pa)) io.fail("a page outside the process's RAM");
    for (uint64_t pa : free_pas_)
        if (!in_ram(pa)) io.fail("a free page outside the process's RAM");
    if (next_free_pa_ % kPageSize || next_free_pa_ > ram_.size)
        io.fail("the next free page is outside the process's RAM");
    for (const auto& [start, m] : mappings_)
        if (start % kPageSize || m.end % kPageSize || m.end <= start)
            io.fail("a mapping that is not a range of whole pages");
    recount();
}

namespace {

enum class FdKind : uint8_t { Closed, Host, Path, Contents, Special };

struct SavedFd {
    FdKind kind = FdKind::Closed;
    int32_t host = -1; // Host: the simulator's own 0, 1 or 2
    std::string path;  // Path
    std::string contents;
    int32_t flags = 0;
    int64_t offset = 0;
    uint8_t special = 0;
    void checkpoint(StateIo& io) { io(kind, host, path, contents, flags, offset, special); }
};

std::string fd_path(int h) {
    char link[64], target[PATH_MAX];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", h);
    const ssize_t n = ::readlink(link, target, sizeof target - 1);
    return n < 0 ? "" : std::string(target, size_t(n));
}

bool reopenable(const std::string& path) {
    const std::string deleted = " (deleted)";
    return !path.empty() && path[0] == '/' && path.compare(0, 7, "/memfd:") != 0 &&
           !(path.size() > deleted.size() &&
             path.compare(path.size() - deleted.size(), deleted.size(), deleted) == 0);
}

SavedFd describe(StateIo& io, int guest, int h, FdTable::Special special) {
    SavedFd s;
    if (h <= 2) {
        s.kind = FdKind::Host;
        s.host = h;
        s.offset = h == 0 ? ::lseek(h, 0, SEEK_CUR) : -1; // stdin read from a file
        return s;
    }
    s.flags = ::fcntl(h, F_GETFL);
    s.offset = ::lseek(h, 0, SEEK_CUR);
    if (special != FdTable::Special::None) {
        s.kind = FdKind::Special;
        s.special = uint8_t(special);
        return s;
    }
    struct stat st {};
    if (::fstat(h, &st) != 0 ||
        !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) || S_ISCHR(st.st_mode)))
        io.fail("guest descriptor " + std::to_string(guest) +
                " is a pipe or a socket, which a checkpoint cannot hold");
    s.path = fd_path(h);
    if (reopenable(s.path)) {
        s.kind = FdKind::Path;
        return s;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > (64 << 20))
        io.fail("guest descriptor " + std::to_string(guest) + " ('" + s.path +
                "') has no path to reopen it by");
    s.kind = FdKind::Contents;
    s.contents.resize(size_t(st.st_size));
    if (::pread(h, s.contents.data(), s.contents.size(), 0) != ssize_t(s.contents.size()))
        io.fail("guest descriptor " + std::to_string(guest) + ": cannot read '" + s.path + "'");
    return s;
}

// A saved host path, reopened where the guest's paths lead now: under
// --fs-root only inside the root, so a checkpoint cannot hand the guest a
// host file it could not open itself.
int reopen_path(StateIo& io, int guest, const std::string& path, int flags,
                const GuestFileSystem& fs) {
    if (!fs.confined()) return ::open(path.c_str(), flags);
    const std::string inside = fs.guest_path(path);
    if (inside.empty())
        io.fail("guest descriptor " + std::to_string(guest) + ": '" + path +
                "' lies outside the --fs-root folder '" + fs.root() + "'");
    const int h = fs.open(AT_FDCWD, inside, flags, 0);
    if (h < 0) errno = -h;
    return h;
}

int reopen(StateIo& io, int guest, const SavedFd& s, const GuestFileSystem& fs) {
    int h = -1;
    const int flags = (s.flags & ~(O_CREAT | O_EXCL | O_TRUNC)) | O_CLOEXEC;
    switch (s.kind) {
    case FdKind::Host:
        // The restoring run's own stdin goes on where the saved one was, if it is a file.
        if (s.host == 0 && s.offset > 0) ::lseek(0, s.offset, SEEK_SET);
        return s.host;
    case FdKind::Path: h = reopen_path(io, guest, s.path, flags, fs); break;
    case FdKind::Special:
        if (s.special != uint8_t(FdTable::Special::PhysicalMemory) &&
            s.special != uint8_t(FdTable::Special::PageMap))
            io.fail("guest descriptor " + std::to_string(guest) + ": unknown special file " +
                    std::to_string(s.special));
        h = FdTable::open_special_host_file(FdTable::Special(s.special));
        break;
    case FdKind::Contents:
        h = ::memfd_create("fireplane-restored-file", MFD_CLOEXEC);
        if (h >= 0 &&
            ::write(h, s.contents.data(), s.contents.size()) != ssize_t(s.contents.size()))
            io.fail("guest descriptor " + std::to_string(guest) + ": cannot rebuild its file");
        break;
    case FdKind::Closed: return -1;
    }
    if (h < 0)
        io.fail("guest descriptor " + std::to_string(guest) + ": cannot reopen '" + s.path +
                "': " + std::strerror(errno));
    if (s.offset > 0 && ::lseek(h, s.offset, SEEK_SET) != s.offset)
        io.fail("guest descriptor " + std::to_string(guest) + ": cannot seek '" + s.path + "'");
    return h;
}

} // namespace

void FdTable::checkpoint(StateIo& io) {
    std::vector<SavedFd> saved;
    if (io.saving())
        for (size_t g = 0; g < host_.size(); ++g)
            saved.push_back(host_[g] < 0 ? SavedFd{} : describe(io, int(g), host_[g], special_[g]));
    io(saved);
    if (io.saving()) return;
    if (saved.size() > size_t(kMaxFds)) io.fail("more descriptors than a process may have");
    for (size_t g = 0; g < host_.size(); ++g)
        close(int64_t(g));
    host_.assign(saved.size(), -1);
    for (size_t g = 0; g < saved.size(); ++g) {
        host_[g] = reopen(io, int(g), saved[g], *fs_);
        special_[g] = saved[g].kind == FdKind::Special ? Special(saved[g].special) : Special::None;
    }
}

void ProcessSignals::checkpoint(StateIo& io) {
    io(actions_, shared_);
    thread_ref(io, p_.threads().all(), curr_target_);
}

void IntervalTimers::checkpoint(StateIo& io) {
    io(real_, cpu_itimers_, timers_, next_id_);
}

// ---- the process ----

void LinuxProcess::checkpoint(StateIo& io) {
    io(brk_start, brk_current, mmap_next, next_tid_, exited_, exit_code_, rng_state_, warned_);
    io(program_path_);
}

} // namespace fireplane::linux_user
