#pragma once
// An experiment folder written by `fireplane collect` (docs/experiment-format.md),
// read and validated whole. Every problem is a std::invalid_argument whose
// message names the file, and the line for TSV files.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fireplane::analyzer {

struct Counter {
    unsigned index = 0;
    std::string name; // what the user asked for: alias or raw name
    std::string raw;  // the hardware event
    unsigned reg = 0; // PIC half
    uint64_t overflow = 0;
    std::string units;
    bool cycles = false; // shown as time
    std::string memop;   // load, store, load-store or none
    bool backtrack = false;
};

struct Packet {
    unsigned counter = 0;
    unsigned cpu = 0;
    uint64_t tid = 0;
    uint64_t cycle = 0;
    uint64_t pc = 0;
    std::optional<uint64_t> cand_pc, cand_ea, true_pc, true_ea;
    std::vector<uint64_t> stack; // call sites, innermost first
};

struct ExactCount {
    unsigned counter = 0;
    uint64_t pc = 0;
    uint64_t count = 0;
};

// cpi.tsv: the CPI stack of one instruction (--exact experiments).
struct CpiCount {
    uint64_t pc = 0;
    uint64_t instructions = 0;
    std::vector<uint64_t> cycles; // per cause, in cpi_causes() order
};

struct Symbol {
    uint64_t start = 0;
    uint64_t size = 0;
    bool function = false; // FUNC, else OBJECT
    std::string name;
};

struct Segment {
    uint64_t start = 0;
    uint64_t end = 0;
    std::string name; // text, data, heap, stack, mmap
};

struct Experiment {
    std::string dir; // as given, without a trailing '/'
    unsigned version = 0;
    std::string program;
    std::string archive; // relative to dir
    std::vector<std::string> args;
    std::string config;
    std::string model;
    unsigned cpus = 0;
    double clock_hz = 0;
    unsigned skid = 0;
    bool exact = false;
    std::vector<Counter> counters;
    uint64_t declared_packets = 0;
    std::optional<int> exit_code;

    std::vector<Packet> packets;
    std::vector<ExactCount> exact_counts; // empty unless exact
    std::vector<CpiCount> cpi_counts;     // empty unless exact (and cpi.tsv was written)
    std::vector<Symbol> symbols;
    std::vector<Segment> loadmap;

    std::string path(const std::string& file) const { return dir + "/" + file; }
    std::string archive_path() const { return path(archive); }
};

// Reads `dir` and every file in it; throws std::invalid_argument on any problem.
Experiment read_experiment(const std::string& dir);

} // namespace fireplane::analyzer
