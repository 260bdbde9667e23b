// The SPARC register table gdb sees: the target description's features and
// numbering (what gdb's sparc64 code requires), and reading and writing a
// core's and a saved thread's registers through it.
#include "platform/gdb/sparc_registers.h"

#include "models/cpu/sparc_core.h"
#include "models/cpu/state_registers.h"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

using namespace fireplane;
using gdb::SparcRegisters;

namespace {

struct NoMemory : sparc::MemoryBackend {
    bool map_page(uint64_t, sparc::Access, sparc::PageMapping&) override { return false; }
    bool io_access(uint64_t, sparc::Access, uint8_t*, unsigned) override { return false; }
};

// The description's registers as (feature, name, regnum), in document order.
struct Row {
    std::string feature, name;
    unsigned regnum, bits;
};
std::vector<Row> rows_of(const std::string& xml) {
    std::vector<Row> rows;
    std::string feature;
    const std::regex feature_re("<feature name=\"([^\"]+)\">");
    const std::regex reg_re("<reg name=\"([^\"]+)\" bitsize=\"([0-9]+)\"[^>]* regnum=\"([0-9]+)\"");
    std::istringstream in(xml);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, feature_re)) feature = m[1];
        if (std::regex_search(line, m, reg_re))
            rows.push_back({feature, m[1], unsigned(std::stoul(m[3])), unsigned(std::stoul(m[2]))});
    }
    return rows;
}

unsigned regno(const SparcRegisters& regs, const std::string& name) {
    for (size_t i = 0; i < regs.size(); ++i)
        if (regs.list()[i].name == name) return unsigned(i);
    FAIL("no register " << name);
    return 0;
}

} // namespace

TEST_CASE("The description has gdb's sparc64 features with the registers gdb requires",
          "[registers]") {
    const SparcRegisters regs(false);
    const std::vector<Row> rows = rows_of(regs.target_xml());
    REQUIRE(regs.target_xml().find("<architecture>sparc:v9</architecture>") != std::string::npos);
    REQUIRE(rows.size() == regs.size());
    REQUIRE(rows.size() == 86 + 16);
    const char* const cpu[] = {"g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "o0", "o1", "o2",
                               "o3", "o4", "o5", "sp", "o7", "l0", "l1", "l2", "l3", "l4", "l5",
                               "l6", "l7", "i0", "i1", "i2", "i3", "i4", "i5", "fp", "i7"};
    for (unsigned i = 0; i < 32; ++i) {
        REQUIRE(rows[i].feature == "org.gnu.gdb.sparc.cpu");
        REQUIRE(rows[i].name == cpu[i]);
        REQUIRE(rows[i].bits == 64);
    }
    for (unsigned i = 0; i < 48; ++i) {
        REQUIRE(rows[32 + i].feature == "org.gnu.gdb.sparc.fpu");
        REQUIRE(rows[32 + i].name == "f" + std::to_string(i < 32 ? i : 32 + 2 * (i - 32)));
        REQUIRE(rows[32 + i].bits == (i < 32 ? 32u : 64u));
    }
    const char* const cp0[] = {"pc", "npc", "state", "fsr", "fprs", "y"};
    for (unsigned i = 0; i < 6; ++i) {
        REQUIRE(rows[80 + i].feature == "org.gnu.gdb.sparc.cp0");
        REQUIRE(rows[80 + i].name == cp0[i]);
    }
    for (unsigned i = 0; i < rows.size(); ++i)
        REQUIRE(rows[i].regnum == i);
    REQUIRE(rows[86].name == "tpc");
    REQUIRE(rows.back().name == "ver");
}

TEST_CASE("Firmware's description adds the trap stack of TL 1 to 5", "[registers]") {
    const SparcRegisters regs(true);
    const std::vector<Row> rows = rows_of(regs.target_xml());
    REQUIRE(rows.size() == 86 + 16 + 20);
    REQUIRE(rows[102].name == "tpc1");
    REQUIRE(rows[102].feature == "org.fireplane.sparc.trap_stack");
    REQUIRE(rows.back().name == "tt5");
}

