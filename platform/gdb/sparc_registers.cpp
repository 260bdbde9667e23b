#include "sparc_registers.h"

#include "models/cpu/sparc_core.h"
#include "models/cpu/state_registers.h"

namespace fireplane::gdb {

using linux_user::ThreadContext;
using sparc::SparcCore;

namespace {

constexpr const char* kCpuFeature = "org.gnu.gdb.sparc.cpu";
constexpr const char* kFpuFeature = "org.gnu.gdb.sparc.fpu";
constexpr const char* kCp0Feature = "org.gnu.gdb.sparc.cp0";
constexpr const char* kPrivilegedFeature = "org.fireplane.sparc.privileged";
constexpr const char* kTrapStackFeature = "org.fireplane.sparc.trap_stack";

// gdb's names for the integer registers (sparc_core_register_names).
const char* const kIntegerNames[32] = {
    "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "o0", "o1", "o2", "o3", "o4", "o5", "sp", "o7",
    "l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "i0", "i1", "i2", "i3", "i4", "i5", "fp", "i7"};

// ---- integer and floating-point registers ----

// ThreadContext::reg() for a const context.
uint64_t saved_integer(const ThreadContext& s, unsigned i) {
    if (i < 8) return s.globals[i];
    if (i < 16)
        return s.windows[(s.cwp + 1) % sparc::kNumWindows][i]; // outs: the next window's ins
    return s.windows[s.cwp][i - 16];
}

const RegisterAccess kInteger = {
    [](SparcCore& c, unsigned i) { return c.r[i]; },
    [](SparcCore& c, unsigned i, uint64_t v) {
        if (i != 0) c.r[i] = v; // %g0 stays zero
        return true;
    },
    [](const ThreadContext& s, unsigned i, uint64_t& v) {
        v = saved_integer(s, i);
        return true;
    },
    [](ThreadContext& s, unsigned i, uint64_t v) {
        if (i != 0) s.reg(i) = v;
        return true;
    },
};

uint32_t single_of(const uint64_t* f, unsigned i) {
    return uint32_t(f[i >> 1] >> ((i & 1) ? 0 : 32));
}
void set_single(uint64_t* f, unsigned i, uint32_t v) {
    uint64_t& d = f[i >> 1];
    d = (i & 1) ? ((d & 0xffffffff00000000ull) | v) : ((d & 0xffffffffull) | (uint64_t(v) << 32));
}

const RegisterAccess kSingle = {
    [](SparcCore& c, unsigned i) { return uint64_t(single_of(c.f, i)); },
    [](SparcCore& c, unsigned i, uint64_t v) {
        set_single(c.f, i, uint32_t(v));
        return true;
    },
    [](const ThreadContext& s, unsigned i, uint64_t& v) {
        v = single_of(s.f, i);
        return true;
    },
    [](ThreadContext& s, unsigned i, uint64_t v) {
        set_single(s.f, i, uint32_t(v));
        return true;
    },
};

const RegisterAccess kDouble = {
    // index: the double's slot in f[] (16-31 for %f32-%f62)
    [](SparcCore& c, unsigned i) { return c.f[i]; },
    [](SparcCore& c, unsigned i, uint64_t v) {
        c.f[i] = v;
        return true;
    },
    [](const ThreadContext& s, unsigned i, uint64_t& v) {
        v = s.f[i];
        return true;
    },
    [](ThreadContext& s, unsigned i, uint64_t v) {
        s.f[i] = v;
        return true;
    },
};

// ---- the control registers of gdb's cp0 feature ----

const RegisterAccess kPc = {
    [](SparcCore& c, unsigned) { return c.pc; },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.pc = v;
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = s.pc;
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.pc = v;
        return true;
    },
};

const RegisterAccess kNpc = {
    [](SparcCore& c, unsigned) { return c.npc; },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.npc = v;
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = s.npc;
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.npc = v;
        return true;
    },
};

// Saved registers belong to user threads, whose PSTATE the Linux layer keeps
// at PEF (linux_process.cpp): their state shows that.
const RegisterAccess kState = {
    [](SparcCore& c, unsigned) { return c.tstate(); },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.ccr = uint8_t(v >> 32);
        c.asi = uint8_t(v >> 24);
        c.set_pstate(uint16_t((v >> 8) & 0xfff));
        c.set_cwp(unsigned(v & 0x1f));
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = sparc::make_tstate(s.ccr, s.asi, sparc::kPstatePef, s.cwp);
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.ccr = uint8_t(v >> 32);
        s.asi = uint8_t(v >> 24);
        s.cwp = unsigned(v & 0x1f) % sparc::kNumWindows;
        return true;
    },
};

