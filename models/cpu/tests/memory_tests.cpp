// Loads, stores and atomics: byte order, alternate spaces, alignment and
// faults.
#include "sparc_asm.h"
#include "test_cpu.h"

#include <catch2/catch.hpp>

using namespace cpu_test;
using namespace cpu_test::as;

namespace {
constexpr uint64_t kData = TestCpu::kData;
} // namespace

TEST_CASE("Loads are big-endian and extend by type", "[memory]") {
    TestCpu cpu({mem(kLduw, o1, o0, 0), mem(kLdsw, o2, o0, 0), mem(kLdub, o3, o0, 3),
                 mem(kLdx, o4, o0, 0)});
    cpu.memory.put64(kData, 0xfedcba9876543210);
    cpu.reg(o0) = kData;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0xfedcba98);
    CHECK(cpu.reg(o2) == 0xfffffffffedcba98);
    CHECK(cpu.reg(o3) == 0x98);
    CHECK(cpu.reg(o4) == 0xfedcba9876543210);
}

TEST_CASE("Stores write big-endian and only their own bytes", "[memory]") {
    TestCpu cpu({mem(kStx, o1, o0, 0), mem(kStw, o2, o0, 8), mem(kStb, o2, o0, 12)});
    cpu.reg(o0) = kData;
    cpu.reg(o1) = 0x0102030405060708;
    cpu.reg(o2) = 0xaabbccdd;
    cpu.memory.put32(kData + 12, 0x11223344);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.memory.get64(kData) == 0x0102030405060708);
    CHECK(cpu.memory.get32(kData + 8) == 0xaabbccdd);
    CHECK(cpu.memory.get32(kData + 12) == 0xdd223344);
}

TEST_CASE("LDSTUB returns the byte and leaves 0xff", "[memory][atomic]") {
    TestCpu cpu({mem(kLdstub, o1, o0, 1), mem(kLdstub, o2, o0, 1)});
    cpu.reg(o0) = kData;
    cpu.memory.put32(kData, 0x00420000);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0x42);
    CHECK(cpu.reg(o2) == 0xff); // the lock is now held
    CHECK(cpu.memory.get32(kData) == 0x00ff0000);
}

TEST_CASE("SWAP exchanges a word with rd", "[memory][atomic]") {
    TestCpu cpu({mem(kSwap, o1, o0, 4)});
    cpu.reg(o0) = kData;
    cpu.reg(o1) = 0xffffffff12345678; // only the low word is stored
    cpu.memory.put32(kData + 4, 0x87654321);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0x87654321); // zero-extended
    CHECK(cpu.memory.get32(kData + 4) == 0x12345678);
}

TEST_CASE("CASA swaps only when memory equals rs2, rd gets the old value", "[memory][atomic]") {
    TestCpu cpu({
        mema(kCasa, o2, o0, o1, 0x80), // compare with 7: equal, store 100
        mema(kCasa, o3, o0, o1, 0x80), // compare with 7: memory is 100 now
    });
    cpu.reg(o0) = kData;
    cpu.reg(o1) = 0xffffffff00000007; // the compare uses the low word only
    cpu.reg(o2) = 100;
    cpu.reg(o3) = 200;
    cpu.memory.put32(kData, 7);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 7);
    CHECK(cpu.reg(o3) == 100);
    CHECK(cpu.memory.get32(kData) == 100);
}

TEST_CASE("CASXA compares all 64 bits", "[memory][atomic]") {
    TestCpu cpu({mema(kCasxa, o2, o0, o1, 0x80), mema(kCasxa, o3, o0, o4, 0x80)});
    cpu.reg(o0) = kData;
    cpu.reg(o1) = 0x0000000100000007; // differs from memory in the high word only
    cpu.reg(o2) = 1;
    cpu.reg(o4) = 7;
    cpu.reg(o3) = 0xabcdef0123456789;
    cpu.memory.put64(kData, 7);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o2) == 7);
    CHECK(cpu.reg(o3) == 7);
    CHECK(cpu.memory.get64(kData) == 0xabcdef0123456789);
}

