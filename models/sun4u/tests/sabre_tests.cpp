// Sabre: its window's regions, configuration cycles and master aborts, the
// register table, interrupt mapping sent as INT transactions, the reset
// control. Each TEST_CASE elaborates its own design.
#include "models/common/big_endian.h"
#include "models/devices/router.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/int_transaction.h"
#include "models/pci/pci_access.h"
#include "models/sun4u/sabre.h"

#include <catch2/catch.hpp>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <vector>

using namespace fireplane;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr uint64_t kBase = 0x1fe00000000ull;
constexpr uint64_t kConfig = kBase + Sabre::kConfigOffset;
constexpr uint64_t kIo = kBase + Sabre::kIoOffset;

// The Fireplane bus's I/O port, as the Sabre sees it: records INT
// transactions (answering ACK, or NACK when told) and I/O announcements.
struct BusPort : sc_core::sc_module {
    tlm_utils::simple_target_socket<BusPort> socket;
    std::vector<InterruptVector> vectors;
    std::vector<TransactionType> announced;
    bool nack = false;
    explicit BusPort(sc_core::sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_b_transport(this, &BusPort::b_transport);
    }
    void b_transport(tlm::tlm_generic_payload& gp, sc_time&) {
        FireplaneExtension* x = find_fireplane_extension(gp);
        REQUIRE(x != nullptr);
        if (x->type == TransactionType::INT) {
            vectors.push_back(int_transaction_vector(gp, x->source));
            x->nacked = nack;
        } else {
            announced.push_back(x->type);
        }
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

struct Bench : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Bench> cpu;
    Router system;
    Sabre sabre;
    BusPort bus;
    bool reset_asked = false;
    explicit Bench(sc_core::sc_module_name n = "bench")
        : sc_module(n), cpu("cpu"), system("system"), sabre("sabre", SabreConfig{}), bus("bus") {
        cpu.bind(system.target_socket);
        system.map(sabre.bus_target(), sabre.bus_range(), "sabre");
        sabre.bind_announcements(bus.socket);
        sabre.on_reset([this] { reset_asked = true; });
    }
    tlm::tlm_response_status access(bool write, uint64_t address, std::vector<uint8_t>& data,
                                    bool debug = false) {
        tlm::tlm_generic_payload gp;
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(unsigned(data.size()));
        gp.set_streaming_width(unsigned(data.size()));
        if (debug) {
            cpu->transport_dbg(gp);
        } else {
            sc_time delay = sc_core::SC_ZERO_TIME;
            cpu->b_transport(gp, delay);
        }
        return gp.get_response_status();
    }
    // A big-endian register access of `len` bytes.
    uint64_t read(uint64_t address, unsigned len = 8) {
        std::vector<uint8_t> data(len);
        REQUIRE(access(false, address, data) == tlm::TLM_OK_RESPONSE);
        return load_big_endian(data.data(), len);
    }
    void write(uint64_t address, uint64_t value, unsigned len = 8) {
        std::vector<uint8_t> data(len);
        store_big_endian(data.data(), value, len);
        REQUIRE(access(true, address, data) == tlm::TLM_OK_RESPONSE);
    }
};

constexpr uint64_t kObioImap = kBase + 0x1000, kObioIclr = kBase + 0x1800;
constexpr unsigned kSerialIno = 0x2b;

} // namespace

TEST_CASE(
    "sabre: its own function answers at 00:00.0, little-endian, and absent ones read all ones",
    "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::vector<uint8_t> id(4);
    REQUIRE(b.access(false, kConfig + pci_config_address(0, 0, 0, 0), id) == tlm::TLM_OK_RESPONSE);
    CHECK(id == std::vector<uint8_t>{0x8e, 0x10, 0x00, 0xa0}); // 108e:a000, low byte first
    std::vector<uint8_t> cls(4);
    b.access(false, kConfig + pci_config_address(0, 0, 0, 8), cls);
    CHECK(cls[3] == 0x06); // bridge
    CHECK(cls[2] == 0x00); // host
    std::vector<uint8_t> none(4);
    REQUIRE(b.access(false, kConfig + pci_config_address(0, 5, 0, 0), none) ==
            tlm::TLM_OK_RESPONSE);
    CHECK(none == std::vector<uint8_t>{0xff, 0xff, 0xff, 0xff});
    CHECK(b.sabre.root_bus().master_aborts() == 1);
}

