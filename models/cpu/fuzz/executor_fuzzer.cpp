// libFuzzer target: random instruction words through the decoder and the
// executor, in user and privileged mode, under every timing model.
//
// Input: one mode byte, 32 bytes that seed the registers, then big-endian
// instruction words. The words are the program at kCode (followed by
// "ta 0x50") and also fill the data pages, so loads read fuzzed data.
//
// Beyond "no crash, no sanitizer report", two oracles: the functional model's
// interpreter and its compiled blocks must leave the same architectural state
// (registers, windows, traps, memory, instruction count); and functional
// warming on compiled blocks must also warm what the interpreter's warming
// does, in the same order at the same cycles, and end at the same cycle. The
// program runs kRounds times from its start, so its entry gets hot and blocks
// compile.
#include "models/cpu/detailed_timing.h"
#include "models/cpu/fixed_timing.h"
#include "models/cpu/sparc_core.h"
#include "models/cpu/warming_timing.h"
#include "models/mmu/cheetah_mmu.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

using namespace fireplane::sparc;
using fireplane::cache::CacheAnswer;
using fireplane::cache::CacheRequest;
using fireplane::cache::StallCause;

namespace {

constexpr uint64_t kCode = 0x10000; // program and (privileged) trap table: 32 KiB
constexpr uint64_t kCodeSize = 4 * kPageSize;
constexpr uint64_t kData = 0x40000; // two pages of data
constexpr uint64_t kStack = 0x80000;
constexpr unsigned kStopTt = 0x150; // "ta 0x50"
constexpr unsigned kRounds = 20;    // entries become hot after 16
constexpr uint64_t kBudget = 600;   // instructions per round
constexpr unsigned kMaxTraps = 64;  // user mode: traps skipped before the run ends

enum Timing : uint8_t {
    kInterpreter,
    kBlocks,
    kFixed,
    kDetailed,
    kWarming,
    kWarmingBlocks, // warming that runs compiled blocks (warming_timing.h)
    kTimings
};

// Sparse identity-mapped pages, with the MMU's ASIs behind asi_register.
class FuzzMemory final : public MemoryBackend {
public:
    void map(uint64_t va, uint64_t size) {
        for (uint64_t p = va & ~kPageMask; p < va + size; p += kPageSize)
            pages_[p] = std::make_unique<Page>(Page{});
    }
    uint8_t* host(uint64_t va) {
        auto it = pages_.find(va & ~kPageMask);
        return it == pages_.end() ? nullptr : it->second->data() + (va & kPageMask);
    }
    bool map_page(uint64_t va, Access, PageMapping& out) override {
        out.host = host(va & ~kPageMask);
        out.pa = va & ~kPageMask;
        return out.host != nullptr;
    }
    bool io_access(uint64_t, Access, uint8_t*, unsigned) override { return false; }
    bool asi_register(unsigned asi, uint64_t va, Access access, uint64_t& value) override {
        if (!fireplane::mmu::CheetahMmu::is_mmu_asi(asi)) return false;
        return access == Access::Write ? mmu.store(asi, va, value) : mmu.load(asi, va, value);
    }
    bool same_contents(FuzzMemory& other) {
        for (auto& [va, page] : pages_)
            if (std::memcmp(page->data(), other.host(va), kPageSize) != 0) return false;
        return true;
    }

    fireplane::mmu::CheetahMmu mmu;

private:
    using Page = std::array<uint8_t, kPageSize>;
    std::map<uint64_t, std::unique_ptr<Page>> pages_;
};

// The caches, scripted: every access completes at once, after a latency
// that the line's address picks (hit, D$ miss, E$ miss or a store queue wait).
class ScriptedPort final : public CachePort {
public:
    ScriptedPort() { set_next_request(next_); }
    CacheAnswer send() override {
        struct Outcome {
            uint64_t latency;
            StallCause cause;
        };
        static constexpr Outcome kOutcomes[] = {{0, StallCause::None},
                                                {3, StallCause::DcMiss},
                                                {30, StallCause::EcMiss},
                                                {5, StallCause::StoreQueue}};
        const Outcome& o = kOutcomes[((next_.pa >> 5) * 0x9e3779b97f4a7c15ull) >> 62];
        return CacheAnswer{true, next_.cycle + o.latency, o.cause, 0};
    }
    // What was warmed, in order: a hash of each request and its cycle.
    uint64_t warm() override {
        for (uint64_t v : {uint64_t(next_.kind) << 8 | next_.size, next_.va, next_.pa, next_.cycle})
            warmed = (warmed ^ v) * 0x100000001b3ull;
        return 0;
    }
    uint64_t warmed = 0xcbf29ce484222325ull;

private:
    CacheRequest next_;
};

// User mode: the host plays the kernel and skips each trapping instruction;
// "ta 0x50" ends the round.
class SkippingKernel final : public TrapHandler {
public:
    void handle_trap(SparcCore& core, unsigned tt) override {
        traps.push_back({tt, core.trap_stack[core.tl].tpc});
        if (traps.size() >= kMaxTraps) return core.halt(0);
        core.done_trap();
        if (tt == kStopTt) core.request_stop();
    }
    std::vector<std::pair<unsigned, uint64_t>> traps;
};

struct Machine {
    FuzzMemory memory;
    SkippingKernel kernel;
    SparcCore core;
    FixedTiming fixed{FixedTimingConfig{}};
    ScriptedPort port;
    DetailedTiming detailed{PipelineConfig{}, 32, port};
    WarmingTiming warming{detailed};

