// Uart16550: transmit to a file, line status, DLAB banking, register stride,
// interrupt identification and side-effect-free debug access.
#include "models/devices/uart16550.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unistd.h>

using namespace fireplane;
using fireplane::test::TestInitiator;

namespace {

// Register offsets at reg_shift 0.
enum : uint64_t { RBR_THR = 0, IER = 1, IIR_FCR = 2, LCR = 3, MCR = 4, LSR = 5, MSR = 6, SCR = 7 };

std::string temp_path() {
    char path[] = "/tmp/fireplane_uart_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    close(fd);
    return path;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct UartBench {
    std::string path = temp_path();
    Uart16550 uart;
    TestInitiator ini{"ini"};
    explicit UartBench(unsigned reg_shift = 0)
        : uart("uart", UartConfig{reg_shift, path, 1843200}) {
        ini.socket.bind(uart.socket);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
    ~UartBench() { std::remove(path.c_str()); }
};

} // namespace

TEST_CASE("uart: bytes written to THR reach the output file a line at a time", "[uart]") {
    UartBench b;
    CHECK(b.ini.read8(LSR) == 0x60); // THR empty, transmitter empty, no data ready
    REQUIRE(b.ini.write(RBR_THR, {'h'}) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.ini.write(RBR_THR, {'i'}) == tlm::TLM_OK_RESPONSE);
    CHECK(slurp(b.path).empty()); // line buffered
    REQUIRE(b.ini.write(RBR_THR, {'\n'}) == tlm::TLM_OK_RESPONSE);
    CHECK(slurp(b.path) == "hi\n");
    CHECK(b.uart.tx_bytes() == 3);

    const uint8_t lsr = b.ini.read8(LSR);
    CHECK((lsr & 0x20) != 0); // THRE
    CHECK((lsr & 0x40) != 0); // TEMT
    CHECK((lsr & 0x01) == 0); // DR: nothing received
    CHECK(b.ini.read8(RBR_THR) == 0);
}

TEST_CASE("uart: reset values of the register set", "[uart]") {
    UartBench b;
    CHECK(b.ini.read8(IER) == 0x00);
    CHECK(b.ini.read8(IIR_FCR) == 0x01); // no interrupt pending
    CHECK(b.ini.read8(LCR) == 0x03);     // 8N1
    CHECK(b.ini.read8(MCR) == 0x00);
    CHECK(b.ini.read8(MSR) == 0xb0);
    CHECK(b.uart.baud() == 9600);
}

TEST_CASE("uart: LCR.DLAB banks the divisor latch over THR/RBR and IER", "[uart]") {
    UartBench b;
    REQUIRE(b.ini.write(IER, {0x05}) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.ini.write(LCR, {0x83}) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.ini.write(RBR_THR, {0x01}) == tlm::TLM_OK_RESPONSE); // DLL
    REQUIRE(b.ini.write(IER, {0x00}) == tlm::TLM_OK_RESPONSE);     // DLM
    CHECK(b.ini.read8(RBR_THR) == 0x01);
    CHECK(b.ini.read8(IER) == 0x00);
    CHECK(b.uart.tx_bytes() == 0); // the DLL write did not transmit
    CHECK(b.uart.divisor() == 1);
    CHECK(b.uart.baud() == 115200);

    REQUIRE(b.ini.write(LCR, {0x03}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.read8(IER) == 0x05); // IER kept its value under the latch
    CHECK(b.ini.read8(RBR_THR) == 0x00);
    REQUIRE(b.ini.write(RBR_THR, {'x'}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.uart.tx_bytes() == 1);
    CHECK(b.uart.divisor() == 1);
}

TEST_CASE("uart: reg_shift spaces the registers and sizes the window", "[uart]") {
    UartBench b(2);
    CHECK(b.uart.bus_range().size == 32);
    REQUIRE(b.ini.write(SCR << 2, {0x5a}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.read8(SCR << 2) == 0x5a);
    CHECK(b.ini.read8((SCR << 2) + 1) == 0x00); // padding byte of the slot
    CHECK(b.ini.read8(LSR << 2) == 0x60);
    CHECK(b.ini.read8(LSR) == 0x00); // offset 5 is padding at stride 4
    CHECK(b.ini.write(32, {0}) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_CASE("uart: THR-empty interrupt is identified by IIR and acknowledged by reading it",
          "[uart]") {
    UartBench b;
    REQUIRE(b.ini.write(IIR_FCR, {0x07}) == tlm::TLM_OK_RESPONSE); // FIFOs on, reset both
    CHECK(b.ini.read8(IIR_FCR) == 0xc1);
    REQUIRE(b.ini.write(IER, {0x02}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.uart.irq_pending());
    CHECK(b.ini.read8(IIR_FCR) == 0xc2);
    CHECK_FALSE(b.uart.irq_pending());
    CHECK(b.ini.read8(IIR_FCR) == 0xc1);
    REQUIRE(b.ini.write(RBR_THR, {'z'}) == tlm::TLM_OK_RESPONSE); // sent at once: empty again
    CHECK(b.uart.irq_pending());
}

TEST_CASE("uart: loopback mode feeds MCR to MSR and THR back to RBR", "[uart]") {
    UartBench b;
    CHECK(b.ini.read8(MSR) == 0xb0); // a cable: CTS, DSR, DCD asserted
    // Linux's sunsu probe: MCR = LOOP | OUT2 | RTS must read MSR = DCD | CTS.
    REQUIRE(b.ini.write(MCR, {0x1a}) == tlm::TLM_OK_RESPONSE);
    CHECK((b.ini.read8(MSR) & 0xf0) == 0x90);
    REQUIRE(b.ini.write(MCR, {0x15}) == tlm::TLM_OK_RESPONSE); // LOOP | OUT1 | DTR
    CHECK((b.ini.read8(MSR) & 0xf0) == 0x60);                  // RI | DSR
    REQUIRE(b.ini.write(RBR_THR, {'x'}) == tlm::TLM_OK_RESPONSE);
    CHECK((b.ini.read8(LSR) & 0x01) != 0); // the byte came back: data ready
    CHECK(b.ini.read8(RBR_THR) == 'x');
    CHECK(b.uart.tx_bytes() == 0); // and nothing went out on the line
    REQUIRE(b.ini.write(MCR, {0x00}) == tlm::TLM_OK_RESPONSE);
    CHECK(b.ini.read8(MSR) == 0xb0);
    REQUIRE(b.ini.write(RBR_THR, {'\n'}) == tlm::TLM_OK_RESPONSE);
    CHECK(slurp(b.path) == "\n");
}

TEST_CASE("uart: debug access has no side effects", "[uart]") {
    UartBench b;
    REQUIRE(b.ini.write(IER, {0x02}) == tlm::TLM_OK_RESPONSE);
    REQUIRE(b.uart.irq_pending());

    std::vector<uint8_t> iir(1);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, IIR_FCR, iir) == 1);
    CHECK(iir[0] == 0x02);
    CHECK(b.uart.irq_pending()); // a debugger's read did not acknowledge it

    std::vector<uint8_t> c{'!'};
    CHECK(b.ini.debug(tlm::TLM_WRITE_COMMAND, RBR_THR, c) == 1);
    CHECK(b.uart.tx_bytes() == 0);
    b.uart.flush();
    CHECK(slurp(b.path).empty());

    std::vector<uint8_t> all(8);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 0, all) == 8);
    CHECK(all[LSR] == 0x60);
    std::vector<uint8_t> past(4);
    CHECK(b.ini.debug(tlm::TLM_READ_COMMAND, 6, past) == 2);
}

TEST_CASE("uart: an output file that cannot be created is an error", "[uart]") {
    CHECK_THROWS_WITH(Uart16550("uart", UartConfig{0, "/nonexistent-dir/out.txt", 1843200}),
                      Catch::Contains("/nonexistent-dir/out.txt"));
    CHECK_THROWS_AS(Uart16550("uart2", UartConfig{4, "none", 1843200}), std::invalid_argument);
}
