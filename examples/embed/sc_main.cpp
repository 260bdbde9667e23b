// A user's own simulation: a V1280 built from a machine file through
// fireplane::Session, a device of the user's attached behind its I/O bridge,
// and a SPARC program that drives the device through /dev/mem.
//
//   embed_demo [--config FILE] [--set PATH=VALUE]... PROGRAM [ARGS...]
#include "core/log/log.h"
#include "crc32_engine.h"
#include "platform/session/session.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace {

constexpr uint64_t kCrcBase = 0x1fff2000000; // inside the I/O bridge's window

int usage() {
    std::fprintf(stderr,
                 "usage: embed_demo [--config FILE] [--set PATH=VALUE]... PROGRAM [ARGS]\n");
    return 2;
}

} // namespace

int sc_main(int argc, char* argv[]) {
    fireplane::log::install_report_handler(); // the platform's levels and message format
    fireplane::SessionOptions setup;
    setup.config = FIREPLANE_CONFIG_DIR "/v1280.yaml";
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (std::strcmp(argv[i], "--config") == 0)
            setup.config = argv[i + 1];
        else if (std::strcmp(argv[i], "--set") == 0)
            setup.overrides.push_back(argv[i + 1]);
        else
            return usage();
    }
    if (i >= argc) return usage();
    const std::vector<std::string> program(argv + i, argv + argc);

    try {
        fireplane::Session session(setup);
        // Built while the session's registry is current, so the engine's
        // statistics are the session's.
        fireplane::StatsRegistry::Scope in_session(session.stats());
        Crc32Engine crc("crc", kCrcBase, sc_core::sc_time(10, sc_core::SC_NS));
        session.attach(crc);

        session.load_program(program, {});
        const fireplane::RunResult result = session.run();

        std::printf("embed_demo: the program exited with %d after %.0f instructions on %zu CPUs\n",
                    result.exit_code(), session.summary().instructions(),
                    session.platform().cpus.size());
        for (const char* name : {"crc.bytes", "crc.reads", "crc.writes"})
            if (const auto* e = session.stats().find(name))
                std::printf("embed_demo: %s = %.0f\n", name, e->value());
        return result.exit_code();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "embed_demo: %s\n", e.what());
        return 2;
    }
}
