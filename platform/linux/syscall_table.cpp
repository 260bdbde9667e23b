#include "syscall_table.h"

#include <algorithm>

namespace fireplane::linux_user {

namespace {
std::vector<SyscallEntry> build_table() {
    std::vector<SyscallEntry> table;
    add_file_syscalls(table);
    add_memory_syscalls(table);
    add_process_syscalls(table);
    add_time_syscalls(table);
    add_thread_syscalls(table);
    add_signal_syscalls(table);
    add_timer_syscalls(table);
    std::sort(table.begin(), table.end(),
              [](const SyscallEntry& a, const SyscallEntry& b) { return a.number < b.number; });
    return table;
}
} // namespace

const std::vector<SyscallEntry>& syscall_table() {
    static const std::vector<SyscallEntry> table = build_table();
    return table;
}

const SyscallEntry* find_syscall(uint64_t number) {
    const std::vector<SyscallEntry>& table = syscall_table();
    auto it = std::lower_bound(table.begin(), table.end(), number,
                               [](const SyscallEntry& e, uint64_t n) { return e.number < n; });
    return (it != table.end() && it->number == number) ? &*it : nullptr;
}

} // namespace fireplane::linux_user
