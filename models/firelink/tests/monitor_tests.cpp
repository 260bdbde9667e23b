// FirelinkMonitor through its sockets: registers (b_transport and debug),
// both counter sets, the sequence buffer's order, overrun and status, access
// sizes and errors. Each TEST_CASE elaborates its own design.
#include "models/firelink/firelink_monitor.h"

#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>

#include <vector>

using namespace fireplane;
using namespace fireplane::firelink;

namespace {

uint64_t reg(const char* name) {
    uint64_t off = 0;
    REQUIRE(find_register(name, off));
    return off;
}

// Software on one side (registers), the bus on the other (observations).
struct Bench : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Bench> cpu, bus;
    FirelinkMonitor mon;
    Bench() : sc_module("bench"), cpu("cpu"), bus("bus"), mon("mon", {26}) {
        cpu.bind(mon.regs);
        bus.bind(mon.observe);
    }

    tlm::tlm_response_status access(bool write, uint64_t offset, std::vector<uint8_t>& data,
                                    bool debug = false) {
        tlm::tlm_generic_payload gp;
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(offset);
        gp.set_data_ptr(data.data());
        gp.set_data_length(unsigned(data.size()));
        gp.set_streaming_width(unsigned(data.size()));
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        if (debug) {
            cpu->transport_dbg(gp);
        } else {
            sc_core::sc_time t = sc_core::SC_ZERO_TIME;
            cpu->b_transport(gp, t);
        }
        return gp.get_response_status();
    }
    uint64_t read(uint64_t offset, bool debug = false) {
        std::vector<uint8_t> d(8);
        REQUIRE(access(false, offset, d, debug) == tlm::TLM_OK_RESPONSE);
        uint64_t v = 0;
        for (uint8_t b : d)
            v = v << 8 | b; // big-endian, as the SPARC sees it
        return v;
    }
    void write(uint64_t offset, uint64_t v) {
        std::vector<uint8_t> d(8);
        for (int b = 7; b >= 0; --b, v >>= 8)
            d[size_t(b)] = uint8_t(v);
        REQUIRE(access(true, offset, d) == tlm::TLM_OK_RESPONSE);
    }
    // One address-bus transaction, as the bus broadcasts it.
    void transaction(uint64_t address, TransactionType type, uint16_t source = 0, uint16_t tid = 0,
                     bool shared = false, bool owned = false) {
        tlm::tlm_generic_payload gp;
        gp.set_address(address);
        FireplaneExtension& x = fireplane_extension(gp);
        x.type = type;
        x.source = source;
        x.transaction_id = tid;
        x.snoop.shared = shared;
        x.snoop.owned = owned;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time t = sc_core::SC_ZERO_TIME;
        REQUIRE(bus->nb_transport_fw(gp, phase, t) == tlm::TLM_COMPLETED);
    }
};

} // namespace

TEST_CASE("monitor: identity, and nothing counts until software enables it", "[monitor]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    CHECK(b.read(reg("id")) == (kIdValue | 26));
    b.write(reg("set0.types"), ~0ull);
    b.transaction(0x1000, TransactionType::RTS);
    CHECK(b.read(reg("set0.count")) == 0);
    CHECK(b.mon.observed() == 1);
    CHECK(b.read(reg("set0.types")) == kAllTransactionTypesMask); // writable bits only
}

TEST_CASE("monitor: two independent counter sets, each with its own filter", "[monitor]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    b.write(reg("set0.types"), type_bit(TransactionType::RTS) | type_bit(TransactionType::RTO));
    b.write(reg("set1.types"), type_bit(TransactionType::WB));
    b.write(reg("set1.addr_mask"), ~0x1fffull); // one 8 KiB page ...
    b.write(reg("set1.addr_match"), 0x40000);   // ... at 0x40000
    b.write(reg("set1.src_mask"), 0x3fc);       // board 1: agents 4-7
    b.write(reg("set1.src_match"), 0x4);
    b.write(reg("control"), kControlSet0 | kControlSet1);
    b.transaction(0x40000, TransactionType::RTS, 5);
    b.transaction(0x40040, TransactionType::WB, 5); // both sets? set0: no (WB)
    b.transaction(0x40080, TransactionType::WB, 9); // board 2
    b.transaction(0x60000, TransactionType::WB, 6); // another page
    b.transaction(0x41fc0, TransactionType::WB, 7); // last line of the page
    b.transaction(0x10000, TransactionType::RTO, 0);
    CHECK(b.read(reg("set0.count")) == 2);
    CHECK(b.read(reg("set1.count")) == 2);
    b.write(reg("set0.count"), 0); // software clears a counter
    b.write(reg("control"), kControlSet1);
    b.transaction(0x10000, TransactionType::RTO, 0);
    CHECK(b.read(reg("set0.count")) == 0);
}

