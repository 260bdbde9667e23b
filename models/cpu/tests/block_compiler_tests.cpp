// Compiled blocks (jit/block_compiler.h) against the interpreter: random
// loops of the instructions that have native forms (ALU and cc ops, shifts,
// SETHI, loads and stores, branches with their delay slots and annul bits)
// run hot enough to be compiled, and must leave the very state the
// interpreter leaves: registers, condition codes, PC, memory, the trap taken,
// the instruction count and the DC_rd/DC_wr counts.
#include "models/cpu/jit/block_compiler.h"
#include "models/cpu/perf_counters.h"
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <random>

using namespace cpu_test;
using namespace cpu_test::as;
using fireplane::sparc::Event;

namespace {

constexpr unsigned kIterations = 60; // loop trips: entries become hot after 16
constexpr unsigned kCounter = g5;    // the loop counter; never a random destination
constexpr unsigned kBase = g6;       // the data pages' address
constexpr unsigned kRegs[] = {g1, g2, g3, g4, o0, o1, o2, o3, o4, o5, l0, l1, l2, l3, l4, l5};

struct Generator {
    std::mt19937_64 rng;
    unsigned pick(unsigned n) { return unsigned(rng() % n); }
    unsigned reg() { return kRegs[pick(std::size(kRegs))]; }
    int simm13() {
        const unsigned k = pick(4);
        if (k == 0) return int(pick(8192)) - 4096;
        if (k == 1) return int(pick(64)) - 32;
        return int(pick(16));
    }

    // One instruction with a native form, not a control transfer.
    uint32_t simple(bool allow_misaligned) {
        static const unsigned kAlu[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x09,
                                        0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17};
        static const unsigned kLoads[] = {0x00, 0x01, 0x02, 0x08, 0x09, 0x0a, 0x0b};
        static const unsigned kStores[] = {0x04, 0x05, 0x06, 0x0e};
        const unsigned k = pick(10);
        const unsigned rd = reg();
        if (k < 4) {
            const unsigned op3 = kAlu[pick(std::size(kAlu))];
            return pick(2) ? alu(op3, rd, reg(), reg()) : alui(op3, rd, reg(), simm13());
        }
        if (k < 6) {
            const unsigned op3 = 0x25 + pick(3);
            const bool x = pick(2);
            return pick(2) ? shiftr(op3, x, rd, reg(), reg())
                           : shifti(op3, x, rd, reg(), pick(x ? 64 : 32));
        }
        if (k == 6) return sethi(rd, uint32_t(rng()));
        // Loads and stores at [%g6 + offset] in the two data pages (or past
        // them, unmapped), mostly aligned to their size.
        const bool store = pick(2);
        const unsigned op3 =
            store ? kStores[pick(std::size(kStores))] : kLoads[pick(std::size(kLoads))];
        const unsigned size = 1u << (op3 == 0x0b || op3 == 0x0e ? 3
                                     : (op3 & 3) == 2           ? 1
                                     : (op3 & 3) == 1           ? 0
                                                                : 2);
        int offset = int(pick(2 * 8192 / size)) * int(size) - 4096;
        if (allow_misaligned && pick(400) == 0) offset += 1;
        if (pick(500) == 0) offset = 4095; // may run past the pages
        return mem(op3, store && pick(8) == 0 ? g0 : rd, kBase, offset);
    }
};

// A loop of `length` random instructions with forward branches, run
// kIterations times.
std::vector<uint32_t> random_loop(uint64_t seed, unsigned length, bool allow_misaligned) {
    Generator gen{std::mt19937_64(seed)};
    std::vector<uint32_t> body;
    while (body.size() < length) {
        if (gen.pick(6) == 0 && body.size() + 6 < length) {
            const int skip = 2 + int(gen.pick(3));
            const bool annul = gen.pick(2);
            const unsigned k = gen.pick(3);
            if (k == 0)
                body.push_back(bicc(gen.pick(16), annul, skip));
            else if (k == 1)
                body.push_back(bpcc(gen.pick(16), annul, gen.pick(2) ? kXcc : kIcc, true, skip));
            else
                body.push_back(bpr(std::array<unsigned, 6>{1, 2, 3, 5, 6, 7}[gen.pick(6)], annul,
                                   gen.reg(), skip));
        }
        body.push_back(gen.simple(allow_misaligned));
    }
    static_assert((TestCpu::kData + 4096) % 1024 == 0, "SETHI sets it alone");
    std::vector<uint32_t> program{sethi(kBase, uint32_t(TestCpu::kData + 4096)),
                                  movi(kCounter, kIterations)};
    const int loop_start = int(program.size());
    program.insert(program.end(), body.begin(), body.end());
    program.push_back(alui(kSubcc, kCounter, kCounter, 1));
    program.push_back(bpcc(kNe, false, kXcc, true, loop_start - int(program.size())));
    program.push_back(kNop);
    return program;
}

struct Outcome {
    unsigned tt;
    uint64_t pc, npc, instructions, reads, writes;
    uint8_t ccr;
    std::array<uint64_t, 32> r;
    std::vector<uint8_t> data;
    unsigned blocks; // compiled in the code's first page
};

Outcome run(const std::vector<uint32_t>& program, uint64_t seed, bool compiled) {
    TestCpu cpu(program);
    cpu.core.set_compiled_blocks(compiled);
    std::mt19937_64 rng(seed ^ 0x5a5a);
    for (unsigned r : kRegs)
        cpu.reg(r) = rng() >> (rng() % 64);
    for (uint64_t a = TestCpu::kData; a < TestCpu::kData + 2 * fireplane::sparc::kPageSize; a += 8)
        cpu.memory.put64(a, rng());
    Outcome o{};
    o.tt = cpu.run(1'000'000);
    o.pc = cpu.core.pc;
    o.npc = cpu.core.npc;
    o.instructions = cpu.core.instructions;
    const auto now = cpu.core.counter_now();
    o.reads = cpu.core.counters.total(Event::DcRd, true, true, now);
    o.writes = cpu.core.counters.total(Event::DcWr, true, true, now);
    o.ccr = cpu.core.ccr;
    if (const auto* page = cpu.core.code_cache().find(TestCpu::kCode); page && page->compiled)
        for (const auto& b : page->compiled->block)
            o.blocks += b.fn != nullptr;
    std::memcpy(o.r.data(), cpu.core.r, sizeof o.r);
    for (uint64_t page = 0; page < 2; ++page) { // each page is its own block of host memory
        const uint8_t* data = cpu.memory.host(TestCpu::kData + page * fireplane::sparc::kPageSize);
        o.data.insert(o.data.end(), data, data + fireplane::sparc::kPageSize);
    }
    return o;
}

} // namespace

