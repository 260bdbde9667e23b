// Uart16550's receiver: RBR and LSR, the receive FIFO and FCR, overruns,
// the character timeout, and input from a file and from a pipe on stdin,
// paced in simulated time whatever the host's timing.
#include "models/devices/uart16550.h"
#include "recording_interrupt.h"
#include "test_initiator.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

using namespace fireplane;
using fireplane::test::RecordingInterrupt;
using fireplane::test::TestInitiator;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

// Register offsets at reg_shift 0.
enum : uint64_t { RBR = 0, IER = 1, IIR_FCR = 2, LCR = 3, LSR = 5 };
constexpr unsigned kIno = 7;

UartConfig config(const std::string& input) {
    UartConfig c;
    c.output = "none";
    c.input = input;
    c.interrupt = kIno;
    return c;
}

std::string temp_file(const std::string& contents) {
    char path[] = "/tmp/fireplane_uart_in_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    REQUIRE(write(fd, contents.data(), contents.size()) == ssize_t(contents.size()));
    close(fd);
    return path;
}

struct RxBench {
    RecordingInterrupt irq;
    Uart16550 uart;
    TestInitiator ini{"ini"};
    explicit RxBench(const std::string& input = "none") : uart("uart", config(input)) {
        ini.socket.bind(uart.socket);
        uart.connect_interrupt(irq);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }
    void write(uint64_t reg, uint8_t value) {
        REQUIRE(ini.write(reg, {value}) == tlm::TLM_OK_RESPONSE);
    }
    uint8_t read(uint64_t reg) { return ini.read8(reg); }
    sc_time char_time() const { return uart.character_time(); }
};

// Runs for `t`, events due at its end included (sc_start(t) leaves them for
// the next start).
void run(const sc_time& t) {
    sc_core::sc_start(t);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
}

} // namespace

TEST_CASE("uart rx: a received byte sets LSR.DR and RBR gives it once", "[uart_rx]") {
    RxBench b;
    b.uart.receive('a');
    CHECK(b.read(LSR) == 0x61); // DR, THRE, TEMT
    CHECK(b.read(RBR) == 'a');
    CHECK(b.read(LSR) == 0x60);
    CHECK(b.read(RBR) == 'a'); // nothing new: RBR still holds the last byte
    CHECK(b.uart.rx_bytes() == 1);
    CHECK(b.uart.overruns() == 0);
}

TEST_CASE("uart rx: without FIFOs a second byte overruns RBR and replaces it", "[uart_rx]") {
    RxBench b;
    b.uart.receive('a');
    b.uart.receive('b');
    CHECK(b.read(LSR) == 0x63); // DR and OE
    CHECK(b.read(LSR) == 0x61); // reading LSR cleared OE
    CHECK(b.read(RBR) == 'b');
    CHECK(b.uart.overruns() == 1);
    CHECK(b.uart.rx_bytes() == 2);
}

TEST_CASE("uart rx: the FIFO holds 16 bytes in order; the 17th is lost to an overrun",
          "[uart_rx]") {
    RxBench b;
    b.write(IIR_FCR, 0x01);
    for (int i = 0; i < 17; ++i)
        b.uart.receive(uint8_t('A' + i));
    CHECK(b.uart.rx_level() == 16);
    CHECK(b.read(LSR) == 0x63);
    std::string got;
    for (int i = 0; i < 16; ++i)
        got += char(b.read(RBR));
    CHECK(got == "ABCDEFGHIJKLMNOP");
    CHECK((b.read(LSR) & 0x01) == 0);
    CHECK(b.uart.overruns() == 1);
}

TEST_CASE("uart rx: FCR switches the FIFOs, empties them and sets the trigger level", "[uart_rx]") {
    RxBench b;
    b.write(IIR_FCR, 0x06); // resets without bit 0: not programmed
    CHECK(b.read(IIR_FCR) == 0x01);
    CHECK_FALSE(b.uart.fifo_enabled());
    b.write(IIR_FCR, 0x01);
    CHECK(b.read(IIR_FCR) == 0xc1);
    for (char c : std::string("xyz"))
        b.uart.receive(uint8_t(c));
    b.write(IIR_FCR, 0x03); // receive FIFO reset
    CHECK(b.uart.rx_level() == 0);
    b.uart.receive('1');
    b.uart.receive('2');
    b.write(IIR_FCR, 0x00); // FIFOs off: emptied
    CHECK(b.uart.rx_level() == 0);
    CHECK(b.read(IIR_FCR) == 0x01);
    b.uart.receive('3');
    b.uart.receive('4');
    CHECK(b.uart.rx_level() == 1); // 16450 mode: one byte, the second overran it
}