TEST_CASE("monitor: the sequence buffer records set 1's matches in order, with overrun",
          "[monitor][tsb]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    b.write(reg("set1.types"), type_bit(TransactionType::RTS) | type_bit(TransactionType::RTO));
    b.write(reg("control"), kControlSet1 | kControlTsb);
    b.transaction(0x2000, TransactionType::RTS, 3, 17, true, true);
    b.transaction(0x2040, TransactionType::WB, 3, 18); // filtered out
    CHECK(b.read(reg("tsb_status")) == 1);
    CHECK(b.read(reg("tsb0.address")) == 0x2000);
    const uint64_t info = b.read(reg("tsb0.info"));
    CHECK((info >> kInfoTypeShift & 0x1f) == unsigned(TransactionType::RTS));
    CHECK((info >> kInfoSharedBit & 1) == 1);
    CHECK((info >> kInfoOwnedBit & 1) == 1);
    CHECK((info >> kInfoSourceShift & 0x3ff) == 3);
    CHECK((info >> kInfoTidShift & 0xffff) == 17);
    for (uint64_t i = 1; i < 10; ++i)
        b.transaction(0x2000 + 64 * i, TransactionType::RTO, 1, uint16_t(i));
    CHECK(b.read(reg("tsb_status")) == (8 | kStatusOverrun));
    for (unsigned i = 0; i < 8; ++i) { // the first eight matches, oldest first
        char name[32];
        std::snprintf(name, sizeof name, "tsb%u.address", i);
        CHECK(b.read(reg(name)) == 0x2000 + 64 * i);
    }
    CHECK(b.read(reg("set1.count")) == 10); // counting goes on while the buffer is full
    b.write(reg("tsb_status"), 0);          // software empties it
    CHECK(b.read(reg("tsb_status")) == 0);
    b.transaction(0x9000, TransactionType::RTO);
    CHECK(b.read(reg("tsb0.address")) == 0x9000);
    CHECK(b.read(reg("tsb1.address")) == 0); // past the fill level reads 0
}

TEST_CASE("monitor: reads have no side effect, and debug transport sees the same registers",
          "[monitor]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    b.write(reg("set1.types"), type_bit(TransactionType::RTS));
    b.write(reg("control"), kControlSet1 | kControlTsb);
    b.transaction(0x3000, TransactionType::RTS);
    for (int i = 0; i < 3; ++i) {
        CHECK(b.read(reg("tsb_status")) == 1);
        CHECK(b.read(reg("tsb0.address"), true) == 0x3000);
        CHECK(b.read(reg("set1.count"), true) == 1);
    }
}

TEST_CASE("monitor: 4-byte halves, bad sizes and holes", "[monitor]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::vector<uint8_t> word{0x00, 0x00, 0x01, 0x23};
    REQUIRE(b.access(true, reg("set0.addr_match") + 4, word) == tlm::TLM_OK_RESPONSE);
    word = {0x00, 0x00, 0x00, 0x07};
    REQUIRE(b.access(true, reg("set0.addr_match"), word) == tlm::TLM_OK_RESPONSE);
    CHECK(b.read(reg("set0.addr_match")) == 0x700000123ull);
    std::vector<uint8_t> half(4);
    REQUIRE(b.access(false, reg("id"), half) == tlm::TLM_OK_RESPONSE);
    CHECK(half == std::vector<uint8_t>{'F', 'i', 'L', 'k'});
    std::vector<uint8_t> two(2);
    CHECK(b.access(false, reg("id"), two) == tlm::TLM_BURST_ERROR_RESPONSE);
    std::vector<uint8_t> eight(8);
    CHECK(b.access(false, reg("id") + 4, eight) == tlm::TLM_BURST_ERROR_RESPONSE);
    CHECK(b.access(false, 0x18, eight) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    b.write(reg("id"), 0); // read-only: ignored
    CHECK(b.read(reg("id")) == (kIdValue | 26));
}

// Found by the firelink_mmio fuzz target: a write to a sequence-buffer entry
// (index up to 7) looked up counter set `index`'s filter, of which there are
// two (an out-of-bounds reference; the sanitizers' bounds check stops it).
TEST_CASE("monitor: writes to every sequence-buffer entry are ignored", "[monitor][tsb]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    b.write(reg("set1.types"), type_bit(TransactionType::RTS));
    b.write(reg("control"), kControlSet1 | kControlTsb);
    b.transaction(0x3000, TransactionType::RTS, 3, 17);
    for (unsigned i = 0; i < 8; ++i) {
        char address[32], info[32];
        std::snprintf(address, sizeof address, "tsb%u.address", i);
        std::snprintf(info, sizeof info, "tsb%u.info", i);
        b.write(reg(address), ~0ull);
        b.write(reg(info), ~0ull);
        CHECK(b.read(reg(address)) == (i == 0 ? 0x3000 : 0));
    }
    CHECK(b.read(reg("tsb0.info")) >> kInfoTidShift == 17);
    CHECK(b.read(reg("set1.types")) == type_bit(TransactionType::RTS));
    CHECK(b.read(reg("set0.types")) == 0);
}
