// The breakpoints and watchpoints the simulator checks, and the monitor
// commands' registry.
#include "platform/gdb/breakpoint_table.h"
#include "platform/gdb/monitor_commands.h"

#include <catch2/catch.hpp>

using namespace fireplane::gdb;

TEST_CASE("Breakpoints count insertions: the last removal clears the address", "[breakpoints]") {
    BreakpointTable t;
    REQUIRE(t.empty());
    REQUIRE(t.insert(BreakpointType::Software, 0x1000, 4));
    REQUIRE(t.insert(BreakpointType::Hardware, 0x1000, 4));
    REQUIRE(t.breakpoint_at(0x1000) == BreakpointType::Software);
    REQUIRE_FALSE(t.breakpoint_at(0x1004));
    REQUIRE(t.remove(BreakpointType::Software, 0x1000, 4));
    REQUIRE(t.breakpoint_at(0x1000) == BreakpointType::Hardware);
    REQUIRE_FALSE(t.remove(BreakpointType::Software, 0x1000, 4)); // none of that kind left
    REQUIRE(t.remove(BreakpointType::Hardware, 0x1000, 4));
    REQUIRE(t.empty());
}

TEST_CASE("Watchpoints fire on overlapping accesses of their kind", "[breakpoints]") {
    BreakpointTable t;
    REQUIRE(t.insert(BreakpointType::Write, 0x2000, 8));
    REQUIRE(t.has_watchpoints());
    REQUIRE_FALSE(t.watch_hit(0x2000, 8, true, false)); // a read
    REQUIRE_FALSE(t.watch_hit(0x1ff8, 8, false, true)); // just below
    REQUIRE_FALSE(t.watch_hit(0x2008, 1, false, true)); // just above
    auto hit = t.watch_hit(0x1ffc, 8, false, true);     // straddles the start
    REQUIRE(hit);
    REQUIRE(hit->type == BreakpointType::Write);
    REQUIRE(hit->address == 0x2000);
    hit = t.watch_hit(0x2007, 1, true, true); // an atomic on the last byte
    REQUIRE(hit->address == 0x2007);

    REQUIRE(t.insert(BreakpointType::Read, 0x3000, 4));
    REQUIRE(t.insert(BreakpointType::Access, 0x4000, 4));
    REQUIRE(t.watch_hit(0x3000, 4, true, false)->type == BreakpointType::Read);
    REQUIRE_FALSE(t.watch_hit(0x3000, 4, false, true));
    REQUIRE(t.watch_hit(0x4002, 2, false, true)->type == BreakpointType::Access);
    REQUIRE(t.watch_hit(0x4002, 2, true, false)->type == BreakpointType::Access);

    REQUIRE_FALSE(t.remove(BreakpointType::Read, 0x3000, 8)); // another length
    REQUIRE(t.remove(BreakpointType::Read, 0x3000, 4));
    REQUIRE_FALSE(t.insert(BreakpointType::Write, 0x5000, 0)); // nothing to watch
    t.clear();
    REQUIRE(t.empty());
}

TEST_CASE("Monitor commands run by name and help lists them", "[monitor]") {
    MonitorCommands m;
    m.add("echo", "say it back", [](const std::string& args) { return "[" + args + "]\n"; });
    REQUIRE(m.run("echo  a b  ") == "[a b]\n");
    REQUIRE(m.run("  echo") == "[]\n");
    const std::string help = m.run("help");
    REQUIRE(help.find("monitor echo - say it back") != std::string::npos);
    REQUIRE(help.find("monitor help - ") != std::string::npos);
    REQUIRE(m.run("tlb").find("unknown monitor command 'tlb'") != std::string::npos);
    m.add("tlb", "the TLBs", [](const std::string&) { return std::string("empty\n"); });
    REQUIRE(m.has("tlb"));
    REQUIRE(m.run("tlb") == "empty\n");
}
