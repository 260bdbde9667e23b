// libFuzzer target: random system calls, numbers and arguments, through the
// user-mode Linux layer as a program's `ta 0x6d` reaches it. One process (a
// text page, its stack, a data page) is loaded once and saved with the
// checkpoint sections; each input starts from that state restored, puts its
// first bytes in the data page, and makes up to kMaxCalls calls from the main
// thread. Arguments are small numbers, descriptors, pointers into the data
// page or around the stack, or raw 64-bit values. The input ends early when
// the process exits or its thread waits (nothing here runs the simulation
// that would wake it).
//
// Files are confined (--fs-root) to a scratch folder emptied before each
// input, and the guest's 0-2 are one unnamed file made anew for each input,
// so no input reaches the host's files or this process's terminal. (They
// were /dev/null once: an input's fchmod(1, ...) changed the host's
// /dev/null for every program on the machine.) pipe and pipe2 are left out:
// the guest's pipes are host pipes, and a read from an empty one (or a write
// to a full one) blocks the simulator, a limitation docs/fuzzing.md describes.
#include "core/checkpoint/state_io.h"
#include "core/stats/stats.h"
#include "core/tests/support/sanitizer_stack.h"
#include "models/devices/ram.h"
#include "models/devices/router.h"
#include "platform/linux/linux_process.h"
#include "platform/linux/syscall_table.h"
#include "platform/loader/elf_image.h"

#include <systemc>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace fireplane;
using namespace fireplane::linux_user;

namespace {

constexpr uint64_t kPage = AddressSpace::kPageSize;
constexpr uint64_t kText = 0x100000, kData = 0x200000, kDataSize = 2 * kPage;
constexpr uint64_t kRamSize = 128 * kPage; // 1 MiB
constexpr unsigned kMaxCalls = 48;
constexpr unsigned kTrapSyscall = 0x100 + 0x6d; // ta 0x6d
constexpr uint64_t kPipe = 42, kPipe2 = 321;

// Empties `dir` (made writable first: the guest may have taken the permissions away).
void empty_folder(int dir) {
    DIR* d = ::fdopendir(::dup(dir));
    if (!d) return;
    ::rewinddir(d); // the duplicate shares the position the last listing left at the end
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, "..")) names.push_back(e->d_name);
    ::closedir(d);
    for (const std::string& name : names) {
        if (::unlinkat(dir, name.c_str(), 0) == 0) continue;
        ::fchmodat(dir, name.c_str(), 0700, 0);
        const int sub = ::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        if (sub < 0) continue;
        empty_folder(sub);
        ::close(sub);
        ::unlinkat(dir, name.c_str(), AT_REMOVEDIR);
    }
}

// The process every input starts from, and its saved state.
struct Host {
    std::string root;
    int root_fd;
    StatsRegistry registry;
    std::unique_ptr<sparc::SparcCpu> cpu;
    std::unique_ptr<Router> bus;
    std::unique_ptr<Ram> ram; // the CPU reaches it by DMI, as in a machine
    uint8_t* ram_bytes = nullptr;
    std::vector<uint8_t> saved_ram;
    std::ostringstream diagnostics;
    std::unique_ptr<LinuxProcess> process;
    std::vector<std::pair<Checkpointable*, std::vector<uint8_t>>> saved; // restored in this order
    std::vector<SyscallEntry> calls;                                     // what the selector picks

    Host() {
        char name[] = "/tmp/fireplane-syscall-fuzz-XXXXXX";
        if (!::mkdtemp(name)) std::abort();
        root = name;
        root_fd = ::open(name, O_RDONLY | O_DIRECTORY);
        // Warnings (sc_stop called again, unknown calls) are the program's, not findings.
        sc_core::sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
        sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
        StatsRegistry::Scope scope(registry);
        cpu = std::make_unique<sparc::SparcCpu>("cpu0", sparc::SparcCpuConfig{});
        RamConfig ram_config;
        ram_config.size = kRamSize;
        ram = std::make_unique<Ram>("ram", ram_config);
        bus = std::make_unique<Router>("bus");
        cpu->bind_initiators(bus->master_port());
        cpu->bind_requests(bus->master_port());
        bus->map(ram->socket, 0, kRamSize, "ram");
        sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborated: DMI can be granted
        ram_bytes = cpu->physical_pointer(0, kRamSize);
        ProcessConfig config;
        config.argv = {"fuzz"};
        config.stack_size = 32 * kPage;
        config.max_threads = 8;
        config.fs_root = root;
        process = std::make_unique<LinuxProcess>(std::vector<sparc::SparcCpu*>{cpu.get()},
                                                 PhysicalMemory{ram_bytes, 0, kRamSize}, config,
                                                 diagnostics);
        loader::ElfImage image;
        image.path = "fuzz";
        image.entry = kText;
        image.segments.push_back({kText, kPage, 0, 0, true, false, true});
        process->load(image);
        process->memory().map(kData, kDataSize, kProtRead | kProtWrite, "data");
        for (Checkpointable* model : std::initializer_list<Checkpointable*>{
                 process.get(), &process->memory(), &process->threads(), &process->signals(),
                 &process->timers()}) {
            saved.emplace_back(model, std::vector<uint8_t>());
            StateIo out = StateIo::writer("fuzz", saved.back().second, 1);
            model->checkpoint(out);
        }
        StateIo core_out = StateIo::writer("fuzz", saved_core, 1);
        cpu->core().checkpoint(core_out);
        saved_ram.assign(ram_bytes, ram_bytes + kRamSize);
        for (const SyscallEntry& e : syscall_table())
            if (e.number != kPipe && e.number != kPipe2) calls.push_back(e);
        std::atexit(remove_root);
    }
    // The host lives until the process ends (SystemC objects outlive sc_main), so its
    // scratch folder goes at exit.
    static void remove_root() {
        Host& h = instance();
        empty_folder(h.root_fd);
        ::rmdir(h.root.c_str());
    }
    static Host& instance() {
        static Host& host = *new Host; // never destroyed: SystemC objects outlive sc_main's end
        return host;
    }

