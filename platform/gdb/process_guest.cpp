// A user-mode Linux process: its threads by Linux thread ID, their registers
// on their CPU or saved while off it, and memory through the process's
// address space. Reading a page the program has not touched yet reads zeros
// without backing it, so a debugger that only looks leaves the page map (and
// with it the caches' physical addresses) as it would have been.
#include "guest.h"

#include "platform/builder/platform_builder.h"
#include "platform/linux/linux_process.h"

#include <algorithm>
#include <cstring>

namespace fireplane::gdb {

namespace {

// Walks [va, va + length) page by page: fn(address, its page, bytes in this
// page, bytes done so far) returns false to stop. The bytes done come back.
template <typename Fn> size_t by_pages(uint64_t va, size_t length, Fn fn) {
    size_t done = 0;
    while (done < length) {
        const uint64_t at = va + done;
        const uint64_t page = linux_user::AddressSpace::page_down(at);
        const size_t chunk =
            std::min<uint64_t>(length - done, page + linux_user::AddressSpace::kPageSize - at);
        if (!fn(at, page, chunk, done)) break;
        done += chunk;
    }
    return done;
}

using linux_user::AddressSpace;
using linux_user::GuestThread;
using linux_user::ThreadState;

class ProcessGuest : public Guest {
public:
    ProcessGuest(Platform& platform, linux_user::LinuxProcess& process)
        : platform_(platform), process_(process) {}

    std::vector<ThreadId> threads() const override {
        std::vector<ThreadId> all;
        for (const auto& t : process_.threads().all())
            if (t->state != ThreadState::Exited) all.push_back(t->tid);
        return all;
    }
    std::string describe(ThreadId thread) const override {
        const GuestThread* t = find(thread);
        if (!t) return {};
        if (t->cpu >= 0) return "on " + std::string(platform_.cpus[size_t(t->cpu)]->basename());
        return t->state == ThreadState::Blocked ? "blocked" : "runnable";
    }
    sparc::SparcCore* core_of(ThreadId thread) override {
        const GuestThread* t = find(thread);
        return t && t->cpu >= 0 ? &platform_.cpus[size_t(t->cpu)]->core() : nullptr;
    }
    linux_user::ThreadContext* saved_registers(ThreadId thread) override {
        GuestThread* t = find(thread);
        return t && t->cpu < 0 ? &t->context : nullptr;
    }
    ThreadId thread_on(const sparc::SparcCore& core) const override {
        const GuestThread* t = process_.threads().running_on(core);
        return t ? t->tid : 0;
    }
    size_t read_memory(ThreadId, uint64_t va, uint8_t* out, size_t length) override {
        AddressSpace& memory = process_.memory();
        return by_pages(va, length, [&](uint64_t at, uint64_t page, size_t chunk, size_t done) {
            uint64_t pa_page;
            if (memory.physical_page(page, pa_page)) {
                const uint8_t* host =
                    platform_.cpus.front()->physical_pointer(pa_page, AddressSpace::kPageSize);
                if (!host) return false; // a device page (/dev/mem): not read behind its back
                std::memcpy(out + done, host + (at - page), chunk);
                return true;
            }
            if (!memory.is_mapped(at, chunk)) return false;
            std::memset(out + done, 0, chunk); // not touched yet: zero when it is
            return true;
        });
    }
    // Writing backs the pages it needs, as a ptrace write would; protections
    // do not apply (gdb writes to the text too).
    bool write_memory(ThreadId, uint64_t va, const uint8_t* data, size_t length) override {
        AddressSpace& memory = process_.memory();
        const size_t done =
            by_pages(va, length, [&](uint64_t at, uint64_t, size_t chunk, size_t d) {
                uint8_t* host = memory.host_pointer(at);
                if (host) std::memcpy(host, data + d, chunk);
                return host != nullptr;
            });
        forget_decoded_code(platform_, va, done);
        return done == length;
    }
    bool firmware() const override { return false; }

private:
    GuestThread* find(ThreadId thread) const {
        for (const auto& t : process_.threads().all())
            if (t->tid == thread && t->state != ThreadState::Exited) return t.get();
        return nullptr;
    }

    Platform& platform_;
    linux_user::LinuxProcess& process_;
};

} // namespace

std::unique_ptr<Guest> process_guest(Platform& platform, linux_user::LinuxProcess& process) {
    return std::make_unique<ProcessGuest>(platform, process);
}

} // namespace fireplane::gdb
