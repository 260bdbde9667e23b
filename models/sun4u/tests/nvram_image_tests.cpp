// The sun4u NVRAM image, byte by byte against the formats: the CHRP system
// and free partitions (headers, checksums, variables, lengths), the Sun
// IDPROM and its checksum; parsing `mac` and `env`; what does not fit.
#include "models/sun4u/nvram_image.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace fireplane;
using namespace fireplane::sun4u_nvram;

namespace {

const MacAddress kQemuMac = {0x52, 0x54, 0x00, 0x12, 0x34, 0x56};

// OpenBIOS's nvpart_checksum, written as it is there.
unsigned openbios_checksum(const uint8_t* p) {
    int val = p[0];
    for (int i = 2; i < 16; i++) {
        val += p[i];
        if (val > 255) val = (val - 256 + 1) & 0xff;
    }
    return unsigned(val);
}

std::vector<uint8_t> header(uint8_t signature, uint8_t checksum, unsigned length,
                            const std::string& name) {
    std::vector<uint8_t> h(16, 0);
    h[0] = signature;
    h[1] = checksum;
    h[2] = uint8_t(length / 16 >> 8);
    h[3] = uint8_t(length / 16);
    for (size_t i = 0; i < name.size(); ++i)
        h[4 + i] = uint8_t(name[i]);
    return h;
}

std::vector<uint8_t> slice(const std::vector<uint8_t>& v, size_t at, size_t n) {
    return std::vector<uint8_t>(v.begin() + long(at), v.begin() + long(at + n));
}

bool zeros(const std::vector<uint8_t>& v, size_t from, size_t to) {
    return std::all_of(v.begin() + long(from), v.begin() + long(to),
                       [](uint8_t b) { return b == 0; });
}

} // namespace

TEST_CASE("nvram_image: with no variables it is what QEMU's sun4u writes", "[nvram_image]") {
    const std::vector<uint8_t> image = build_image(kQemuMac, {});
    REQUIRE(image.size() == 0x1ff0);
    // The system partition: 32 bytes (header, the end marker, padding).
    CHECK(slice(image, 0, 16) == header(0x70, 0x1a, 32, "system"));
    CHECK(zeros(image, 16, 32));
    // The free partition: the rest up to 0x1fd0.
    CHECK(slice(image, 32, 16) == header(0x7f, 0x20, 0x1fd0 - 32, "free"));
    CHECK(openbios_checksum(&image[0]) == image[1]);
    CHECK(openbios_checksum(&image[32]) == image[33]);
    CHECK(zeros(image, 48, 0x1fd8));
    // The IDPROM: format 1, machine type 0x80, the MAC, no date, the host
    // ID's serial = the MAC's last three bytes, the XOR checksum.
    const std::vector<uint8_t> idprom = {0x01, 0x80, 0x52, 0x54, 0x00, 0x12, 0x34, 0x56,
                                         0x00, 0x00, 0x00, 0x00, 0x12, 0x34, 0x56, 0x87};
    CHECK(slice(image, 0x1fd8, 16) == idprom);
    CHECK(idprom_checksum(&image[0x1fd8]) == 0x87);
    CHECK(zeros(image, 0x1fe8, 0x1ff0));
    CHECK(read_variables(image).empty());
}

TEST_CASE("nvram_image: variables are name=value strings ended by an empty one", "[nvram_image]") {
    const std::vector<NvramVariable> env = {{"use-nvramrc?", "true"},
                                            {"nvramrc", "\" /\" find-device\n  device-end"}};
    const std::vector<uint8_t> image = build_image(kQemuMac, env);
    const std::string strings = std::string("use-nvramrc?=true") + '\0' +
                                "nvramrc=\" /\" find-device\n  device-end" + '\0' + '\0';
    CHECK(slice(image, 16, strings.size()) == std::vector<uint8_t>(strings.begin(), strings.end()));
    const unsigned length = unsigned((16 + strings.size() + 15) / 16 * 16); // 80
    CHECK(length == 80);
    CHECK(image[0] == 0x70);
    CHECK(unsigned(image[2] << 8 | image[3]) * 16 == length);
    CHECK(image[1] == openbios_checksum(&image[0]));
    CHECK(zeros(image, 16 + strings.size(), length));
    CHECK(image[length] == 0x7f);
    CHECK(unsigned(image[length + 2] << 8 | image[length + 3]) * 16 == 0x1fd0 - length);
    CHECK(image[length + 1] == openbios_checksum(&image[length]));
    CHECK(read_variables(image) == env);
    // A different MAC changes only the IDPROM.
    const std::vector<uint8_t> other = build_image({8, 0, 0x20, 1, 2, 3}, env);
    CHECK(slice(other, 0, 0x1fd8) == slice(image, 0, 0x1fd8));
    CHECK(slice(other, 0x1fd8, 16) ==
          std::vector<uint8_t>{1, 0x80, 8, 0, 0x20, 1, 2, 3, 0, 0, 0, 0, 1, 2, 3,
                               uint8_t(1 ^ 0x80 ^ 8 ^ 0x20 ^ 1 ^ 2 ^ 3 ^ 1 ^ 2 ^ 3)});
}

