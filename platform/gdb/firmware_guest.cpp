// Firmware: every CPU is a thread. Memory goes through the CPU's translation
// (physical while the MMUs are off; the MMU's side-effect-free probe while on:
// a debugger's look misses no TLB and sets no fault register) and then the
// host's debug port, so the
// boot ROM can be written too; only RAM and ROM are reached, never a device
// register, whose reads may have effects.
#include "guest.h"

#include "models/cpu/sparc_cpu.h"
#include "platform/builder/host_port.h"
#include "platform/builder/platform_builder.h"

#include <algorithm>

namespace fireplane::gdb {

namespace {

class FirmwareGuest : public Guest {
public:
    explicit FirmwareGuest(Platform& platform) : platform_(platform) {}

    std::vector<ThreadId> threads() const override {
        std::vector<ThreadId> all;
        for (size_t i = 0; i < platform_.cpus.size(); ++i)
            all.push_back(ThreadId(i + 1));
        return all;
    }
    std::string describe(ThreadId thread) const override {
        const sparc::SparcCpu* cpu = cpu_of(thread);
        if (!cpu) return {};
        return std::string(cpu->basename()) + (cpu->core().halted() ? ", halted" : "");
    }
    sparc::SparcCore* core_of(ThreadId thread) override {
        sparc::SparcCpu* cpu = cpu_of(thread);
        return cpu ? &cpu->core() : nullptr;
    }
    linux_user::ThreadContext* saved_registers(ThreadId) override { return nullptr; }
    ThreadId thread_on(const sparc::SparcCore& core) const override {
        for (size_t i = 0; i < platform_.cpus.size(); ++i)
            if (&platform_.cpus[i]->core() == &core) return ThreadId(i + 1);
        return 0;
    }
    size_t read_memory(ThreadId thread, uint64_t va, uint8_t* out, size_t length) override {
        return access(thread, va, out, length, false);
    }
    bool write_memory(ThreadId thread, uint64_t va, const uint8_t* data, size_t length) override {
        const size_t n = access(thread, va, const_cast<uint8_t*>(data), length, true);
        forget_decoded_code(platform_, va, n);
        return n == length;
    }
    bool firmware() const override { return true; }

private:
    sparc::SparcCpu* cpu_of(ThreadId thread) const {
        return thread >= 1 && size_t(thread) <= platform_.cpus.size() ? platform_.cpus[thread - 1]
                                                                      : nullptr;
    }
    bool in_memory(uint64_t pa, uint64_t length) const {
        const auto holds = [&](const NamedRange& r) {
            return pa >= r.range.base && length <= r.range.size &&
                   pa - r.range.base <= r.range.size - length;
        };
        return std::any_of(platform_.rams.begin(), platform_.rams.end(), holds) ||
               std::any_of(platform_.roms.begin(), platform_.roms.end(), holds);
    }
    // Page by page, as far as it gets; the bytes done.
    size_t access(ThreadId thread, uint64_t va, uint8_t* data, size_t length, bool write) {
        sparc::SparcCpu* cpu = cpu_of(thread);
        if (!cpu || !platform_.host) return 0;
        size_t done = 0;
        while (done < length) {
            const uint64_t at = va + done;
            const size_t chunk =
                std::min<uint64_t>(length - done, sparc::kPageSize - (at & sparc::kPageMask));
            uint64_t pa = 0;
            if (!cpu->core().memory().debug_translate(
                    at, write ? sparc::Access::Write : sparc::Access::Read, pa))
                break;
            if (!in_memory(pa, chunk)) break;
            const bool ok = write ? platform_.host->write(pa, data + done, chunk)
                                  : platform_.host->read(pa, data + done, chunk);
            if (!ok) break;
            done += chunk;
        }
        return done;
    }

    Platform& platform_;
};

} // namespace

std::unique_ptr<Guest> firmware_guest(Platform& platform) {
    return std::make_unique<FirmwareGuest>(platform);
}

void forget_decoded_code(Platform& platform, uint64_t va, size_t length) {
    if (length == 0) return;
    for (sparc::SparcCpu* cpu : platform.cpus)
        cpu->core().code_cache().invalidate(va, length);
}

} // namespace fireplane::gdb