const RegisterAccess kFsr = {
    [](SparcCore& c, unsigned) { return c.read_fsr(); },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.write_fsr(v);
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = s.fsr;
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.fsr = v;
        return true;
    },
};

const RegisterAccess kFprs = {
    [](SparcCore& c, unsigned) { return uint64_t(c.fprs); },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.fprs = uint8_t(v & 7);
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = s.fprs;
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.fprs = uint8_t(v & 7);
        return true;
    },
};

const RegisterAccess kY = {
    [](SparcCore& c, unsigned) { return c.y; },
    [](SparcCore& c, unsigned, uint64_t v) {
        c.y = uint32_t(v);
        return true;
    },
    [](const ThreadContext& s, unsigned, uint64_t& v) {
        v = s.y;
        return true;
    },
    [](ThreadContext& s, unsigned, uint64_t v) {
        s.y = uint32_t(v);
        return true;
    },
};

struct ControlRegister {
    const char* name;
    const char* type;
    const RegisterAccess* access;
};
const ControlRegister kControl[] = {
    {"pc", "code_ptr", &kPc}, {"npc", "code_ptr", &kNpc}, {"state", "uint64", &kState},
    {"fsr", "uint64", &kFsr}, {"fprs", "uint64", &kFprs}, {"y", "uint64", &kY},
};

// ---- privileged registers, through RDPR/WRPR's table ----

// The window registers a context switch saves (guest_thread.h), by RDPR number.
unsigned ThreadContext::*saved_window_field(unsigned number) {
    static const std::pair<unsigned, unsigned ThreadContext::*> kFields[] = {
        {9, &ThreadContext::cwp},         {10, &ThreadContext::cansave},
        {11, &ThreadContext::canrestore}, {12, &ThreadContext::cleanwin},
        {13, &ThreadContext::otherwin},   {14, &ThreadContext::wstate}};
    for (const auto& [n, field] : kFields)
        if (n == number) return field;
    return nullptr;
}

const RegisterAccess kPrivileged = {
    // index: the RDPR number
    [](SparcCore& c, unsigned n) { return sparc::find_privileged_register(n)->read(c); },
    [](SparcCore& c, unsigned n, uint64_t v) {
        const sparc::StateRegister* r = sparc::find_privileged_register(n);
        if (!r->write) return false;
        r->write(c, v);
        return true;
    },
    [](const ThreadContext& s, unsigned n, uint64_t& v) {
        const auto field = saved_window_field(n);
        if (field) v = s.*field;
        return field != nullptr;
    },
    [](ThreadContext& s, unsigned n, uint64_t v) {
        const auto field = saved_window_field(n);
        if (field) s.*field = unsigned(v % sparc::kNumWindows);
        return field != nullptr;
    },
};

// RDPR's registers gdb shows, in RDPR order, with gdb's types.
struct PrivilegedRegister {
    unsigned number;
    const char* type;
};
const PrivilegedRegister kPrivilegedRegisters[] = {
    {0, "code_ptr"}, {1, "code_ptr"}, {2, "uint64"},  {3, "uint64"},
    {4, "uint64"},   {5, "code_ptr"}, {6, "uint64"},  {7, "uint64"},
    {8, "uint64"},   {9, "uint64"},   {10, "uint64"}, {11, "uint64"},
    {12, "uint64"},  {13, "uint64"},  {14, "uint64"}, {31, "uint64"},
};

// ---- the trap stack: index = TL * 4 + field ----

enum TrapField : unsigned { kTpc, kTnpc, kTstate, kTt, kTrapFields };
const char* const kTrapFieldNames[kTrapFields] = {"tpc", "tnpc", "tstate", "tt"};
const char* const kTrapFieldTypes[kTrapFields] = {"code_ptr", "code_ptr", "uint64", "uint64"};

