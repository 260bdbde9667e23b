// A verification engineer's testbench around the platform: a V1280 built
// from a machine file through fireplane::Session, the user's own Verilated
// block (gcd.sv) bound behind its I/O bridge as an RtlDevice (the AXI4-Lite
// bridge, a protocol checker and a clock that runs only while the block
// needs it), and a SPARC program that drives the block through /dev/mem.
//
//   rtl_block_demo [--config FILE] [--set PATH=VALUE]... [--vcd FILE] PROGRAM [ARGS...]
#include "core/log/log.h"
#include "models/rtl/pin_trace.h"
#include "models/rtl/rtl_device.h"
#include "platform/session/session.h"

#include "Vgcd.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr uint64_t kGcdBase = 0x1fff2300000; // inside the I/O bridge's window

int usage() {
    std::fprintf(stderr, "usage: rtl_block_demo [--config FILE] [--set PATH=VALUE]... "
                         "[--vcd FILE] PROGRAM [ARGS]\n");
    return 2;
}

} // namespace

int sc_main(int argc, char* argv[]) {
    fireplane::log::install_report_handler();
    fireplane::SessionOptions setup;
    setup.config = FIREPLANE_CONFIG_DIR "/v1280.yaml";
    std::string vcd;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (std::strcmp(argv[i], "--config") == 0)
            setup.config = argv[i + 1];
        else if (std::strcmp(argv[i], "--set") == 0)
            setup.overrides.push_back(argv[i + 1]);
        else if (std::strcmp(argv[i], "--vcd") == 0)
            vcd = argv[i + 1];
        else
            return usage();
    }
    if (i >= argc) return usage();
    const std::vector<std::string> program(argv + i, argv + argc);

    try {
        fireplane::Session session(setup);
        fireplane::StatsRegistry::Scope in_session(session.stats());

        // The block, as the machine file's `rtl_gcd` would make it.
        fireplane::rtl::RtlDeviceConfig config;
        config.registers.base = kGcdBase;
        config.clock.period = sc_core::sc_time(4, sc_core::SC_NS); // a 250 MHz block
        fireplane::rtl::RtlDevice<Vgcd> gcd("gcd", config);
        session.attach(gcd);
        std::unique_ptr<fireplane::rtl::PinTrace> trace;
        if (!vcd.empty())
            trace = std::make_unique<fireplane::rtl::PinTrace>("trace", vcd,
                                                               fireplane::rtl::find_traced_pins());

        session.load_program(program, {});
        const fireplane::RunResult result = session.run();

        std::printf("rtl_block_demo: the program exited with %d on %zu CPUs\n", result.exit_code(),
                    session.platform().cpus.size());
        for (const char* name : {"gcd.clock.cycles", "gcd.bridge.transfers"})
            if (const auto* e = session.stats().find(name))
                std::printf("rtl_block_demo: %s = %.0f\n", name, e->value());
        std::printf("rtl_block_demo: protocol violations: %llu\n",
                    static_cast<unsigned long long>(gcd.checker.violations()));
        return result.exit_code() != 0 ? result.exit_code() : gcd.checker.violations() != 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rtl_block_demo: %s\n", e.what());
        return 2;
    }
}