TEST_CASE("uart rx: with FIFOs the data interrupt waits for the trigger level", "[uart_rx]") {
    RxBench t;
    t.write(IIR_FCR, 0x81); // trigger level 8
    t.write(IER, 0x01);
    for (int i = 0; i < 7; ++i)
        t.uart.receive('.');
    CHECK(t.read(IIR_FCR) == 0xc1);
    CHECK_FALSE(t.irq.asserted(kIno));
    t.uart.receive('.');
    CHECK(t.read(IIR_FCR) == 0xc4);
    CHECK(t.irq.asserted(kIno));
    t.read(RBR); // below the trigger again
    CHECK(t.read(IIR_FCR) == 0xc1);
    CHECK_FALSE(t.irq.asserted(kIno));
}

TEST_CASE("uart rx: with FIFOs, four character times without activity report a timeout",
          "[uart_rx]") {
    RxBench b;
    b.write(IIR_FCR, 0x41); // trigger level 4
    b.write(IER, 0x01);
    b.uart.receive('a');
    b.uart.receive('b');
    const sc_time limit = b.char_time() * 4;
    run(limit - sc_time(1, SC_NS));
    CHECK(b.read(IIR_FCR) == 0xc1);
    CHECK_FALSE(b.irq.asserted(kIno));
    run(sc_time(1, SC_NS));
    CHECK(b.read(IIR_FCR) == 0xcc);
    CHECK(b.irq.asserted(kIno));
    CHECK(b.irq.changes.back().at == limit);
    CHECK(b.read(RBR) == 'a'); // the read clears the timeout and restarts the timer
    CHECK(b.read(IIR_FCR) == 0xc1);
    CHECK_FALSE(b.irq.asserted(kIno));
    run(limit);
    CHECK(b.read(IIR_FCR) == 0xcc);
    CHECK(b.read(RBR) == 'b');
    run(limit * 2); // empty: no timeout
    CHECK(b.read(IIR_FCR) == 0xc1);
    CHECK_FALSE(sc_core::sc_pending_activity());
}

TEST_CASE("uart rx: IIR reports line status, then received data, then THR empty", "[uart_rx]") {
    RxBench b;
    b.write(IER, 0x0f);
    b.uart.receive('a');
    b.uart.receive('b'); // overrun
    CHECK(b.read(IIR_FCR) == 0x06);
    CHECK(b.read(IIR_FCR) == 0x06); // reading IIR does not clear a line status
    b.read(LSR);
    CHECK(b.read(IIR_FCR) == 0x04);
    CHECK(b.irq.asserted(kIno));
    CHECK(b.read(RBR) == 'b');
    CHECK(b.read(IIR_FCR) == 0x02); // THRE was pending all along: its turn now
    CHECK(b.read(IIR_FCR) == 0x01); // and the read above acknowledged it
    CHECK_FALSE(b.irq.asserted(kIno));
}

TEST_CASE("uart rx: reading IIR while it reports received data leaves THRE pending", "[uart_rx]") {
    RxBench b;
    b.write(IER, 0x03);
    b.uart.receive('x');
    CHECK(b.read(IIR_FCR) == 0x04);
    CHECK(b.read(IIR_FCR) == 0x04);
    b.read(RBR);
    CHECK(b.read(IIR_FCR) == 0x02);
    CHECK(b.read(IIR_FCR) == 0x01);
}

