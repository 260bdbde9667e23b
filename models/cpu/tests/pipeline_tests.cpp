// The instruction classifier and the in-order issue model, on instruction
// words built by the test encoder. Expected cycles follow from the pipe
// widths and latencies in PipelineConfig.
#include "models/cpu/instruction_class.h"
#include "models/cpu/isa_table.h"
#include "models/cpu/pipeline_model.h"
#include "sparc_asm.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace fireplane::sparc;
namespace as = cpu_test::as;

namespace {

uint64_t run(const std::vector<uint32_t>& words) {
    PipelineModel pipe;
    uint64_t cycles = 0;
    for (uint32_t w : words)
        cycles += pipe.issue(classify(w));
    return cycles;
}

} // namespace

TEST_CASE("classify names pipes and operands", "[pipeline]") {
    InstructionInfo add = classify(as::alu(as::kAdd, as::o0, as::o1, as::o2));
    CHECK(add.cls == InstructionClass::IntAlu);
    CHECK(add.dst[0] == as::o0);
    CHECK(add.src[0] == as::o1);
    CHECK(add.src[1] == as::o2);

    InstructionInfo subcc = classify(as::alu(as::kSubcc, as::g0, as::o1, as::o2));
    CHECK(subcc.dst[0] == kIntCcReg); // %g0 is no destination

    InstructionInfo store = classify(as::mem(as::kStx, as::o3, as::sp, 8));
    CHECK(store.cls == InstructionClass::Store);
    CHECK(store.dst[0] == kNoReg);
    // A store reads its data register (rd) and its address registers, in either order.
    CHECK(((store.src[0] == as::o3 && store.src[1] == as::sp) ||
           (store.src[0] == as::sp && store.src[1] == as::o3)));

    CHECK(classify(as::mem(as::kLdx, as::o3, as::sp, 8)).cls == InstructionClass::Load);
    CHECK(classify(as::mema(as::kCasa, as::o3, as::o1, as::o2, 0x80)).cls ==
          InstructionClass::Atomic);
    CHECK(classify(as::fpop1(as::kFdivd, 4, 2, 0)).cls == InstructionClass::FpDivDouble);
    CHECK(classify(as::fpop1(as::kFaddd, 4, 2, 0)).cls == InstructionClass::FpAdd);
    CHECK(classify(as::bicc(as::kNe, false, 4)).src[0] == kIntCcReg);
    CHECK(classify(as::call(8)).dst[0] == as::o7);
    CHECK(classify(as::rdasr(4, as::o0)).cls == InstructionClass::Serializing);
    // Transfers, as fetch and the predictor see them.
    CHECK(classify(as::bicc(as::kNe, false, 4)).transfer == TransferKind::Conditional);
    CHECK(classify(as::bicc(as::kA, false, 4)).transfer == TransferKind::Always);
    CHECK(classify(as::bicc(as::kN, false, 4)).transfer == TransferKind::None);
    CHECK(classify(as::bpr(as::kRz, false, as::o0, 4)).transfer == TransferKind::Conditional);
    CHECK(classify(as::call(8)).transfer == TransferKind::Call);
    CHECK(classify(as::jmpl(as::g0, as::o7, 8)).transfer == TransferKind::Return); // retl
    CHECK(classify(as::return_(as::i7, 8)).transfer == TransferKind::Return);
    CHECK(classify(as::jmpl(as::o7, as::g1, 0)).transfer == TransferKind::IndirectCall);
    CHECK(classify(as::jmpl(as::g0, as::g1, 0)).transfer == TransferKind::Indirect);
    CHECK(classify(as::alu(as::kAdd, as::l0, as::i0, as::i1)).transfer == TransferKind::None);
}

TEST_CASE("independent integer operations issue two a cycle", "[pipeline]") {
    // Two integer pipes: eight independent adds take four cycles.
    std::vector<uint32_t> adds;
    for (unsigned k = 0; k < 8; ++k)
        adds.push_back(as::alu(as::kAdd, as::l0 + k, as::i0, as::i1));
    CHECK(run(adds) == 4);
}

TEST_CASE("a group holds four instructions of different pipes", "[pipeline]") {
    // int, int, load, branch: one group, one cycle.
    CHECK(run({as::alu(as::kAdd, as::l0, as::i0, as::i1), as::alu(as::kAdd, as::l1, as::i0, as::i1),
               as::mem(as::kLdx, as::l2, as::sp, 8), as::bicc(as::kA, false, 4)}) == 1);
    // A call takes the branch and the load/store pipes: a load cannot join it.
    CHECK(run({as::call(8), as::mem(as::kLdx, as::l2, as::sp, 8)}) == 2);
}

