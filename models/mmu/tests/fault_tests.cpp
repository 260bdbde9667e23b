// Faults: misses (tag access, tag target, tag access extension, SFAR,
// SFSR.TM), protection, the data_access_exception causes, the
// instruction_access_exception, FV/OW, faults the CPU reports, and the VA range.
#include "mmu_test_support.h"

using namespace fireplane::mmu;
using namespace fireplane::mmu::test;

namespace {
uint64_t ft_of(uint64_t sfsr_value) {
    return (sfsr_value >> sfsr::kFtShift) & 0x7f;
}
} // namespace

TEST_CASE("a D-TLB miss sets tag access, tag target, the tag access extension and SFAR") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x1abc, 3, 1), 0x0def | 2 << 16 | 0 << 19);
    const uint64_t va = 0xfedcba9876543210;
    Translation t = m.translate(request(va, AccessKind::Read, ContextSel::Secondary));
    CHECK(t.trap == kTrapFastDataAccessMmuMiss);
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == (0xfedcba9876542000 | 0x0def));
    CHECK(read_reg(m, Side::Data, kVaTagTarget) == (uint64_t(0x0def) << 48 | va >> 22));
    // The secondary context's page sizes: pgsz0 = 2, pgsz1 = 0.
    CHECK(read_reg(m, Side::Data, kVaTagAccessExt) == (2u << 16 | 0u << 19));
    CHECK(read_reg(m, Side::Data, kVaSfar) == va);
    // The miss records status (TM, ASI, context) but no fault: FV stays clear.
    const uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK((s & sfsr::kTm) != 0);
    CHECK((s & sfsr::kFv) == 0);
    CHECK(((s >> sfsr::kCtShift) & 3) == 1);
    CHECK(((s >> sfsr::kAsiShift) & 0xff) == 0x81);
    CHECK(m.stats.d_misses == 1);

    // A primary-context miss records the primary context's page sizes.
    m.translate(request(0x2000, AccessKind::Write));
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == (0x2000 | 0x1abc));
    CHECK(read_reg(m, Side::Data, kVaTagAccessExt) == (3u << 16 | 1u << 19));
    CHECK((read_reg(m, Side::Data, kVaSfsr) & sfsr::kW) != 0);
}

TEST_CASE("an I-TLB miss sets the I-MMU tag access, nucleus fetches with context 0") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x77, 0, 0));
    CHECK(m.translate(request(0x10002004, AccessKind::Fetch)).trap ==
          kTrapFastInstructionAccessMmuMiss);
    CHECK(read_reg(m, Side::Instruction, kVaTagAccess) == (0x10002000 | 0x77));
    CHECK(read_reg(m, Side::Instruction, kVaTagTarget) ==
          (uint64_t(0x77) << 48 | 0x10002004 >> 22));
    CHECK(m.translate(request(0x4000, AccessKind::Fetch, ContextSel::Nucleus)).trap ==
          kTrapFastInstructionAccessMmuMiss);
    CHECK(read_reg(m, Side::Instruction, kVaTagAccess) == 0x4000);
    // The D-MMU's registers are untouched.
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == 0);
    CHECK(m.stats.i_misses == 2);
}

TEST_CASE("a store to a page without W is a fast_data_access_protection with SFSR and SFAR") {
    CheetahMmu m = enabled_mmu(primary_ctx(0x42, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x70000, 0x42, make_tte(0x170000, 1, tte::kCp));
    CHECK(m.translate(request(0x70008, AccessKind::Read)).ok());
    MmuRequest w = request(0x7fff0, AccessKind::Write);
    w.asi = 0x88; // ASI_PRIMARY_LITTLE
    CHECK(m.translate(w).trap == kTrapFastDataAccessProtection);
    const uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK((s & sfsr::kFv) != 0);
    CHECK((s & sfsr::kOw) == 0);
    CHECK((s & sfsr::kW) != 0);
    CHECK((s & sfsr::kPr) != 0);
    CHECK((s & sfsr::kTm) == 0);
    CHECK(ft_of(s) == 0);
    CHECK(((s >> sfsr::kAsiShift) & 0xff) == 0x88);
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x7fff0);
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == (0x7e000 | 0x42));
    CHECK(m.stats.protection_faults == 1);

    // A second fault before software clears FV sets OW.
    CHECK(m.translate(w).trap == kTrapFastDataAccessProtection);
    CHECK((read_reg(m, Side::Data, kVaSfsr) & sfsr::kOw) != 0);
    // Software clears it the way Linux does: a store of 0.
    write_reg(m, Side::Data, kVaSfsr, 0);
    CHECK(m.translate(w).trap == kTrapFastDataAccessProtection);
    CHECK((read_reg(m, Side::Data, kVaSfsr) & (sfsr::kFv | sfsr::kOw)) == sfsr::kFv);
}

