// libFuzzer target: random MMIO against the register devices of this family,
// each bound straight to the driver so that it sees every address, in range
// or not (the router would refuse the ones past its window): two 16550 UARTs
// (register strides of 1 and 8 bytes; the second receives from /dev/zero),
// the i8042, the M48T59 and the power control. The UARTs and the TOD clock drive an interrupt
// controller that checks they report levels only when they change. tests/fuzz/mmio_driver.h
// describes the input (16-byte records, one access each) and what must hold.
// The table below is the record's window byte; fuzz_seeds.device_mmio follows it.
#include "models/devices/i8042.h"
#include "models/devices/m48t59.h"
#include "models/devices/power_control.h"
#include "models/devices/uart16550.h"
#include "tests/fuzz/mmio_driver.h"

using namespace fireplane;
using fireplane::fuzz::MmioDriver;

namespace {

UartConfig uart_config(unsigned reg_shift, unsigned interrupt, const char* input) {
    UartConfig c;
    c.reg_shift = reg_shift;
    c.output = "none";
    c.input = input;
    c.interrupt = interrupt;
    return c;
}

M48t59Config tod_config() {
    M48t59Config c;
    c.interrupt = 3;
    return c;
}

struct Devices {
    fuzz::InterruptLines lines;
    Uart16550 uart{"uart", uart_config(0, 1, "none")};
    // A line that always has a character to send: the receiver, its FIFO,
    // timeout and interrupts run whenever time passes.
    Uart16550 uart_wide{"uart_wide", uart_config(3, 2, "/dev/zero")};
    I8042 keyboard{"keyboard", I8042Config{}};
    M48t59 tod{"tod", tod_config()};
    PowerControl power{"power", PowerControlConfig{}};
    MmioDriver driver{"driver"};

    Devices() {
        uart.connect_interrupt(lines);
        uart_wide.connect_interrupt(lines);
        tod.connect_interrupt(lines);
        const size_t u = driver.connect(uart.socket), w = driver.connect(uart_wide.socket),
                     k = driver.connect(keyboard.socket), t = driver.connect(tod.socket),
                     p = driver.connect(power.socket);
        // clang-format off
        //                 name               port base    size                    pure   generic
        driver.add_window({"uart",            u,   0,      uart.window_size(),     false, false});
        driver.add_window({"uart_wide",       w,   0,      uart_wide.window_size(), false, false});
        driver.add_window({"i8042",           k,   0,      I8042::kWindowSize,     false, false});
        driver.add_window({"tod",             t,   0,      M48t59::kSize,          false, false});
        driver.add_window({"tod.registers",   t,   M48t59::kFirstRegister, 16,     false, false});
        driver.add_window({"power",           p,   0,      PowerControl::kWindowSize, false, false});
        driver.add_window({"power.registers", p,   0,      0x20,                   false, false});
        // clang-format on
        driver.allow_power_off(power);
        driver.start(MmioDriver::Reset::EachInput);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fireplane::fuzz::fuzz_one<Devices>(data, size);
}
