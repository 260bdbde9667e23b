// The checkpoint format: sections round-trip through StateIo and the folder,
// and every way a checkpoint can be wrong is a CheckpointError with a reason.
#include "core/checkpoint/checkpoint_file.h"
#include "core/stats/stats_checkpoint.h"
#include "core/tests/support/temp_dir.h"

#include <catch2/catch.hpp>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unistd.h>

using namespace fireplane;

namespace {

struct Inner {
    uint32_t a = 0;
    std::string b;
    void checkpoint(StateIo& io) { io(a, b); }
};

enum class Colour : uint8_t { Red, Green };

struct Model : Checkpointable {
    uint64_t x = 0;
    int32_t negative = 0;
    bool flag = false;
    double d = 0;
    Colour colour = Colour::Red;
    uint64_t regs[4] = {};
    std::vector<Inner> list;
    std::map<uint64_t, std::string> names;
    std::unordered_map<uint64_t, uint64_t> pages;
    std::optional<int64_t> maybe;
    std::string shape_text = "8MiB";
    int restored_calls = 0;
    void checkpoint(StateIo& io) override {
        io(x, negative, flag, d, colour, regs, list, names, pages, maybe);
    }
    void restored() override { ++restored_calls; }
    std::string shape() const override { return shape_text; }
};

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<uint8_t> read_bytes(const std::string& path) {
    const std::string text = read_text(path);
    return {text.begin(), text.end()};
}

void rewrite(const std::string& path, const std::string& from, const std::string& to) {
    std::string text = read_text(path);
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(path) << text;
}

const std::string kVersion = "version: " + std::to_string(CheckpointInfo::kFormat);

// The value of `key` in the first section line of the manifest in `dir`.
std::string manifest_value(const std::string& dir, const std::string& key) {
    const std::string text = read_text(dir + "/checkpoint.yaml");
    const size_t at = text.find(key + ": ");
    REQUIRE(at != std::string::npos);
    const size_t from = at + key.size() + 2;
    return text.substr(from, text.find_first_of(",}", from) - from);
}

// The unpacked bytes of the one section "model" of the checkpoint in `dir`.
std::vector<uint8_t> model_bytes(const std::string& dir) {
    const std::vector<uint8_t> packed = read_bytes(dir + "/model.zst");
    std::vector<uint8_t> bytes(ZSTD_getFrameContentSize(packed.data(), packed.size()));
    REQUIRE(ZSTD_decompress(bytes.data(), bytes.size(), packed.data(), packed.size()) ==
            bytes.size());
    return bytes;
}

uint32_t crc_of(const std::vector<uint8_t>& bytes) {
    return uint32_t(crc32(crc32(0L, Z_NULL, 0), bytes.data(), uInt(bytes.size())));
}

// Turns the checkpoint in `dir` into format 2, as an older Fireplane wrote
// it: the same zstd file, its CRC taken of the unpacked bytes.
void make_format_2(const std::string& dir) {
    const std::vector<uint8_t> bytes = model_bytes(dir);
    rewrite(dir + "/checkpoint.yaml", "crc32: " + manifest_value(dir, "crc32"),
            "crc32: " + std::to_string(crc_of(bytes)));
    rewrite(dir + "/checkpoint.yaml", kVersion, "version: 2");
}

// Turns the checkpoint in `dir` into format 1, as an older Fireplane wrote
// it: its one section "model" packed with zlib in model.z, its CRC taken of
// the unpacked bytes.
void make_format_1(const std::string& dir) {
    make_format_2(dir);
    const std::vector<uint8_t> bytes = model_bytes(dir);
    uLongf len = compressBound(uLong(bytes.size()));
    std::vector<uint8_t> zlib(len);
    REQUIRE(compress2(zlib.data(), &len, bytes.data(), uLong(bytes.size()), 1) == Z_OK);
    std::ofstream(dir + "/model.z", std::ios::binary)
        .write(reinterpret_cast<const char*>(zlib.data()), std::streamsize(len));
    std::remove((dir + "/model.zst").c_str());
    rewrite(dir + "/checkpoint.yaml", "version: 2", "version: 1");
    rewrite(dir + "/checkpoint.yaml", "file: model.zst", "file: model.z");
    rewrite(dir + "/checkpoint.yaml", ", codec: zstd", "");
}

// Restores `dir` into `back`, a required section "model" of `version`.
void restore_model(const std::string& dir, Model& back, unsigned version = 2) {
    std::ostringstream notes;
    CheckpointRegistry reg;
    CheckpointSection section("model", version, back, CheckpointRegistry::Kind::Required, reg);
    CheckpointReader(dir).restore(reg, notes);
}

Model filled() {
    Model m;
    m.x = 0x0123456789abcdefull;
    m.negative = -5;
    m.flag = true;
    m.d = 2.5;
    m.colour = Colour::Green;
    m.regs[3] = 7;
    m.list = {{1, "one"}, {2, "two"}};
    m.names = {{10, "ten"}};
    m.pages = {{3, 30}, {1, 10}, {2, 20}};
    m.maybe = -1;
    return m;
}

} // namespace

