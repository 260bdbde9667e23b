#pragma once
// Helpers for the MMU tests: TTEs, and TLB loads done the way a miss handler
// does them (tag access, tag access extension, data in) through the ASIs.
#include "models/mmu/cheetah_mmu.h"

#include <catch2/catch.hpp>

namespace fireplane::mmu::test {

constexpr uint64_t kKB = 1024, kMB = 1024 * 1024;

inline uint64_t make_tte(uint64_t pa, unsigned size, uint64_t flags) {
    return tte::kValid | uint64_t(size) << tte::kSizeShift | (pa & tte::kPaMask) | flags;
}

inline unsigned reg_asi(Side side) {
    return side == Side::Instruction ? kAsiImmu : kAsiDmmu;
}

inline uint64_t read_reg(CheetahMmu& m, Side side, uint64_t va) {
    uint64_t v = 0;
    REQUIRE(m.load(reg_asi(side), va, v));
    return v;
}

inline void write_reg(CheetahMmu& m, Side side, uint64_t va, uint64_t value) {
    REQUIRE(m.store(reg_asi(side), va, value));
}

// The tag access extension holds the dT512 page sizes of the missing context.
inline void data_in(CheetahMmu& m, Side side, uint64_t va, unsigned ctx, uint64_t data,
                    unsigned pgsz0 = 0, unsigned pgsz1 = 0) {
    write_reg(m, side, kVaTagAccess, tte::make_tag(va, ctx));
    if (side == Side::Data)
        write_reg(m, side, kVaTagAccessExt, uint64_t(pgsz0) << 16 | uint64_t(pgsz1) << 19);
    REQUIRE(m.store(side == Side::Instruction ? kAsiItlbDataIn : kAsiDtlbDataIn, 0, data));
}

inline uint64_t slot(uint8_t tlb, unsigned index) {
    return uint64_t(tlb) << 16 | uint64_t(index) << 3;
}

inline void data_access(CheetahMmu& m, Side side, uint8_t tlb, unsigned index, uint64_t va,
                        unsigned ctx, uint64_t data) {
    write_reg(m, side, kVaTagAccess, tte::make_tag(va, ctx));
    REQUIRE(m.store(side == Side::Instruction ? kAsiItlbDataAccess : kAsiDtlbDataAccess,
                    slot(tlb, index), data));
}

inline uint64_t read_data(CheetahMmu& m, Side side, uint8_t tlb, unsigned index) {
    uint64_t v = 0;
    REQUIRE(m.load(side == Side::Instruction ? kAsiItlbDataAccess : kAsiDtlbDataAccess,
                   slot(tlb, index), v));
    return v;
}

inline uint64_t read_tag(CheetahMmu& m, Side side, uint8_t tlb, unsigned index) {
    uint64_t v = 0;
    REQUIRE(
        m.load(side == Side::Instruction ? kAsiItlbTagRead : kAsiDtlbTagRead, slot(tlb, index), v));
    return v;
}

inline MmuRequest request(uint64_t va, AccessKind kind, ContextSel ctx = ContextSel::Primary,
                          bool privileged = true) {
    MmuRequest r;
    r.va = va;
    r.kind = kind;
    r.context = ctx;
    r.privileged = privileged;
    r.asi = ctx == ContextSel::Nucleus ? 0x04 : ctx == ContextSel::Secondary ? 0x81 : 0x80;
    return r;
}

// An MMU with both halves on and the given primary / secondary context
// registers (context number and page-size fields).
inline CheetahMmu enabled_mmu(uint64_t primary = 0, uint64_t secondary = 0) {
    CheetahMmu m;
    m.set_enabled(true, true);
    write_reg(m, Side::Data, kVaPrimaryContext, primary);
    write_reg(m, Side::Data, kVaSecondaryContext, secondary);
    return m;
}

// Primary context register value: context and dT512 page sizes.
inline uint64_t primary_ctx(unsigned ctx, unsigned p0, unsigned p1, unsigned n0 = 0,
                            unsigned n1 = 0) {
    return uint64_t(ctx) | uint64_t(p0) << 16 | uint64_t(p1) << 19 | uint64_t(n0) << 61 |
           uint64_t(n1) << 58;
}

} // namespace fireplane::mmu::test