TEST_CASE("a dependent add waits for its producer", "[pipeline]") {
    // add -> add -> add: each needs the previous result, one cycle apart.
    CHECK(run({as::alu(as::kAdd, as::l0, as::i0, as::i1), as::alu(as::kAdd, as::l1, as::l0, as::i1),
               as::alu(as::kAdd, as::l2, as::l1, as::i1)}) == 3);
}

TEST_CASE("a load's user waits the load-use latency of its kind", "[pipeline]") {
    // ldx at cycle 0, the add that uses it at cycle 2: three cycles in all.
    CHECK(run({as::mem(as::kLdx, as::l0, as::sp, 8), as::alu(as::kAdd, as::l1, as::l0, as::i1)}) ==
          3);
    // Sign-extending and sub-word loads align their data a stage later: 3 cycles.
    CHECK(run({as::mem(as::kLdsw, as::l0, as::sp, 8), as::alu(as::kAdd, as::l1, as::l0, as::i1)}) ==
          4);
    CHECK(run({as::mem(as::kLdub, as::l0, as::sp, 8), as::alu(as::kAdd, as::l1, as::l0, as::i1)}) ==
          4);
    CHECK(classify(as::mem(as::kLduw, as::l0, as::sp, 8)).cls == InstructionClass::Load);
}

TEST_CASE("dependent FP additions are four cycles apart", "[pipeline]") {
    // faddd f4 = f2 + f0; faddd f6 = f4 + f0: issue at 0 and 4.
    CHECK(run({as::fpop1(as::kFaddd, 4, 2, 0), as::fpop1(as::kFaddd, 6, 4, 0)}) == 5);
}

TEST_CASE("an FP divide keeps the FP multiply pipe busy", "[pipeline]") {
    // Two independent fdivd: the second waits for the FGM pipe, busy for 17
    // cycles after the first (latency 20 - 3).
    CHECK(run({as::fpop1(as::kFdivd, 4, 2, 0), as::fpop1(as::kFdivd, 8, 6, 10)}) == 19);
    // An FP add goes on beside it in the FGA pipe.
    CHECK(run({as::fpop1(as::kFdivd, 4, 2, 0), as::fpop1(as::kFaddd, 8, 6, 10)}) == 1);
}

TEST_CASE("multiply and divide stop dispatch while their helpers run", "[pipeline]") {
    const uint32_t mulx = as::alu(0x09, as::l0, as::i0, as::i1);
    // Nothing dispatches in the 4 cycles after a mulx: an independent add waits to cycle 5.
    CHECK(run({mulx, as::alu(as::kAdd, as::l1, as::i2, as::i3)}) == 6);
    // Its result comes 7 cycles after it.
    CHECK(run({mulx, as::alu(as::kAdd, as::l1, as::l0, as::i3)}) == 8);
    // udivx: dispatch stops for 69 cycles; the result comes at 72.
    const uint32_t udivx = as::alu(as::kUdivx, as::l0, as::i0, as::i1);
    CHECK(run({udivx, as::alu(as::kAdd, as::l1, as::i2, as::i3)}) == 71);
    CHECK(run({udivx, as::alu(as::kAdd, as::l1, as::l0, as::i3)}) == 73);
}

TEST_CASE("bypasses let a store and a branch share their producer's group", "[pipeline]") {
    // add %l0, then stx %l0: the store's data comes through the bypass, one group.
    CHECK(run({as::alu(as::kAdd, as::l0, as::i0, as::i1), as::mem(as::kStx, as::l0, as::sp, 8)}) ==
          1);
    // Not for its address: stx %i1, [%l0 + 8] waits a cycle.
    CHECK(run({as::alu(as::kAdd, as::l0, as::i0, as::i1), as::mem(as::kStx, as::i1, as::l0, 8)}) ==
          2);
    // Nor for a load's data: ldx then stx of it, two cycles apart.
    CHECK(run({as::mem(as::kLdx, as::l0, as::sp, 8), as::mem(as::kStx, as::l0, as::sp, 16)}) == 3);
    // subcc and the bne that reads its cc: one group.
    CHECK(run({as::alu(as::kSubcc, as::g0, as::i0, as::i1), as::bicc(as::kNe, false, 4)}) == 1);
    // A conditional move reading the same cc waits for it.
    CHECK(run({as::alu(as::kSubcc, as::g0, as::i0, as::i1),
               as::movcc(as::kMovIcc, as::kNe, as::l0, 1)}) == 2);
}

