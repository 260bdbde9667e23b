#pragma once
// Writes an experiment folder (docs/experiment-format.md).
#include "cpi_profile.h"
#include "load_map.h"
#include "platform/loader/elf_image.h"
#include "profile_packet.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fireplane::profiling {

struct ExperimentCounter {
    std::string name, raw, units;
    unsigned reg;
    uint64_t overflow;
    bool cycles, backtrack;
    std::string memop;
};

struct ExperimentInfo {
    std::string program;
    std::vector<std::string> args;
    std::string config, model;
    unsigned cpus = 1;
    double clock_hz = 0;
    unsigned skid = 0;
    bool exact = false;
    int exit_code = 0;
    std::vector<ExperimentCounter> counters;
};

// The next free "test.N.er" in the current folder.
std::string next_experiment_name();
// Creates `folder`; throws std::invalid_argument if it exists or cannot be made.
void create_experiment_folder(const std::string& folder);

// What --exact adds: every counter's events per PC, and the CPI stack per PC.
struct ExactProfile {
    std::vector<std::map<uint64_t, uint64_t>> events; // per counter
    CpiByPc cpi;
};

// Writes everything into `folder`; throws std::runtime_error on an I/O error.
void write_experiment(const std::string& folder, const ExperimentInfo& info,
                      const std::vector<ProfilePacket>& packets, const ExactProfile* exact,
                      const loader::ElfImage& image, const std::vector<Segment>& segments);

} // namespace fireplane::profiling