    // Back to the saved process, with no descriptors but 0-2 on an unnamed file and an empty root.
    LinuxProcess& fresh() {
        empty_folder(root_fd);
        ::umask(022); // umask(2) is the host's own
        diagnostics.str("");
        std::memcpy(ram_bytes, saved_ram.data(), kRamSize);
        for (auto& [model, bytes] : saved) {
            StateIo in = StateIo::reader("fuzz", bytes, 1);
            model->checkpoint(in);
            model->restored();
        }
        StateIo core_in = StateIo::reader("fuzz", saved_core, 1);
        cpu->core().checkpoint(core_in);
        FdTable& files = process->files();
        for (int g = 0; g < FdTable::kMaxFds; ++g)
            files.close(g);
        // Named outside the guest's root, then unlinked (O_TMPFILE is not on every file system).
        std::string io_name = root + "-io-XXXXXX";
        const int io = ::mkostemp(io_name.data(), O_CLOEXEC);
        if (io < 0) std::abort();
        ::unlink(io_name.c_str());
        for (int g = 0; g < 3; ++g)
            files.place(g, g ? ::fcntl(io, F_DUPFD_CLOEXEC, 0) : io);
        return *process;
    }

    std::vector<uint8_t> saved_core;
};

// The input, read front to back; zeros once it runs out.
struct Reader {
    const uint8_t* data;
    size_t size;
    size_t at = 0;
    bool done() const { return at >= size; }
    uint64_t take(unsigned bytes) {
        uint64_t v = 0;
        for (unsigned i = 0; i < bytes; ++i)
            v = (v << 8) | (at < size ? data[at++] : 0);
        return v;
    }
};

// One argument: a kind byte, then what that kind needs.
uint64_t argument(Reader& in, uint64_t sp) {
    switch (in.take(1) % 8) {
    case 0: return uint64_t(int64_t(int8_t(in.take(1)))); // a small number, maybe negative
    case 1: return kData + in.take(2) % (kDataSize + 64); // into the data page, or just past
    case 2: return sp + 2047 - 1024 + in.take(2) % 4096;  // around the stack pointer
    case 3: return in.take(8);                            // anything
    case 4: return in.take(1) % 16;                       // a descriptor
    case 5: return uint64_t(-100);                        // AT_FDCWD
    case 6: return 0;                                     // NULL
    default: return in.take(4);                           // a 32-bit value
    }
}

// What the CPU does on `ta 0x6d` before the trap handler runs (SparcCore::enter_trap).
void trap_into(sparc::SparcCore& c, LinuxProcess& p) {
    c.tl = 1;
    sparc::TrapLevelState& t = c.trap_stack[1];
    t.tpc = c.pc;
    t.tnpc = c.npc;
    t.tt = uint16_t(kTrapSyscall);
    t.tstate = c.tstate();
    c.set_pstate(uint16_t((c.pstate | sparc::kPstatePriv) & ~sparc::kPstateIe));
    p.handle_trap(c, kTrapSyscall);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Host& host = Host::instance();
    LinuxProcess& p = host.fresh();
    sparc::SparcCore& c = host.cpu->core();

    Reader in{data, size};
    const uint64_t prefix = std::min<uint64_t>(in.take(1) * 16, kDataSize);
    for (uint64_t k = 0; k < prefix && !in.done(); ++k)
        *p.memory().host_pointer(kData + k) = uint8_t(in.take(1));

    const uint64_t sp = c.r[14];
    for (unsigned call = 0; call < kMaxCalls && !in.done() && !p.exited(); ++call) {
        const uint64_t selector = in.take(1);
        const uint64_t number =
            selector < 0xf0 ? host.calls[selector % host.calls.size()].number : in.take(2) % 400;
        if (number == kPipe || number == kPipe2) continue;
        c.r[1] = number;
        for (unsigned i = 0; i < 6; ++i)
            c.r[8 + i] = argument(in, sp);
        c.r[14] = sp; // a signal frame moved it: each call starts from the same place
        c.pc = kText;
        c.npc = kText + 4;
        trap_into(c, p);
        const ThreadState state = p.threads().all().front()->state;
        if (state == ThreadState::Blocked || state == ThreadState::Exited) break;
    }
    // The CPU's thread has run: LeakSanitizer, checking after this input or
    // at exit, must scan the main stack, not that thread's.
    fireplane::test::record_main_stack();
    return 0;
}
