#pragma once
// A Linux process in user mode: it plays the kernel's part for one static
// sparc64 program. It loads the ELF, builds the initial stack, and receives
// the CPUs' traps: system calls (ta 0x6d), register-window spill and fill,
// and faults, which end the process as the matching signal would. Its
// threads (clone) run on every CPU of the machine, placed there by the
// ThreadScheduler.
#include "address_space.h"
#include "fd_table.h"
#include "guest_file_system.h"
#include "interval_timers.h"
#include "models/cpu/sparc_cpu.h"
#include "platform/loader/elf_image.h"
#include "signal_delivery.h"
#include "thread_scheduler.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace fireplane::linux_user {

struct ProcessConfig {
    std::vector<std::string> argv; // argv[0] is the program path as given
    std::vector<std::string> envp;
    uint64_t stack_size = 8ull << 20;
    uint64_t max_threads = 4096;         // live threads at once: clone fails with EAGAIN beyond
    std::string fs_root;                 // the program's "/" (GuestFileSystem); empty: the host's
    uint64_t seed = 1;                   // AT_RANDOM and getrandom
    uint64_t epoch_seconds = 1767225600; // CLOCK_REALTIME at simulated time 0 (2026-01-01)
    sc_core::sc_time timeslice{4, sc_core::SC_MS}; // a thread's turn when others wait for its CPU
};

struct SyscallArgs {
    uint64_t a[6];
};

class LinuxProcess : public sparc::TrapHandler, public Checkpointable {
public:
    static constexpr uint64_t kStackTop = 0x000007fffff00000ull;
    static constexpr uint64_t kMmapBase = 0x0000070000000000ull;

    static constexpr int64_t kPid = 1000; // fixed, so runs match across hosts

    // The process runs on `cpus` (at least one); it starts on the first.
    LinuxProcess(std::vector<sparc::SparcCpu*> cpus, PhysicalMemory ram, ProcessConfig config,
                 std::ostream& diagnostics);
    ~LinuxProcess() override;

    // Maps the program, builds its stack and points the CPU at its entry.
    void load(const loader::ElfImage& image);
    // A process not loaded but restored gets its state from its checkpoint
    // sections: os.process, os.memory, os.files, os.threads, os.signals, os.timers.

    // Checkpointable (section os.process): the process's own bookkeeping.
    void checkpoint(StateIo& io) override;
    void handle_trap(sparc::SparcCore& core, unsigned tt) override;

    bool exited() const { return exited_; }
    int exit_code() const { return exit_code_; }

    // ---- for the system calls ----
    // The core whose trap is being handled, and its thread.
    sparc::SparcCore& core() { return *core_; }
    sparc::SparcCpu& cpu() { return threads_->cpu_of(*core_); }
    GuestThread& thread() { return threads_->current(*core_); }
    ThreadScheduler& threads() { return *threads_; }
    ProcessSignals& signals() { return *signals_; }
    IntervalTimers& timers() { return *timers_; }
    // Stops the calling thread in an interruptible wait, as the kernel's
    // TASK_INTERRUPTIBLE sleeps: a thread told of a signal does not sleep but
    // returns the wait's on_signal result at once. The system call then returns
    // this function's result, which the waker's replaces.
    int64_t wait(Wait wait);
    // Every register window of the thread, the current one too, on its stack
    // (synchronize_user_stack), as before a signal frame is built or read.
    bool synchronize_user_stack(sparc::SparcCore& core);
    int64_t next_tid() { return next_tid_++; }
    // Every CPU drops its cached translations and decoded code (mappings changed).
    void flush_translations();
    AddressSpace& memory() { return memory_; }
    FdTable& files() { return files_; }
    GuestFileSystem& fs() { return fs_; }
    const ProcessConfig& config() const { return config_; }
    const std::string& program_path() const { return program_path_; }
    std::ostream& diagnostics() { return diag_; }

    bool read_guest(uint64_t va, void* data, size_t len);
    bool write_guest(uint64_t va, const void* data, size_t len);
    bool read_string(uint64_t va, std::string& out, size_t max = 4096);
    // One big-endian guest word of `size` bytes (4 or 8).
    bool write_word(uint64_t va, uint64_t value, unsigned size = 8);
    bool read_word(uint64_t va, uint64_t& value, unsigned size = 8);
    // A struct timespec (two 64-bit words) as nanoseconds: 0, -EFAULT, or
    // -EINVAL for a negative or out-of-range field.
    int64_t read_timespec(uint64_t va, uint64_t& ns);
    bool write_timespec(uint64_t va, uint64_t ns);
    // Simulated time since the start on the calling CPU's clock, and as SystemC time.
    uint64_t now_ns();
    sc_core::sc_time now();
    uint64_t cycles_to_ns(uint64_t cycles) const;
    uint64_t random64(); // deterministic, from the seed

    void exit(int code);
    // Ends the process as `signal` would, with a one-line report.
    void kill_by_signal(int signal, const std::string& detail);
    void warn_once(const std::string& key, const std::string& message);

    uint64_t brk_start = 0, brk_current = 0;
    uint64_t mmap_next = kMmapBase;

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
    // A thread's CPU dispatches it: its wait (if any) ends, then its signals.
    void resume(sparc::SparcCpu& cpu, GuestThread& t, std::optional<int64_t> result);
    uint64_t build_stack(const loader::ElfImage& image);

    std::vector<sparc::SparcCpu*> cpus_;
    sparc::SparcCore* core_;
    std::unique_ptr<ThreadScheduler> threads_;
    std::unique_ptr<ProcessSignals> signals_;
    std::unique_ptr<IntervalTimers> timers_;
    int64_t next_tid_ = kPid + 1;
    AddressSpace memory_;
    ProcessConfig config_;
    GuestFileSystem fs_;
    FdTable files_{fs_};
    std::ostream& diag_;
    std::string program_path_;
    bool exited_ = false;
    int exit_code_ = 0;
    uint64_t rng_state_;
    std::set<std::string> warned_;
    std::vector<std::unique_ptr<CheckpointSection>> sections_; // last: they go first
};

} // namespace fireplane::linux_user
