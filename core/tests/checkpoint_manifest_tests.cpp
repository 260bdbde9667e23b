// The plain manifest reader: it reads what write_checkpoint emits, exactly as
// yaml-cpp does, and declines everything else (which yaml-cpp then reads).
#include "core/checkpoint/checkpoint_file.h"
#include "core/checkpoint/checkpoint_manifest.h"
#include "core/tests/support/temp_dir.h"

#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace fireplane;

namespace {

struct Blob final : Checkpointable {
    std::vector<uint8_t> bytes = std::vector<uint8_t>(3, 1);
    std::string shape_text;
    void checkpoint(StateIo& io) override { io(bytes); }
    std::string shape() const override { return shape_text; }
};

// A manifest as write_checkpoint writes it, for `argv`.
std::string written(const std::string& dir, const std::vector<std::string>& argv) {
    Blob core, caches, bus;
    caches.shape_text = "I$ 32768/4/32/1 lru, E$ 8388608/2/512/8 lfsr, store buffer 8";
    bus.shape_text = "address bus";
    CheckpointRegistry reg;
    CheckpointSection s1("cpu0.caches", 2, caches, CheckpointRegistry::Kind::Optional, reg);
    CheckpointSection s2("cpu0", 1, core, CheckpointRegistry::Kind::Required, reg);
    CheckpointSection s3("fireplane", 2, bus, CheckpointRegistry::Kind::Optional, reg);
    CheckpointInfo info;
    info.created_by = "fireplane 0.9-test";
    info.machine_file = "/work/configs/v1280.yaml";
    info.machine_hash = "4f76112aef3d33c2";
    info.mode = "user";
    info.time_ps = 604992828;
    info.instructions = 1604000;
    info.argv = argv;
    info.live_point = true;
    write_checkpoint(dir, info, reg);
    std::ifstream in(dir + "/checkpoint.yaml");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The same fields as yaml-cpp reads them.
void check_as_yaml_reads(const std::string& text, const Manifest& m) {
    const YAML::Node y = YAML::Load(text);
    CHECK(m.format == y["format"].as<std::string>());
    CHECK(m.info.format == y["version"].as<unsigned>());
    CHECK(m.info.created_by == y["created_by"].as<std::string>(""));
    CHECK(m.info.machine_file == y["machine_file"].as<std::string>(""));
    CHECK(m.info.machine_hash == y["machine_hash"].as<std::string>());
    CHECK(m.info.mode == y["mode"].as<std::string>());
    CHECK(m.info.time_ps == y["time_ps"].as<uint64_t>());
    CHECK(m.info.instructions == y["instructions"].as<uint64_t>(0));
    CHECK(m.info.argv == y["argv"].as<std::vector<std::string>>());
    CHECK(m.info.live_point == y["live_point"].as<bool>(false));
    REQUIRE(m.sections.size() == y["sections"].size());
    for (size_t i = 0; i < m.sections.size(); ++i) {
        const YAML::Node s = y["sections"][i];
        CHECK(m.sections[i].name == s["name"].as<std::string>());
        CHECK(m.sections[i].version == s["version"].as<unsigned>());
        CHECK(m.sections[i].optional == (s["kind"].as<std::string>() == "optional"));
        CHECK(m.sections[i].shape == s["shape"].as<std::string>(""));
        CHECK(m.sections[i].file == s["file"].as<std::string>());
        CHECK(m.sections[i].bytes == s["bytes"].as<uint64_t>());
        CHECK(m.sections[i].crc == s["crc32"].as<uint32_t>());
        CHECK(m.sections[i].codec == codec_named(s["codec"].as<std::string>("zlib")));
    }
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("the plain reader reads a written manifest as yaml-cpp does", "[checkpoint]") {
    const test::TempDir scratch("fireplane-manifest");
    const std::string text =
        written(scratch.path(), {"/work/build/sw/workloads/omp_kernels", "12", "-r", "1"});
    const std::optional<Manifest> m = read_plain_manifest(text);
    REQUIRE(m);
    CHECK(m->sections.size() == 3);
    CHECK(m->sections[0].shape == "I$ 32768/4/32/1 lru, E$ 8388608/2/512/8 lfsr, store buffer 8");
    CHECK(m->sections[2].shape == "address bus");
    CHECK(m->info.argv[2] == "-r");
    check_as_yaml_reads(text, *m);
}

TEST_CASE("a program's arguments come back whichever reader reads them", "[checkpoint]") {
    const test::TempDir scratch("fireplane-manifest");
    const std::vector<std::string> args = {
        "a b",   "x:y",  "x: y",  "#c",       "a #c", "-",           "- x",    "-r",
        "null",  "~",    "",      "\xc3\xbc", "q\"d", "back\\slash", "[br]",   "{b}",
        "a,b",   "true", "007",   "@at",      "%p",   " lead",       "trail ", "'s'",
        "*star", "&amp", "!bang", "|",        ">",    "?",           "a\tb"};
    for (const std::string& arg : args) {
        INFO("argument '" << arg << "'");
        const std::string text = written(scratch.path(), {"prog", arg, "1"});
        if (const std::optional<Manifest> m = read_plain_manifest(text))
            check_as_yaml_reads(text, *m);
        const CheckpointReader reader(scratch.path());
        CHECK(reader.info().argv == std::vector<std::string>{"prog", arg, "1"});
        CHECK(reader.info().live_point);
        CHECK(reader.info().time_ps == 604992828);
    }
}

TEST_CASE("the plain reader declines what write_checkpoint does not write", "[checkpoint]") {
    const test::TempDir scratch("fireplane-manifest");
    const std::string text = written(scratch.path(), {"prog"});
    REQUIRE(read_plain_manifest(text));
    const std::string version = "version: " + std::to_string(CheckpointInfo::kFormat);
    const std::vector<std::pair<std::string, std::string>> edits = {
        {"live_point: true", "live_point: yes"},                         // a YAML 1.1 boolean
        {"live_point: true", "live_point: true # a point"},              // a comment
        {"mode: user", "mode: user\nextra: 1"},                          // a key it does not know
        {"mode: user", "mode: user\nmode: user"},                        // a key twice
        {"mode: user\n", ""},                                            // a key yaml-cpp requires
        {version, "version: 99"},                                        // a newer format
        {version, version.substr(0, 9) + '"' + version.substr(9) + '"'}, // a quoted number
        {"time_ps: 604992828", "time_ps: 0x1234"},                       // not decimal
        {"instructions: 1604000", "instructions: 99999999999999999999"}, // too large
        {"machine_hash: 4f76112aef3d33c2", "machine_hash: ~"},           // null
        {"\n", "\r\n"},                                                  // CRLF
        {"codec: zstd}", "codec: zstd, extra: 1}"},       // a section key it does not know
        {"codec: zstd}", "codec: brotli}"},               // a codec it cannot unpack
        {"kind: optional, ", ""},                         // a section key yaml-cpp requires
        {"sections:\n", "sections:\n  # the sections\n"}, // a comment line
        {"format: fireplane-checkpoint", "format: \"fireplane-\\x63heckpoint\""}, // an escape
    };
    for (const auto& [from, to] : edits) {
        INFO("'" << from << "' -> '" << to << "'");
        CHECK_FALSE(read_plain_manifest(replaced(text, from, to)));
    }
    CHECK_FALSE(read_plain_manifest(text.substr(0, text.size() - 1))); // no final newline
}
