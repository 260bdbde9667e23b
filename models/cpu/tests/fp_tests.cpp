// Floating point: the FSR rounding mode reaches the host FPU, compares set
// the right fcc field, and the results where SPARC and x86 disagree (integer
// conversion overflow, default NaN) follow SPARC.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;

namespace {

// FSR fields.
constexpr uint64_t kNv = 0x10, kDz = 0x02, kNx = 0x01; // cexc bits
constexpr unsigned kAexcShift = 5, kTemShift = 23;
uint64_t rounding(unsigned rd) {
    return uint64_t(rd) << 30;
}
enum : unsigned { kNearest = 0, kToZero = 1, kUp = 2, kDown = 3 };

constexpr uint64_t kOne = 0x3ff0000000000000;
constexpr uint64_t kQuietNan = 0x7ff8000000000000;

// Runs one double-precision FPop1 "op %f0, %f2, %f4" and returns %f4.
uint64_t fp_op(unsigned opf, uint64_t a, uint64_t b, uint64_t fsr, uint64_t* fsr_out = nullptr) {
    TestCpu cpu({fpop1(opf, 4, 0, 2)});
    cpu.core.f[0] = a;
    cpu.core.f[1] = b;
    cpu.core.write_fsr(fsr);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    if (fsr_out) *fsr_out = cpu.core.read_fsr();
    return cpu.core.f[2];
}

} // namespace

TEST_CASE("FADDd rounds a tie as FSR.rd says", "[fp][rounding]") {
    const uint64_t tiny = bits_of(0x1p-53); // 1 + 2^-53 is halfway between 1 and 1 + 2^-52
    CHECK(fp_op(kFaddd, kOne, tiny, rounding(kNearest)) == kOne); // ties to even
    CHECK(fp_op(kFaddd, kOne, tiny, rounding(kToZero)) == kOne);
    CHECK(fp_op(kFaddd, kOne, tiny, rounding(kUp)) == kOne + 1);
    CHECK(fp_op(kFaddd, kOne, tiny, rounding(kDown)) == kOne);
    const uint64_t minus_one = kOne | 1ull << 63;
    CHECK(fp_op(kFaddd, minus_one, tiny | 1ull << 63, rounding(kDown)) == minus_one + 1);
}

TEST_CASE("FDIVd 1/10 and -1/10 in all four rounding modes", "[fp][rounding]") {
    const uint64_t ten = bits_of(10.0), minus_one = bits_of(-1.0);
    const uint64_t lo = 0x3fb9999999999999, hi = 0x3fb999999999999a; // around 0.1
    const uint64_t sign = 1ull << 63;
    uint64_t fsr = 0;
    CHECK(fp_op(kFdivd, kOne, ten, rounding(kNearest), &fsr) == hi);
    CHECK((fsr & 0x1f) == kNx);
    CHECK(((fsr >> kAexcShift) & 0x1f) == kNx);
    CHECK(fp_op(kFdivd, kOne, ten, rounding(kToZero)) == lo);
    CHECK(fp_op(kFdivd, kOne, ten, rounding(kUp)) == hi);
    CHECK(fp_op(kFdivd, kOne, ten, rounding(kDown)) == lo);
    CHECK(fp_op(kFdivd, minus_one, ten, rounding(kToZero)) == (lo | sign));
    CHECK(fp_op(kFdivd, minus_one, ten, rounding(kUp)) == (lo | sign));
    CHECK(fp_op(kFdivd, minus_one, ten, rounding(kDown)) == (hi | sign));
}

TEST_CASE("FDIVd by zero gives infinity and dz", "[fp]") {
    uint64_t fsr = 0;
    CHECK(fp_op(kFdivd, kOne, 0, 0, &fsr) == 0x7ff0000000000000);
    CHECK((fsr & 0x1f) == kDz);
}

TEST_CASE("FCMPd sets fcc: equal, less, greater, unordered", "[fp][compare]") {
    struct Case {
        double a, b;
        unsigned fcc;
    };
    const Case cases[] = {{1.0, 1.0, 0}, {1.0, 2.0, 1}, {2.0, 1.0, 2}, {-0.0, 0.0, 0}};
    for (const Case& t : cases) {
        INFO(t.a << " vs " << t.b);
        TestCpu cpu({fcmp(kFcmpd, 0, 0, 2)});
        cpu.core.f[0] = bits_of(t.a);
        cpu.core.f[1] = bits_of(t.b);
        REQUIRE(cpu.run() == TestCpu::kStopTrap);
        CHECK(cpu.core.fcc(0) == t.fcc);
        CHECK(((cpu.core.read_fsr() >> 10) & 3) == t.fcc); // fcc0 is FSR<11:10>
    }
}

TEST_CASE("FCMPd with a NaN is unordered and only FCMPEd signals nv for a quiet NaN",
          "[fp][compare]") {
    TestCpu cpu({
        fcmp(kFcmpd, 1, 0, 2),  // %fcc1: quiet, no exception
        fcmp(kFcmped, 3, 0, 2), // %fcc3: signals on any NaN
    });
    cpu.core.f[0] = kOne;
    cpu.core.f[1] = kQuietNan;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(((cpu.core.read_fsr() >> 32) & 3) == 3); // fcc1 is FSR<33:32>
    CHECK(((cpu.core.read_fsr() >> 36) & 3) == 3); // fcc3 is FSR<37:36>
    CHECK(cpu.core.fcc(0) == 0);
    CHECK((cpu.core.read_fsr() & 0x1f) == kNv); // from FCMPEd

    TestCpu quiet({fcmp(kFcmpd, 0, 0, 2)});
    quiet.core.f[0] = kQuietNan;
    quiet.core.f[1] = kOne;
    REQUIRE(quiet.run() == TestCpu::kStopTrap);
    CHECK(quiet.core.fcc(0) == 3);
    CHECK((quiet.core.read_fsr() & 0x1f) == 0);
}