TEST_CASE("sabre: I/O and memory cycles nobody answers are errors, and so is an access outside the "
          "spaces",
          "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::vector<uint8_t> byte(1);
    CHECK(b.access(false, kIo + 0x3f8, byte) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.access(false, 0x1ff00000000ull + 0x1000, byte) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    CHECK(b.access(false, kBase + 0x3000000, byte) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    // Every access is announced on the bus as I/O.
    REQUIRE(b.bus.announced.size() == 2);
    CHECK(b.bus.announced[0] == TransactionType::RIO);
}

TEST_CASE("sabre: registers keep their writable bits, halves are big-endian, holes read zero",
          "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    b.write(kBase + 0x208, 0x12345678abcdef00ull); // IOMMU TSB base
    CHECK(b.read(kBase + 0x208) == 0x12345678abcdef00ull);
    CHECK(b.read(kBase + 0x208 + 4, 4) == 0xabcdef00u);
    CHECK(b.read(kBase + 0x208, 4) == 0x12345678u);
    b.write(kBase + 0x208 + 4, 0x11111111u, 4);
    CHECK(b.read(kBase + 0x208) == 0x1234567811111111ull);
    b.write(kBase + 0x30, ~0ull); // error status: nothing latched
    CHECK(b.read(kBase + 0x30) == 0);
    CHECK(b.read(kBase + 0x7000) == 0); // no register there
    std::vector<uint8_t> two(2);
    CHECK(b.access(false, kBase + 0x208, two) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_CASE("sabre: a mapped line sends its INR to the target CPU, and ICLR idle sends again",
          "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    const uint64_t imap = kObioImap + 8 * (kSerialIno - 0x20);
    const uint64_t iclr = kObioIclr + 8 * (kSerialIno - 0x20);
    CHECK(b.read(imap) == (0x1f << 6 | kSerialIno)); // INR fixed: IGN 0x1f
    b.sabre.interrupt_input().set_level(kSerialIno, true);
    CHECK(b.bus.vectors.empty());                       // not valid yet
    b.write(imap, (1ull << 31) | (3ull << 26) | 0x7ff); // V, CPU 3; the INR bits are read-only
    CHECK(b.read(imap) == ((1ull << 31) | (3ull << 26) | (0x1f << 6) | kSerialIno));
    REQUIRE(b.bus.vectors.size() == 1);
    CHECK(b.bus.vectors[0].target == 3);
    CHECK(b.bus.vectors[0].source == 0x1f);
    CHECK(b.bus.vectors[0].data[0] == (0x1f << 6 | kSerialIno));
    CHECK(b.read(iclr) == InterruptMapper::kReceived);
    CHECK(b.read(kBase + 0xa808) == uint64_t(InterruptMapper::kReceived)
                                        << 2 * (kSerialIno - 0x20));
    b.write(iclr, InterruptMapper::kIdle); // still asserted: again
    CHECK(b.bus.vectors.size() == 2);
    b.sabre.interrupt_input().set_level(kSerialIno, false);
    b.write(iclr, InterruptMapper::kIdle);
    CHECK(b.bus.vectors.size() == 2);
}

TEST_CASE("sabre: one PCI slot mapping serves its four INOs", "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    const uint64_t slot1 = kBase + 0xc00 + 8; // bus A slot 1: INOs 4-7
    CHECK(b.read(slot1) == (0x1f << 6 | 4));
    b.write(slot1, 1ull << 31);
    b.sabre.interrupt_input().set_level(6, true);
    REQUIRE(b.bus.vectors.size() == 1);
    CHECK(b.bus.vectors[0].data[0] == (0x1f << 6 | 6));
    CHECK(b.read(kBase + 0x1400 + 8 * 6) == InterruptMapper::kReceived);
}

TEST_CASE("sabre: the reset control resets the machine on a software POR or XIR", "[sabre]") {
    Bench b;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    CHECK(b.read(kBase + 0xf020) == Sabre::kPor);
    b.write(kBase + 0xf020, 0);
    CHECK_FALSE(b.reset_asked);
    b.write(kBase + 0xf020, Sabre::kSoftXir);
    CHECK(b.reset_asked);
    CHECK(b.read(kBase + 0xf020) == Sabre::kSoftXir);
}