TEST_CASE("data_access_exception: user access to a privileged page") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x2000, 1,
                make_tte(0x2000, 0, tte::kCp | tte::kP | tte::kW));
    CHECK(m.translate(request(0x2000, AccessKind::Write, ContextSel::Primary, true)).ok());
    CHECK(m.translate(request(0x2010, AccessKind::Read, ContextSel::Primary, false)).trap ==
          kTrapDataAccessException);
    const uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK(ft_of(s) == ft::kPrivilege);
    CHECK((s & sfsr::kPr) == 0);
    CHECK((s & sfsr::kFv) != 0);
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x2010);
    CHECK(m.stats.data_access_exceptions == 1);
}

TEST_CASE("data_access_exception: NFO page, non-faulting load of a side-effect page, atomic to "
          "uncached") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x2000, 1,
                make_tte(0x2000, 0, tte::kCp | tte::kNfo | tte::kW));
    data_access(m, Side::Data, kTlbT16, 1, 0x4000, 1, make_tte(0x4000, 0, tte::kE | tte::kW));

    SECTION("a normal load of an NFO page") {
        CHECK(m.translate(request(0x2000, AccessKind::Read)).trap == kTrapDataAccessException);
        CHECK(ft_of(read_reg(m, Side::Data, kVaSfsr)) == ft::kNfo);
    }
    SECTION("a non-faulting load of an NFO page translates") {
        MmuRequest nf = request(0x2000, AccessKind::Read);
        nf.no_fault = true;
        CHECK(m.translate(nf).ok());
    }
    SECTION("a non-faulting load of a side-effect page") {
        MmuRequest nf = request(0x4008, AccessKind::Read);
        nf.no_fault = true;
        CHECK(m.translate(nf).trap == kTrapDataAccessException);
        const uint64_t s = read_reg(m, Side::Data, kVaSfsr);
        CHECK(ft_of(s) == ft::kSideEffectNf);
        CHECK((s & sfsr::kE) != 0);
        CHECK((s & sfsr::kNf) != 0);
    }
    SECTION("an atomic to a page without CP") {
        MmuRequest cas = request(0x4008, AccessKind::Write);
        cas.atomic = true;
        CHECK(m.translate(cas).trap == kTrapDataAccessException);
        CHECK(ft_of(read_reg(m, Side::Data, kVaSfsr)) == ft::kAtomicNc);
        // The same atomic on a cacheable page is fine.
        data_access(m, Side::Data, kTlbT16, 1, 0x4000, 1, make_tte(0x4000, 0, tte::kCp | tte::kW));
        CHECK(m.translate(cas).ok());
    }
    SECTION("an exception outranks the protection fault, and causes add up") {
        // A user store to an NFO, privileged, read-only page.
        data_access(m, Side::Data, kTlbT16, 2, 0x6000, 1,
                    make_tte(0x6000, 0, tte::kCp | tte::kNfo | tte::kP));
        CHECK(m.translate(request(0x6000, AccessKind::Write, ContextSel::Primary, false)).trap ==
              kTrapDataAccessException);
        CHECK(ft_of(read_reg(m, Side::Data, kVaSfsr)) == (ft::kNfo | ft::kPrivilege));
    }
}

TEST_CASE("instruction_access_exception: a user fetch from a privileged page") {
    CheetahMmu m = enabled_mmu(primary_ctx(8, 0, 0));
    data_in(m, Side::Instruction, 0x10000, 8, make_tte(0x30000, 0, tte::kCp | tte::kP));
    CHECK(m.translate(request(0x10000, AccessKind::Fetch, ContextSel::Primary, true)).ok());
    CHECK(m.translate(request(0x10004, AccessKind::Fetch, ContextSel::Primary, false)).trap ==
          kTrapInstructionAccessException);
    const uint64_t s = read_reg(m, Side::Instruction, kVaSfsr);
    CHECK(ft_of(s) == ft::kPrivilege);
    CHECK((s & sfsr::kFv) != 0);
    CHECK(read_reg(m, Side::Instruction, kVaTagAccess) == (0x10000 | 8));
    CHECK(read_reg(m, Side::Data, kVaSfsr) == 0);
    CHECK(m.stats.instruction_access_exceptions == 1);
}

