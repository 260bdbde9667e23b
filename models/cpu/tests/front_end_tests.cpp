// The fetch unit and the branch predictor as the pipeline model uses them:
// instructions issued with their PCs, control transfers resolved as the
// detailed timing model resolves them. Expected cycles follow from the
// defaults in pipeline_config.h: a 2-cycle taken-branch bubble, 8 cycles from
// a mispredicted branch's group to the right path's (4 from the miss queue),
// 4 instructions a fetch from one 32-byte line, a 16-entry queue.
#include "models/cpu/instruction_class.h"
#include "models/cpu/pipeline_model.h"
#include "sparc_asm.h"

#include <catch2/catch.hpp>

using namespace fireplane::sparc;
namespace as = cpu_test::as;

namespace {

using T = TransferKind;
const uint32_t kAdd = as::alu(as::kAdd, as::l0, as::i0, as::i1);

// A pipeline fed instruction by instruction, with its CPI stack.
struct Feed {
    PipelineModel pipe;
    CpiStack stack;
    uint64_t cycles = 0;

    void issue(uint32_t word, uint64_t pc, bool new_path = false) {
        cycles += pipe.issue(classify(word), pc, new_path);
        stack.add(CpiCause::Base, pipe.last_cost().base);
        stack.add(pipe.last_cost().waited_for, pipe.last_cost().waited);
    }
    // A conditional branch at pc with its delay slot, going `taken` to
    // `target` (or falling through); returns whether it was predicted right.
    bool branch(uint64_t pc, bool taken, uint64_t target) {
        issue(as::bicc(as::kNe, false, 16), pc);
        const bool right = pipe.transfer(T::Conditional, pc, taken, taken ? target : pc + 8);
        issue(as::kNop, pc + 4); // the delay slot
        return right;
    }
};

} // namespace

TEST_CASE("a taken branch's target comes after the fetch bubble", "[pipeline][fetch]") {
    Feed f;
    f.issue(kAdd, 0x1000);
    f.issue(as::bicc(as::kA, false, 0x400), 0x1004);
    f.pipe.transfer(T::Always, 0x1004, true, 0x2000);
    f.issue(as::kNop, 0x1008);
    // add, ba, nop: one group at cycle 0. The target's fetch starts 1 + 2
    // cycles after the branch's fetch group.
    CHECK(f.cycles == 1);
    f.issue(kAdd, 0x2000, /*new_path=*/true);
    CHECK(f.cycles == 4);
    CHECK(f.stack[CpiCause::TakenBranch] == 2);
}

TEST_CASE("a mispredicted branch is counted and charged", "[pipeline][fetch][predictor]") {
    Feed f;
    // A new branch is predicted not taken (counters start weakly not taken):
    // taken, it is mispredicted and the right path comes 8 cycles after its group.
    CHECK_FALSE(f.branch(0x1000, true, 0x2000));
    f.issue(kAdd, 0x2000, true);
    CHECK(f.cycles == 9);
    CHECK(f.stack[CpiCause::Mispredict] == 7);
    CHECK(f.stack.total() == f.cycles);
}

TEST_CASE("the predictor learns a loop branch and the miss queue shortens its exit",
          "[pipeline][predictor]") {
    Feed f;
    // The loop's branch at 0x1010 goes back to 0x1000: once the 12 history
    // bits are all ones its counter is trained, and it stays predicted.
    unsigned wrong = 0, wrong_late = 0;
    for (unsigned i = 0; i < 40; ++i) {
        for (uint64_t pc = 0x1000; pc < 0x1010; pc += 4)
            f.issue(kAdd, pc, pc == 0x1000 && i > 0);
        const bool right = f.branch(0x1010, true, 0x1000);
        wrong += !right;
        if (i >= 20) wrong_late += !right;
    }
    CHECK(wrong >= 1);
    CHECK(wrong_late == 0);
    // Its exit falls through while predicted taken: the fall-through waits in
    // the miss queue and comes 4 cycles after the branch's group.
    const uint64_t before = f.cycles;
    const uint64_t mispredict_before = f.stack[CpiCause::Mispredict];
    CHECK_FALSE(f.branch(0x1010, false, 0x1000));
    f.issue(kAdd, 0x1018, true);
    CHECK(f.cycles - before == 4);
    CHECK(f.stack[CpiCause::Mispredict] - mispredict_before == 3);
}

TEST_CASE("returns are predicted by the return stack", "[pipeline][predictor]") {
    PipelineModel pipe;
    pipe.issue(classify(as::call(0x100)), 0x1000);
    CHECK(pipe.transfer(T::Call, 0x1000, true, 0x1400));   // returns to 0x1008
    CHECK(pipe.transfer(T::Return, 0x1420, true, 0x1008)); // retl to the call's return address
    CHECK_FALSE(pipe.transfer(T::Return, 0x1420, true, 0x1008));   // nothing left on the stack
    CHECK_FALSE(pipe.transfer(T::Indirect, 0x1430, true, 0x5000)); // jmpl: not predicted
}

TEST_CASE("with branch prediction off every conditional branch is predicted not taken",
          "[pipeline][predictor]") {
    PipelineConfig config;
    config.predictor.enabled = false;
    PipelineModel pipe(config);
    for (unsigned i = 0; i < 30; ++i)
        CHECK_FALSE(pipe.transfer(T::Conditional, 0x1000, true, 0x2000));
    CHECK(pipe.transfer(T::Conditional, 0x1000, false, 0x1008));
}

TEST_CASE("fetch brings four instructions a cycle from one line", "[pipeline][fetch]") {
    Feed f;
    // add, add, ldx, faddd would dispatch in one group (A0, A1, MS, FGA), but
    // the first three end their I$ line: the faddd comes with the next fetch,
    // a cycle later.
    const uint32_t ld = as::mem(as::kLdx, as::l2, as::sp, 8);
    const uint32_t fadd = as::fpop1(as::kFaddd, 4, 2, 0);
    const uint32_t add2 = as::alu(as::kAdd, as::l1, as::i0, as::i1);
    f.issue(kAdd, 0x1014); // 0x1014-0x101c: three to the end of the line
    f.issue(add2, 0x1018);
    f.issue(ld, 0x101c);
    f.issue(fadd, 0x1020); // next line: next fetch group, next cycle
    CHECK(f.cycles == 2);
}

TEST_CASE("the instruction queue hides a taken branch's bubble behind slow dispatch",
          "[pipeline][fetch]") {
    Feed f;
    // 16 dependent adds dispatch one a cycle while fetch fills the queue.
    uint64_t pc = 0x1000;
    for (unsigned i = 0; i < 16; ++i, pc += 4)
        f.issue(as::alu(as::kAdd, as::l0, as::l0, as::i1), pc);
    f.issue(as::bicc(as::kA, false, 0x400), pc);
    f.pipe.transfer(T::Always, pc, true, 0x2000);
    f.issue(as::kNop, pc + 4);
    f.issue(kAdd, 0x2000, true);
    CHECK(f.stack[CpiCause::TakenBranch] == 0);
    CHECK(f.cycles == 17);
}
