// blocks/dma_checksum.sv as a platform device (RtlDevice: AXI4-Lite
// registers, an AXI4 master, an interrupt, a busy output that keeps its
// clock running) against its TLM twin (twins/dma_checksum_model.h): the
// same random operations go to both through a TwinChecker, and the memories
// they moved must be equal. Directed tests cover what the untimed twin
// cannot show: BUSY, and the writes refused while busy.
#include "models/rtl/rtl_device.h"
#include "models/rtl/twin_checker.h"
#include "models/rtl/twins/dma_checksum_model.h"

#include "Vdma_checksum.h"

#include "models/devices/ram.h"
#include "models/devices/tests/test_initiator.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <vector>

using namespace fireplane;
using namespace fireplane::rtl;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

enum : uint64_t {
    kId = 0x00,
    kCtrl = 0x04,
    kStatus = 0x08,
    kDoneCount = 0x0c,
    kSrcLo = 0x10,
    kSrcHi = 0x14,
    kDstLo = 0x18,
    kDstHi = 0x1c,
    kLen = 0x20,
    kSum = 0x24
};
constexpr uint32_t kStart = 1, kIrqEn = 2, kCopy = 4;
constexpr uint32_t kBusy = 1, kDone = 2, kError = 4;
constexpr uint64_t kMemory = 64 * 1024;

// Records the interrupt levels a device drives.
struct Levels : InterruptInput {
    bool level = false;
    unsigned changes = 0;
    void set_level(unsigned, bool asserted) override {
        level = asserted;
        ++changes;
    }
};

RtlDeviceConfig device_config() {
    RtlDeviceConfig c;
    c.registers = {0, 0x1000, 1000};
    c.clock = {sc_time(10, SC_NS), 2, false};
    c.interrupt = 5;
    return c;
}

// The RTL device with its own memory; through a TwinChecker beside the twin
// and its memory (the same contents), or alone (`direct`).
struct Bench : sc_core::sc_module {
    TestInitiator ini{"ini"};
    std::optional<TestInitiator> spare;
    RtlDevice<Vdma_checksum> dev;
    Ram rtl_memory, twin_memory;
    DmaChecksumModel twin;
    std::optional<TwinChecker> checker;
    Levels rtl_irq, twin_irq;
    std::function<void(Bench&)> script;

    Bench(std::function<void(Bench&)> s, bool direct)
        : sc_module(sc_core::sc_module_name("bench")), dev("dma", device_config()),
          rtl_memory("rtl_memory", RamConfig{kMemory}),
          twin_memory("twin_memory", RamConfig{kMemory}),
          twin("twin", DmaChecksumConfig{0, 0x1000, 5}), script(std::move(s)) {
        dev.bind_initiators(rtl_memory.socket);
        twin.bind_initiators(twin_memory.socket);
        dev.connect_interrupt(rtl_irq);
        twin.connect_interrupt(twin_irq);
        if (direct) {
            ini.socket.bind(dev.bus_target());
            spare.emplace("spare");
            spare->socket.bind(twin.socket); // the twin sits idle
        } else {
            checker.emplace("checker", dev.clock);
            ini.socket.bind(checker->socket);
            checker->rtl.bind(dev.bus_target());
            checker->twin.bind(twin.socket);
        }
        std::mt19937_64 fill(1);
        for (uint64_t a = 0; a < kMemory; ++a)
            rtl_memory.host_ptr()[a] = twin_memory.host_ptr()[a] = uint8_t(fill());
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }
    void run() {
        script(*this);
        sc_core::sc_stop();
    }
    tlm::tlm_response_status write32(uint64_t a, uint32_t v) {
        return ini.write(a, {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)});
    }
    uint32_t read32(uint64_t a, tlm::tlm_response_status* status = nullptr) {
        std::vector<uint8_t> d(4, 0xee);
        const tlm::tlm_response_status s = ini.read(a, d);
        if (status) *status = s;
        return uint32_t(d[0]) | uint32_t(d[1]) << 8 | uint32_t(d[2]) << 16 | uint32_t(d[3]) << 24;
    }
    void wait_idle() {
        while (dev.busy.read())
            sc_core::wait(dev.busy.negedge_event());
    }
    void program(uint64_t src, uint64_t dst, uint32_t len, uint32_t ctrl) {
        write32(kSrcLo, uint32_t(src));
        write32(kSrcHi, uint32_t(src >> 32));
        write32(kDstLo, uint32_t(dst));
        write32(kDstHi, uint32_t(dst >> 32));
        write32(kLen, len);
        write32(kCtrl, ctrl | kStart);
    }
};

void simulate(std::function<void(Bench&)> script, bool direct = false) {
    Bench bench(std::move(script), direct);
    sc_core::sc_start();
}

} // namespace