TEST_CASE("uart rx: IER masks each interrupt and the line follows it", "[uart_rx]") {
    RxBench b;
    b.uart.receive('a');
    CHECK((b.read(LSR) & 0x01) == 1);
    CHECK(b.read(IIR_FCR) == 0x01); // data there, but not enabled
    CHECK_FALSE(b.irq.asserted(kIno));
    b.write(IER, 0x01);
    CHECK(b.irq.asserted(kIno));
    b.write(IER, 0x00);
    CHECK_FALSE(b.irq.asserted(kIno));
    b.write(IER, 0x04); // line status only
    CHECK_FALSE(b.irq.asserted(kIno));
    b.uart.receive('b'); // overrun
    CHECK(b.irq.asserted(kIno));
    CHECK(b.read(IIR_FCR) == 0x06);
    b.read(LSR);
    CHECK_FALSE(b.irq.asserted(kIno));
    // Each change was reported once, on the UART's own line.
    REQUIRE(b.irq.changes.size() == 4);
    for (const auto& c : b.irq.changes)
        CHECK(c.ino == kIno);
}

TEST_CASE("uart rx: debug reads neither take a byte nor clear an overrun", "[uart_rx]") {
    RxBench b;
    b.uart.receive('a');
    b.uart.receive('b');
    std::vector<uint8_t> d(1);
    REQUIRE(b.ini.debug(tlm::TLM_READ_COMMAND, RBR, d) == 1);
    CHECK(d[0] == 'b');
    REQUIRE(b.ini.debug(tlm::TLM_READ_COMMAND, LSR, d) == 1);
    CHECK(d[0] == 0x63);
    CHECK(b.uart.rx_level() == 1);
    CHECK(b.read(LSR) == 0x63);
}

TEST_CASE("uart rx: the character time follows the divisor and the line format", "[uart_rx]") {
    RxBench b;
    // 9600 baud, 8N1: ten bits of 16 clocks times 12.
    CHECK(b.char_time() == sc_time(10.0 * 16 * 12 / 1843200, sc_core::SC_SEC));
    b.write(LCR, 0x1f); // 8 data, even parity, 2 stop bits: 12 bits
    CHECK(b.char_time() == sc_time(12.0 * 16 * 12 / 1843200, sc_core::SC_SEC));
    b.write(LCR, 0x04); // 5 data, 1.5 stop bits: 7.5 bits
    CHECK(b.char_time() == sc_time(7.5 * 16 * 12 / 1843200, sc_core::SC_SEC));
    b.write(LCR, 0x80);
    b.write(RBR, 0x00); // DLL = 0, divisor 0: the line is stopped
    CHECK(b.char_time() == sc_core::SC_ZERO_TIME);
}

TEST_CASE("uart rx: a file is received one character time apart, only while there is room",
          "[uart_rx]") {
    const std::string path = temp_file("hi!");
    RxBench b(path);
    b.write(IER, 0x01);
    const sc_time t = b.char_time();
    const sc_time ns(1, SC_NS);
    run(t - ns);
    CHECK(b.uart.rx_bytes() == 0);
    run(ns);
    CHECK(b.uart.rx_bytes() == 1);
    CHECK(b.irq.asserted(kIno));
    CHECK(b.irq.changes.front().at == t);
    run(t * 10); // RBR is full: the line waits, nothing is lost
    CHECK(b.uart.rx_bytes() == 1);
    CHECK(b.uart.overruns() == 0);
    CHECK(b.read(RBR) == 'h');
    CHECK_FALSE(b.irq.asserted(kIno));
    run(t - ns);
    CHECK((b.read(LSR) & 0x01) == 0);
    run(ns);
    CHECK(b.read(RBR) == 'i');
    run(t);
    CHECK(b.read(RBR) == '!');
    run(t * 10);
    CHECK((b.read(LSR) & 0x01) == 0);
    CHECK(b.uart.rx_bytes() == 3);
    CHECK_FALSE(sc_core::sc_pending_activity()); // end of file: no more events
    std::remove(path.c_str());
}

TEST_CASE("uart rx: with FIFOs a file fills the FIFO and stops at 16 bytes", "[uart_rx]") {
    const std::string path = temp_file("0123456789abcdefghijklmnopqrstuvwxyz");
    RxBench b(path);
    b.write(IIR_FCR, 0x01);
    const sc_time t = b.char_time();
    run(t * 30);
    CHECK(b.uart.rx_level() == 16);
    CHECK(b.uart.rx_bytes() == 16);
    CHECK(b.uart.overruns() == 0);
    for (int i = 0; i < 4; ++i)
        b.read(RBR);
    run(t * 4);
    CHECK(b.uart.rx_level() == 16);
    CHECK(b.uart.rx_bytes() == 20);
    std::remove(path.c_str());
}

