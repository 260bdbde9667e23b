// MemoryImage: a memory's chunks as a checkpoint section, restored point
// after point into one machine (live points): the chunks a point does not
// hold read as zeros and are absent, whatever the point before held.
#include "models/common/memory_image.h"
#include "models/common/sparse_memory.h"

#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <vector>

using namespace fireplane;

namespace {

constexpr uint64_t kChunk = MemoryImage::kChunk;
constexpr uint64_t kSize = 64 * kChunk;

bool present(const uint8_t* base, uint64_t chunk) {
    unsigned char map[8] = {};
    const long page = sysconf(_SC_PAGESIZE);
    REQUIRE(mincore(const_cast<uint8_t*>(base) + chunk * kChunk, size_t(page), map) == 0);
    return map[0] & 1;
}

std::vector<uint8_t> save(MemoryImage& image) {
    std::vector<uint8_t> bytes;
    StateIo io = StateIo::writer("memory", bytes, 1);
    image.checkpoint(io);
    return bytes;
}

void restore(MemoryImage& image, const std::vector<uint8_t>& bytes) {
    StateIo io = StateIo::reader("memory", bytes.data(), bytes.size(), 1);
    image.checkpoint(io);
    REQUIRE(io.at_end());
}

} // namespace

TEST_CASE("a memory restored point after point holds each point's chunks and nothing else",
          "[memory_image]") {
    SparseMemory memory(kSize, "memory");
    uint8_t* m = memory.data();
    CheckpointRegistry registry;
    CheckpointRegistry::Scope scope(registry);
    MemoryImage image("memory", m, kSize);

    m[1 * kChunk + 5] = 0x11; // point A: chunks 1 and 3
    m[3 * kChunk] = 0x33;
    const std::vector<uint8_t> a = save(image);
    madvise(m, kSize, MADV_DONTNEED);
    m[3 * kChunk] = 0x44; // point B: chunks 3 and 5
    m[5 * kChunk + kChunk - 1] = 0x55;
    const std::vector<uint8_t> b = save(image);

    for (int round = 0; round < 3; ++round) {
        restore(image, a);
        CHECK(m[1 * kChunk + 5] == 0x11);
        CHECK(m[3 * kChunk] == 0x33);
        CHECK(!present(m, 5));
        CHECK(image.touched_beyond_restored().empty());

        restore(image, b);
        CHECK(!present(m, 1));
        CHECK(m[1 * kChunk + 5] == 0); // read as zero (and present again)
        CHECK(m[3 * kChunk] == 0x44);
        CHECK(m[5 * kChunk + kChunk - 1] == 0x55);
        // Chunk 1 was read above: a page the point does not hold is present.
        CHECK(image.touched_beyond_restored() == std::vector<uint64_t>{1 * kChunk});
    }

    restore(image, a);
    m[7 * kChunk + 1] = 1; // a chunk neither point holds
    CHECK(image.touched_beyond_restored() == std::vector<uint64_t>{7 * kChunk});
    restore(image, a);
    CHECK(!present(m, 7));
    CHECK(m[7 * kChunk + 1] == 0);
}
