#include "instruction_class.h"

#include "insn_fields.h"
#include "isa_table.h"

#include <array>
#include <cstring>
#include <string>

namespace fireplane::sparc {

namespace {

using namespace field;
using IC = InstructionClass;

const char* const kClassNames[] = {"int_alu",
                                   "int_mul",
                                   "int_div",
                                   "cond_move",
                                   "load",
                                   "load_extended",
                                   "store",
                                   "atomic",
                                   "fp_load",
                                   "fp_store",
                                   "prefetch",
                                   "branch",
                                   "call",
                                   "jump",
                                   "fp_move",
                                   "fp_cond_move",
                                   "fp_reg_cond_move",
                                   "fp_add",
                                   "fp_compare",
                                   "fp_mul",
                                   "fp_div_single",
                                   "fp_div_double",
                                   "fp_sqrt_single",
                                   "fp_sqrt_double",
                                   "single_group",
                                   "serializing"};
static_assert(sizeof kClassNames / sizeof kClassNames[0] == kInstructionClasses);

// Classes of format-3 arithmetic (op 2) and memory (op 3) instructions by op3;
// FPop1, FPop2 and VIS are refined by opf below. Unlisted op3 values are
// IntAlu (op 2) or Load (op 3).
struct Op3Class {
    uint8_t op3;
    IC cls;
};
constexpr Op3Class kArith[] = {
    {0x09, IC::IntMul},      {0x0a, IC::IntMul},      {0x0b, IC::IntMul},
    {0x1a, IC::IntMul},      {0x1b, IC::IntMul},      {0x24, IC::IntMul},
    {0x0d, IC::IntDiv},      {0x0e, IC::IntDiv},      {0x0f, IC::IntDiv},
    {0x1e, IC::IntDiv},      {0x1f, IC::IntDiv},      {0x2d, IC::IntDiv},
    {0x2c, IC::CondMove},    {0x2f, IC::CondMove},    {0x28, IC::Serializing},
    {0x30, IC::Serializing}, {0x2a, IC::Serializing}, {0x32, IC::Serializing},
    {0x31, IC::Serializing}, {0x3e, IC::Serializing}, {0x2b, IC::Serializing},
    {0x3a, IC::Serializing}, {0x3b, IC::Serializing}, {0x34, IC::FpAdd},
    {0x35, IC::FpCondMove},  {0x36, IC::FpMove},      {0x38, IC::Jump},
    {0x39, IC::Jump},
};
constexpr Op3Class kMemory[] = {
    {0x01, IC::LoadExtended}, {0x02, IC::LoadExtended}, {0x08, IC::LoadExtended},
    {0x09, IC::LoadExtended}, {0x0a, IC::LoadExtended}, {0x11, IC::LoadExtended},
    {0x12, IC::LoadExtended}, {0x18, IC::LoadExtended}, {0x19, IC::LoadExtended},
    {0x1a, IC::LoadExtended}, {0x04, IC::Store},        {0x05, IC::Store},
    {0x06, IC::Store},        {0x07, IC::Store},        {0x0e, IC::Store},
    {0x14, IC::Store},        {0x15, IC::Store},        {0x16, IC::Store},
    {0x17, IC::Store},        {0x1e, IC::Store},        {0x0d, IC::Atomic},
    {0x0f, IC::Atomic},       {0x1d, IC::Atomic},       {0x1f, IC::Atomic},
    {0x3c, IC::Atomic},       {0x3e, IC::Atomic},       {0x20, IC::FpLoad},
    {0x21, IC::FpLoad},       {0x22, IC::FpLoad},       {0x23, IC::FpLoad},
    {0x30, IC::FpLoad},       {0x32, IC::FpLoad},       {0x33, IC::FpLoad},
    {0x24, IC::FpStore},      {0x25, IC::FpStore},      {0x26, IC::FpStore},
    {0x27, IC::FpStore},      {0x34, IC::FpStore},      {0x36, IC::FpStore},
    {0x37, IC::FpStore},      {0x2d, IC::Prefetch},     {0x3d, IC::Prefetch},
};
// FPop1, FPop2 and VIS (impdep1) opf ranges whose class differs from their
// op3's: [first, last] inclusive. FPop1 conversions stay FpAdd.
struct OpfRange {
    uint16_t first, last;
    IC cls;
};
constexpr OpfRange kFpop1[] = {
    {0x001, 0x00b, IC::FpMove},       {0x049, 0x04b, IC::FpMul},
    {0x069, 0x069, IC::FpMul},        {0x06e, 0x06e, IC::FpMul},
    {0x04d, 0x04d, IC::FpDivSingle},  {0x04e, 0x04f, IC::FpDivDouble},
    {0x029, 0x029, IC::FpSqrtSingle}, {0x02a, 0x02b, IC::FpSqrtDouble},
};
constexpr OpfRange kFpop2[] = {{0x051, 0x057, IC::FpCompare}};
// VIS: the GSR writers dispatch alone; the rest the ISS implements (logicals,
// faligndata) are FGA operations.
constexpr OpfRange kVis[] = {
    {0x018, 0x01a, IC::SingleGroup}, // alignaddr, alignaddrl
    {0x081, 0x081, IC::SingleGroup}, // siam
};

template <size_t N> IC refine(const OpfRange (&table)[N], unsigned opf, IC otherwise) {
    for (const OpfRange& r : table)
        if (opf >= r.first && opf <= r.last) return r.cls;
    return otherwise;
}

template <size_t N> IC lookup(const Op3Class (&table)[N], unsigned op3, IC otherwise) {
    for (const Op3Class& row : table)
        if (row.op3 == op3) return row.cls;
    return otherwise;
}

// The op3 tables as arrays indexed by op3: one load per lookup.
template <size_t N> std::array<IC, 64> by_op3(const Op3Class (&table)[N], IC otherwise) {
    std::array<IC, 64> out;
    for (unsigned op3 = 0; op3 < 64; ++op3)
        out[op3] = lookup(table, op3, otherwise);
    return out;
}
const std::array<IC, 64> kArithByOp3 = by_op3(kArith, IC::IntAlu);
const std::array<IC, 64> kMemoryByOp3 = by_op3(kMemory, IC::Load);

IC class_of(uint32_t w) {
    switch (field::op(w)) {
    case 0: return field::op2(w) == 4 ? IC::IntAlu : IC::Branch; // sethi, or a branch
    case 1: return IC::Call;
    case 2: {
        const IC cls = kArithByOp3[field::op3(w)];
        const unsigned opf = field::opf(w);
        switch (field::op3(w)) {
        case 0x34: return refine(kFpop1, opf, cls);
        case 0x35: // fmovr: opf<4:0> 5-7, whatever rcond; fmovcc otherwise
            return (opf & 0x1f) >= 5 && (opf & 0x1f) <= 7 ? IC::FpRegCondMove
                                                          : refine(kFpop2, opf, cls);
        case 0x36: return refine(kVis, opf, cls);
        default: return cls;
        }
    }
    default: return kMemoryByOp3[field::op3(w)];
    }
}

bool skips_delay_slot(IC cls, uint32_t w) {
    // Bicc/BPcc/FBfcc with cond "always" (8) and the annul bit; BPr has no "always".
    return cls == IC::Branch && bits(w, 29, 29) && bits(w, 28, 25) == 8;
}

struct Operands {
    InstructionInfo& info;
    unsigned ndst = 0, nsrc = 0;
    void src(unsigned r) {
        if (r != 0 && nsrc < 4) info.src[nsrc++] = uint8_t(r);
    }
    // A store's data: a source the pipeline bypasses apart (%g0 is none).
    void store_data(unsigned r) {
        if (r != 0 && nsrc < 4) info.store_src = uint8_t(nsrc);
        src(r);
    }
    void dst(unsigned r) {
        if (r != 0 && ndst < 2) info.dst[ndst++] = uint8_t(r);
    }
};

unsigned fp_reg(unsigned encoded, char precision) {
    return kFpRegBase + (precision == 's' ? encoded : freg_double(encoded));
}

TransferKind transfer_kind(IC cls, uint32_t w) {
    using T = TransferKind;
    switch (cls) {
    case IC::Branch: {
        if (field::op2(w) == 3) return T::Conditional; // BPr has no "always" or "never"
        const unsigned cond = bits(w, 28, 25);
        return cond == 8 ? T::Always : cond == 0 ? T::None : T::Conditional;
    }
    case IC::Call: return T::Call;
    case IC::Jump: {
        const unsigned rd = field::rd(w), rs1 = field::rs1(w);
        const bool plus_8 = field::i(w) && bits(w, 12, 0) == 8;
        if (field::op3(w) == 0x39 || (rd == 0 && plus_8 && (rs1 == 15 || rs1 == 31)))
            return T::Return;
        return rd == 15 ? T::IndirectCall : T::Indirect;
    }
    default: return T::None;
    }
}

} // namespace

const char* instruction_class_name(InstructionClass c) {
    return kClassNames[unsigned(c)];
}

bool reads_memory(InstructionClass c) {
    return c == IC::Load || c == IC::LoadExtended || c == IC::FpLoad || c == IC::Atomic;
}

bool writes_memory(InstructionClass c) {
    return c == IC::Store || c == IC::FpStore || c == IC::Atomic;
}

void transfer_facts_by_table(uint32_t w, TransferFacts& out) {
    IC cls = IC::IntAlu; // what transfer_kind and skips_delay_slot need of class_of, no more
    out.memory_class = IC::IntAlu;
    switch (field::op(w)) {
    case 0: cls = class_of(w); break;
    case 1: cls = IC::Call; break;
    case 2: cls = kArithByOp3[field::op3(w)] == IC::Jump ? IC::Jump : IC::IntAlu; break;
    default: out.memory_class = kMemoryByOp3[field::op3(w)]; break;
    }
    out.transfer = transfer_kind(cls, w);
    out.skips_delay_slot = skips_delay_slot(cls, w);
}

InstructionInfo classify(uint32_t w) {
    InstructionInfo info;
    info.cls = class_of(w);
    const IsaRow* row = find_row(w);
    if (!row) {
        info.cls = IC::Serializing;
        return info;
    }
    Operands ops{info};
    const bool rd_is_source = info.cls == IC::Store || info.cls == IC::Atomic;
    const bool fp_rd_is_source = info.cls == IC::FpStore;
    const std::string name = row->name;
    for_each_operand(*row, [&](std::string_view t) {
        if (t == "r1")
            ops.src(rs1(w));
        else if (t == "r2" || ((t == "o2" || t == "sh" || t == "s11" || t == "s10") && !i(w)))
            ops.src(rs2(w));
        else if (t == "a" || t == "aa" || t == "tn") {
            ops.src(rs1(w));
            if (!i(w)) ops.src(rs2(w));
        } else if (t == "ca")
            ops.src(rs1(w));
        else if (t == "rd" || t == "hi") {
            if (rd_is_source && t == "rd") ops.store_data(rd(w));
            if (!rd_is_source || info.cls == IC::Atomic || t == "hi") ops.dst(rd(w));
        } else if (t.size() == 3 && t[0] == 'f' && (t[1] == '1' || t[1] == '2')) {
            ops.src(fp_reg(t[1] == '1' ? rs1(w) : rs2(w), t[2]));
        } else if (t.size() == 3 && t[0] == 'f' && t[1] == 'd') {
            if (fp_rd_is_source)
                ops.store_data(fp_reg(rd(w), t[2]));
            else
                ops.dst(fp_reg(rd(w), t[2]));
        } else if (t == "bcc" || t == "b22") {
            ops.src(name[0] == 'f' ? kFpCcReg : kIntCcReg);
        } else if (t == "fcc") {
            ops.src(kFpCcReg);
        } else if (t == "fcc_rd") {
            ops.dst(kFpCcReg);
        } else if (t == "mcc") {
            ops.src((bits(w, 18, 18) && field::op3(w) == 0x2c) ||
                            (field::op3(w) == 0x35 && bits(w, 13, 13))
                        ? kIntCcReg
                        : kFpCcReg);
        }
        return true;
    });
    if (info.cls == IC::Call) ops.dst(15); // %o7
    info.skips_delay_slot = skips_delay_slot(info.cls, w);
    info.transfer = transfer_kind(info.cls, w);
    // cc-setting integer operations (addcc, subcc, ...) write %icc/%xcc.
    if (field::op(w) == 2 && field::op3(w) >= 0x10 && field::op3(w) <= 0x1f) ops.dst(kIntCcReg);
    if (field::op(w) == 2 && field::op3(w) >= 0x20 && field::op3(w) <= 0x24)
        ops.dst(kIntCcReg); // tagged ops, mulscc
    return info;
}

} // namespace fireplane::sparc