TEST_CASE("ASI 0x88 (primary little-endian) loads and stores swap bytes", "[memory][asi]") {
    TestCpu cpu({mema(kLduwa, o1, o0, g0, 0x88), mema(kLdxa, o2, o0, g0, 0x88),
                 mema(kStxa, o3, o0, o4, 0x88)});
    cpu.reg(o0) = kData;
    cpu.reg(o4) = 8;
    cpu.reg(o3) = 0x1122334455667788;
    cpu.memory.put64(kData, 0x0102030405060708);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0x04030201);
    CHECK(cpu.reg(o2) == 0x0807060504030201);
    CHECK(cpu.memory.get64(kData + 8) == 0x8877665544332211);
}

TEST_CASE("ASI 0x82 (no-fault) loads from an unmapped page return zero", "[memory][asi]") {
    TestCpu cpu({mema(kLdxa, o1, o0, g0, 0x82), mema(kLduwa, o2, o0, g0, 0x82),
                 mema(kLdxa, o3, o4, g0, 0x82)});
    cpu.reg(o0) = TestCpu::kUnmapped;
    cpu.reg(o1) = cpu.reg(o2) = 55;
    cpu.reg(o4) = kData;
    cpu.memory.put64(kData, 0x1234);
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o1) == 0);
    CHECK(cpu.reg(o2) == 0);
    CHECK(cpu.reg(o3) == 0x1234); // mapped memory reads normally
    CHECK(cpu.traps.size() == 1); // only the final stop trap
}

TEST_CASE("An ordinary load from an unmapped page raises data_access_exception", "[memory][trap]") {
    TestCpu cpu({kNop, mem(kLdx, o1, o0, 8)});
    cpu.reg(o0) = TestCpu::kUnmapped;
    REQUIRE(cpu.run() == 0x30);
    CHECK(cpu.trap_pc() == TestCpu::at(1));
    CHECK(cpu.core.fault_address == TestCpu::kUnmapped + 8);
}

TEST_CASE("Misaligned accesses raise mem_address_not_aligned (0x34)", "[memory][trap]") {
    const uint32_t words[] = {
        mem(kLduw, o1, o0, 2), mem(kLdx, o1, o0, 4),           mem(kStw, o1, o0, 1),
        mem(kSwap, o1, o0, 2), mema(kCasxa, o1, o2, o1, 0x80),
    };
    for (uint32_t word : words) {
        INFO("word " << std::hex << word);
        TestCpu cpu({word});
        cpu.reg(o0) = kData;
        cpu.reg(o2) = kData + 4;
        REQUIRE(cpu.run() == 0x34);
        CHECK(cpu.trap_pc() == TestCpu::at(0));
        CHECK(cpu.core.fault_address >= kData + 1);
        CHECK(cpu.core.fault_address <= kData + 4);
    }
}

TEST_CASE("A store into decoded code is seen when the code runs again", "[memory][code]") {
    // Instruction 3 starts as "mov 1, %o1" and is overwritten with "mov 2, %o1"
    // after it ran once; the second pass must decode the new word.
    TestCpu cpu({
        movi(o1, 0), alui(kSubcc, o3, o3, 1), // 1: loop
        kNop,                                 // 2
        movi(o1, 1),                          // 3
        alu(kAdd, o4, o4, o1),                // 4: o4 += o1
        mem(kStw, o2, o0, 12),                // 5: patch instruction 3
        bicc(kNe, false, -5),                 // 6: back to 1
        kNop,                                 // 7
    });
    cpu.reg(o0) = TestCpu::kCode;
    cpu.reg(o2) = movi(o1, 2);
    cpu.reg(o3) = 2;
    REQUIRE(cpu.run() == TestCpu::kStopTrap);
    CHECK(cpu.reg(o4) == 3);
}