TEST_CASE("Compiled blocks leave the state the interpreter leaves", "[jit]") {
    unsigned trapped = 0, compiled_runs = 0;
    for (uint64_t seed = 1; seed <= 300; ++seed) {
        INFO("seed " << seed);
        const auto program = random_loop(seed, 8 + unsigned(seed % 40), seed % 3 == 0);
        const Outcome interpreted = run(program, seed, false);
        const Outcome compiled = run(program, seed, true);
        REQUIRE(compiled.tt == interpreted.tt);
        CHECK(compiled.pc == interpreted.pc);
        CHECK(compiled.npc == interpreted.npc);
        CHECK(compiled.instructions == interpreted.instructions);
        CHECK(compiled.reads == interpreted.reads);
        CHECK(compiled.writes == interpreted.writes);
        CHECK(int(compiled.ccr) == int(interpreted.ccr));
        for (unsigned r = 0; r < 32; ++r) {
            INFO("r" << r);
            CHECK(compiled.r[r] == interpreted.r[r]);
        }
        const auto differs =
            std::mismatch(compiled.data.begin(), compiled.data.end(), interpreted.data.begin());
        CHECK(differs.first - compiled.data.begin() == long(compiled.data.size()));
        if (interpreted.tt != TestCpu::kStopTrap) ++trapped;
        CHECK(interpreted.blocks == 0);
        if (compiled.blocks) ++compiled_runs;
    }
    // Some loops end in a misaligned or unmapped access, left to the handler.
    CHECK(trapped > 0);
    CHECK(trapped < 300);
    CHECK(compiled_runs > 250); // the others trapped before their loop was hot
}

TEST_CASE("A block is compiled once its entry is hot, and only then", "[jit]") {
    // A counted loop of ALU ops; with blocks on it runs compiled after 16 trips.
    const std::vector<uint32_t> program{movi(o0, 100), alui(kAdd, o1, o1, 3),
                                        alui(kSubcc, o0, o0, 1), bicc(kNe, false, -2), kNop};
    TestCpu cpu(program);
    cpu.core.set_compiled_blocks(true);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 300);
    CHECK(cpu.core.instructions == 1 + 100 * 4); // the closing "ta" traps: it does not retire
    const auto& page = *cpu.core.code_cache().find(TestCpu::kCode);
    REQUIRE(page.compiled);
    CHECK(page.compiled->block[1].fn != nullptr); // the loop's head
    CHECK(page.compiled->block[0].fn == nullptr); // run once
}

TEST_CASE("A reserved encoding of a native row is left to its handler", "[jit]") {
    // BPcc with cc = 01 is reserved: the decoder makes it an illegal
    // instruction, so no block may start with it (nor hold it).
    const uint32_t valid = bpcc(kA, false, kXcc, true, 2), reserved = bpcc(kA, false, 1, true, 2);
    for (const auto& [word, compiles] : {std::pair{valid, true}, std::pair{reserved, false}}) {
        TestCpu cpu({word, kNop});
        fireplane::sparc::BlockCompiler compiler(cpu.core);
        CHECK((compiler.compile(TestCpu::kCode).block.fn != nullptr) == compiles);
    }
    TestCpu cpu(
        {movi(o0, 40), alui(kSubcc, o0, o0, 1), bicc(kNe, false, -1), kNop, reserved, kNop});
    cpu.core.set_compiled_blocks(true);
    CHECK(cpu.run() == fireplane::sparc::kTrapIllegalInstruction);
    CHECK(cpu.trap_pc() == TestCpu::at(4));
}