TEST_CASE("a miss does not overwrite the status of a fault software has not read yet") {
    CheetahMmu m = enabled_mmu(primary_ctx(1, 0, 0));
    data_access(m, Side::Data, kTlbT16, 0, 0x2000, 1, make_tte(0x2000, 0, tte::kCp));
    CHECK(m.translate(request(0x2000, AccessKind::Write)).trap == kTrapFastDataAccessProtection);
    const uint64_t pending = read_reg(m, Side::Data, kVaSfsr);
    CHECK(m.translate(request(0x90000, AccessKind::Read)).trap == kTrapFastDataAccessMmuMiss);
    CHECK(read_reg(m, Side::Data, kVaSfsr) == pending);
    // SFAR and tag access do follow the miss.
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x90000);
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == (0x90000 | 1));
}

TEST_CASE("faults the CPU detects are recorded in D-SFSR and SFAR only") {
    CheetahMmu m = enabled_mmu(primary_ctx(3, 0, 0));
    write_reg(m, Side::Data, kVaTagAccess, 0xabc000 | 3);
    MmuRequest r = request(0x1003, AccessKind::Read, ContextSel::Secondary, false);
    r.asi = 0x81;
    m.report_data_fault(r, kTrapMemAddressNotAligned);
    uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK((s & sfsr::kFv) != 0);
    CHECK(((s >> sfsr::kCtShift) & 3) == 1);
    CHECK(((s >> sfsr::kAsiShift) & 0xff) == 0x81);
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x1003);
    CHECK(read_reg(m, Side::Data, kVaTagAccess) == (0xabc000 | 3));
    m.report_data_fault(r, kTrapDataAccessException, ft::kIllegalAsi);
    s = read_reg(m, Side::Data, kVaSfsr);
    CHECK(ft_of(s) == ft::kIllegalAsi);
    CHECK((s & sfsr::kOw) != 0);
}

TEST_CASE("an MMU ASI access the hardware refuses records FT 0x08 and fails") {
    CheetahMmu m;
    uint64_t v = 0;
    CHECK_FALSE(m.load(kAsiDtlbDataIn, 0, v));
    uint64_t s = read_reg(m, Side::Data, kVaSfsr);
    CHECK(ft_of(s) == ft::kIllegalAsi);
    CHECK(((s >> sfsr::kAsiShift) & 0xff) == kAsiDtlbDataIn);
    CHECK((s & sfsr::kW) == 0);
    write_reg(m, Side::Data, kVaSfsr, 0);
    CHECK_FALSE(m.store(kAsiDmmu, 0x68, 1)); // no register there
    s = read_reg(m, Side::Data, kVaSfsr);
    CHECK(ft_of(s) == ft::kIllegalAsi);
    CHECK((s & sfsr::kW) != 0);
    CHECK(read_reg(m, Side::Data, kVaSfar) == 0x68);
}

TEST_CASE("with fewer implemented VA bits an address outside them is out of range") {
    CheetahMmu::Config config;
    config.va_bits = 44; // an UltraSPARC I/II-style VA hole
    CheetahMmu m(config);
    m.set_enabled(true, true);
    CHECK(m.translate(request(0x0000080000000000, AccessKind::Read)).trap ==
          kTrapDataAccessException);
    CHECK(ft_of(read_reg(m, Side::Data, kVaSfsr)) == ft::kVaRange);
    CHECK(m.translate(request(0xfffff80000000000, AccessKind::Fetch)).trap ==
          kTrapFastInstructionAccessMmuMiss);
    CHECK(m.translate(request(0x0000080000000000, AccessKind::Fetch)).trap ==
          kTrapInstructionAccessException);
    // The III Cu default: all 64 bits translate, no hole.
    CheetahMmu full = enabled_mmu();
    CHECK(full.translate(request(0x0000080000000000, AccessKind::Read)).trap ==
          kTrapFastDataAccessMmuMiss);
}
