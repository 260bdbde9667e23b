#pragma once
// A SparcCore on a test-owned memory, without SystemC: a program is a list of
// instruction words placed at kCode and followed by "ta 0x50", whose trap
// ends the run. Every trap is recorded, so a test can assert which one the
// ISS raised and where.
#include "models/cpu/sparc_core.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace cpu_test {

using fireplane::sparc::SparcCore;

// Sparse 8 KiB pages with identity "physical" addresses; everything outside
// the mapped pages faults, and there is no I/O space.
class TestMemory : public fireplane::sparc::MemoryBackend {
public:
    void map(uint64_t va, uint64_t size);
    uint8_t* host(uint64_t va); // null when unmapped

    // Big-endian accessors for setting up and checking guest data.
    void put32(uint64_t va, uint32_t v);
    void put64(uint64_t va, uint64_t v);
    uint32_t get32(uint64_t va);
    uint64_t get64(uint64_t va);

    bool map_page(uint64_t va, fireplane::sparc::Access access,
                  fireplane::sparc::PageMapping& out) override;
    bool io_access(uint64_t, fireplane::sparc::Access, uint8_t*, unsigned) override {
        return false;
    }

private:
    using Page = std::array<uint8_t, fireplane::sparc::kPageSize>;
    std::map<uint64_t, std::unique_ptr<Page>> pages_;
};

struct TrapRecord {
    unsigned tt;
    uint64_t tpc;
};

class TestCpu : public fireplane::sparc::TrapHandler {
public:
    static constexpr uint64_t kCode = 0x10000;  // program start (two pages)
    static constexpr uint64_t kData = 0x40000;  // two zeroed data pages
    static constexpr uint64_t kStack = 0x80000; // one page below this is mapped
    static constexpr uint64_t kUnmapped = 0xdead0000;
    static constexpr unsigned kStopTrap = 0x150; // tt of "ta 0x50"

    explicit TestCpu(const std::vector<uint32_t>& program);

    // Runs until a trap that on_trap does not resume; returns its TT, or 0 when
    // the instruction budget ran out first.
    unsigned run(uint64_t max_instructions = 10000);

    uint64_t& reg(unsigned r) { return core.r[r]; }
    uint64_t trap_pc() const { return core.trap_stack[core.tl].tpc; }
    // The address of instruction `index` of the program.
    static uint64_t at(unsigned index) { return kCode + 4 * uint64_t(index); }

    void handle_trap(SparcCore& core, unsigned tt) override;

    TestMemory memory;
    SparcCore core;
    // Optional: gets every trap first; returns true after resuming the core
    // (done_trap/retry_trap), false to stop the run at this trap.
    std::function<bool(SparcCore&, unsigned)> on_trap;
    std::vector<TrapRecord> traps;

private:
    unsigned stop_tt_ = 0;
};

// Bit patterns of doubles, for FP register checks.
uint64_t bits_of(double d);
double double_of(uint64_t bits);

} // namespace cpu_test
