// Axi4Checker against masters that break AXI4 on purpose, driven pin by pin
// from a test thread (the checker must not care who drives the pins), and a
// correct burst that it must accept.
#include "models/rtl/axi4_checker.h"

#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace fireplane::rtl;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

struct Bench : sc_core::sc_module {
    RtlClock clock{"clock", RtlClockConfig{sc_time(10, SC_NS), 1, true}};
    Axi4Pins pins;
    Axi4Checker checker{"checker", pins, clock};
    std::function<void(Bench&)> script;

    explicit Bench(std::function<void(Bench&)> s)
        : sc_module(sc_core::sc_module_name("bench")), script(std::move(s)) {
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }
    void run() {
        clock.wait_reset();
        clock.edge();
        script(*this);
        sc_core::sc_stop();
    }
    void edge() { clock.edge(); }
    // A write burst: AW taken at once, then `beats` W beats with WLAST on `last_at`.
    void write_burst(uint64_t address, unsigned beats, unsigned last_at) {
        pins.awaddr.write(address);
        pins.awlen.write(beats - 1);
        pins.awsize.write(3);
        pins.awburst.write(kBurstIncr);
        pins.awvalid.write(true);
        pins.awready.write(true);
        edge();
        pins.awvalid.write(false);
        pins.wready.write(true);
        for (unsigned k = 1; k <= beats; ++k) {
            pins.wdata.write(k);
            pins.wstrb.write(0xff);
            pins.wlast.write(k == last_at);
            pins.wvalid.write(true);
            edge();
        }
        pins.wvalid.write(false);
        pins.wlast.write(false);
        pins.bvalid.write(true);
        pins.bready.write(true);
        edge();
        pins.bvalid.write(false);
        edge();
    }
};

std::string simulate(std::function<void(Bench&)> script, uint64_t& violations) {
    sc_core::sc_report_handler::set_actions("rtl/axi4_checker", sc_core::SC_LOG);
    Bench bench(std::move(script));
    sc_core::sc_start();
    violations = bench.checker.violations();
    return bench.checker.first_violation();
}

} // namespace

TEST_CASE("the AXI4 checker accepts a correct burst and catches an early WLAST") {
    uint64_t violations = 0;
    const std::string first = simulate(
        [](Bench& b) {
            b.write_burst(0x1000, 4, 4);
            CHECK(b.checker.violations() == 0);
            b.write_burst(0x2000, 4, 2);
        },
        violations);
    CHECK(violations >= 1);
    CHECK_THAT(first, Catch::Contains("WLAST: on a beat before the burst's last"));
}

TEST_CASE("the AXI4 checker catches ARVALID dropped before ARREADY") {
    uint64_t violations = 0;
    const std::string first = simulate(
        [](Bench& b) {
            b.pins.araddr.write(0x40);
            b.pins.arvalid.write(true);
            b.edge(); // ARREADY low: not taken
            b.pins.arvalid.write(false);
            b.edge();
        },
        violations);
    CHECK(violations == 1);
    CHECK_THAT(first, Catch::Contains("ARVALID: VALID dropped before READY"));
}

TEST_CASE("the AXI4 checker catches a burst across 4 KiB and read data nobody asked for") {
    uint64_t violations = 0;
    const std::string first = simulate(
        [](Bench& b) {
            b.pins.araddr.write(0xfe0);
            b.pins.arlen.write(7); // 8 beats of 8 bytes from 0xfe0: past 0x1000
            b.pins.arsize.write(3);
            b.pins.arburst.write(kBurstIncr);
            b.pins.arvalid.write(true);
            b.pins.arready.write(true);
            b.edge();
            b.pins.arvalid.write(false);
            CHECK(b.checker.violations() == 1);
            for (unsigned k = 0; k < 8; ++k) { // the burst's data, RLAST on the last
                b.pins.rvalid.write(true);
                b.pins.rready.write(true);
                b.pins.rlast.write(k == 7);
                b.edge();
            }
            CHECK(b.checker.violations() == 1);
            b.edge(); // RVALID still high: a ninth beat for no read
        },
        violations);
    CHECK(violations == 2);
    CHECK_THAT(first, Catch::Contains("AR: a burst that crosses a 4 KiB boundary"));
}