TEST_CASE("a section round-trips every kind of field", "[checkpoint]") {
    Model a = filled(), b;
    std::vector<uint8_t> bytes;
    StateIo w = StateIo::writer("m", bytes, 1);
    a.checkpoint(w);
    StateIo r = StateIo::reader("m", bytes, 1);
    b.checkpoint(r);
    CHECK(r.at_end());
    CHECK(b.x == a.x);
    CHECK(b.negative == -5);
    CHECK(b.flag);
    CHECK(b.d == 2.5);
    CHECK(b.colour == Colour::Green);
    CHECK(b.regs[3] == 7);
    REQUIRE(b.list.size() == 2);
    CHECK(b.list[1].b == "two");
    CHECK(b.names.at(10) == "ten");
    CHECK(b.pages == a.pages);
    CHECK(b.maybe == -1);

    SECTION("unordered maps are written in key order: the same state, the same bytes") {
        Model c = filled();
        c.pages.clear();
        c.pages = {{2, 20}, {1, 10}, {3, 30}};
        std::vector<uint8_t> again;
        StateIo w2 = StateIo::writer("m", again, 1);
        c.checkpoint(w2);
        CHECK(again == bytes);
    }
    SECTION("a truncated section is an error naming it") {
        bytes.resize(bytes.size() - 3);
        StateIo t = StateIo::reader("cpu0.core", bytes, 1);
        Model c;
        CHECK_THROWS_WITH(c.checkpoint(t), Catch::Contains("section 'cpu0.core': truncated"));
    }
    SECTION("a count larger than the section is an error, not an allocation") {
        std::vector<uint8_t> evil(8, 0xff);
        StateIo t = StateIo::reader("m", evil, 1);
        std::vector<uint64_t> v;
        CHECK_THROWS_WITH(t(v), Catch::Contains("more than the section holds"));
    }
}

// Found by the checkpoint fuzzer: an empty vector's data() is null, which
// the restore passed to memcmp (undefined behaviour).
TEST_CASE("an empty vector of numbers restores in place and not", "[checkpoint]") {
    std::vector<uint64_t> empty;
    std::vector<uint8_t> bytes_of_empty;
    StateIo w = StateIo::writer("m", bytes_of_empty, 1);
    w(empty);
    for (bool in_place : {false, true}) {
        std::vector<uint64_t> v;
        StateIo r = StateIo::reader("m", bytes_of_empty.data(), bytes_of_empty.size(), 1, in_place);
        r(v);
        CHECK(v.empty());
        CHECK(r.at_end());
    }
}