    Machine(const uint8_t* data, size_t size, bool privileged)
        : core(memory, privileged ? nullptr : &kernel) {
        memory.map(kCode, kCodeSize);
        memory.map(kData, 2 * kPageSize);
        memory.map(kStack - kPageSize, kPageSize);
        // The program, then the stop; the rest of the code pages (the trap
        // table in privileged mode) and the data pages repeat the words.
        const size_t words = (size - 33) / 4;
        fill(kCode, kCodeSize, data + 33, words * 4, 0);
        if (words * 4 < kCodeSize) put(kCode + words * 4, 0x91d02050); // ta 0x50
        fill(kData, 2 * kPageSize, data + 33, words * 4, 28);

        // %g1-%i7 from the seed bytes: data addresses (some misaligned) or small numbers.
        for (unsigned r = 1; r < 32; ++r) {
            const uint8_t s = data[1 + r % 32];
            core.r[r] = (s & 1) ? kData + (uint64_t(s) << 5) + (s >> 6) : uint64_t(int8_t(s) >> 1);
        }
        core.r[14] = kStack - 256 - 2047; // %sp, biased
        if (privileged) {
            core.tba = kCode;
            core.set_pstate(kPstatePef | kPstatePriv);
        } else {
            core.set_pstate(kPstatePef);
        }
    }

    // [va, va + len) holds `bytes` over and over from byte `skip` (nops without any).
    void fill(uint64_t va, uint64_t len, const uint8_t* bytes, size_t n, size_t skip) {
        static constexpr uint8_t kNop[] = {0x01, 0, 0, 0};
        if (n == 0) bytes = kNop, n = 4, skip = 0;
        size_t from = skip % n;
        for (uint64_t page = va; page < va + len; page += kPageSize) {
            uint8_t* host = memory.host(page);
            for (uint64_t k = 0; k < kPageSize;) {
                const size_t take = std::min<uint64_t>(n - from, kPageSize - k);
                std::memcpy(host + k, bytes + from, take);
                k += take;
                from = (from + take) % n;
            }
        }
    }
    void put(uint64_t va, uint32_t w) {
        w = __builtin_bswap32(w);
        std::memcpy(memory.host(va), &w, 4);
    }

    void use(Timing t) {
        core.set_compiled_blocks(t == kBlocks || t == kWarmingBlocks);
        warming.set_runs_blocks(t == kWarmingBlocks);
        TimingModel* model[] = {nullptr, nullptr, &fixed, &detailed, &warming, &warming};
        core.set_timing_model(model[t]);
    }

    // kRounds runs from kCode (until the budget or the stop); a switch to
    // `second` half way when it differs. A halt (error_state, or too many
    // traps) ends them.
    void run(Timing first, Timing second) {
        use(first);
        for (unsigned round = 0; round < kRounds && !core.halted(); ++round) {
            if (round == kRounds / 2 && second != first) use(second);
            core.pc = kCode;
            core.npc = kCode + 4;
            core.run(kBudget);
        }
    }
};

[[noreturn]] void mismatch(const char* what) {
    std::fprintf(stderr, "executor_fuzzer: the interpreter and compiled blocks differ in %s\n",
                 what);
    std::abort();
}

// What two warming runs must agree on besides: what they warmed, and when.
void compare_warming(Machine& a, Machine& b) {
    if (a.port.warmed != b.port.warmed) mismatch("the requests warmed");
    if (a.core.cycles() != b.core.cycles()) mismatch("the cycle count");
}

// The architectural state two functional runs must agree on.
void compare(Machine& a, Machine& b) {
    const SparcCore &x = a.core, &y = b.core;
    if (std::memcmp(x.r, y.r, sizeof x.r) != 0) mismatch("the integer registers");
    if (std::memcmp(x.windows, y.windows, sizeof x.windows) != 0) mismatch("the windows");
    if (std::memcmp(x.f, y.f, sizeof x.f) != 0) mismatch("the FP registers");
    if (x.pc != y.pc || x.npc != y.npc) mismatch("PC/nPC");
    if (x.ccr != y.ccr || x.y != y.y || x.fsr != y.fsr || x.gsr != y.gsr || x.asi != y.asi ||
        x.fprs != y.fprs)
        mismatch("the state registers");
    if (x.cwp != y.cwp || x.cansave != y.cansave || x.canrestore != y.canrestore ||
        x.otherwin != y.otherwin || x.cleanwin != y.cleanwin)
        mismatch("the window state");
    if (x.pstate != y.pstate || x.tl != y.tl || x.tba != y.tba) mismatch("PSTATE/TL/TBA");
    if (x.instructions != y.instructions) mismatch("the instruction count");
    if (x.traps_taken != y.traps_taken || a.kernel.traps != b.kernel.traps) mismatch("the traps");
    if (!a.memory.same_contents(b.memory)) mismatch("memory");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 33) return -1; // not an input: no mode or register seed
    const uint8_t mode = data[0];
    const bool privileged = mode & 0x80;
    const Timing first = Timing(mode % kTimings);
    const Timing second = (mode & 0x40) ? Timing((mode >> 3) % kTimings) : first;

    Machine machine(data, size, privileged);
    machine.run(first, second);

    // Both functional: the blocks must not change what the program does.
    if (first == kBlocks && second == kBlocks) {
        Machine reference(data, size, privileged);
        reference.run(kInterpreter, kInterpreter);
        compare(machine, reference);
    }
    if (first == kWarmingBlocks && second == kWarmingBlocks) {
        Machine reference(data, size, privileged);
        reference.run(kWarming, kWarming);
        compare(machine, reference);
        compare_warming(machine, reference);
    }
    return 0;
}
