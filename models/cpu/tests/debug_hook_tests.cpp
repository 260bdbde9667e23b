// The core under a debugger's hook (debug_hook.h): it is called around every
// instruction, and the chains, instruction counts and stop points stay those
// of a run without it.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace cpu_test;
using namespace cpu_test::as;
using fireplane::cache::CacheRequest;
using fireplane::cache::RequestKind;

namespace {

// Records what it sees; `refuse_at` ends the run before that PC.
struct RecordingHook : fireplane::sparc::DebugHook {
    std::vector<uint64_t> pcs;
    std::vector<uint64_t> retired;
    std::vector<CacheRequest> accesses;
    uint64_t refuse_at = ~0ull;
    bool before_instruction(SparcCore& core) override {
        if (core.pc == refuse_at) return false;
        pcs.push_back(core.pc);
        retired.push_back(core.retired());
        return true;
    }
    void after_instruction(SparcCore&, const CacheRequest* a, unsigned count) override {
        accesses.insert(accesses.end(), a, a + count);
    }
};

// A magic instruction whose handler asks the core to stop, as the firmware's
// power-off store does: the chain still runs to its end.
struct StopOnMagic : fireplane::sparc::MagicHandler {
    void magic(SparcCore& core, unsigned) override { core.request_stop(); }
};
constexpr uint32_t kMagicStatsReset = 0x01000000 | (fireplane::sparc::kMagicImm22Base + 3);

std::vector<uint32_t> counting_program() {
    std::vector<uint32_t> p;
    for (int i = 0; i < 4; ++i)
        p.push_back(alui(kAdd, o0, o0, 1));
    p.push_back(kMagicStatsReset);
    for (int i = 0; i < 20; ++i)
        p.push_back(alui(kAdd, o0, o0, 1));
    return p;
}

} // namespace

TEST_CASE("The hook sees each instruction before it runs and with its PC and count", "[debug]") {
    TestCpu cpu({movi(o0, 0), movi(o1, 3), alu(kAdd, o2, o0, o1), alui(kAdd, o2, o2, 1)});
    RecordingHook hook;
    cpu.core.set_debug_hook(&hook);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    REQUIRE(cpu.reg(o2) == 4);
    REQUIRE(hook.pcs == std::vector<uint64_t>{TestCpu::at(0), TestCpu::at(1), TestCpu::at(2),
                                              TestCpu::at(3), TestCpu::at(4)});
    REQUIRE(hook.retired == std::vector<uint64_t>{0, 1, 2, 3, 4});
}

TEST_CASE("A stop request mid-chain ends the run after that instruction, hooked or not",
          "[debug]") {
    // A chain of 12 could run; the magic (the 5th) asks for a stop, which takes
    // effect at the next instruction boundary: where a run stops must not
    // depend on how long its chains are (compiled blocks stop there too).
    uint64_t retired[2], sum[2];
    for (int hooked = 0; hooked < 2; ++hooked) {
        TestCpu cpu(counting_program());
        StopOnMagic magic;
        RecordingHook hook;
        cpu.core.set_magic_handler(&magic);
        if (hooked) cpu.core.set_debug_hook(&hook);
        cpu.core.run(12);
        retired[hooked] = cpu.core.retired();
        sum[hooked] = cpu.reg(o0);
        if (hooked) REQUIRE(hook.pcs.size() == 5);
    }
    REQUIRE(retired[0] == 5);
    REQUIRE(retired[1] == retired[0]);
    REQUIRE(sum[1] == sum[0]);
}

TEST_CASE("before_instruction's false ends the run before that instruction", "[debug]") {
    TestCpu cpu(counting_program());
    RecordingHook hook;
    hook.refuse_at = TestCpu::at(7);
    cpu.core.set_debug_hook(&hook);
    cpu.core.run(100);
    REQUIRE(cpu.core.pc == TestCpu::at(7));
    REQUIRE(cpu.core.retired() == 7);
    REQUIRE(cpu.reg(o0) == 6); // four adds, the magic, two adds
}

TEST_CASE("With watch_data the hook gets each instruction's data accesses", "[debug]") {
    TestCpu cpu({sethi(o1, uint32_t(TestCpu::kData)), movi(o0, 7), mem(kStx, o0, o1, 8),
                 mem(kLdx, o2, o1, 8), mem(kStb, o0, o1, 3)});
    RecordingHook hook;
    cpu.core.set_debug_hook(&hook, true);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    REQUIRE(cpu.reg(o2) == 7);
    REQUIRE(hook.accesses.size() == 3);
    REQUIRE(hook.accesses[0].kind == RequestKind::Store);
    REQUIRE(hook.accesses[0].va == TestCpu::kData + 8);
    REQUIRE(hook.accesses[0].size == 8);
    REQUIRE(hook.accesses[1].kind == RequestKind::Load);
    REQUIRE(hook.accesses[1].va == TestCpu::kData + 8);
    REQUIRE(hook.accesses[2].kind == RequestKind::Store);
    REQUIRE(hook.accesses[2].va == TestCpu::kData + 3);
    REQUIRE(hook.accesses[2].size == 1);
}

TEST_CASE("Without watch_data the hook gets no accesses and and detaching restores plain runs",
          "[debug]") {
    TestCpu cpu({sethi(o1, uint32_t(TestCpu::kData)), movi(o0, 7), mem(kStx, o0, o1, 8)});
    RecordingHook hook;
    cpu.core.set_debug_hook(&hook);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    REQUIRE(hook.accesses.empty());
    cpu.core.set_debug_hook(nullptr);
    REQUIRE(cpu.core.debug_hook() == nullptr);
}
