// The factory glue: the sun4u types are registered with described
// parameters, create builds them, and bad values are configuration errors at
// their place in the machine file.
#include "core/factory/model_factory.h"
#include "core/tests/support/factory_params.h"
#include "models/devices/m48t59.h"
#include "models/sun4u/fw_cfg.h"
#include "models/sun4u/register_sun4u.h"
#include "models/sun4u/sun4u_power.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fireplane;
using fireplane::testing::params_for;

TEST_CASE("register: sun4u types are registered with described parameters", "[register]") {
    ModelFactory factory;
    register_sun4u_device_models(factory);
    for (const char* name : {"fw_cfg", "sun4u_power", "sun4u_nvram"}) {
        const ModelType* type = factory.find(name);
        REQUIRE(type != nullptr);
        CHECK_FALSE(type->description.empty());
        CHECK(type->param("base")->required());
        for (const ParamSpec& spec : type->params)
            CHECK_FALSE(spec.description.empty());
    }
    const ModelType& fw = *factory.find("fw_cfg");
    CHECK(fw.param("machine_id")->default_value == "0");
    CHECK(fw.param("nographic")->default_value == "true");
    CHECK(fw.param("boot_device")->default_value == "c");
    const ModelType& nvram = *factory.find("sun4u_nvram");
    CHECK(nvram.param("mac")->default_value == "52:54:00:12:34:56");
    CHECK(nvram.param("env")->default_value.empty());
    CHECK(nvram.param("epoch") != nullptr);
    CHECK(nvram.param("interrupt")->default_value == "0");
}

TEST_CASE("register: create builds the sun4u models from Params", "[register]") {
    ModelFactory factory;
    register_sun4u_device_models(factory);
    const ModelType& fw_type = *factory.find("fw_cfg");
    auto fw_module = fw_type.create(
        "fw", params_for(fw_type, "fw", {{"base", "0x1fe02000510"}, {"boot_device", "d"}}));
    auto* fw = dynamic_cast<FwCfg*>(fw_module.get());
    REQUIRE(fw != nullptr);
    CHECK(dynamic_cast<FirmwareConfig*>(fw_module.get()) != nullptr);
    CHECK(fw->bus_range().base == 0x1fe02000510);
    CHECK(fw->bus_range().size == 2);
    CHECK(fw->item(FwCfg::BootDevice) == std::vector<uint8_t>{'d', 0});

    const ModelType& power_type = *factory.find("sun4u_power");
    auto power =
        power_type.create("power", params_for(power_type, "power", {{"base", "0x1fe02007240"}}));
    CHECK(dynamic_cast<Sun4uPower*>(power.get()) != nullptr);
    CHECK(dynamic_cast<PowerSwitch*>(power.get()) != nullptr);
    CHECK(dynamic_cast<BusTarget*>(power.get())->bus_range().size == 4);
}

TEST_CASE("register: bad sun4u values are configuration errors at their location", "[register]") {
    ModelFactory factory;
    register_sun4u_device_models(factory);
    const ModelType& nvram = *factory.find("sun4u_nvram");
    const auto create_nvram = [&](const char* param, const std::string& value) {
        return nvram.create(
            "nvram", params_for(nvram, "nvram", {{"base", "0x1fe02002000"}, {param, value}}));
    };
    CHECK_THROWS_WITH(create_nvram("mac", "52:54:00:12:34"),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("mac") &&
                          Catch::Contains("bad MAC address"));
    CHECK_THROWS_WITH(create_nvram("env", "nvramrc=" + std::string(9000, 'x')),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("env") &&
                          Catch::Contains("at most"));
    CHECK_THROWS_WITH(create_nvram("env", "a=1\nno equals sign\n"),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("line 2"));
    CHECK_THROWS_WITH(create_nvram("epoch", "yesterday"),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("epoch"));
    CHECK_THROWS_WITH(
        nvram.create("nvram", params_for(nvram, "nvram", {{"base", "0x1fe02002100"}})),
        Catch::Contains("8 KiB aligned"));

    const ModelType& fw = *factory.find("fw_cfg");
    CHECK_THROWS_WITH(fw.create("fw", params_for(fw, "fw", {{"base", "0"}, {"boot_device", "cd"}})),
                      Catch::Contains("test.yaml:1:1") && Catch::Contains("boot_device"));
    CHECK_THROWS_WITH(
        fw.create("fw", params_for(fw, "fw", {{"base", "0"}, {"machine_id", "70000"}})),
        Catch::Contains("machine_id"));
    const ModelType& power = *factory.find("sun4u_power");
    CHECK_THROWS_WITH(power.create("p", params_for(power, "p", {{"base", "0x1fe02007242"}})),
                      Catch::Contains("4-byte aligned"));
}
