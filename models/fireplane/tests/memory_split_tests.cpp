// The memory split among on-chip controllers: which controller is home to a
// physical address (contiguous slices or interleaved), per-controller banks
// and statistics, and the configuration errors. One process per TEST_CASE.
#include "core/factory/model_factory.h"
#include "core/stats/stats.h"
#include "models/fireplane/memory_controller.h"
#include "models/fireplane/register_fireplane.h"
#include "scripted_initiator.h"

#include <catch2/catch.hpp>

#include "core/tests/support/factory_params.h"

#include <stdexcept>

using namespace fireplane;
using fireplane::test::ScriptedInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

MemoryControllerConfig split(unsigned controllers, MemorySplit how) {
    MemoryControllerConfig c;
    c.size = 1 << 20; // 1 MiB
    c.controllers = controllers;
    c.split = how;
    c.split_interleave = 8192;
    c.latency = sc_time(50, SC_NS);
    c.bank_busy = sc_time(30, SC_NS);
    return c;
}

double stat(const std::string& name) {
    const auto* e = StatsRegistry::current().find(name);
    REQUIRE(e != nullptr);
    return e->value();
}

} // namespace

TEST_CASE("split: contiguous slices, one per controller", "[split]") {
    MemoryController mc("mc", split(4, MemorySplit::Contiguous)); // 256 KiB each
    CHECK(mc.total_banks() == 8);
    CHECK(mc.controller_of(0) == 0);
    CHECK(mc.controller_of(0x3ffff) == 0);
    CHECK(mc.controller_of(0x40000) == 1);
    CHECK(mc.controller_of(0xfffff) == 3);
    // Banks are numbered globally: controller * banks + bank.
    CHECK(mc.bank_of(0x40000) == 2);
    CHECK(mc.bank_of(0x40040) == 3);
    CHECK(mc.bank_of(0xc0040) == 7);
}

TEST_CASE("split: interleaved granules round robin over the controllers", "[split]") {
    MemoryController mc("mc", split(3, MemorySplit::Interleaved));
    CHECK(mc.controller_of(0) == 0);
    CHECK(mc.controller_of(8191) == 0);
    CHECK(mc.controller_of(8192) == 1);
    CHECK(mc.controller_of(2 * 8192) == 2);
    CHECK(mc.controller_of(3 * 8192) == 0);
    CHECK(mc.bank_of(8192 + 64) == 3); // controller 1, bank 1
}

TEST_CASE("split: interleaving follows the physical address, not the offset", "[split]") {
    MemoryControllerConfig c = split(2, MemorySplit::Interleaved);
    c.base = 8192;
    MemoryController mc("mc", c);
    CHECK(mc.controller_of(0) == 1);
    CHECK(mc.controller_of(8192) == 0);
}

TEST_CASE("split: controllers serve in parallel and count their own requests", "[split]") {
    MemoryController mc("mc", split(2, MemorySplit::Contiguous)); // 512 KiB each
    ScriptedInitiator ini("ini");
    ini.socket.bind(mc.socket);
    // Same bank number in two controllers: no conflict. Same bank twice: one waits.
    ini.read(sc_time(0, SC_NS), 0x0);
    ini.read(sc_time(0, SC_NS), 0x80000);
    ini.read(sc_time(0, SC_NS), 0x80080);
    sc_core::sc_start();
    REQUIRE(ini.requests.size() == 3);
    CHECK(ini.requests[0].begin_resp == sc_time(50, SC_NS));
    CHECK(ini.requests[1].begin_resp == sc_time(50, SC_NS));
    CHECK(ini.requests[2].begin_resp == sc_time(130, SC_NS)); // behind 50 + 30 of bank busy
    CHECK(mc.controller_reads(0) == 1);
    CHECK(mc.controller_reads(1) == 2);
    CHECK(mc.bank_accesses(0) == 1);
    CHECK(mc.bank_accesses(2) == 2);
    CHECK(stat("mc.controller1.reads") == 2);
    CHECK(stat("mc.controller1.bank_conflict_stall") == Approx(80000));
    CHECK(stat("mc.controller0.bank_conflict_stall") == 0);
    CHECK(stat("mc.bank2.accesses") == 2);
}

TEST_CASE("split: impossible splits are rejected", "[split]") {
    MemoryControllerConfig c = split(3, MemorySplit::Contiguous); // 1 MiB is not 3 slices
    CHECK_THROWS_AS(MemoryController("a", c), std::invalid_argument);
    c = split(0, MemorySplit::Contiguous);
    CHECK_THROWS_AS(MemoryController("b", c), std::invalid_argument);
    c = split(2, MemorySplit::Interleaved);
    c.split_interleave = 0;
    CHECK_THROWS_AS(MemoryController("c", c), std::invalid_argument);
}

TEST_CASE("split: YAML parameters reach the controller and bad ones name their location",
          "[split]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType& type = *factory.find("fireplane_memory");
    auto module = type.create("mem", testing::params_for(type, "mem",
                                                         {{"size", "12MiB"},
                                                          {"controllers", "12"},
                                                          {"split", "interleaved"},
                                                          {"split_interleave", "16KiB"}}));
    auto* mc = dynamic_cast<MemoryController*>(module.get());
    REQUIRE(mc != nullptr);
    CHECK(mc->config().controllers == 12);
    CHECK(mc->config().split == MemorySplit::Interleaved);
    CHECK(mc->controller_of(16384 * 13) == 1);
    CHECK_THROWS_AS(type.create("bad", testing::params_for(
                                           type, "bad", {{"size", "12MiB"}, {"controllers", "5"}})),
                    ConfigError);
    CHECK_THROWS_AS(type.create("bad2", testing::params_for(type, "bad2", {{"controllers", "0"}})),
                    ConfigError);
}

TEST_CASE("register: fireplane_bus is registered with described parameters", "[register]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType* type = factory.find("fireplane_bus");
    REQUIRE(type != nullptr);
    for (const char* name : {"clock", "arbitration", "address_cycles", "snoop_cycles",
                             "crossbar_cycles", "copyback", "check_invariants"}) {
        INFO(name);
        const ParamSpec* spec = type->param(name);
        REQUIRE(spec != nullptr);
        CHECK_FALSE(spec->description.empty());
        CHECK_FALSE(spec->required());
    }
    CHECK(type->param("clock")->default_value == "150MHz");
    CHECK(type->param("check_invariants")->default_value == "false");
    CHECK_THROWS_AS(type->create("b", testing::params_for(*type, "b", {{"address_cycles", "0"}})),
                    ConfigError);
}