TEST_CASE("FBfcc follows the compare", "[fp][branch]") {
    TestCpu cpu({
        fcmp(kFcmpd, 0, 0, 2),
        fbfcc(kFbU, false, 3), // unordered: taken to 4
        kNop,
        movi(o1, 1),          // skipped
        fbfcc(kFbE, true, 3), // not equal: untaken, slot annulled
        movi(o2, 1),          // annulled
        movi(o3, 1),
    });
    cpu.core.f[0] = kQuietNan;
    cpu.core.f[1] = kOne;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0);
    CHECK(cpu.reg(o2) == 0);
    CHECK(cpu.reg(o3) == 1);
}

TEST_CASE("FdTOi saturates NaN and out-of-range values and sets nv", "[fp][convert]") {
    struct Case {
        uint64_t in;
        uint32_t out;
        uint64_t cexc;
    };
    const Case cases[] = {
        {kQuietNan, 0x7fffffff, kNv},
        {bits_of(1e300), 0x7fffffff, kNv},
        {bits_of(-1e300), 0x80000000, kNv},
        {0x7ff0000000000000, 0x7fffffff, kNv}, // +inf
        {0xfff0000000000000, 0x80000000, kNv}, // -inf
        {bits_of(2147483648.0), 0x7fffffff, kNv},
        {bits_of(2147483647.0), 0x7fffffff, 0},
        {bits_of(-2147483648.0), 0x80000000, 0},
        {bits_of(-2.5), 0xfffffffe, kNx}, // always rounds toward zero
    };
    for (const Case& t : cases) {
        INFO("input " << std::hex << t.in);
        TestCpu cpu({fpop1(kFdtoi, 5, 0, 0)}); // fdtoi %f0, %f5
        cpu.core.f[0] = t.in;
        cpu.core.write_fsr(rounding(kUp)); // must not matter
        REQUIRE(cpu.run() == TestCpu::kStopTrap);
        CHECK(cpu.core.fs(5) == t.out);
        CHECK((cpu.core.read_fsr() & 0x1f) == t.cexc);
    }
}

TEST_CASE("FdTOi of NaN with nv enabled traps without writing rd", "[fp][trap]") {
    TestCpu cpu({fpop1(kFdtoi, 5, 0, 0)});
    cpu.core.f[0] = kQuietNan;
    cpu.core.f[2] = 0x1111111122222222; // %f4:%f5
    cpu.core.write_fsr(kNv << kTemShift);
    REQUIRE(cpu.run() == 0x21);
    CHECK(cpu.core.f[2] == 0x1111111122222222);
    CHECK(((cpu.core.read_fsr() >> 14) & 7) == 1); // ftt = IEEE_754_exception
    CHECK((cpu.core.read_fsr() & 0x1f) == kNv);
}

TEST_CASE("FSQRTd of -1 gives SPARC's default NaN, not x86's", "[fp][nan]") {
    uint64_t fsr = 0;
    CHECK(fp_op(kFsqrtd, 0, bits_of(-1.0), 0, &fsr) == 0x7fffffffffffffff);
    CHECK((fsr & 0x1f) == kNv);
    CHECK(fp_op(kFsqrtd, 0, bits_of(6.25), 0, &fsr) == bits_of(2.5));
    CHECK((fsr & 0x1f) == 0);
}

TEST_CASE("An FPop with PSTATE.PEF clear raises fp_disabled (0x20)", "[fp][trap]") {
    TestCpu cpu({fpop1(kFaddd, 4, 0, 2)});
    cpu.core.pstate &= ~fireplane::sparc::kPstatePef;
    REQUIRE(cpu.run() == 0x20);
    CHECK(cpu.trap_pc() == TestCpu::at(0));
}

TEST_CASE("FPRS.DL and DU record which half of the FP registers a write touched", "[fp][fprs]") {
    auto dirty_after = [](uint32_t insn) {
        TestCpu cpu({insn});
        cpu.core.fprs = 4; // FEF only: nothing written yet
        REQUIRE(cpu.run() == TestCpu::kStopTrap);
        return cpu.core.fprs & 3;
    };
    CHECK(dirty_after(fpop1(kFaddd, 4, 0, 2)) == 1); // %f4: the lower half (DL)
    CHECK(dirty_after(fpop1(kFaddd, 1, 0, 2)) == 2); // rd 1 encodes %f32: the upper (DU)
    CHECK(dirty_after(fcmp(kFcmpd, 0, 0, 2)) == 0);  // reads only

    TestCpu load({mem(0x23, 6, 1, 0)}); // lddf [%g1], %f6
    load.core.fprs = 4;
    load.reg(1) = TestCpu::kData;
    REQUIRE(load.run() == TestCpu::kStopTrap);
    CHECK((load.core.fprs & 3) == 1);
}
