#pragma once
// `fireplane collect`: hardware-counter overflow profiling on the simulated
// CPUs, as the analyzer manual's Collector does it on the real machine. The
// collector programs PCR/PIC of every CPU (user mode only) so that each
// requested counter wraps after its overflow value; on a wrap it waits `skid`
// more instructions, as the interrupt would, then records a profile packet:
// counter, CPU, thread, interrupted PC, call stack, and with backtracking
// (`-h +name`) the candidate instruction and its effective address. Beside
// the packets it keeps what only a simulator knows: the instruction that
// overflowed the counter and, with --exact, every event per PC.
#include "function_index.h"
#include "hw_counters.h"
#include "load_map.h"
#include "models/cpu/retire_observer.h"
#include "platform/loader/elf_image.h"
#include "profile_packet.h"

#include <memory>
#include <string>
#include <vector>

namespace fireplane::sparc {
class SparcCpu;
}
namespace fireplane::linux_user {
class LinuxProcess;
}

namespace fireplane::profiling {

struct CollectOptions {
    std::vector<std::string> counters; // -h specs; none: cycles
    std::string output;                // -o DIR ("": the next free test.N.er)
    unsigned skid = 2;                 // instructions from the overflow to the interrupt
    bool exact = false;                // also count every event per PC
    // Count in privileged mode (a kernel's or firmware's profile), not user;
    // the overflows then interrupt nobody (SparcCore::pic_overflow_interrupts).
    bool system = false;
};

struct RunDescription { // what experiment.json says about the run
    std::vector<std::string> args;
    std::string config;
    std::string model;
};

class Collector {
public:
    // Throws std::invalid_argument for bad counters or an output folder that
    // exists. `image` names the functions; `process` (null when firmware
    // runs: a kernel's profile) gives threads and the data address map.
    Collector(const CollectOptions& options, std::vector<sparc::SparcCpu*> cpus,
              linux_user::LinuxProcess* process, const loader::ElfImage& image, RunDescription run);
    ~Collector();
    void start();               // programs the counters and starts watching
    void finish(int exit_code); // writes the experiment; throws on I/O errors
    const std::string& folder() const { return folder_; }
    size_t packets() const;

private:
    class CpuWatch;
    struct Counter {
        CounterRequest request;
        unsigned reg;
    };

    CollectOptions options_;
    std::vector<sparc::SparcCpu*> cpus_;
    linux_user::LinuxProcess* process_;
    const loader::ElfImage& image_;
    RunDescription run_;
    FunctionIndex functions_;
    std::vector<Counter> counters_;
    std::vector<std::unique_ptr<CpuWatch>> watches_;
    std::vector<ProfilePacket> packets_; // in the order they were taken
    LoadMap load_map_;
    std::string folder_;
};

} // namespace fireplane::profiling
