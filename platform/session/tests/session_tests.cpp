#include "platform/session/session.h"

#include "core/factory/param_table.h"
#include "platform/builder/host_port.h"
#include "platform/linux/linux_process.h"

#include <catch2/catch.hpp>
#include <tlm_utils/simple_target_socket.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

using namespace fireplane;

namespace {

const std::string kUni = CONFIGS_DIR "/uni.yaml";

SessionOptions options(const std::string& config, std::string name = "") {
    SessionOptions o;
    o.config = config;
    o.name = std::move(name);
    return o;
}

// A scratch register file the tests attach: 64-bit registers at window-local
// offsets, through debug transport and b_transport alike.
class Scratch : public sc_core::sc_module, public BusTarget {
public:
    tlm_utils::simple_target_socket<Scratch> socket{"socket"};
    uint64_t regs[4] = {};
    uint64_t base;

    Scratch(sc_core::sc_module_name name, uint64_t base_address)
        : sc_module(name), base(base_address) {
        socket.register_b_transport(this, &Scratch::b_transport);
        socket.register_transport_dbg(this, &Scratch::transport_dbg);
    }
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {base, sizeof regs}; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) { transport_dbg(gp); }
    unsigned transport_dbg(tlm::tlm_generic_payload& gp) {
        auto* bytes = reinterpret_cast<uint8_t*>(regs) + gp.get_address();
        if (gp.is_write())
            std::copy_n(gp.get_data_ptr(), gp.get_data_length(), bytes);
        else
            std::copy_n(bytes, gp.get_data_length(), gp.get_data_ptr());
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return gp.get_data_length();
    }
};

struct ScratchConfig {
    uint64_t base = 0;
};

} // namespace

TEST_CASE("two named sessions live side by side, each with its own statistics") {
    Session a(options(kUni, "a"));
    Session b(options(kUni, "b"));
    CHECK(a.stats().find("a.cpu0.instructions"));
    CHECK_FALSE(a.stats().find("b.cpu0.instructions"));
    CHECK(b.stats().find("b.cpu0.instructions"));
    CHECK_FALSE(b.stats().find("a.cpu0.instructions"));
    CHECK_FALSE(StatsRegistry::current().find("a.cpu0.instructions"));
    CHECK(std::string(a.platform().cpus.front()->name()) == "a.cpu0");
    CHECK(a.platform().interconnect_name == "a.fireplane");
    REQUIRE(a.platform().rams.size() == 1);
    CHECK(a.platform().rams.front().name == "memory");
}

TEST_CASE("without a name the machine's modules are at the top, as in the machine file") {
    Session s(options(kUni));
    CHECK(std::string(s.platform().cpus.front()->name()) == "cpu0");
    CHECK(s.stats().find("cpu0.instructions"));
    CHECK(s.stats().find("sim.instructions"));
}

TEST_CASE("a module of the user's is mapped behind the I/O bridge and reached by the host") {
    Session s(options(kUni));
    Scratch scratch("scratch", 0x1fff2000000);
    s.attach(scratch);
    const RunResult r = s.run(); // no program: elaboration ends and nothing is left to do
    CHECK(r.end == RunEnd::Idle);
    CHECK_FALSE(r.program_exited);
    CHECK(r.exit_code() == 1);
    HostPort& host = *s.platform().host;
    REQUIRE(host.write64(0x1fff2000008, 0x0123456789abcdef));
    CHECK(scratch.regs[1] != 0);
    uint64_t v = 0;
    REQUIRE(host.read64(0x1fff2000008, v));
    CHECK(v == 0x0123456789abcdef);
    CHECK_FALSE(host.read64(0x1fff2000020, v)); // past its range: nothing answers
}

TEST_CASE("a module that overlaps a device is refused, naming both") {
    Session s(options(kUni));
    Scratch scratch("scratch", 0x1fff1000000); // the console's address
    try {
        s.attach(scratch);
        FAIL("the overlap was accepted");
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.find("scratch") != std::string::npos);
        CHECK(what.find("console") != std::string::npos);
    }
}

TEST_CASE("a model type of the user's is named in the machine file") {
    const std::string path = "session_user_type.yaml";
    std::ifstream uni(kUni);
    std::ofstream yaml(path);
    yaml << uni.rdbuf() << "  scratch0:\n    type: scratch\n    base: 0x1fff3000000\n";
    yaml.close();
    SessionOptions o = options(path);
    o.register_models = [](ModelFactory& factory) {
        static const auto table = ParamTable<ScratchConfig>().address("base", &ScratchConfig::base,
                                                                      "where the registers are");
        factory.add({"scratch", "a scratch register file", table.specs(),
                     [](const char* name, const Params& p) {
                         return std::make_unique<Scratch>(name, table.read(p).base);
                     }});
    };
    Session s(std::move(o));
    std::remove(path.c_str());
    s.run();
    uint64_t v = 0;
    REQUIRE(s.platform().host->write64(0x1fff3000000, 7));
    REQUIRE(s.platform().host->read64(0x1fff3000000, v));
    CHECK(v == 7);
}

TEST_CASE("a program runs to its exit and its figures are the session's") {
    Session s(options(kUni));
    s.load_program({SPARC_PROGRAMS_DIR "/tests/return42"}, {});
    CHECK_THROWS_AS(s.load_program({SPARC_PROGRAMS_DIR "/tests/return42"}, {}), std::logic_error);
    const RunResult r = s.run();
    CHECK(r.end == RunEnd::Stopped);
    CHECK(r.program_exited);
    CHECK(r.exit_code() == 42);
    REQUIRE(s.process());
    CHECK(s.process()->exited());
    const auto* instructions = s.stats().find("sim.instructions");
    REQUIRE(instructions);
    CHECK(instructions->value() > 1000);
    CHECK(instructions->value() == s.summary().instructions());
}

TEST_CASE("an instruction limit ends the run with timeout's exit code") {
    Session s(options(kUni));
    s.load_program({SPARC_PROGRAMS_DIR "/tests/return42"}, {});
    RunLimitsOptions limits;
    limits.instructions = 500;
    const RunResult r = s.run(limits);
    CHECK(r.end == RunEnd::InstructionLimit);
    CHECK_FALSE(r.program_exited);
    CHECK(r.exit_code() == RunResult::kLimitExitCode);
    CHECK(s.summary().instructions() == 500);
}

TEST_CASE("a bad machine file is a ConfigError") {
    CHECK_THROWS_AS(Session(options("/nonexistent/machine.yaml")), ConfigError);
}

TEST_CASE("a boot payload: --initrd and --append need --kernel, a kernel needs a fw_cfg") {
    using Payload = Session::BootPayload;
    Session a(options(CONFIGS_DIR "/uni-firmware.yaml", "a"));
    CHECK_THROWS_WITH(a.load_firmware("/nonexistent/fw", {}, Payload{"", "/tmp/initrd", ""}),
                      Catch::Contains("--initrd needs --kernel"));
    CHECK_THROWS_WITH(a.load_firmware("/nonexistent/fw", {}, Payload{"", "", "quiet"}),
                      Catch::Contains("--append needs --kernel"));
    // uni-firmware.yaml has no fw_cfg: OpenBIOS would never learn of the kernel.
    CHECK_THROWS_AS(a.load_firmware("/nonexistent/fw", {}, Payload{"/tmp/vmlinux", "", ""}),
                    ConfigError);
    CHECK_FALSE(a.firmware_loaded());
}