TEST_CASE("uart rx: a divisor of 0 stops the receiver until a divisor is set", "[uart_rx]") {
    const std::string path = temp_file("abc");
    RxBench b(path);
    b.write(IIR_FCR, 0x01);
    b.write(LCR, 0x83);
    b.write(RBR, 0x00); // DLL = 0
    b.write(LCR, 0x03);
    run(sc_time(2, sc_core::SC_MS));
    CHECK(b.uart.rx_bytes() == 1); // the character already on the line
    run(sc_time(100, sc_core::SC_MS));
    CHECK(b.uart.rx_bytes() == 1);
    CHECK_FALSE(sc_core::sc_pending_activity());
    b.write(LCR, 0x83);
    b.write(RBR, 0x01); // 115200 baud
    b.write(LCR, 0x03);
    run(b.char_time() * 2);
    CHECK(b.uart.rx_bytes() == 3);
    std::remove(path.c_str());
}

TEST_CASE("uart rx: a pipe on stdin arrives at the same simulated times however late the host "
          "writes it",
          "[uart_rx]") {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    REQUIRE(dup2(fds[0], STDIN_FILENO) == STDIN_FILENO);
    close(fds[0]);
    std::thread writer([fd = fds[1]] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (::write(fd, "ab", 2) != 2) std::abort(); // no Catch assertions off the main thread
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        close(fd); // end of input
    });
    RxBench b("stdin");
    b.write(IIR_FCR, 0x01);
    b.write(IER, 0x01);
    const sc_time t = b.char_time();
    run(t * 5); // blocks at the first character time until the writer delivers
    writer.join();
    CHECK(b.uart.rx_bytes() == 2);
    REQUIRE_FALSE(b.irq.changes.empty());
    CHECK(b.irq.changes.front().at == t);
    CHECK(b.read(RBR) == 'a');
    CHECK(b.read(RBR) == 'b');
    CHECK_FALSE(sc_core::sc_pending_activity());
}

TEST_CASE("uart rx: input none schedules no events at all", "[uart_rx]") {
    RxBench b;
    CHECK_FALSE(sc_core::sc_pending_activity());
    b.uart.receive('a'); // 16450 mode: no timeout timer either
    b.read(RBR);
    CHECK_FALSE(sc_core::sc_pending_activity());
}

TEST_CASE("uart rx: an input that cannot be read is an error naming it", "[uart_rx]") {
    CHECK_THROWS_AS(Uart16550("u1", config("/nonexistent-dir/in.txt")), InputError);
    CHECK_THROWS_WITH(Uart16550("u2", config("/nonexistent-dir/in.txt")),
                      Catch::Contains("/nonexistent-dir/in.txt"));
    Uart16550 first("u3", config("stdin"));
    CHECK_THROWS_WITH(Uart16550("u4", config("stdin")), Catch::Contains("stdin is already"));
}

TEST_CASE("uart rx: an initiator running ahead of SystemC time sees what the line did by its "
          "own time",
          "[uart_rx]") {
    const std::string path = temp_file("xy");
    RxBench b(path);
    b.write(IIR_FCR, 0x01);
    b.write(IER, 0x01);
    const sc_time t = b.char_time();
    const sc_time ns(1, SC_NS);
    b.ini.delay = t - ns; // the initiator's local time: just before the first character
    CHECK((b.read(LSR) & 0x01) == 0);
    b.ini.delay = t + ns; // just after it: there, without SystemC time moving
    CHECK((b.read(LSR) & 0x01) == 1);
    CHECK(b.uart.rx_bytes() == 1);
    CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
    CHECK(b.irq.asserted(kIno));
    b.ini.delay = t * 5 + t * 2; // the second landed at 2t, and the timeout came at 2t + 4t
    CHECK(b.read(IIR_FCR) == 0xcc);
    CHECK(b.uart.rx_level() == 2);
    run(t * 10); // the events change nothing more
    CHECK(b.uart.rx_bytes() == 2);
    CHECK(b.read(RBR) == 'x');
    std::remove(path.c_str());
}
