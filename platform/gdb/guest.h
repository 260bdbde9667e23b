#pragma once
// The software being debugged, as gdb's threads see it: bare-metal firmware,
// where each CPU is a thread (1 for cpu0, 2 for cpu1, ...), or a user-mode
// Linux process, whose threads are numbered by their Linux thread IDs and
// whose memory is its address space.
#include "debug_target.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {
struct Platform;
namespace linux_user {
class LinuxProcess;
struct ThreadContext;
} // namespace linux_user
namespace sparc {
class SparcCore;
}
} // namespace fireplane

namespace fireplane::gdb {

class Guest {
public:
    virtual ~Guest() = default;
    virtual std::vector<ThreadId> threads() const = 0; // live ones
    virtual std::string describe(ThreadId thread) const = 0;
    // The core a thread runs on now, or null (its registers are then saved).
    virtual sparc::SparcCore* core_of(ThreadId thread) = 0;
    virtual linux_user::ThreadContext* saved_registers(ThreadId thread) = 0;
    // The thread running on `core`; 0 for none.
    virtual ThreadId thread_on(const sparc::SparcCore& core) const = 0;
    // Memory as the thread sees it, without side effects: reading never
    // changes the guest (no page is backed, no device register read).
    virtual size_t read_memory(ThreadId thread, uint64_t va, uint8_t* out, size_t length) = 0;
    virtual bool write_memory(ThreadId thread, uint64_t va, const uint8_t* data, size_t length) = 0;
    // Firmware runs privileged code with its own trap table: gdb sees the trap stack.
    virtual bool firmware() const = 0;
};

std::unique_ptr<Guest> firmware_guest(Platform& platform);
std::unique_ptr<Guest> process_guest(Platform& platform, linux_user::LinuxProcess& process);

// Every CPU decodes [va, va + length) again: the debugger has written there.
void forget_decoded_code(Platform& platform, uint64_t va, size_t length);

} // namespace fireplane::gdb