TEST_CASE("the DMA engine copies and checksums memory, raises its interrupt, and shows BUSY") {
    simulate(
        [](Bench& b) {
            CHECK(b.read32(kId) == 0xf1be0002);
            std::vector<uint8_t> expect(b.rtl_memory.host_ptr() + 0x1008,
                                        b.rtl_memory.host_ptr() + 0x1008 + 1000);
            b.program(0x1008, 0x8030, 1000, kCopy | kIrqEn);
            CHECK((b.read32(kStatus) & kBusy) == kBusy); // 1000 bytes take a while
            // Refused while busy: a second START, and the operands.
            tlm::tlm_response_status s;
            CHECK(b.write32(kCtrl, kStart) == tlm::TLM_GENERIC_ERROR_RESPONSE);
            CHECK(b.write32(kLen, 8) == tlm::TLM_GENERIC_ERROR_RESPONSE);
            CHECK(b.read32(kLen, &s) == 1000);
            b.wait_idle();
            CHECK(b.read32(kStatus) == kDone);
            CHECK(b.rtl_irq.level);
            CHECK(std::memcmp(b.rtl_memory.host_ptr() + 0x8030, expect.data(), 1000) == 0);
            CHECK(b.read32(kSum) == dma_checksum(expect.data(), 1000));
            CHECK(b.read32(kDoneCount) == 1);
            CHECK(b.write32(kStatus, kDone) == tlm::TLM_OK_RESPONSE);
            CHECK(!b.rtl_irq.level);
            // Every burst answered OKAY: 1000 bytes read and 1000 written.
            CHECK(b.dev.master->errors() == 0);
            CHECK(b.dev.master->bytes() == 2000);
            CHECK(b.dev.checker.violations() == 0);
            CHECK(b.dev.master_checker->violations() == 0);
            // Idle: the clock stops.
            const uint64_t cycles = b.dev.clock.cycles();
            sc_core::wait(sc_time(1, sc_core::SC_MS));
            CHECK(b.dev.clock.cycles() == cycles);
        },
        /*direct=*/true);
}

TEST_CASE("the DMA engine matches its TLM twin on 100,000 random operations") {
    simulate([](Bench& b) {
        std::mt19937_64 rng(17);
        auto pick = [&](uint64_t n) { return uint64_t(rng() % n); };
        uint64_t ops = 0, errors = 0, bytes = 0;
        auto compare_memory = [&](uint64_t from, uint64_t to) {
            from = std::min(from, kMemory);
            to = std::min(to, kMemory);
            if (from < to && std::memcmp(b.rtl_memory.host_ptr() + from,
                                         b.twin_memory.host_ptr() + from, to - from) != 0)
                b.checker->mismatch("memory [" + std::to_string(from) + ", " + std::to_string(to) +
                                    ") differs after operation " + std::to_string(ops));
        };
        for (ops = 0; ops < 100000 && b.checker->mismatches() == 0; ++ops) {
            // Mostly aligned operations inside memory; some unaligned, some
            // running off its end (an address error mid-way), some empty.
            uint64_t len = 8 * pick(130), src = 8 * pick(kMemory / 8), dst = 8 * pick(kMemory / 8);
            if (pick(40) == 0) len = pick(1024);
            if (pick(40) == 0) src += pick(8);
            if (pick(30) == 0) src = kMemory - 8 * pick(40);
            if (pick(30) == 0) dst = kMemory - 8 * pick(40);
            const uint32_t ctrl = uint32_t(pick(4)) * kIrqEn; // IRQ_EN and COPY at random
            b.program(src, dst, uint32_t(len), ctrl);
            b.wait_idle();
            const uint32_t status = b.read32(kStatus);
            errors += (status & kError) != 0;
            bytes += len;
            b.read32(kSum);
            b.read32(kDoneCount);
            if (b.rtl_irq.level != b.twin.irq())
                b.checker->mismatch("the interrupt after operation " + std::to_string(ops));
            if (ctrl & kCopy) compare_memory(dst >= 64 ? dst - 64 : 0, dst + len + 64);
            // Now and then: clear DONE/ERROR, a random register access, a full compare.
            if (pick(2)) b.write32(kStatus, uint32_t(pick(8)));
            if (pick(8) == 0) {
                std::vector<uint8_t> d(size_t(1) << pick(3));
                const uint64_t a = pick(0x40) & ~uint64_t(d.size() - 1);
                for (uint8_t& x : d)
                    x = uint8_t(rng());
                if (a == kCtrl) d[0] &= ~kStart; // a start here would need the operands too
                if (pick(2))
                    b.ini.write(a, d);
                else
                    b.ini.read(a, d);
                b.wait_idle();
            }
            if (ops % 5000 == 0) compare_memory(0, kMemory);
        }
        compare_memory(0, kMemory);
        CHECK(ops == 100000);
        CHECK(b.checker->mismatches() == 0);
        CHECK(b.dev.checker.violations() == 0);
        CHECK(b.dev.master_checker->violations() == 0);
        CHECK(errors > 1000);                   // the error paths were taken ...
        CHECK(errors < ops / 2);                // ... but most operations completed
        CHECK(b.checker->compared() > 9 * ops); // programming, results, extra accesses
        std::printf("%llu operations, %llu bytes, %llu with ERROR, %llu register transactions "
                    "compared, %llu RTL cycles, %llu bursts\n",
                    (unsigned long long)ops, (unsigned long long)bytes, (unsigned long long)errors,
                    (unsigned long long)b.checker->compared(),
                    (unsigned long long)b.dev.clock.cycles(),
                    (unsigned long long)b.dev.master->bursts());
    });
}

// scripts/bench: host time per DMA burst through the AXI4 master bridge and
// per RTL cycle, the engine copying 4 KiB at a time (64 read and 64 write
// bursts of 64 bytes per operation).
TEST_CASE("cost of DMA bursts", "[.bench]") {
    simulate(
        [](Bench& b) {
            constexpr int kOps = 500;
            const auto start = std::chrono::steady_clock::now();
            for (int op = 0; op < kOps; ++op) {
                b.program(uint64_t(op % 8) * 4096, 0x8000 + uint64_t(op % 4) * 4096, 4096, kCopy);
                b.wait_idle();
            }
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            CHECK(b.read32(kDoneCount) == uint32_t(kOps));
            const double bursts = double(b.dev.master->bursts());
            const double cycles = double(b.dev.clock.cycles());
            std::printf("%.0f DMA bursts, %.0f RTL cycles: %.3f us per burst, %.1f ns per cycle\n",
                        bursts, cycles, s / bursts * 1e6, s / cycles * 1e9);
        },
        /*direct=*/true);
}
