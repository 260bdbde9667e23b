#include "linux_process.h"
#include "program_image.h"

#include "core/log/log.h"
#include "core/text/hex_text.h"
#include "guest_abi.h"
#include "models/cpu/disassembler.h"
#include "signal_facts.h"
#include "syscall_table.h"

#include <systemc>

#include <cstdio>
#include <cstring>
#include <ostream>
#include <unistd.h>

namespace fireplane::linux_user {

using sparc::SparcCore;

namespace {

constexpr const char* kLogModule = "syscall"; // --log syscall=debug traces system calls
constexpr unsigned kTrapSyscall = 0x16d;      // ta 0x6d: 64-bit Linux system call
constexpr unsigned kTrapFlushWindows = 0x103; // ta 0x03
constexpr unsigned kTrapGetContext = 0x16e;   // ta 0x6e
constexpr unsigned kTrapSetContext = 0x16f;   // ta 0x6f
constexpr uint64_t kStackBias = 2047;
constexpr uint64_t kTstateCarry = uint64_t(abi::kCcrCarry) << 32; // CCR sits at TSTATE 39:32

bool is_memory_fault(unsigned tt) {
    return tt == sparc::kTrapDataAccessException || tt == sparc::kTrapDataAccessError ||
           tt == sparc::kTrapMemAddressNotAligned || tt == sparc::kTrapLddfMemAddressNotAligned ||
           tt == sparc::kTrapStdfMemAddressNotAligned ||
           tt == sparc::kTrapInstructionAccessException;
}

} // namespace

LinuxProcess::LinuxProcess(std::vector<sparc::SparcCpu*> cpus, PhysicalMemory ram,
                           ProcessConfig config, std::ostream& diagnostics)
    : cpus_(std::move(cpus)), core_(&cpus_.front()->core()), memory_(ram),
      config_(std::move(config)), fs_(config_.fs_root), diag_(diagnostics),
      rng_state_(config_.seed) {
    threads_ =
        std::make_unique<ThreadScheduler>(cpus_, config_.timeslice, [this](const std::string& why) {
            kill_by_signal(abi::kSigKill, why);
        });
    signals_ = std::make_unique<ProcessSignals>(*this);
    timers_ = std::make_unique<IntervalTimers>(*this);
    threads_->set_resume([this](sparc::SparcCpu& cpu, GuestThread& t,
                                std::optional<int64_t> result) { resume(cpu, t, result); });
    threads_->set_wake_source([this] { return timers_->armed(); });
    for (auto* cpu : cpus_) {
        cpu->set_translator(&memory_);
        cpu->set_trap_handler(this);
        cpu->core().set_pstate(sparc::kPstatePef); // user mode, FPU on: every thread runs there
    }
    // Restored in this order: the signals and timers name threads.
    const std::pair<const char*, Checkpointable*> sections[] = {
        {"os.process", this},           {"os.memory", &memory_},
        {"os.files", &files_},          {"os.threads", threads_.get()},
        {"os.signals", signals_.get()}, {"os.timers", timers_.get()}};
    for (const auto& [name, model] : sections)
        sections_.push_back(std::make_unique<CheckpointSection>(name, 1, *model));
}

LinuxProcess::~LinuxProcess() {
    for (auto* cpu : cpus_) {
        cpu->set_translator(nullptr);
        cpu->set_trap_handler(nullptr);
    }
}

void LinuxProcess::flush_translations() {
    for (auto* cpu : cpus_) {
        cpu->core().flush_tlb();
        cpu->core().flush_code();
    }
}

// ---- guest memory ----

bool LinuxProcess::read_guest(uint64_t va, void* data, size_t len) {
    return len == 0 || core().read_bytes(va, data, len);
}
bool LinuxProcess::write_guest(uint64_t va, const void* data, size_t len) {
    return len == 0 || core().write_bytes(va, data, len);
}

bool LinuxProcess::write_word(uint64_t va, uint64_t value, unsigned size) {
    uint8_t bytes[8];
    for (unsigned i = 0; i < size; ++i)
        bytes[i] = uint8_t(value >> (8 * (size - 1 - i)));
    return write_guest(va, bytes, size);
}

bool LinuxProcess::read_word(uint64_t va, uint64_t& value, unsigned size) {
    uint8_t bytes[8];
    if (!read_guest(va, bytes, size)) return false;
    value = 0;
    for (unsigned i = 0; i < size; ++i)
        value = value << 8 | bytes[i];
    return true;
}

int64_t LinuxProcess::read_timespec(uint64_t va, uint64_t& ns) {
    constexpr int64_t kNsPerSec = 1000000000;
    uint64_t sec, nsec;
    if (!read_word(va, sec) || !read_word(va + 8, nsec)) return -abi::kEFAULT;
    if (int64_t(sec) < 0 || nsec >= uint64_t(kNsPerSec)) return -abi::kEINVAL;
    ns = sec * kNsPerSec + nsec;
    return 0;
}

bool LinuxProcess::write_timespec(uint64_t va, uint64_t ns) {
    constexpr uint64_t kNsPerSec = 1000000000;
    return write_word(va, ns / kNsPerSec) && write_word(va + 8, ns % kNsPerSec);
}

bool LinuxProcess::read_string(uint64_t va, std::string& out, size_t max) {
    out.clear();
    char c;
    while (out.size() < max) {
        if (!read_guest(va + out.size(), &c, 1)) return false;
        if (c == 0) return true;
        out.push_back(c);
    }
    return false;
}

uint64_t LinuxProcess::cycles_to_ns(uint64_t cycles) const {
    return uint64_t(double(cycles) * 1e9 / double(cpus_.front()->config().clock_hz));
}

uint64_t LinuxProcess::now_ns() {
    return cycles_to_ns(core_->cycles());
}

sc_core::sc_time LinuxProcess::now() {
    return cpu().clock_time();
}

// splitmix64: deterministic and good enough for AT_RANDOM and getrandom.
uint64_t LinuxProcess::random64() {
    uint64_t z = (rng_state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// ---- loading ----

void LinuxProcess::load(const loader::ElfImage& image) {
    program_path_ = image.path;
    map_program(memory_, image, kStackTop - config_.stack_size);
    brk_start = brk_current = AddressSpace::page_up(image.end_of_data());
    const uint64_t sp = build_stack(image);
    SparcCore& c = core();
    c.r[14] = sp - kStackBias;
    c.fprs = 4;
    c.pc = image.entry;
    c.npc = image.entry + 4;
    threads_->start_main(kPid);
}

// The stack the kernel hands a new program: argc, argv[], envp[], auxv[] at
// %sp + 2047 + 128, with the strings above them.
uint64_t LinuxProcess::build_stack(const loader::ElfImage& image) {
    const uint64_t bottom = kStackTop - config_.stack_size;
    if (!memory_.fits(bottom, config_.stack_size, kProtRead | kProtWrite))
        throw loader::LoadError("'" + image.path + "' cannot be loaded: with its " +
                                std::to_string(config_.stack_size >> 10) +
                                " KiB stack it needs more than the guest's " +
                                std::to_string(memory_.physical_size() >> 20) + " MiB of memory");
    memory_.map(bottom, config_.stack_size, kProtRead | kProtWrite, "stack");
    uint64_t top = kStackTop;
    auto push_bytes = [&](const void* data, size_t len) {
        top -= len;
        write_guest(top, data, len);
        return top;
    };
    auto push_string = [&](const std::string& s) { return push_bytes(s.c_str(), s.size() + 1); };

    const uint64_t execfn = push_string(image.path);
    std::vector<uint64_t> env_ptrs, arg_ptrs;
    for (auto it = config_.envp.rbegin(); it != config_.envp.rend(); ++it)
        env_ptrs.insert(env_ptrs.begin(), push_string(*it));
    for (auto it = config_.argv.rbegin(); it != config_.argv.rend(); ++it)
        arg_ptrs.insert(arg_ptrs.begin(), push_string(*it));
    uint8_t random_bytes[16];
    for (unsigned i = 0; i < 16; i += 8) {
        uint64_t r = random64();
        std::memcpy(random_bytes + i, &r, 8);
    }
    top &= ~uint64_t(15);
    const uint64_t random_at = push_bytes(random_bytes, 16);

    // HWCAP: FLUSH, STBAR, SWAP, MULDIV and V9; no ULTRA3/VIS bits, so glibc keeps generic
    // code paths. The vector has qemu-sparc64's entries in its order, so that instruction
    // traces of the two line up.
    const uint64_t hwcap = 0x1 | 0x2 | 0x4 | 0x8 | 0x10;
    const std::pair<uint64_t, uint64_t> auxv[] = {
        {3, image.phdr_vaddr},
        {4, image.phentsize},
        {5, image.phnum},
        {6, AddressSpace::kPageSize},
        {7, 0},
        {8, 0},
        {9, image.entry},
        {11, ::getuid()},
        {12, ::geteuid()},
        {13, ::getgid()},
        {14, ::getegid()},
        {16, hwcap},
        {17, 100},
        {25, random_at},
        {23, 0},
        {31, execfn},
        {0, 0},
    };
    std::vector<uint64_t> words;
    words.push_back(arg_ptrs.size());
    words.insert(words.end(), arg_ptrs.begin(), arg_ptrs.end());
    words.push_back(0);
    words.insert(words.end(), env_ptrs.begin(), env_ptrs.end());
    words.push_back(0);
    for (const auto& [type, value] : auxv)
        words.push_back(type), words.push_back(value);

    uint64_t vector_base = (top - words.size() * 8) & ~uint64_t(15);
    for (size_t i = 0; i < words.size(); ++i)
        write_word(vector_base + 8 * i, words[i]);
    return vector_base - 128; // the register save area of the first frame
}

// ---- traps ----

void LinuxProcess::handle_trap(SparcCore& c, unsigned tt) {
    core_ = &c;
    if (tt == kTrapSyscall) return system_call(c);
    if (tt == kTrapGetContext) return get_context(c);
    if (tt == kTrapSetContext) return set_context(c);
    if (sparc::is_spill_trap(tt)) return spill(c);
    if (sparc::is_fill_trap(tt)) return fill(c);
    if (tt == sparc::kTrapCleanWindow) return clean_window(c);
    if (tt == kTrapFlushWindows) {
        flush_windows(c);
        if (!exited_) c.done_trap();
        return;
    }
    if (tt == sparc::kTrapFpDisabled) { // the kernel turns the FPU on lazily
        c.fprs |= 4;
        c.trap_stack[c.tl].tstate |= uint64_t(sparc::kPstatePef) << 8;
        return c.retry_trap();
    }
    fault(c, tt);
}

void LinuxProcess::system_call(SparcCore& c) {
    GuestThread& t = thread();
    t.signals.syscall_o0 = c.r[8]; // kept for a restart
    SyscallArgs args{{c.r[8], c.r[9], c.r[10], c.r[11], c.r[12], c.r[13]}};
    const uint64_t number = c.r[1];
    int64_t result;
    if (const SyscallEntry* entry = find_syscall(number)) {
        result = entry->handler(*this, args);
    } else {
        warn_once("syscall" + std::to_string(number),
                  "unknown system call " + std::to_string(number) + " returns ENOSYS");
        result = -abi::kENOSYS;
    }
    if (log::enabled(kLogModule, sc_core::SC_DEBUG)) {
        const SyscallEntry* entry = find_syscall(number);
        char line[200];
        std::snprintf(line, sizeof line, "%s(%#llx, %#llx, %#llx, %#llx) = %lld",
                      entry ? entry->name : std::to_string(number).c_str(),
                      static_cast<unsigned long long>(args.a[0]),
                      static_cast<unsigned long long>(args.a[1]),
                      static_cast<unsigned long long>(args.a[2]),
                      static_cast<unsigned long long>(args.a[3]), static_cast<long long>(result));
        FIREPLANE_LOG(kLogModule, sc_core::SC_DEBUG, line);
    }
    if (exited_) return;
    if (result == kResumesContext) { // rt_sigreturn set the state to go back to
        c.retry_trap();
        return signals_->return_to_user(c, t, false, kTrapSyscall);
    }
    const abi::SyscallReturn ret = abi::syscall_return(result);
    uint64_t& tstate = c.trap_stack[c.tl].tstate;
    c.r[8] = ret.o0;
    tstate = ret.error ? tstate | kTstateCarry : tstate & ~kTstateCarry;
    c.done_trap();
    // A thread that waits returns when woken (resume), and takes its signals then.
    if (t.state == ThreadState::Blocked || t.state == ThreadState::Exited) return;
    signals_->return_to_user(c, t, true, kTrapSyscall);
}

void LinuxProcess::resume(sparc::SparcCpu& cpu, GuestThread& t, std::optional<int64_t> result) {
    core_ = &cpu.core();
    if (result) {
        int64_t r = *result;
        if (const Continuation finish = std::exchange(t.finish_wait, Continuation{}))
            r = finish_wait(*this, finish, r);
        set_syscall_result(*core_, r);
    }
    timers_->check_cpu_clocks();
    if (exited_) return;
    signals_->return_to_user(*core_, t, result.has_value(),
                             result ? kTrapSyscall : frame::kTrapAsync);
}

int64_t LinuxProcess::wait(Wait w) {
    GuestThread& t = thread();
    if (t.signals.wake_pending) return finish_wait(*this, w.finish, w.on_signal);
    threads_->block(t, std::move(w));
    return 0;
}

bool LinuxProcess::synchronize_user_stack(SparcCore& c) {
    flush_windows(c);
    return !exited_ && spill_window(c, c.cwp);
}

// Stores the locals and ins of `window` at its %sp (64-bit frames have an odd, biased %sp).
namespace {

// Where local/in register i (0-15) of a window is saved in the frame at %sp:
// 64-bit code has an odd, biased %sp and 8-byte slots, 32-bit code 4-byte ones.
struct FrameSlot {
    uint64_t va;
    unsigned size;
};
FrameSlot frame_slot(uint64_t sp, unsigned i) {
    if (sp & 1) return {sp + kStackBias + 8 * i, 8};
    return {uint32_t(sp) + 4 * i, 4};
}

} // namespace

// Stores the locals and ins of `window` at its %sp.
bool LinuxProcess::spill_window(SparcCore& c, unsigned window) {
    c.store_working_window();
    const uint64_t sp = c.window_reg(window, 14);
    bool ok = true;
    for (unsigned i = 0; i < 16 && ok; ++i) {
        const FrameSlot slot = frame_slot(sp, i);
        ok = write_word(slot.va, c.window_reg(window, 16 + i), slot.size);
    }
    c.load_working_window();
    if (!ok)
        kill_by_signal(abi::kSigSegv, "window spill to " + hex(sp) + " failed (stack overflow?)");
    return ok;
}

void LinuxProcess::spill(SparcCore& c) {
    if (!spill_window(c, c.cwp)) return; // the trap made the window to spill current
    c.saved();
    c.retry_trap();
}

void LinuxProcess::fill(SparcCore& c) {
    const uint64_t sp = c.r[14]; // the trap made the window to fill current; its %sp is valid
    for (unsigned i = 0; i < 16; ++i) {
        const FrameSlot slot = frame_slot(sp, i);
        if (!read_word(slot.va, c.r[16 + i], slot.size))
            return kill_by_signal(abi::kSigSegv, "window fill from " + hex(sp) + " failed");
    }
    c.restored();
    c.retry_trap();
}

// ta 3: write every restorable window to the stack, as FLUSHW would.
void LinuxProcess::flush_windows(SparcCore& c) {
    while (c.cansave != sparc::kNumWindows - 2 - c.otherwin) {
        const unsigned window = (c.cwp + c.cansave + 2) % sparc::kNumWindows;
        if (!spill_window(c, window)) return;
        c.saved();
    }
}

void LinuxProcess::clean_window(SparcCore& c) {
    for (unsigned i = 8; i < 24; ++i)
        c.r[i] = 0; // outs and locals of the new window
    c.cleanwin++;
    c.retry_trap();
}

// A fault goes to the thread as its signal, with the siginfo traps_64.c and
// fault_64.c give it. Without a handler (or with the signal blocked or
// ignored) it ends the process with a report of the faulting instruction.
void LinuxProcess::fault(SparcCore& c, unsigned tt) {
    const sig::Fault f = sig::fault_for_trap(tt);
    const uint64_t pc = c.trap_stack[c.tl].tpc;
    const uint64_t addr = f.address == sig::FaultAddress::Pc ? pc : c.fault_address;
    uint32_t word = 0;
    std::string detail = std::string(sparc::trap_name(tt)) + " at pc " + hex(pc);
    if (c.fetch_word(pc, word)) detail += ": " + sparc::disassemble(word, pc);
    if (is_memory_fault(tt)) detail += "; fault address " + hex(c.fault_address);

    int32_t code = f.code;
    if (f.maps_access && memory_.is_mapped(addr, 1)) code = sig::kSegvAccErr;
    if (f.fp_cexc) code = sig::fp_exception_code(c.read_fsr());
    SigInfo info(f.signal, code);
    info.set64(SigInfo::kAddr, addr).set32(SigInfo::kTrapno, uint32_t(f.trapno));
    GuestThread& t = thread();
    signals_->force(t, info, detail);
    if (exited_) return;
    c.retry_trap(); // the handler returns to the faulting instruction
    signals_->return_to_user(c, t, false, tt);
}

// ---- ending ----

void LinuxProcess::exit(int code) {
    exited_ = true;
    exit_code_ = code & 0xff;
    for (auto* cpu : cpus_)
        cpu->core().halt(exit_code_);
    sc_core::sc_stop();
}

void LinuxProcess::kill_by_signal(int signal, const std::string& detail) {
    diag_ << "fireplane: guest killed by " << sig::name(signal) << " (" << detail << ")\n";
    diag_.flush();
    exit(128 + signal);
}

void LinuxProcess::warn_once(const std::string& key, const std::string& message) {
    if (!warned_.insert(key).second) return;
    SC_REPORT_WARNING("syscall", message.c_str());
}

} // namespace fireplane::linux_user
