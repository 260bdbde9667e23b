#pragma once
// A Linux process in user mode: it plays the kernel's part for one static
// sparc64 program. It loads the ELF, builds the initial stack, and receives
// the CPU's traps: system calls (ta 0x6d), register-window spill and fill,
// and faults, which end the process as the matching signal would.
#include "address_space.h"
#include "fd_table.h"
#include "loader/elf_image.h"
#include "sparc_cpu.h"

#include <cstdint>
#include <iosfwd>
#include <set>
#include <string>
#include <vector>

namespace fireplane::linux_user {

struct ProcessConfig {
    std::vector<std::string> argv; // argv[0] is the program path as given
    std::vector<std::string> envp;
    uint64_t stack_size = 8ull << 20;
    uint64_t seed = 1;                   // AT_RANDOM and getrandom
    uint64_t epoch_seconds = 1767225600; // CLOCK_REALTIME at simulated time 0 (2026-01-01)
};

struct SyscallArgs {
    uint64_t a[6];
};

class LinuxProcess : public sparc::TrapHandler {
public:
    static constexpr uint64_t kStackTop = 0x000007fffff00000ull;
    static constexpr uint64_t kMmapBase = 0x0000070000000000ull;

    LinuxProcess(sparc::SparcCpu& cpu, PhysicalMemory ram, ProcessConfig config,
                 std::ostream& diagnostics);

    // Maps the program, builds its stack and points the CPU at its entry.
    void load(const loader::ElfImage& image);
    void handle_trap(sparc::SparcCore& core, unsigned tt) override;

    bool exited() const { return exited_; }
    int exit_code() const { return exit_code_; }

    // ---- for the system calls ----
    sparc::SparcCore& core() { return cpu_.core(); }
    AddressSpace& memory() { return memory_; }
    FdTable& files() { return files_; }
    const ProcessConfig& config() const { return config_; }
    const std::string& program_path() const { return program_path_; }
    std::ostream& diagnostics() { return diag_; }

    bool read_guest(uint64_t va, void* data, size_t len);
    bool write_guest(uint64_t va, const void* data, size_t len);
    bool read_string(uint64_t va, std::string& out, size_t max = 4096);
    // One big-endian guest word of `size` bytes (4 or 8).
    bool write_word(uint64_t va, uint64_t value, unsigned size = 8);
    bool read_word(uint64_t va, uint64_t& value, unsigned size = 8);
    uint64_t now_ns() const; // simulated time since the start, including sleeps
    void sleep(uint64_t ns) { slept_ns_ += ns; }
    uint64_t cpu_time_ns() const { return now_ns() - slept_ns_; }
    uint64_t random64(); // deterministic, from the seed

    void exit(int code);
    // Ends the process as `signal` would, with a one-line report.
    void kill_by_signal(int signal, const std::string& detail);
    void warn_once(const std::string& key, const std::string& message);

    uint64_t brk_start = 0, brk_current = 0;
    uint64_t mmap_next = kMmapBase;
    uint64_t signal_mask = 0;
    uint8_t signal_actions[65][32] = {}; // raw sparc64 struct sigaction, per signal
    uint64_t tid_address = 0;

private:
    void system_call(sparc::SparcCore& core);
    void spill(sparc::SparcCore& core);
    void fill(sparc::SparcCore& core);
    bool spill_window(sparc::SparcCore& core, unsigned window);
    void flush_windows(sparc::SparcCore& core);
    void clean_window(sparc::SparcCore& core);
    void get_context(sparc::SparcCore& core); // ta 0x6e
    void set_context(sparc::SparcCore& core); // ta 0x6f
    void fault(sparc::SparcCore& core, unsigned tt);
    uint64_t build_stack(const loader::ElfImage& image);

    sparc::SparcCpu& cpu_;
    AddressSpace memory_;
    FdTable files_;
    ProcessConfig config_;
    std::ostream& diag_;
    std::string program_path_;
    bool exited_ = false;
    int exit_code_ = 0;
    uint64_t rng_state_;
    uint64_t slept_ns_ = 0;
    std::set<std::string> warned_;
};

} // namespace fireplane::linux_user