TEST_CASE("nvram_image: the variables fill the partitions up to 0x1fd0 and no further",
          "[nvram_image]") {
    // One variable of exactly the most bytes: the free partition keeps its header only.
    const std::string name = "nvramrc";
    const std::vector<NvramVariable> full = {
        {name, std::string(kMaxVariableBytes - name.size() - 2, 'x')}};
    CHECK(variable_bytes(full) == kMaxVariableBytes);
    const std::vector<uint8_t> image = build_image(kQemuMac, full);
    const unsigned length = unsigned(image[2] << 8 | image[3]) * 16;
    CHECK(length == 0x1fd0 - 16);
    CHECK(unsigned(image[length + 2] << 8 | image[length + 3]) * 16 == 16);
    CHECK(read_variables(image) == full);
    std::vector<NvramVariable> over = full;
    over[0].value += 'x';
    CHECK_THROWS_WITH(build_image(kQemuMac, over), Catch::Contains("at most 8111"));
    CHECK_THROWS_AS(build_image(kQemuMac, {{"a=b", "c"}}), std::invalid_argument);
    CHECK_THROWS_AS(build_image(kQemuMac, {{"", "c"}}), std::invalid_argument);
}

TEST_CASE("nvram_image: a broken partition chain is reported", "[nvram_image]") {
    std::vector<uint8_t> image = build_image(kQemuMac, {{"auto-boot?", "false"}});
    CHECK(read_variables(image) == std::vector<NvramVariable>{{"auto-boot?", "false"}});
    image[5] ^= 1; // the name: the checksum no longer matches
    CHECK_THROWS_WITH(read_variables(image), Catch::Contains("checksum"));
    image[5] ^= 1;
    image[3] += 1; // a length that runs past the free partition's header
    image[1] = partition_checksum(&image[0]);
    CHECK_THROWS_AS(read_variables(image), std::invalid_argument);
}

TEST_CASE("nvram_image: env text is name=value lines, indented lines continue a value",
          "[nvram_image]") {
    const std::string text = "use-nvramrc?=true\n"
                             "# a comment\n"
                             "nvramrc=\" /\" find-device\n"
                             "  d# 75000000 encode-int \" stick-frequency\" property\n"
                             "\tdevice-end\n"
                             "\n"
                             "boot-command=boot a=b\n";
    const std::vector<NvramVariable> env = parse_env(text);
    REQUIRE(env.size() == 3);
    CHECK(env[0] == NvramVariable{"use-nvramrc?", "true"});
    CHECK(env[1].name == "nvramrc");
    CHECK(
        env[1].value ==
        "\" /\" find-device\n  d# 75000000 encode-int \" stick-frequency\" property\n\tdevice-end");
    CHECK(env[2] == NvramVariable{"boot-command", "boot a=b"}); // split at the first '='
    CHECK(parse_env("").empty());
    CHECK(parse_env("a=\n") == std::vector<NvramVariable>{{"a", ""}});
    CHECK_THROWS_WITH(parse_env("a=1\nnonsense\n"),
                      Catch::Contains("line 2") && Catch::Contains("name=value"));
    CHECK_THROWS_WITH(parse_env("  indented=1\n"), Catch::Contains("line 1"));
    CHECK_THROWS_WITH(parse_env("a=1\n# c\n  more\n"), Catch::Contains("line 3"));
    CHECK_THROWS_WITH(parse_env("=1\n"), Catch::Contains("no name"));
    CHECK_THROWS_WITH(parse_env("a=1\na=2\n"), Catch::Contains("twice"));
}

TEST_CASE("nvram_image: MAC addresses are six hex bytes with colons", "[nvram_image]") {
    CHECK(parse_mac("52:54:00:12:34:56") == kQemuMac);
    CHECK(parse_mac("08:00:20:AB:cd:Ef") == MacAddress{8, 0, 0x20, 0xab, 0xcd, 0xef});
    for (const char* bad : {"", "52:54:00:12:34", "52:54:00:12:34:56:78", "52-54-00-12-34-56",
                            "52:54:00:12:34:5g", "5:54:00:12:34:567"}) {
        INFO(bad);
        CHECK_THROWS_WITH(parse_mac(bad), Catch::Contains("MAC"));
    }
}
