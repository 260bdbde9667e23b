// IoBridge: devices behind it, I/O transaction types, latency, debug
// transport, window checks. Each TEST_CASE elaborates its own design.
#include "models/devices/router.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/io_bridge.h"

#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <stdexcept>
#include <vector>

using namespace fireplane;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr uint64_t kIoBase = 0x1fff0000000ull;
constexpr uint64_t kDevice = kIoBase + 0x1000000;

// A device that records what reached it.
struct Recorder : sc_core::sc_module {
    tlm_utils::simple_target_socket<Recorder> socket;
    struct Seen {
        uint64_t address;
        bool write;
        TransactionType type;
        uint16_t source;
    };
    std::vector<Seen> seen;
    unsigned debug_calls = 0;
    explicit Recorder(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_b_transport(this, &Recorder::b_transport);
        socket.register_transport_dbg(this, &Recorder::debug);
    }
    void b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
        const FireplaneExtension* x = find_fireplane_extension(gp);
        REQUIRE(x != nullptr);
        seen.push_back({gp.get_address(), gp.is_write(), x->type, x->source});
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
    unsigned debug(tlm::tlm_generic_payload& gp) {
        ++debug_calls;
        return gp.get_data_length();
    }
};

// CPU -> system router -> bridge -> device.
struct Bench : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Bench> cpu;
    Router system;
    IoBridge bridge;
    Recorder device;
    explicit Bench(IoBridgeConfig c = {kIoBase, 256ull << 20, 24, sc_time(150, SC_NS)})
        : sc_module("bench"), cpu("cpu"), system("system"), bridge("io", c), device("uart") {
        cpu.bind(system.target_socket);
        system.map(bridge.bus_target(), c.base, c.size, "io");
        bridge.map(device.socket, {kDevice, 8}, "uart");
    }
    tlm::tlm_response_status access(bool write, uint64_t address, unsigned len, sc_time& delay,
                                    uint16_t source = 3) {
        std::vector<uint8_t> data(len);
        tlm::tlm_generic_payload gp;
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(len);
        gp.set_streaming_width(len);
        fireplane_extension(gp).source = source;
        cpu->b_transport(gp, delay);
        return gp.get_response_status();
    }
};

} // namespace

TEST_CASE("io bridge: accesses reach the device as typed I/O transactions, with the latency",
          "[io_bridge]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    sc_time delay = sc_core::SC_ZERO_TIME;
    REQUIRE(b.access(false, kDevice + 5, 1, delay) == tlm::TLM_OK_RESPONSE);
    CHECK(delay == sc_time(150, SC_NS));
    REQUIRE(b.access(true, kDevice, 4, delay) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.device.seen.size() == 2);
    CHECK(b.device.seen[0].address == 5); // local to the device's window again
    CHECK(b.device.seen[0].type == TransactionType::RIO);
    CHECK(b.device.seen[0].source == 3); // the requester's agent ID stays
    CHECK(b.device.seen[1].type == TransactionType::WIO);
    CHECK(b.bridge.transactions(TransactionType::RIO) == 1);
    CHECK(b.bridge.transactions(TransactionType::WIO) == 1);
    CHECK(delay == sc_time(300, SC_NS));
}

TEST_CASE("io bridge: 64-byte accesses are block I/O", "[io_bridge]") {
    Bench b;
    Recorder block("block");
    b.bridge.map(block.socket, {kDevice + 0x1000, 64}, "block");
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    sc_time delay = sc_core::SC_ZERO_TIME;
    REQUIRE(b.access(false, kDevice + 0x1000, 64, delay) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.access(true, kDevice + 0x1000, 64, delay) == tlm::TLM_OK_RESPONSE);
    CHECK(b.bridge.transactions(TransactionType::RBIO) == 1);
    CHECK(b.bridge.transactions(TransactionType::WBIO) == 1);
    CHECK(block.seen.at(1).type == TransactionType::WBIO);
}

TEST_CASE("io bridge: a hole in the window is an address error; debug transport is not counted",
          "[io_bridge]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    sc_time delay = sc_core::SC_ZERO_TIME;
    CHECK(b.access(false, kIoBase + 0x10, 1, delay) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.device.seen.empty());

    uint8_t byte = 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_READ_COMMAND);
    gp.set_address(kDevice + 2);
    gp.set_data_ptr(&byte);
    gp.set_data_length(1);
    CHECK(b.cpu->transport_dbg(gp) == 1);
    CHECK(b.device.debug_calls == 1);
    CHECK(gp.get_address() == kDevice + 2);
    CHECK(b.bridge.transactions(TransactionType::RIO) == 1); // the refused read only
}

TEST_CASE("io bridge: devices must fit its window", "[io_bridge]") {
    IoBridge bridge("io", {kIoBase, 0x1000, 24, sc_time(150, SC_NS)});
    Recorder r("r");
    CHECK(bridge.window().contains({kIoBase, 0x1000}));
    CHECK(bridge.window().contains({kIoBase + 0xfff, 1}));
    CHECK_FALSE(bridge.window().contains({kIoBase + 0xfff, 2}));
    CHECK_FALSE(bridge.window().contains({kIoBase - 1, 2}));
    CHECK_THROWS_AS(bridge.map(r.socket, {kIoBase + 0x800, 0x1000}, "r"), std::invalid_argument);
    CHECK_THROWS_AS(bridge.map(r.socket, {kIoBase, 0}, "r"), std::invalid_argument);
    CHECK_THROWS_AS(IoBridge("empty", {kIoBase, 0, 24, sc_time(150, SC_NS)}),
                    std::invalid_argument);
}
