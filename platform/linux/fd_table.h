#pragma once
// Guest file descriptors and the host descriptors behind them. The guest's
// 0, 1 and 2 are the simulator's own; closing them only forgets them.
#include "core/checkpoint/checkpointable.h"
#include "guest_file_system.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fireplane::linux_user {

class FdTable : public Checkpointable {
public:
    // Restored descriptors reopen their files through `fs` (the process's).
    explicit FdTable(const GuestFileSystem& fs);
    ~FdTable();
    FdTable(const FdTable&) = delete;
    FdTable& operator=(const FdTable&) = delete;

    // Host fd for a guest fd, or -1.
    int host(int64_t guest) const;
    // Lowest free guest fd at or above `from` for `host_fd`; -1 if the table is full.
    int add(int host_fd, int from = 0);
    // Places host_fd at exactly `guest` (dup2), closing what was there.
    void place(int guest, int host_fd);
    // False when `guest` was not open.
    bool close(int64_t guest);
    // Opens the OS layer serves itself rather than the host file behind them:
    // /dev/mem (mmap maps physical addresses) and /proc/self/pagemap (reads
    // give the process's physical pages).
    enum class Special : uint8_t { None, PhysicalMemory, PageMap };
    void set_special(int guest, Special s) { special_.at(size_t(guest)) = s; }
    Special special(int64_t guest) const {
        return guest >= 0 && guest < kMaxFds ? special_[size_t(guest)] : Special::None;
    }
    // A new host descriptor to stand behind a special guest one, or -1 with
    // errno: an empty memory file private to the process, so that nothing the
    // guest does through it (fchmod, ftruncate, write) reaches a host file.
    // /dev/mem's is sealed: it reads as empty and refuses writes (EPERM).
    static int open_special_host_file(Special s);
    void set_physical_memory(int guest) { set_special(guest, Special::PhysicalMemory); }
    bool physical_memory(int64_t guest) const { return special(guest) == Special::PhysicalMemory; }

    static constexpr int kMaxFds = 1024;

    // Checkpointable (section os.files): each open descriptor as what it
    // refers to, found from the host descriptor behind it: a file by path,
    // flags and offset (reopened on restore), a file with no path (deleted,
    // a memfd) by its contents, the simulator's own 0-2, or a special file.
    // A pipe or socket cannot be saved: checkpointing fails with its number.
    void checkpoint(StateIo& io) override;

private:
    const GuestFileSystem* fs_;
    std::vector<int> host_; // -1 when free
    std::vector<Special> special_ = std::vector<Special>(kMaxFds, Special::None);
};

} // namespace fireplane::linux_user
