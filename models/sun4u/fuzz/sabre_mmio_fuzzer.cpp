// libFuzzer target: random MMIO into the Sabre's window, through the I/O
// subsystem configs/sun4u.yaml builds: the Sabre's registers (interrupt
// mapping and clearing among them), PCI configuration space (its own function
// at 00:00.0, the two Simba bridges at 00:01.0 and 00:01.1, the ebus behind the
// second), PCI I/O space through the bridges to the ebus and its devices (the
// 16550 UART, the i8042, fw_cfg, the M48T59 and the power register at their
// sun4u ports), and PCI memory space. The models span two families; the
// target lives here, with the host bridge every access goes through.
// The UART's line goes to the Sabre, whose interrupt vectors reach a bus port
// that refuses every other one (so the Sabre retries). None of these devices
// but the UART and the M48T59 has a checkpoint section, and the Sabre's lines
// follow the UART's level, so the devices keep their state from input to input.
// tests/fuzz/mmio_driver.h describes the input (16-byte records, one access
// each) and what must hold. The table below is the record's window byte;
// fuzz_seeds.sabre_mmio follows it.
#include "models/devices/i8042.h"
#include "models/devices/m48t59.h"
#include "models/devices/uart16550.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/pci/ebus.h"
#include "models/pci/pci_bridge.h"
#include "models/sun4u/fw_cfg.h"
#include "models/sun4u/sabre.h"
#include "models/sun4u/sun4u_power.h"
#include "tests/fuzz/mmio_driver.h"

#include <tlm_utils/simple_target_socket.h>

using namespace fireplane;
using fireplane::fuzz::MmioDriver;

namespace {

constexpr uint64_t kIsaBase = 0x1fe02000000; // ebus port 0 in the physical map

// The Fireplane bus's I/O port as the Sabre sees it: takes its I/O
// announcements, and every other interrupt vector (the target CPU busy: NACK).
struct BusPort : sc_core::sc_module {
    tlm_utils::simple_target_socket<BusPort> socket{"socket"};
    bool nack_next = false;
    explicit BusPort(sc_core::sc_module_name name) : sc_module(name) {
        socket.register_b_transport(this, &BusPort::b_transport);
    }
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
        FireplaneExtension* x = find_fireplane_extension(gp);
        if (x && x->type == TransactionType::INT) {
            x->nacked = nack_next;
            nack_next = !nack_next;
        }
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
};

PciBridgeConfig simba(const char* slot, bool io_at_reset) {
    PciBridgeConfig c;
    c.placement = PciPlacement{"pci", slot};
    c.multifunction = true;
    c.io_enabled_at_reset = io_at_reset;
    return c;
}

UartConfig console() {
    UartConfig c;
    c.base = kIsaBase + 0x3f8;
    c.output = "none";
    c.interrupt = 0x2b;
    return c;
}

M48t59Config nvram() {
    M48t59Config c;
    c.base = kIsaBase + 0x2000;
    return c;
}

struct Board {
    Sabre sabre{"pci", SabreConfig{}};
    BusPort bus{"fireplane"};
    PciBridge simba_b{"simba_b", simba("1.0", false)};
    PciBridge simba_a{"simba_a", simba("1.1", true)};
    Ebus ebus{"ebus", EbusConfig{PciPlacement{"simba_a", "1.0"}, kIsaBase}};
    Uart16550 uart{"console", console()};
    I8042 keyboard{"keyboard", I8042Config{kIsaBase + 0x60}};
    FwCfg fw_cfg{"fw_cfg", FwCfgConfig{kIsaBase + 0x510}};
    M48t59 tod{"nvram", nvram()};
    Sun4uPower power{"power", Sun4uPowerConfig{kIsaBase + 0x7240}};
    MmioDriver driver{"driver"};

    Board() {
        sabre.bind_announcements(bus.socket);
        sabre.attach_pci(simba_b);
        sabre.attach_pci(simba_a);
        simba_a.attach_pci(ebus);
        ebus.map(uart.bus_target(), uart.bus_range(), "console");
        ebus.map(keyboard.bus_target(), keyboard.bus_range(), "keyboard");
        ebus.map(fw_cfg.bus_target(), fw_cfg.bus_range(), "fw_cfg");
        ebus.map(tod.bus_target(), tod.bus_range(), "nvram");
        ebus.map(power.bus_target(), power.bus_range(), "power");
        uart.connect_interrupt(sabre.interrupt_input());
        const size_t s = driver.connect(sabre.socket);
        const uint64_t memory = SabreConfig{}.memory_base - SabreConfig{}.base;
        // clang-format off
        //                 name           port base                    size           pure   generic
        driver.add_window({"registers",   s,   0,                      0x10000,       false, false});
        driver.add_window({"config",      s,   Sabre::kConfigOffset,   0x1000000,     false, true});
        driver.add_window({"config.bus0", s,   Sabre::kConfigOffset,   0x10000,       false, true});
        driver.add_window({"config.bus1", s,   Sabre::kConfigOffset + 0x10000, 0x10000, false, true});
        driver.add_window({"io",          s,   Sabre::kIoOffset,       0x1000000,     false, false});
        driver.add_window({"io.uart",     s,   Sabre::kIoOffset + 0x3f8,  8,          false, false});
        driver.add_window({"io.i8042",    s,   Sabre::kIoOffset + 0x60,   5,          false, false});
        driver.add_window({"io.fw_cfg",   s,   Sabre::kIoOffset + 0x510,  2,          false, false});
        driver.add_window({"io.nvram",    s,   Sabre::kIoOffset + 0x2000, 0x2000,     false, false});
        driver.add_window({"io.power",    s,   Sabre::kIoOffset + 0x7240, 4,          false, false});
        driver.add_window({"memory",      s,   memory,                 0xf0000000,    false, false});
        driver.add_window({"spaces",      s,   0,                      0x3000000,     false, true});
        // clang-format on
        driver.allow_power_off(power);
        driver.start(MmioDriver::Reset::Never);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fireplane::fuzz::fuzz_one<Board>(data, size);
}
