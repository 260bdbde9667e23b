// The VIS instructions glibc's memcpy and memset use: ALIGNADDR, FALIGNDATA
// and the 64-bit logical operates (FZERO, FONE, FSRC, FAND, ...); and SIAM.
#include "exec_common.h"

namespace fireplane::sparc {

namespace {

constexpr uint64_t kGsrAlignMask = 7;

inline bool vis_check(SparcCore& c) {
    return c.fp_enabled() || c.raise(kTrapFpDisabled);
}

template <bool Little> bool alignaddr(SparcCore& c, const Insn& in) {
    if (!vis_check(c)) return false;
    uint64_t sum = c.r[in.rs1] + c.r[in.rs2];
    uint64_t offset = Little ? (0 - sum) & kGsrAlignMask : sum & kGsrAlignMask;
    c.gsr = (c.gsr & ~kGsrAlignMask) | offset;
    c.r[in.rd] = sum & ~uint64_t(7);
    return next(c);
}

// The 8 bytes starting at GSR.align within the 16-byte rs1:rs2.
bool faligndata(SparcCore& c, const Insn& in) {
    if (!vis_check(c)) return false;
    unsigned shift = unsigned(c.gsr & kGsrAlignMask) * 8;
    uint64_t hi = c.f[in.rs1], lo = c.f[in.rs2];
    c.set_fd(in.rd, shift == 0 ? hi : (hi << shift) | (lo >> (64 - shift)));
    return next(c);
}

// Logical operates on 64 bits (double registers) or 32 bits (singles).
template <typename Op, bool Single> bool vis_logic(SparcCore& c, const Insn& in) {
    if (!vis_check(c)) return false;
    if constexpr (Single)
        c.set_fs(in.rd, uint32_t(Op::f(c.fs(in.rs1), c.fs(in.rs2))));
    else
        c.set_fd(in.rd, Op::f(c.f[in.rs1], c.f[in.rs2]));
    return next(c);
}

// SIAM (VIS II): sets GSR.IM and GSR.IRND from the instruction's low bits.
bool siam(SparcCore& c, const Insn& in) {
    if (!vis_check(c)) return false;
    c.write_gsr((c.gsr & ~(uint64_t(7) << 25)) | (uint64_t(in.raw & 7) << 25));
    return next(c);
}

struct Zero {
    static uint64_t f(uint64_t, uint64_t) { return 0; }
};
struct One {
    static uint64_t f(uint64_t, uint64_t) { return ~uint64_t(0); }
};
struct Nor {
    static uint64_t f(uint64_t a, uint64_t b) { return ~(a | b); }
};
struct AndNot2 {
    static uint64_t f(uint64_t a, uint64_t b) { return a & ~b; }
};
struct Not2 {
    static uint64_t f(uint64_t, uint64_t b) { return ~b; }
};
struct AndNot1 {
    static uint64_t f(uint64_t a, uint64_t b) { return ~a & b; }
};
struct Not1 {
    static uint64_t f(uint64_t a, uint64_t) { return ~a; }
};
struct Xor {
    static uint64_t f(uint64_t a, uint64_t b) { return a ^ b; }
};
struct Nand {
    static uint64_t f(uint64_t a, uint64_t b) { return ~(a & b); }
};
struct And {
    static uint64_t f(uint64_t a, uint64_t b) { return a & b; }
};
struct Xnor {
    static uint64_t f(uint64_t a, uint64_t b) { return ~(a ^ b); }
};
struct Src1 {
    static uint64_t f(uint64_t a, uint64_t) { return a; }
};
struct OrNot2 {
    static uint64_t f(uint64_t a, uint64_t b) { return a | ~b; }
};
struct Src2 {
    static uint64_t f(uint64_t, uint64_t b) { return b; }
};
struct OrNot1 {
    static uint64_t f(uint64_t a, uint64_t b) { return ~a | b; }
};
struct Or {
    static uint64_t f(uint64_t a, uint64_t b) { return a | b; }
};

constexpr uint32_t kVis = op(2) | op3(0x36);

// A double and a single form; `d` and `s` are the operand lists (unary ones name one source).
#define VIS_PAIR(name, code, Op, d, s)                                                             \
    {name, kOpfMask, kVis | opf(code), d, vis_logic<Op, false>, nullptr}, {                        \
        name "s", kOpfMask, kVis | opf(code + 1), s, vis_logic<Op, true>, nullptr                  \
    }
#define VIS_BINARY(name, code, Op) VIS_PAIR(name, code, Op, "f1d,f2d,fdd", "f1s,f2s,fds")
#define VIS_UNARY1(name, code, Op) VIS_PAIR(name, code, Op, "f1d,fdd", "f1s,fds")
#define VIS_UNARY2(name, code, Op) VIS_PAIR(name, code, Op, "f2d,fdd", "f2s,fds")

} // namespace

void add_vis_rows(std::vector<IsaRow>& rows) {
    const IsaRow table[] = {
        {"alignaddr", kOpfMask, kVis | opf(0x018), "r1,r2,rd", alignaddr<false>, nullptr},
        {"alignaddrl", kOpfMask, kVis | opf(0x01a), "r1,r2,rd", alignaddr<true>, nullptr},
        {"faligndata", kOpfMask, kVis | opf(0x048), "f1d,f2d,fdd", faligndata, nullptr},
        {"fzero", kOpfMask, kVis | opf(0x060), "fdd", vis_logic<Zero, false>, nullptr},
        {"fzeros", kOpfMask, kVis | opf(0x061), "fds", vis_logic<Zero, true>, nullptr},
        VIS_BINARY("fnor", 0x062, Nor),
        VIS_BINARY("fandnot2", 0x064, AndNot2),
        VIS_UNARY2("fnot2", 0x066, Not2),
        VIS_BINARY("fandnot1", 0x068, AndNot1),
        VIS_UNARY1("fnot1", 0x06a, Not1),
        VIS_BINARY("fxor", 0x06c, Xor),
        VIS_BINARY("fnand", 0x06e, Nand),
        VIS_BINARY("fand", 0x070, And),
        VIS_BINARY("fxnor", 0x072, Xnor),
        VIS_UNARY1("fsrc1", 0x074, Src1),
        VIS_BINARY("fornot2", 0x076, OrNot2),
        VIS_UNARY2("fsrc2", 0x078, Src2),
        VIS_BINARY("fornot1", 0x07a, OrNot1),
        VIS_BINARY("for", 0x07c, Or),
        {"fone", kOpfMask, kVis | opf(0x07e), "fdd", vis_logic<One, false>, nullptr},
        {"siam", kOpfMask | (0x1fu << 25) | (0x1fu << 14) | 0x18, kVis | opf(0x081), "", siam,
         nullptr},
        {"fones", kOpfMask, kVis | opf(0x07f), "fds", vis_logic<One, true>, nullptr},
    };
    rows.insert(rows.end(), std::begin(table), std::end(table));
}

} // namespace fireplane::sparc