TEST_CASE("a checkpoint folder saves and restores its sections", "[checkpoint]") {
    const test::TempDir scratch("fireplane-ckpt");
    const std::string& dir = scratch.path();
    CheckpointInfo info;
    info.created_by = "test";
    info.machine_hash = "abc";
    info.machine_file = "m.yaml";
    info.mode = "user";
    info.time_ps = 1234;
    info.argv = {"prog", "1"};
    Model saved = filled();
    {
        CheckpointRegistry reg;
        CheckpointSection s1("model", 2, saved, CheckpointRegistry::Kind::Required, reg);
        write_checkpoint(dir, info, reg);
    }
    std::ostringstream notes;

    SECTION("round trip") {
        CheckpointReader reader(dir);
        CHECK(reader.info().time_ps == 1234);
        CHECK(reader.info().argv == std::vector<std::string>{"prog", "1"});
        CHECK_NOTHROW(reader.check_machine("abc", "m.yaml"));
        Model back;
        restore_model(dir, back);
        CHECK(back.x == saved.x);
        CHECK(back.list[0].b == "one");
        CHECK(back.restored_calls == 1);
    }
    SECTION("another machine") {
        CHECK_THROWS_WITH(CheckpointReader(dir).check_machine("xyz", "other.yaml"),
                          Catch::Contains("made on another machine"));
    }
    SECTION("no checkpoint there") {
        CHECK_THROWS_WITH(CheckpointReader(dir + "/nothing"), Catch::Contains("not a checkpoint"));
    }
    SECTION("a newer format") {
        rewrite(dir + "/checkpoint.yaml", kVersion, "version: 99");
        CHECK_THROWS_WITH(CheckpointReader(dir), Catch::Contains("newer Fireplane"));
    }
    SECTION("a damaged manifest") {
        std::ofstream(dir + "/checkpoint.yaml") << "format: fireplane-checkpoint\nversion: [";
        CHECK_THROWS_WITH(CheckpointReader(dir), Catch::Contains("damaged manifest"));
    }
    SECTION("a corrupt section") {
        std::fstream f(dir + "/model.zst", std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(12); // past the frame's header: its data
        f.put('\x5a');
        f.close();
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("is corrupt"));
    }
    SECTION("a missing section file") {
        std::remove((dir + "/model.zst").c_str());
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("is missing"));
    }
    SECTION("format 3: each CRC is of the section's file") {
        CHECK(CheckpointReader(dir).info().format == 3);
        CHECK(manifest_value(dir, "crc32") ==
              std::to_string(crc_of(read_bytes(dir + "/model.zst"))));
    }
    SECTION("a section whose file does not match its CRC") {
        // The frames carry no checksum of their own: zstd unpacks this flipped
        // bit into other bytes without a word, and only the CRC sees it.
        std::vector<uint8_t> file = read_bytes(dir + "/model.zst");
        file.back() ^= 0x01;
        std::ofstream(dir + "/model.zst", std::ios::binary)
            .write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("is corrupt"));
    }
    // An older format restores what it holds.
    const auto restores_as = [&](unsigned format) {
        CHECK(CheckpointReader(dir).info().format == format);
        Model back;
        restore_model(dir, back);
        CHECK(back.x == saved.x);
        CHECK(back.list[0].b == "one");
    };
    SECTION("format 2: CRCs of the unpacked bytes") {
        make_format_2(dir);
        restores_as(2);
    }
    SECTION("format 2, a CRC that does not match the unpacked bytes") {
        make_format_2(dir);
        const std::string crc = manifest_value(dir, "crc32");
        rewrite(dir + "/checkpoint.yaml", "crc32: " + crc,
                "crc32: " + std::to_string(std::stoul(crc) ^ 1));
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("is corrupt"));
    }
    SECTION("format 1: sections packed with zlib") {
        make_format_1(dir);
        restores_as(1);
    }
    SECTION("format 1, a corrupt section") {
        make_format_1(dir);
        std::fstream f(dir + "/model.z", std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(4);
        f.put('\x5a');
        f.close();
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("is corrupt"));
    }
    SECTION("a codec this build does not know") {
        rewrite(dir + "/checkpoint.yaml", "codec: zstd", "codec: brotli");
        CHECK_THROWS_WITH(CheckpointReader(dir), Catch::Contains("packed with 'brotli'"));
    }
    SECTION("a size the section's file cannot unpack to") {
        // The manifest claims far more than the frame holds: refused before
        // anything that size is allocated.
        rewrite(dir + "/checkpoint.yaml", "bytes: " + manifest_value(dir, "bytes"),
                "bytes: 99999999999");
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back), Catch::Contains("cannot come from"));
    }
    SECTION("a section newer than the model") {
        Model back;
        CHECK_THROWS_WITH(restore_model(dir, back, 1), Catch::Contains("newer than this"));
    }
    SECTION("a required section the checkpoint lacks") {
        CheckpointReader reader(dir);
        Model back, other;
        CheckpointRegistry reg;
        CheckpointSection s1("model", 2, back, CheckpointRegistry::Kind::Required, reg);
        CheckpointSection s2("cpu1.core", 1, other, CheckpointRegistry::Kind::Required, reg);
        CHECK_THROWS_WITH(reader.restore(reg, notes), Catch::Contains("no section 'cpu1.core'"));
    }
    SECTION("a section the machine has no model for") {
        CheckpointReader reader(dir);
        CheckpointRegistry reg;
        CHECK_THROWS_WITH(reader.restore(reg, notes), Catch::Contains("no model for"));
    }
}

TEST_CASE("optional sections restore when their shape matches, else start cold", "[checkpoint]") {
    const test::TempDir scratch("fireplane-ckpt");
    const std::string& dir = scratch.path();
    Model saved = filled();
    {
        CheckpointRegistry reg;
        CheckpointSection s("cpu0.caches", 1, saved, CheckpointRegistry::Kind::Optional, reg);
        write_checkpoint(dir, CheckpointInfo{}, reg);
    }
    CheckpointReader reader(dir);
    std::ostringstream notes;
    Model same, other;
    other.shape_text = "4MiB";
    {
        CheckpointRegistry reg;
        CheckpointSection s("cpu0.caches", 1, same, CheckpointRegistry::Kind::Optional, reg);
        reader.restore(reg, notes);
    }
    CHECK(same.x == saved.x);
    {
        CheckpointRegistry reg;
        CheckpointSection s("cpu0.caches", 1, other, CheckpointRegistry::Kind::Optional, reg);
        reader.restore(reg, notes);
    }
    CHECK(other.x == 0);
    CHECK_THAT(notes.str(), Catch::Contains("was 8MiB, now 4MiB: it starts cold"));
}

TEST_CASE("statistics counters and their region-of-interest state restore", "[checkpoint]") {
    uint64_t hits = 0, misses = 0;
    std::vector<uint8_t> bytes;
    {
        StatsRegistry stats;
        stats.add_counter("cpu0.hits", &hits, "hits");
        hits = 10;
        stats.reset(); // a region of interest began at 10
        hits = 15;
        CheckpointRegistry reg;
        StatsCheckpoint sc(stats, reg);
        StateIo w = StateIo::writer("stats", bytes, 1);
        sc.checkpoint(w);
    }
    StatsRegistry stats;
    stats.add_counter("cpu0.hits", &misses, "hits");
    CheckpointRegistry reg;
    StatsCheckpoint sc(stats, reg);
    StateIo r = StateIo::reader("stats", bytes, 1);
    sc.checkpoint(r);
    CHECK(misses == 15);
    CHECK(stats.find("cpu0.hits")->value() == 5);
}