const RegisterAccess kTrapStack = {
    [](SparcCore& c, unsigned i) {
        const sparc::TrapLevelState& t = c.trap_stack[i / kTrapFields];
        const uint64_t fields[kTrapFields] = {t.tpc, t.tnpc, t.tstate, t.tt};
        return fields[i % kTrapFields];
    },
    [](SparcCore& c, unsigned i, uint64_t v) {
        sparc::TrapLevelState& t = c.trap_stack[i / kTrapFields];
        uint64_t* const fields[kTrapFields - 1] = {&t.tpc, &t.tnpc, &t.tstate};
        if (i % kTrapFields == kTt)
            t.tt = uint16_t(v & 0x1ff);
        else
            *fields[i % kTrapFields] = v;
        return true;
    },
    nullptr,
    nullptr,
};

} // namespace

SparcRegisters::SparcRegisters(bool trap_stack) {
    for (unsigned i = 0; i < 32; ++i)
        registers_.push_back({kIntegerNames[i], 64, "uint64", kCpuFeature, nullptr, &kInteger, i});
    for (unsigned i = 0; i < 32; ++i)
        registers_.push_back(
            {"f" + std::to_string(i), 32, "ieee_single", kFpuFeature, nullptr, &kSingle, i});
    for (unsigned i = 16; i < 32; ++i)
        registers_.push_back(
            {"f" + std::to_string(2 * i), 64, "ieee_double", kFpuFeature, nullptr, &kDouble, i});
    for (const ControlRegister& r : kControl)
        registers_.push_back({r.name, 64, r.type, kCp0Feature, nullptr, r.access, 0});
    for (const PrivilegedRegister& p : kPrivilegedRegisters)
        registers_.push_back({sparc::find_privileged_register(p.number)->name + 1, 64, p.type,
                              kPrivilegedFeature, "system", &kPrivileged, p.number});
    if (!trap_stack) return;
    for (unsigned tl = 1; tl <= sparc::kMaxTl; ++tl)
        for (unsigned f = 0; f < kTrapFields; ++f)
            registers_.push_back({kTrapFieldNames[f] + std::to_string(tl), 64, kTrapFieldTypes[f],
                                  kTrapStackFeature, "system", &kTrapStack, tl * kTrapFields + f});
}

std::string SparcRegisters::target_xml() const {
    std::string xml = "<?xml version=\"1.0\"?>\n"
                      "<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                      "<target version=\"1.0\">\n"
                      "  <architecture>sparc:v9</architecture>\n";
    const char* feature = nullptr;
    for (size_t n = 0; n < registers_.size(); ++n) {
        const SparcRegister& r = registers_[n];
        if (r.feature != feature) {
            if (feature) xml += "  </feature>\n";
            feature = r.feature;
            xml += "  <feature name=\"" + std::string(feature) + "\">\n";
        }
        xml += "    <reg name=\"" + r.name + "\" bitsize=\"" + std::to_string(r.bits) +
               "\" type=\"" + r.type + "\" regnum=\"" + std::to_string(n) + "\"";
        if (r.group) xml += " group=\"" + std::string(r.group) + "\"";
        xml += "/>\n";
    }
    if (feature) xml += "  </feature>\n";
    return xml + "</target>\n";
}

bool SparcRegisters::read(SparcCore& core, unsigned regno, uint64_t& value) const {
    if (regno >= registers_.size()) return false;
    const SparcRegister& r = registers_[regno];
    value = r.access->read(core, r.index);
    return true;
}

bool SparcRegisters::write(SparcCore& core, unsigned regno, uint64_t value) const {
    if (regno >= registers_.size()) return false;
    const SparcRegister& r = registers_[regno];
    return r.access->write && r.access->write(core, r.index, value);
}

bool SparcRegisters::read(const ThreadContext& saved, unsigned regno, uint64_t& value) const {
    if (regno >= registers_.size()) return false;
    const SparcRegister& r = registers_[regno];
    return r.access->read_saved && r.access->read_saved(saved, r.index, value);
}

bool SparcRegisters::write(ThreadContext& saved, unsigned regno, uint64_t value) const {
    if (regno >= registers_.size()) return false;
    const SparcRegister& r = registers_[regno];
    return r.access->write_saved && r.access->write_saved(saved, r.index, value);
}

} // namespace fireplane::gdb
