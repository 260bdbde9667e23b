// MemoryCapture: the chunks touched after start(), by reads or writes, with
// their bytes as they were at start(); the memory works as before around it.
#include "core/checkpoint/memory_capture.h"

#include <catch2/catch.hpp>

#include <sys/mman.h>

#include <cstring>

using namespace fireplane;

namespace {
constexpr uint64_t kChunk = 8192;

struct Mapping {
    explicit Mapping(uint64_t size) : size(size) {
        data = static_cast<uint8_t*>(
            mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        REQUIRE(data != MAP_FAILED);
    }
    ~Mapping() { munmap(data, size); }
    uint8_t* data;
    uint64_t size;
};

// Through a volatile pointer: the compiler must touch the memory.
uint8_t read(const uint8_t* p) {
    return *static_cast<const volatile uint8_t*>(p);
}
void write(uint8_t* p, uint8_t v) {
    *static_cast<volatile uint8_t*>(p) = v;
}
} // namespace

TEST_CASE("a capture keeps each touched chunk as it was, in the order first touched",
          "[memory_capture]") {
    Mapping m(8 * kChunk);
    m.data[5 * kChunk + 3] = 0x55;
    m.data[2 * kChunk] = 0x22;
    MemoryCapture capture(m.data, m.size, kChunk);
    capture.start();
    write(m.data + 5 * kChunk + 3, 0x66); // a write first: the copy is from before it
    CHECK(read(m.data + 2 * kChunk) == 0x22);
    write(m.data + 5 * kChunk + 100, 0x77); // the same chunk again: no second copy
    capture.stop();
    REQUIRE(capture.chunks() == std::vector<uint64_t>{5, 2});
    CHECK(capture.bytes(0)[3] == 0x55);
    CHECK(capture.bytes(0)[100] == 0);
    CHECK(capture.bytes(1)[0] == 0x22);
    CHECK(!capture.overflowed());
    // The memory holds what the writes wrote, and works without faults now.
    CHECK(m.data[5 * kChunk + 3] == 0x66);
    CHECK(m.data[5 * kChunk + 100] == 0x77);
    write(m.data + 7 * kChunk, 1);
    CHECK(capture.chunks().size() == 2);
}

TEST_CASE("a capture starts afresh and can be full", "[memory_capture]") {
    Mapping m(4 * kChunk);
    MemoryCapture capture(m.data, m.size, kChunk, 2);
    capture.start();
    read(m.data);
    capture.stop();
    capture.start();
    CHECK(capture.chunks().empty());
    read(m.data + kChunk);
    read(m.data + 2 * kChunk);
    read(m.data + 3 * kChunk); // the third: more than it holds
    CHECK(capture.overflowed());
    capture.stop();
    CHECK(capture.chunks().size() == 2);
}

TEST_CASE("two captures at once each see their own memory", "[memory_capture]") {
    Mapping a(2 * kChunk), b(2 * kChunk);
    MemoryCapture ca(a.data, a.size, kChunk), cb(b.data, b.size, kChunk);
    ca.start();
    cb.start();
    write(b.data + kChunk, 9);
    read(a.data);
    ca.stop();
    cb.stop();
    CHECK(ca.chunks() == std::vector<uint64_t>{0});
    CHECK(cb.chunks() == std::vector<uint64_t>{1});
}
