#pragma once
// The sparc64 Linux system calls the user-mode layer implements: one table,
// built from per-area groups (files, memory, process, time), each defined
// beside its handlers.
#include <cstdint>
#include <vector>

namespace fireplane::linux_user {

class LinuxProcess;
struct SyscallArgs;

// Returns the result, or -errno (guest numbering) on failure.
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

const SyscallEntry* find_syscall(uint64_t number);

} // namespace fireplane::linux_user
