// The factory glue: every device type is registered with described
// parameters, and creating from Params builds the configured model.
#include "core/factory/model_factory.h"
#include "models/devices/boot_rom.h"
#include "models/devices/m48t59.h"
#include "models/devices/power_control.h"
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
    for (const char* name : {"ram", "boot_rom", "uart16550", "m48t59", "power_control", "router"}) {
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
    const ModelType* rom = factory.find("boot_rom");
    CHECK(rom->param("base")->required());
    CHECK(rom->param("size")->default_value == "16MiB");
    CHECK(rom->param("read_latency")->default_value == "0ns");
    CHECK(factory.find("power_control")->param("base")->required());
    CHECK(factory.find("power_control")->params.size() == 1);
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

TEST_CASE("register: boot_rom and power_control are created from Params", "[register]") {
    ModelFactory factory;
    register_device_models(factory);

    const ModelType& rom_type = *factory.find("boot_rom");
    auto rom_module = rom_type.create(
        "rom", params_for(rom_type, "rom",
                          {{"base", "0x7fff0000000"}, {"size", "1MiB"}, {"read_latency", "50ns"}}));
    auto* rom = dynamic_cast<BootRom*>(rom_module.get());
    REQUIRE(rom != nullptr);
    CHECK(rom->bus_range().base == 0x7fff0000000);
    CHECK(rom->bus_range().size == 1024 * 1024);
    CHECK(rom->config().read_latency == sc_core::sc_time(50, sc_core::SC_NS));
    CHECK_FALSE(rom->is_memory());

    const ModelType& pc_type = *factory.find("power_control");
    auto pc_module = pc_type.create("pc", params_for(pc_type, "pc", {{"base", "0x1fff1001000"}}));
    auto* pc = dynamic_cast<PowerControl*>(pc_module.get());
    REQUIRE(pc != nullptr);
    CHECK(pc->bus_range().base == 0x1fff1001000);
    CHECK(pc->bus_range().size == 0x1000);
}

TEST_CASE("register: boot_rom and power_control parameter errors name the parameter",
          "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    const ModelType& rom_type = *factory.find("boot_rom");
    CHECK_THROWS_WITH(
        rom_type.create("rom", params_for(rom_type, "rom", {{"base", "0"}, {"size", "0"}})),
        Catch::Contains("test.yaml:1:1") && Catch::Contains("size"));
    CHECK_THROWS_WITH(
        rom_type.create("rom", params_for(rom_type, "rom", {{"base", "0"}, {"size", "257MiB"}})),
        Catch::Contains("size"));
    CHECK_THROWS_WITH(
        rom_type.create(
            "rom", params_for(rom_type, "rom", {{"base", "0xfffffffffff00000"}, {"size", "2MiB"}})),
        Catch::Contains("wraps"));

    const ModelType& pc_type = *factory.find("power_control");
    CHECK_THROWS_WITH(pc_type.create("pc", params_for(pc_type, "pc", {{"base", "0x1fff1001008"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("4 KiB aligned"));
}

TEST_CASE("register: uart16550's input, interrupt and poll interval", "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    const ModelType& type = *factory.find("uart16550");
    CHECK(type.param("input")->default_value == "none");
    CHECK(type.param("interrupt")->default_value == "0");
    CHECK(type.param("poll_interval")->default_value == "100us");
    auto module = type.create("uart", params_for(type, "uart",
                                                 {{"base", "0x1000"},
                                                  {"output", "none"},
                                                  {"interrupt", "9"},
                                                  {"poll_interval", "1ms"}}));
    auto* uart = dynamic_cast<Uart16550*>(module.get());
    REQUIRE(uart != nullptr);
    CHECK(uart->interrupt_number() == 9);
    CHECK(uart->config().poll_interval == sc_core::sc_time(1, sc_core::SC_MS));
    CHECK(uart->config().input == "none");
    CHECK_THROWS_WITH(type.create("u2", params_for(type, "u2",
                                                   {{"base", "0"},
                                                    {"output", "none"},
                                                    {"input", "/nonexistent-dir/in"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("u2.input") &&
                          Catch::Contains("/nonexistent-dir/in"));
    CHECK_THROWS_WITH(
        type.create("u3", params_for(type, "u3", {{"base", "0"}, {"interrupt", "4096"}})),
        Catch::Contains("interrupt"));
    CHECK_THROWS_WITH(
        type.create("u4", params_for(type, "u4", {{"base", "0"}, {"poll_interval", "0ns"}})),
        Catch::Contains("poll_interval"));
}

TEST_CASE("register: m48t59 is created from Params with its epoch and interrupt", "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    const ModelType& type = *factory.find("m48t59");
    CHECK(type.param("base")->required());
    CHECK(type.param("epoch")->default_value == "2026-01-01T00:00:00");
    CHECK(type.param("image")->default_value.empty());
    CHECK(type.param("persist")->default_value == "false");
    CHECK(type.param("interrupt")->default_value == "0");
    auto module = type.create(
        "tod",
        params_for(type, "tod",
                   {{"base", "0x1fff1002000"}, {"epoch", "2000-01-01"}, {"interrupt", "5"}}));
    auto* tod = dynamic_cast<M48t59*>(module.get());
    REQUIRE(tod != nullptr);
    CHECK(tod->bus_range().base == 0x1fff1002000);
    CHECK(tod->bus_range().size == 0x2000);
    CHECK(tod->epoch_seconds() == 946684800);
    CHECK(tod->interrupt_number() == 5);
}

TEST_CASE("register: m48t59 parameter errors name the parameter", "[register]") {
    ModelFactory factory;
    register_device_models(factory);
    const ModelType& type = *factory.find("m48t59");
    const auto error = [&](const std::vector<std::pair<std::string, std::string>>& values) {
        try {
            type.create("tod", params_for(type, "tod", values));
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error({{"base", "0"}, {"epoch", "2026-02-30"}}), Catch::Contains("test.yaml:1:1") &&
                                                                    Catch::Contains("tod.epoch") &&
                                                                    Catch::Contains("2026-02-30"));
    CHECK_THAT(error({{"base", "0"}, {"persist", "true"}}),
               Catch::Contains("tod.persist") && Catch::Contains("image"));
    CHECK_THAT(error({{"base", "0x1fff1001000"}}),
               Catch::Contains("tod.base") && Catch::Contains("8 KiB aligned"));
    CHECK_THAT(error({{"base", "0"}, {"image", "/nonexistent-dir/nvram.bin"}}),
               Catch::Contains("tod.image") && Catch::Contains("/nonexistent-dir/nvram.bin"));
}
