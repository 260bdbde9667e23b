#pragma once
// The sparc64 Linux system calls the user-mode layer implements: one table,
// built from per-area groups (files, memory, process, time, threads, signals,
// timers), each defined beside its handlers.
#include <climits>
#include <cstdint>
#include <vector>

namespace fireplane::linux_user {

class LinuxProcess;
struct SyscallArgs;

// Returns the result, or -errno (guest numbering) on failure.
// kResumesContext: the handler set the state to return to (rt_sigreturn).
inline constexpr int64_t kResumesContext = INT64_MIN;
using SyscallHandler = int64_t (*)(LinuxProcess& process, const SyscallArgs& args);

struct SyscallEntry {
    uint64_t number;
    const char* name;
    SyscallHandler handler;
};

void add_file_syscalls(std::vector<SyscallEntry>& table);
void add_memory_syscalls(std::vector<SyscallEntry>& table);
void add_process_syscalls(std::vector<SyscallEntry>& table);
void add_time_syscalls(std::vector<SyscallEntry>& table);
void add_thread_syscalls(std::vector<SyscallEntry>& table);
void add_signal_syscalls(std::vector<SyscallEntry>& table);
void add_timer_syscalls(std::vector<SyscallEntry>& table);

const SyscallEntry* find_syscall(uint64_t number);
// Every entry, by number.
const std::vector<SyscallEntry>& syscall_table();

} // namespace fireplane::linux_user