TEST_CASE("instructions writing the GSR dispatch alone", "[pipeline]") {
    const uint32_t alignaddr = as::f3(2, as::l1, 0x36, as::i0, as::i1) | 0x018 << 5;
    CHECK(classify(alignaddr).cls == InstructionClass::SingleGroup);
    CHECK(run({as::alu(as::kAdd, as::l0, as::i0, as::i1), alignaddr,
               as::alu(as::kAdd, as::l2, as::i0, as::i1)}) == 3);
}

TEST_CASE("a memory stall delays the results by its length", "[pipeline]") {
    PipelineModel pipe;
    uint64_t cycles = pipe.issue(classify(as::mem(as::kLdx, as::l0, as::sp, 8)), 0, false, 18);
    cycles += pipe.issue(classify(as::alu(as::kAdd, as::l1, as::l0, as::i1)));
    CHECK(cycles == 1 + 2 + 18);
}

namespace {

// The CPI stack of a sequence: each issue's Base cycle and its wait, by cause.
CpiStack stack_of(const std::vector<uint32_t>& words) {
    PipelineModel pipe;
    CpiStack stack;
    for (uint32_t w : words) {
        pipe.issue(classify(w));
        stack.add(CpiCause::Base, pipe.last_cost().base);
        stack.add(pipe.last_cost().waited_for, pipe.last_cost().waited);
    }
    return stack;
}

} // namespace

TEST_CASE("the pipeline's cycles go to Base and to what each instruction waited for",
          "[pipeline][cpi]") {
    // ldx at 0, its user at 2: two groups (Base) and one cycle of load-use.
    const CpiStack load =
        stack_of({as::mem(as::kLdx, as::l0, as::sp, 8), as::alu(as::kAdd, as::l1, as::l0, as::i1)});
    CHECK(load[CpiCause::Base] == 2);
    CHECK(load[CpiCause::LoadUse] == 1);
    CHECK(load.total() == 3);
    // faddd, then a faddd that needs it: issue at 0 and 4, three cycles of FP dependency.
    const CpiStack fp = stack_of({as::fpop1(as::kFaddd, 4, 2, 0), as::fpop1(as::kFaddd, 6, 4, 0)});
    CHECK(fp[CpiCause::Base] == 2);
    CHECK(fp[CpiCause::FpDependency] == 3);
    // Two independent fdivd: the second waits 17 cycles for the FGM pipe.
    const CpiStack div =
        stack_of({as::fpop1(as::kFdivd, 4, 2, 0), as::fpop1(as::kFdivd, 8, 6, 10)});
    CHECK(div[CpiCause::Base] == 2);
    CHECK(div[CpiCause::DivideSqrt] == 17);
    // Independent adds pair: one group, one Base cycle, nothing waited.
    const CpiStack pair = stack_of(
        {as::alu(as::kAdd, as::l0, as::i0, as::i1), as::alu(as::kAdd, as::l1, as::i2, as::i3)});
    CHECK(pair.total() == 1);
    CHECK(pair[CpiCause::Base] == 1);
}

TEST_CASE("transfer_facts agree with classify on every row of the ISA", "[pipeline][warming]") {
    // Each row's pattern with its free bits from a fixed pseudo-random stream:
    // every class, and every condition and link register of the transfers.
    uint64_t x = 0x9e3779b97f4a7c15;
    unsigned checked = 0;
    for (const IsaRow& row : isa_rows())
        for (int k = 0; k < 64; ++k) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            const uint32_t w = row.match | (uint32_t(x >> 32) & ~row.mask);
            if (find_row(w) != &row) continue; // a more specific row claims it
            const InstructionInfo info = classify(w);
            TransferFacts facts;
            transfer_facts(w, facts);
            INFO(row.name << " " << std::hex << w);
            const bool memory = (w >> 30) == 3;
            CHECK(facts.memory_class == (memory ? info.cls : InstructionClass::IntAlu));
            CHECK(facts.transfer == info.transfer);
            CHECK(facts.skips_delay_slot == info.skips_delay_slot);
            if (plain_operate(w)) { // warming's early out: no transfer, no memory
                CHECK(info.transfer == TransferKind::None);
                CHECK(!memory);
            }
            ++checked;
        }
    CHECK(checked > 1000);
}
