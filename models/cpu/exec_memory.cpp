// Loads, stores, atomics, prefetch and the alternate-space (ASI) forms.
#include "asi.h"
#include "exec_common.h"

#include <type_traits>

namespace fireplane::sparc {

namespace {

template <typename T> inline bool misaligned(uint64_t va) {
    return va & (sizeof(T) - 1);
}

// The ASI of an alternate-space instruction: the immediate field, or %asi for i = 1.
template <bool Imm> inline unsigned asi_of(const SparcCore& c, const Insn& in) {
    return Imm ? c.asi : in.aux;
}

// Resolves an ASI for a data access; false means the core has raised a trap.
inline bool check_asi(SparcCore& c, unsigned asi, AsiInfo& info) {
    info = lookup_asi(asi);
    if (!(c.pstate & kPstatePriv) && asi < 0x80) return c.raise(kTrapPrivilegedAction);
    if (!info.valid) return c.raise_at(kTrapDataAccessException, 0);
    return true;
}

// The register a store reads; %g0 (decoded as the write sink) reads as zero.
inline uint64_t store_data(const SparcCore& c, const Insn& in) {
    return c.r[in.rd & 31];
}

template <typename T> inline uint64_t extend(T v) {
    if constexpr (std::is_signed_v<T>)
        return uint64_t(int64_t(v));
    else
        return uint64_t(v);
}

// ---- integer loads and stores ----

template <typename T, bool Imm> bool ld(SparcCore& c, const Insn& in) {
    uint64_t va = address<Imm>(c, in);
    if (misaligned<T>(va)) return c.raise_at(kTrapMemAddressNotAligned, va);
    std::make_unsigned_t<T> v;
    if (!c.read(va, v)) return c.memory_fault(va);
    c.r[in.rd] = extend(T(v));
    return next(c);
}

template <typename T, bool Imm> bool st(SparcCore& c, const Insn& in) {
    uint64_t va = address<Imm>(c, in);
    if (misaligned<T>(va)) return c.raise_at(kTrapMemAddressNotAligned, va);
    if (!c.write(va, T(store_data(c, in)))) return c.memory_fault(va);
    return next(c);
}

template <typename T, bool Imm> bool lda(SparcCore& c, const Insn& in) {
    AsiInfo asi;
    if (!check_asi(c, asi_of<Imm>(c, in), asi)) return false;
    uint64_t va = address<Imm>(c, in);
    if (misaligned<T>(va)) return c.raise_at(kTrapMemAddressNotAligned, va);
    std::make_unsigned_t<T> v;
    if (!c.read_asi(asi, va, v)) {
        if (!asi.no_fault) return c.memory_fault(va);
        v = 0; // no-fault loads return zero instead of trapping
    }
    c.r[in.rd] = extend(T(v));
    return next(c);
}

template <typename T, bool Imm> bool sta(SparcCore& c, const Insn& in) {
    AsiInfo asi;
    if (!check_asi(c, asi_of<Imm>(c, in), asi)) return false;
    if (asi.no_fault) return c.raise_at(kTrapDataAccessException, 0);
    uint64_t va = address<Imm>(c, in);
    if (misaligned<T>(va)) return c.raise_at(kTrapMemAddressNotAligned, va);
    if (!c.write_asi(asi, va, T(store_data(c, in)))) return c.memory_fault(va);
    return next(c);
}

// LDD/STD move an even/odd register pair; %g0 as rd names the pair %g0/%g1.
inline unsigned pair_low(const Insn& in) {
    return in.rd == kSinkReg ? 0 : in.rd;
}

template <bool Imm> bool ldd(SparcCore& c, const Insn& in) {
    if (in.rd & 1) return c.raise(kTrapIllegalInstruction);
    uint64_t va = address<Imm>(c, in);
    if (va & 7) return c.raise_at(kTrapMemAddressNotAligned, va);
    uint64_t v;
    if (!c.read(va, v)) return c.memory_fault(va);
    c.r[in.rd] = v >> 32;
    c.r[pair_low(in) + 1] = uint32_t(v);
    return next(c);
}

template <bool Imm> bool std_(SparcCore& c, const Insn& in) {
    if (in.rd & 1) return c.raise(kTrapIllegalInstruction);
    uint64_t va = address<Imm>(c, in);
    if (va & 7) return c.raise_at(kTrapMemAddressNotAligned, va);
    unsigned rd = pair_low(in);
    uint64_t v = (c.r[rd] << 32) | uint32_t(c.r[rd + 1]);
    if (!c.write(va, v)) return c.memory_fault(va);
    return next(c);
}

// LDDA/STDA: LDD/STD through an ASI; the quad-LDD ASIs load 16 bytes
// atomically into the pair (the TSB's tag and data in one access).
template <bool Imm> bool ldda(SparcCore& c, const Insn& in) {
    AsiInfo asi;
    if (!check_asi(c, asi_of<Imm>(c, in), asi)) return false;
    if (in.rd & 1) return c.raise(kTrapIllegalInstruction);
    uint64_t va = address<Imm>(c, in);
    if (va & (asi.quad ? 15 : 7)) return c.raise_at(kTrapMemAddressNotAligned, va);
    uint64_t v = 0, w = 0;
    if (!c.read_asi(asi, va, v) || (asi.quad && !c.read_asi(asi, va + 8, w))) {
        if (!asi.no_fault) return c.memory_fault(va);
        v = w = 0;
    }
    if (asi.quad) {
        c.r[in.rd] = v;
        c.r[pair_low(in) + 1] = w;
    } else {
        c.r[in.rd] = asi.little ? uint32_t(v) : v >> 32;
        c.r[pair_low(in) + 1] = asi.little ? v >> 32 : uint32_t(v);
    }
    return next(c);
}

template <bool Imm> bool stda(SparcCore& c, const Insn& in) {
    AsiInfo asi;
    if (!check_asi(c, asi_of<Imm>(c, in), asi)) return false;
    if (in.rd & 1 || asi.quad) return c.raise(kTrapIllegalInstruction);
    if (asi.no_fault) return c.raise_at(kTrapDataAccessException, 0);
    uint64_t va = address<Imm>(c, in);
    if (va & 7) return c.raise_at(kTrapMemAddressNotAligned, va);
    const unsigned rd = pair_low(in);
    const uint64_t hi = uint32_t(c.r[rd]), lo = uint32_t(c.r[rd + 1]);
    if (!c.write_asi(asi, va, asi.little ? (lo << 32 | hi) : (hi << 32 | lo)))
        return c.memory_fault(va);
    return next(c);
}

// ---- atomics: the core runs one instruction at a time, so read-modify-write is atomic ----

template <bool Imm> bool ldstub(SparcCore& c, const Insn& in) {
    uint64_t va = address<Imm>(c, in);
    uint8_t v;
    if (!c.read(va, v) || !c.write(va, uint8_t(0xff))) return c.memory_fault(va);
    c.r[in.rd] = v;
    return next(c);
}

template <bool Imm> bool swap(SparcCore& c, const Insn& in) {
    uint64_t va = address<Imm>(c, in);
    if (va & 3) return c.raise_at(kTrapMemAddressNotAligned, va);
    uint32_t v;
    if (!c.read(va, v) || !c.write(va, uint32_t(store_data(c, in)))) return c.memory_fault(va);
    c.r[in.rd] = v;
    return next(c);
}

template <typename T, bool Imm> bool cas(SparcCore& c, const Insn& in) {
    AsiInfo asi;
    if (!check_asi(c, asi_of<Imm>(c, in), asi)) return false;
    uint64_t va = c.r[in.rs1];
    if (asi.kind == AsiKind::Register) return c.raise_at(kTrapDataAccessException, va);
    if (misaligned<T>(va)) return c.raise_at(kTrapMemAddressNotAligned, va);
    T old;
    if (!c.read_asi(asi, va, old)) return c.memory_fault(va);
    if (old == T(c.r[in.rs2]) && !c.write_asi(asi, va, T(store_data(c, in))))
        return c.memory_fault(va);
    c.r[in.rd] = old;
    return next(c);
}

// PREFETCH has no architectural effect here; reserved function codes are illegal.
template <bool Imm> bool prefetch(SparcCore& c, const Insn& in) {
    if (in.rd >= 5 && in.rd <= 15) return c.raise(kTrapIllegalInstruction);
    if (c.timing_model()) c.log_prefetch(address<Imm>(c, in), in.rd);
    return next(c);
}

// ---- floating-point loads and stores ----

inline bool fp_check(SparcCore& c) {
    return c.fp_enabled() || c.raise(kTrapFpDisabled);
}

// Where an FP load or store goes: the plain forms by the access's own
// translation (the core's fast path, with nothing put on the stack, so the
// chain's tail calls stay jumps), the alternate forms through their ASI.
struct PlainSpace {
    bool little() const { return false; }
    bool no_fault() const { return false; }
    template <typename T> bool read(SparcCore& c, uint64_t va, T& v) const { return c.read(va, v); }
    template <typename T> bool write(SparcCore& c, uint64_t va, T v) const {
        return c.write(va, v);
    }
};

struct AlternateSpace {
    AsiInfo asi;
    bool little() const { return asi.little; }
    bool no_fault() const { return asi.no_fault; }
    template <typename T> bool read(SparcCore& c, uint64_t va, T& v) const {
        return c.read_asi(asi, va, v);
    }
    template <typename T> bool write(SparcCore& c, uint64_t va, T v) const {
        return c.write_asi(asi, va, v);
    }
};

// Doubles may be word aligned: the kernel emulates LDDF/STDF_mem_address_not_aligned
// for user programs, and so do we, with two word accesses.
template <typename Space>
inline bool read_double(SparcCore& c, uint64_t va, uint64_t& v, const Space& s) {
    if ((va & 7) == 0) return s.read(c, va, v);
    uint32_t a, b;
    if (!s.read(c, va, a) || !s.read(c, va + 4, b)) return false;
    v = s.little() ? (uint64_t(b) << 32 | a) : (uint64_t(a) << 32 | b);
    return true;
}

template <typename Space>
inline bool write_double(SparcCore& c, uint64_t va, uint64_t v, const Space& s) {
    if ((va & 7) == 0) return s.write(c, va, v);
    uint32_t hi = uint32_t(v >> 32), lo = uint32_t(v);
    return s.little() ? (s.write(c, va, lo) && s.write(c, va + 4, hi))
                      : (s.write(c, va, hi) && s.write(c, va + 4, lo));
}

enum class FpWidth { Single, Double, Quad };

// VIS block load/store: eight double registers to or from a 64-byte aligned
// block, in the ASI's context (ASI_BLK_AIUS is how Linux copies to user space).
bool block_transfer(SparcCore& c, const Insn& in, uint64_t va, const AsiInfo& asi, bool load) {
    if (in.rd & 7) return c.raise(kTrapIllegalInstruction);
    if (va & 63) return c.raise_at(kTrapMemAddressNotAligned, va);
    for (unsigned k = 0; k < 8; ++k) {
        bool ok = load ? c.read_asi(asi, va + 8 * k, c.f[in.rd + k])
                       : c.write_asi(asi, va + 8 * k, c.f[in.rd + k]);
        if (!ok) return c.memory_fault(va + 8 * k);
        if (load) c.mark_fp_dirty(in.rd + k);
    }
    return next(c);
}

template <FpWidth W, typename Space>
bool load_fp(SparcCore& c, const Insn& in, uint64_t va, const Space& s) {
    if (va & 3) return c.raise_at(kTrapMemAddressNotAligned, va);
    bool ok;
    if constexpr (W == FpWidth::Single) {
        uint32_t v = 0;
        ok = s.read(c, va, v);
        if (ok || s.no_fault()) c.set_fs(in.rd, ok ? v : 0);
    } else if constexpr (W == FpWidth::Double) {
        uint64_t v = 0;
        ok = read_double(c, va, v, s);
        if (ok || s.no_fault()) c.set_fd(in.rd, ok ? v : 0);
    } else {
        uint64_t hi = 0, lo = 0;
        ok = read_double(c, va, hi, s) && read_double(c, va + 8, lo, s);
        if (ok) c.set_fd(in.rd, hi), c.set_fd(in.rd + 1, lo);
    }
    if (!ok && !s.no_fault()) return c.memory_fault(va);
    return next(c);
}

template <FpWidth W, typename Space>
bool store_fp(SparcCore& c, const Insn& in, uint64_t va, const Space& s) {
    if (va & 3) return c.raise_at(kTrapMemAddressNotAligned, va);
    bool ok;
    if constexpr (W == FpWidth::Single)
        ok = s.write(c, va, c.fs(in.rd));
    else if constexpr (W == FpWidth::Double)
        ok = write_double(c, va, c.f[in.rd], s);
    else
        ok = write_double(c, va, c.f[in.rd], s) && write_double(c, va + 8, c.f[in.rd + 1], s);
    if (!ok) return c.memory_fault(va);
    return next(c);
}

template <FpWidth W, bool Alt, bool Imm> bool ldf(SparcCore& c, const Insn& in) {
    if (!fp_check(c)) return false;
    if constexpr (!Alt) {
        return load_fp<W>(c, in, address<Imm>(c, in), PlainSpace{});
    } else {
        AlternateSpace s;
        if (!check_asi(c, asi_of<Imm>(c, in), s.asi)) return false;
        const uint64_t va = address<Imm>(c, in);
        if (!s.asi.block) return load_fp<W>(c, in, va, s);
        if (W != FpWidth::Double) return c.raise_at(kTrapDataAccessException, va);
        return block_transfer(c, in, va, s.asi, true);
    }
}

template <FpWidth W, bool Alt, bool Imm> bool stf(SparcCore& c, const Insn& in) {
    if (!fp_check(c)) return false;
    if constexpr (!Alt) {
        return store_fp<W>(c, in, address<Imm>(c, in), PlainSpace{});
    } else {
        AlternateSpace s;
        if (!check_asi(c, asi_of<Imm>(c, in), s.asi)) return false;
        if (s.asi.no_fault) return c.raise_at(kTrapDataAccessException, 0);
        const uint64_t va = address<Imm>(c, in);
        if (!s.asi.block) return store_fp<W>(c, in, va, s);
        if (W != FpWidth::Double) return c.raise_at(kTrapDataAccessException, va);
        return block_transfer(c, in, va, s.asi, false);
    }
}

// FSR fields software may write (rd, tem, ns, fcc0, aexc, cexc; fcc1-3 with LDXFSR).
constexpr uint64_t kFsrWritable32 = 0xcfc00fffull;
constexpr uint64_t kFsrWritable64 = kFsrWritable32 | (0x3full << 32);
constexpr uint64_t kFsrFtt = 7ull << 14;

template <bool Extended, bool Imm> bool ldfsr(SparcCore& c, const Insn& in) {
    if (!fp_check(c)) return false;
    uint64_t va = address<Imm>(c, in);
    uint64_t v;
    if constexpr (Extended) {
        if (va & 7) return c.raise_at(kTrapMemAddressNotAligned, va);
        if (!c.read(va, v)) return c.memory_fault(va);
        c.write_fsr((c.read_fsr() & ~kFsrWritable64) | (v & kFsrWritable64));
    } else {
        uint32_t w;
        if (va & 3) return c.raise_at(kTrapMemAddressNotAligned, va);
        if (!c.read(va, w)) return c.memory_fault(va);
        c.write_fsr((c.read_fsr() & ~kFsrWritable32) | (w & kFsrWritable32));
    }
    return next(c);
}

template <bool Extended, bool Imm> bool stfsr(SparcCore& c, const Insn& in) {
    if (!fp_check(c)) return false;
    uint64_t va = address<Imm>(c, in);
    bool ok;
    if constexpr (Extended) {
        if (va & 7) return c.raise_at(kTrapMemAddressNotAligned, va);
        ok = c.write(va, c.read_fsr());
    } else {
        if (va & 3) return c.raise_at(kTrapMemAddressNotAligned, va);
        ok = c.write(va, uint32_t(c.read_fsr()));
    }
    if (!ok) return c.memory_fault(va);
    c.fsr &= ~kFsrFtt; // a store of the FSR clears the trap type
    return next(c);
}

constexpr uint32_t kRdMask = 0x1fu << 25;
constexpr uint32_t kMem = op(3);
#define LD(name, o3, T)                                                                            \
    { name, kOp3Mask, kMem | op3(o3), "a,rd", ld<T, false>, ld<T, true>, 0, native_load<T>() }
#define ST(name, o3, T)                                                                            \
    { name, kOp3Mask, kMem | op3(o3), "rd,a", st<T, false>, st<T, true>, 0, native_store<T>() }
#define LDA(name, o3, T)                                                                           \
    { name, kOp3Mask, kMem | op3(o3), "aa,rd", lda<T, false>, lda<T, true> }
#define STA(name, o3, T)                                                                           \
    { name, kOp3Mask, kMem | op3(o3), "rd,aa", sta<T, false>, sta<T, true> }
#define LDF(name, o3, W, Alt, ops, ...)                                                            \
    { name, kOp3Mask, kMem | op3(o3), ops, ldf<W, Alt, false>, ldf<W, Alt, true>, 0, __VA_ARGS__ }
#define STF(name, o3, W, Alt, ops, ...)                                                            \
    { name, kOp3Mask, kMem | op3(o3), ops, stf<W, Alt, false>, stf<W, Alt, true>, 0, __VA_ARGS__ }

} // namespace

void add_memory_rows(std::vector<IsaRow>& rows) {
    using FW = FpWidth;
    const IsaRow table[] = {
        LD("lduw", 0x00, uint32_t),
        LD("ldub", 0x01, uint8_t),
        LD("lduh", 0x02, uint16_t),
        {"ldd", kOp3Mask, kMem | op3(0x03), "a,rd", FP_BOTH(ldd)},
        ST("stw", 0x04, uint32_t),
        ST("stb", 0x05, uint8_t),
        ST("sth", 0x06, uint16_t),
        {"std", kOp3Mask, kMem | op3(0x07), "rd,a", FP_BOTH(std_)},
        LD("ldsw", 0x08, int32_t),
        LD("ldsb", 0x09, int8_t),
        LD("ldsh", 0x0a, int16_t),
        LD("ldx", 0x0b, uint64_t),
        {"ldstub", kOp3Mask, kMem | op3(0x0d), "a,rd", FP_BOTH(ldstub)},
        ST("stx", 0x0e, uint64_t),
        {"swap", kOp3Mask, kMem | op3(0x0f), "a,rd", FP_BOTH(swap)},
        LDA("lduwa", 0x10, uint32_t),
        LDA("lduba", 0x11, uint8_t),
        LDA("lduha", 0x12, uint16_t),
        {"ldda", kOp3Mask, kMem | op3(0x13), "aa,rd", FP_BOTH(ldda)},
        STA("stwa", 0x14, uint32_t),
        STA("stba", 0x15, uint8_t),
        STA("stha", 0x16, uint16_t),
        {"stda", kOp3Mask, kMem | op3(0x17), "rd,aa", FP_BOTH(stda)},
        LDA("ldswa", 0x18, int32_t),
        LDA("ldsba", 0x19, int8_t),
        LDA("ldsha", 0x1a, int16_t),
        LDA("ldxa", 0x1b, uint64_t),
        STA("stxa", 0x1e, uint64_t),
        LDF("ld", 0x20, FW::Single, false, "a,fds", NativeOp::LdF),
        {"ld", kOp3Mask | kRdMask, kMem | op3(0x21) | (0u << 25), "a,fsr", ldfsr<false, false>,
         ldfsr<false, true>},
        {"ldx", kOp3Mask | kRdMask, kMem | op3(0x21) | (1u << 25), "a,xfsr", ldfsr<true, false>,
         ldfsr<true, true>},
        LDF("ldq", 0x22, FW::Quad, false, "a,fdq"),
        LDF("ldd", 0x23, FW::Double, false, "a,fdd", NativeOp::LdDF),
        STF("st", 0x24, FW::Single, false, "fds,a", NativeOp::StF),
        {"st", kOp3Mask | kRdMask, kMem | op3(0x25) | (0u << 25), "fsr,a", stfsr<false, false>,
         stfsr<false, true>},
        {"stx", kOp3Mask | kRdMask, kMem | op3(0x25) | (1u << 25), "xfsr,a", stfsr<true, false>,
         stfsr<true, true>},
        STF("stq", 0x26, FW::Quad, false, "fdq,a"),
        STF("std", 0x27, FW::Double, false, "fdd,a", NativeOp::StDF),
        {"prefetch", kOp3Mask, kMem | op3(0x2d), "a,pf", FP_BOTH(prefetch)},
        LDF("lda", 0x30, FW::Single, true, "aa,fds"),
        LDF("ldda", 0x33, FW::Double, true, "aa,fdd"),
        STF("sta", 0x34, FW::Single, true, "fds,aa"),
        STF("stda", 0x37, FW::Double, true, "fdd,aa"),
        {"casa", kOp3Mask, kMem | op3(0x3c), "ca,r2,rd", cas<uint32_t, false>, cas<uint32_t, true>},
        {"prefetcha", kOp3Mask, kMem | op3(0x3d), "aa,pf", FP_BOTH(prefetch)},
        {"casxa", kOp3Mask, kMem | op3(0x3e), "ca,r2,rd", cas<uint64_t, false>,
         cas<uint64_t, true>},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
