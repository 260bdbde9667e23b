// Uart16550's interrupt line, seen by a recording InterruptInput: raised by
// received data and lowered by reading RBR, the THR-empty interrupt as the
// 16550A has it, masking by IER, and one report per change of level.
#include "models/devices/uart16550.h"
#include "recording_interrupt.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using fireplane::test::RecordingInterrupt;
using fireplane::test::TestInitiator;

namespace {

enum : uint64_t { RBR_THR = 0, IER = 1, IIR = 2 };
constexpr unsigned kIno = 12;

struct IrqBench {
    RecordingInterrupt irq;
    Uart16550 uart;
    TestInitiator ini{"ini"};
    IrqBench() : uart("uart", make_config()) {
        ini.socket.bind(uart.socket);
        uart.connect_interrupt(irq);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
    static UartConfig make_config() {
        UartConfig c;
        c.output = "none";
        c.interrupt = kIno;
        return c;
    }
    void write(uint64_t reg, uint8_t value) {
        REQUIRE(ini.write(reg, {value}) == tlm::TLM_OK_RESPONSE);
    }
    uint8_t read(uint64_t reg) { return ini.read8(reg); }
    bool line() const { return irq.asserted(kIno); }
};

} // namespace

TEST_CASE("uart irq: received data raises the line and reading RBR lowers it", "[uart_irq]") {
    IrqBench b;
    CHECK(b.uart.interrupt_number() == kIno);
    b.write(IER, 0x01);
    CHECK_FALSE(b.line());
    b.uart.receive('q');
    CHECK(b.line());
    CHECK(b.uart.irq_pending());
    CHECK(b.read(RBR_THR) == 'q');
    CHECK_FALSE(b.line());
    REQUIRE(b.irq.changes.size() == 2);
    CHECK(b.irq.changes[0].ino == kIno);
    CHECK(b.irq.changes[0].asserted);
    CHECK_FALSE(b.irq.changes[1].asserted);
}

TEST_CASE("uart irq: THR empty asserts with ETBEI; an IIR read reporting it lowers the line "
          "until the next write",
          "[uart_irq]") {
    IrqBench b;
    b.write(IER, 0x02); // THR is empty: at once
    CHECK(b.line());
    CHECK(b.read(IIR) == 0x02);
    CHECK_FALSE(b.line());
    CHECK(b.read(IIR) == 0x01);
    CHECK_FALSE(b.line());
    b.write(IER, 0x02); // no rising edge of ETBEI: nothing new
    CHECK_FALSE(b.line());
    b.write(RBR_THR, 'x'); // sent at once: empty again
    CHECK(b.line());
    b.write(RBR_THR, 'y'); // a write also acknowledges: still one change of level
    CHECK(b.line());
    CHECK(b.irq.changes.size() == 3);
    b.write(IER, 0x00); // masked
    CHECK_FALSE(b.line());
    b.write(IER, 0x02); // enabled again while empty: asserts again
    CHECK(b.line());
}

TEST_CASE("uart irq: a debug read of IIR acknowledges nothing", "[uart_irq]") {
    IrqBench b;
    b.write(IER, 0x02);
    std::vector<uint8_t> d(1);
    REQUIRE(b.ini.debug(tlm::TLM_READ_COMMAND, IIR, d) == 1);
    CHECK(d[0] == 0x02);
    CHECK(b.line());
}

TEST_CASE("uart irq: without a connection the UART still tracks its level", "[uart_irq]") {
    Uart16550 uart("lone", IrqBench::make_config());
    TestInitiator ini("ini");
    ini.socket.bind(uart.socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    REQUIRE(ini.write(IER, {0x01}) == tlm::TLM_OK_RESPONSE);
    uart.receive('z');
    CHECK(uart.irq_pending());
}
