// The factory glue: fireplane_memory is registered with described parameters
// and the documented defaults, and creates a configured controller.
#include "core/factory/model_factory.h"
#include "models/fireplane/memory_controller.h"
#include "models/fireplane/register_fireplane.h"

#include <catch2/catch.hpp>

#include "core/tests/support/factory_params.h"

using namespace fireplane;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

using testing::params_for;

} // namespace

TEST_CASE("register: fireplane_memory is registered with described parameters", "[register]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType* type = factory.find("fireplane_memory");
    REQUIRE(type != nullptr);
    CHECK_FALSE(type->description.empty());
    for (const char* name : {"base", "size", "banks", "interleave", "latency", "bank_busy",
                             "controllers", "split", "split_interleave"}) {
        INFO(name);
        const ParamSpec* spec = type->param(name);
        REQUIRE(spec != nullptr);
        CHECK_FALSE(spec->description.empty());
        CHECK_FALSE(spec->required());
    }
    CHECK(type->params.size() == 9);
    CHECK(type->param("controllers")->default_value == "1");
    CHECK(type->param("split")->default_value == "contiguous");
    CHECK(type->param("banks")->default_value == "2");
    CHECK(type->param("interleave")->default_value == "64B");
}

TEST_CASE("register: the defaults build the documented controller", "[register]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType& type = *factory.find("fireplane_memory");
    auto module = type.create("mem", params_for(type, "mem", {}));
    auto* mc = dynamic_cast<MemoryController*>(module.get());
    REQUIRE(mc != nullptr);
    const MemoryControllerConfig& c = mc->config();
    CHECK(c.base == 0);
    CHECK(c.size == uint64_t(256) << 20);
    CHECK(c.banks == 2);
    CHECK(c.interleave == 64);
    CHECK(c.latency == sc_time(60, SC_NS));
    CHECK(c.bank_busy == sc_time(20, SC_NS));
    CHECK(mc->bus_range().size == c.size);
}

TEST_CASE("register: create applies every parameter", "[register]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType& type = *factory.find("fireplane_memory");
    auto module = type.create("mem", params_for(type, "mem",
                                                {{"base", "0x40000000"},
                                                 {"size", "1MiB"},
                                                 {"banks", "4"},
                                                 {"interleave", "128B"},
                                                 {"latency", "75ns"},
                                                 {"bank_busy", "15ns"}}));
    auto* mc = dynamic_cast<MemoryController*>(module.get());
    REQUIRE(mc != nullptr);
    const MemoryControllerConfig& c = mc->config();
    CHECK(c.base == 0x40000000);
    CHECK(c.size == 1 << 20);
    CHECK(c.banks == 4);
    CHECK(c.interleave == 128);
    CHECK(c.latency == sc_time(75, SC_NS));
    CHECK(c.bank_busy == sc_time(15, SC_NS));
    CHECK(mc->bank_of(3 * 128) == 3);
}

TEST_CASE("register: impossible values become configuration errors at their location",
          "[register]") {
    ModelFactory factory;
    register_fireplane_models(factory);
    const ModelType& type = *factory.find("fireplane_memory");
    CHECK_THROWS_WITH(type.create("m0", params_for(type, "m0", {{"banks", "0"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("banks"));
    CHECK_THROWS_WITH(type.create("m1", params_for(type, "m1", {{"interleave", "0"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("interleave"));
    CHECK_THROWS_AS(type.create("m2", params_for(type, "m2", {{"size", "0"}})), ConfigError);
}
