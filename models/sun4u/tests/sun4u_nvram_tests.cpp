// sun4u_nvram: the M48T59 serves the image OpenBIOS expects through TLM,
// its clock still runs, and an M48t59's initial_image gives way to an image file.
#include "core/factory/model_factory.h"
#include "core/tests/support/factory_params.h"
#include "models/devices/m48t59.h"
#include "models/devices/tests/test_initiator.h"
#include "models/sun4u/nvram_image.h"
#include "models/sun4u/register_sun4u.h"
#include "models/sun4u/sun4u_nvram.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace fireplane;
using fireplane::test::TestInitiator;
using fireplane::testing::params_for;

namespace {

std::vector<uint8_t> read_bytes(TestInitiator& ini, uint64_t at, unsigned n) {
    std::vector<uint8_t> out;
    for (unsigned i = 0; i < n; ++i)
        out.push_back(ini.read8(at + i)); // byte by byte, as OpenBIOS's inb
    return out;
}

} // namespace

TEST_CASE("sun4u_nvram: the device serves the partitions, the variables and the IDPROM",
          "[sun4u_nvram]") {
    ModelFactory factory;
    register_sun4u_device_models(factory);
    const ModelType& type = *factory.find("sun4u_nvram");
    auto module = type.create(
        "nvram", params_for(type, "nvram",
                            {{"base", "0x1fe02002000"},
                             {"epoch", "2026-01-01T12:34:56"},
                             {"mac", "08:00:20:c0:ff:ee"},
                             {"env", "use-nvramrc?=true\nnvramrc=probe-all\n  banner\n"}}));
    auto* nvram = dynamic_cast<M48t59*>(module.get());
    REQUIRE(nvram != nullptr);
    CHECK(nvram->bus_range().base == 0x1fe02002000);
    TestInitiator ini("ini");
    ini.socket.bind(nvram->socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);

    const std::vector<uint8_t> expected =
        sun4u_nvram::build_image({0x08, 0x00, 0x20, 0xc0, 0xff, 0xee},
                                 {{"use-nvramrc?", "true"}, {"nvramrc", "probe-all\n  banner"}});
    // What OpenBIOS reads: the partitions (0x1fd0 bytes) and the 32-byte IDPROM.
    const std::vector<uint8_t> partitions = read_bytes(ini, 0, 0x1fd0);
    CHECK(partitions == std::vector<uint8_t>(expected.begin(), expected.begin() + 0x1fd0));
    CHECK(sun4u_nvram::read_variables(partitions).size() == 2);
    const std::vector<uint8_t> idprom = read_bytes(ini, 0x1fd8, 16);
    CHECK(idprom == std::vector<uint8_t>(expected.begin() + 0x1fd8, expected.begin() + 0x1fe8));
    CHECK(idprom[0] == 1);
    CHECK(idprom[1] == 0x80);
    CHECK(idprom[15] == sun4u_nvram::idprom_checksum(idprom.data()));
    // The clock registers are the M48T59's: the epoch's seconds and year in BCD.
    CHECK(ini.read8(M48t59::Seconds) == 0x56);
    CHECK(ini.read8(M48t59::Year) == 0x26);
}

TEST_CASE("sun4u_nvram: an M48t59's initial_image is its contents unless an image file says "
          "otherwise",
          "[sun4u_nvram]") {
    M48t59Config big;
    big.initial_image.resize(M48t59::kSize + 1);
    CHECK_THROWS_AS(M48t59("big", big), std::invalid_argument);

    M48t59Config c;
    c.initial_image = {1, 2, 3};
    M48t59 plain("plain", c);
    TestInitiator ini("ini");
    ini.socket.bind(plain.socket);

    const std::string path = "sun4u_nvram_test_image.bin";
    {
        std::ofstream out(path, std::ios::binary);
        const std::vector<char> file(M48t59::kSize, 7);
        out.write(file.data(), std::streamsize(file.size()));
    }
    c.image = path;
    M48t59 from_file("from_file", c);
    TestInitiator ini2("ini2");
    ini2.socket.bind(from_file.socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::remove(path.c_str());

    CHECK(read_bytes(ini, 0, 4) == std::vector<uint8_t>{1, 2, 3, 0});
    CHECK(read_bytes(ini2, 0, 4) == std::vector<uint8_t>{7, 7, 7, 7});
}
