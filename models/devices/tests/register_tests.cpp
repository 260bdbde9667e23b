// The factory glue: every device type is registered with described
// parameters, and creating from Params builds the configured model.
#include "core/factory/model_factory.h"
#include "models/devices/ram.h"
#include "models/devices/register_devices.h"
#include "models/devices/router.h"
#include "models/devices/uart16550.h"

#include <catch2/catch.hpp>

#include "core/tests/support/factory_params.h"

using namespace fireplane;

namespace {

using testing::params_for;

} // namespace

TEST_CASE("register: device types are registered with described parameters", "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    for (const char* name : {"ram", "uart16550", "router"}) {
        const ModelType* type = factory.find(name);
        REQUIRE(type != nullptr);
        CHECK_FALSE(type->description.empty());
        for (const ParamSpec& spec : type->params)
            CHECK_FALSE(spec.description.empty());
    }
    const ModelType* ram = factory.find("ram");
    REQUIRE(ram->param("size") != nullptr);
    CHECK(ram->param("size")->default_value == "256MiB");
    CHECK(ram->param("base") != nullptr);
    CHECK(factory.find("uart16550")->param("base")->required());
}

TEST_CASE("register: create builds models configured from Params", "[register]") {
    ModelFactory factory;
    register_device_models(factory);

    const ModelType& ram_type = *factory.find("ram");
    auto ram_module = ram_type.create(
        "ram", params_for(ram_type, "ram", {{"size", "64KiB"}, {"read_latency", "3ns"}}));
    auto* ram = dynamic_cast<Ram*>(ram_module.get());
    REQUIRE(ram != nullptr);
    CHECK(ram->bus_range().size == 64 * 1024);
    CHECK(ram->config().read_latency == sc_core::sc_time(3, sc_core::SC_NS));

    const ModelType& uart_type = *factory.find("uart16550");
    auto uart_module = uart_type.create(
        "uart", params_for(uart_type, "uart",
                           {{"base", "0x1000"}, {"reg_shift", "2"}, {"output", "none"}}));
    auto* uart = dynamic_cast<BusTarget*>(uart_module.get());
    REQUIRE(uart != nullptr);
    CHECK(uart->bus_range().size == 32);

    const ModelType& router_type = *factory.find("router");
    auto router = router_type.create("router", params_for(router_type, "router", {}));
    CHECK(dynamic_cast<Router*>(router.get()) != nullptr);
}

TEST_CASE("register: impossible values become configuration errors at their location",
          "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    const ModelType& uart_type = *factory.find("uart16550");
    CHECK_THROWS_WITH(uart_type.create("uart", params_for(uart_type, "uart",
                                                          {{"base", "0"}, {"reg_shift", "5"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("reg_shift"));
    const ModelType& ram_type = *factory.find("ram");
    CHECK_THROWS_AS(ram_type.create("ram", params_for(ram_type, "ram", {{"size", "0"}})),
                    ConfigError);
}