TEST_CASE("A core's registers read and write through the table", "[registers]") {
    NoMemory memory;
    sparc::SparcCore core(memory, nullptr);
    const SparcRegisters regs(true);
    uint64_t v;

    core.r[9] = 0x1234; // %o1
    REQUIRE(regs.read(core, regno(regs, "o1"), v));
    REQUIRE(v == 0x1234);
    REQUIRE(regs.write(core, regno(regs, "g0"), 5));
    REQUIRE(core.r[0] == 0);

    core.f[0] = 0x3ff0000040000000ull; // %f0 = 1.875 (high half), %f1 = 2.0f
    REQUIRE(regs.read(core, regno(regs, "f0"), v));
    REQUIRE(v == 0x3ff00000);
    REQUIRE(regs.read(core, regno(regs, "f1"), v));
    REQUIRE(v == 0x40000000);
    REQUIRE(regs.write(core, regno(regs, "f62"), 0x4008000000000000ull));
    REQUIRE(core.f[31] == 0x4008000000000000ull);

    core.ccr = 0x44;
    core.asi = 0x82;
    core.set_pstate(0x14);
    core.cwp = 3;
    core.load_working_window();
    REQUIRE(regs.read(core, regno(regs, "state"), v));
    REQUIRE(v == 0x4482001403ull);

    // A new CWP in state brings in that window's registers.
    core.windows[5][0] = 0xabc; // %l0 of window 5
    REQUIRE(regs.write(core, regno(regs, "state"), 0x1180001605ull));
    REQUIRE(core.cwp == 5);
    REQUIRE(core.ccr == 0x11);
    REQUIRE(core.asi == 0x80);
    REQUIRE(core.pstate == 0x16);
    REQUIRE(core.r[16] == 0xabc);

    REQUIRE(regs.write(core, regno(regs, "pc"), 0x2000));
    REQUIRE(core.pc == 0x2000);
    REQUIRE(regs.write(core, regno(regs, "fsr"), 0x40000000)); // RD toward zero
    REQUIRE(regs.read(core, regno(regs, "fsr"), v));
    REQUIRE(v == 0x40000000);

    core.tl = 2;
    core.trap_stack[2].tpc = 0x4000;
    core.trap_stack[1].tt = 0x41;
    REQUIRE(regs.read(core, regno(regs, "tpc"), v)); // the current level's
    REQUIRE(v == 0x4000);
    REQUIRE(regs.read(core, regno(regs, "tt1"), v));
    REQUIRE(v == 0x41);
    REQUIRE(regs.write(core, regno(regs, "tstate3"), 0x77));
    REQUIRE(core.trap_stack[3].tstate == 0x77);
    REQUIRE(regs.read(core, regno(regs, "tl"), v));
    REQUIRE(v == 2);
    REQUIRE(regs.read(core, regno(regs, "ver"), v));
    REQUIRE(v == sparc::kVersionRegister);
    REQUIRE_FALSE(regs.write(core, regno(regs, "ver"), 0));  // read-only
    REQUIRE(regs.write(core, regno(regs, "tick"), 5000)); // WRPR %tick: TICK runs on from it
    REQUIRE(regs.read(core, regno(regs, "tick"), v));
    REQUIRE((v & ~(uint64_t(1) << 63)) == 5000);
    REQUIRE(regs.write(core, regno(regs, "pil"), 9));
    REQUIRE(core.pil == 9);
    REQUIRE_FALSE(regs.read(core, unsigned(regs.size()), v));
}

TEST_CASE("A thread off its CPU shows its saved registers: the privileged ones are unavailable",
          "[registers]") {
    linux_user::ThreadContext saved;
    saved.cwp = 2;
    saved.globals[1] = 11;
    saved.windows[2][0] = 22; // %l0
    saved.windows[3][8] = 33; // %o0: the next window's %i0
    saved.pc = 0x100000;
    saved.ccr = 0x08;
    saved.cansave = 4;
    const SparcRegisters regs(false);
    uint64_t v;
    REQUIRE(regs.read(saved, regno(regs, "g1"), v));
    REQUIRE(v == 11);
    REQUIRE(regs.read(saved, regno(regs, "l0"), v));
    REQUIRE(v == 22);
    REQUIRE(regs.read(saved, regno(regs, "o0"), v));
    REQUIRE(v == 33);
    REQUIRE(regs.read(saved, regno(regs, "state"), v));
    REQUIRE(v == (0x08ull << 32 | uint64_t(sparc::kPstatePef) << 8 | 2));
    REQUIRE(regs.read(saved, regno(regs, "cansave"), v));
    REQUIRE(v == 4);
    REQUIRE_FALSE(regs.read(saved, regno(regs, "pstate"), v));
    REQUIRE_FALSE(regs.read(saved, regno(regs, "tick"), v));
    REQUIRE(regs.write(saved, regno(regs, "o0"), 44));
    REQUIRE(saved.windows[3][8] == 44);
    REQUIRE(regs.write(saved, regno(regs, "pc"), 0x100004));
    REQUIRE(saved.pc == 0x100004);
    REQUIRE_FALSE(regs.write(saved, regno(regs, "tba"), 0));
}
