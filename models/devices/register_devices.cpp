#include "register_devices.h"

#include "address_alias.h"
#include "boot_rom.h"
#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"
#include "i8042.h"
#include "m48t59.h"
#include "models/common/interrupts.h"
#include "power_control.h"
#include "ram.h"
#include "router.h"
#include "uart16550.h"

#include <exception>
#include <memory>
#include <optional>

namespace fireplane {

namespace {

constexpr uint64_t kNoMax = ParamTable<RamConfig>::kNoMax;

const ParamTable<RamConfig>& ram_params() {
    static const auto table =
        ParamTable<RamConfig>()
            .address("base", &RamConfig::base, "physical address where the RAM is mapped")
            .bytes("size", &RamConfig::size, 1, kNoMax, "bytes of RAM")
            .time("read_latency", &RamConfig::read_latency, false,
                  "latency annotated on each read and given with DMI")
            .time("write_latency", &RamConfig::write_latency, false,
                  "latency annotated on each write and given with DMI");
    return table;
}

const ParamTable<UartConfig>& uart_params() {
    static const auto table =
        ParamTable<UartConfig>()
            .address("base", &UartConfig::base, "physical address where the UART is mapped")
            .required()
            .count("reg_shift", &UartConfig::reg_shift, 0, 3,
                   "register stride is 1 << reg_shift bytes (0..3)")
            .text("output", &UartConfig::output,
                  "where transmitted bytes go: stdout, stderr, none or a file path")
            .frequency("clock", &UartConfig::clock_hz,
                       "UART input clock: with the divisor, the baud rate and so the time "
                       "each received character takes")
            .text("input", &UartConfig::input,
                  "where received bytes come from: none, stdin or a file path (a pipe or "
                  "file is read as the receiver has room; a terminal is polled)")
            .count("interrupt", &UartConfig::interrupt, 0, kMaxInterruptNumber,
                   "interrupt number of its line on the interrupt controller; 0: not connected")
            .time("poll_interval", &UartConfig::poll_interval, true,
                  "simulated time between two polls of a terminal input");
    return table;
}

const ParamTable<M48t59Config>& m48t59_params() {
    using C = M48t59Config;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its 8 KiB (NVRAM, clock registers at +0x1ff0)")
            .required()
            .text("epoch", &C::epoch,
                  "the time at simulated time zero, UTC: YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or "
                  "Unix seconds (1970 to 2099)")
            .text("image", &C::image, "file of the 8192 NVRAM bytes to start from; empty: all zero")
            .flag("persist", &C::persist, "write the NVRAM back to image at the end of the run")
            .count("interrupt", &C::interrupt, 0, kMaxInterruptNumber,
                   "interrupt number of its IRQ/FT line (alarm, watchdog); 0: not connected")
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                try {
                    parse_epoch(c.epoch);
                } catch (const std::invalid_argument& e) {
                    return ConfigProblem{"epoch", e.what()};
                }
                if (c.persist && c.image.empty())
                    return ConfigProblem{"persist", "persist needs an image file to write to"};
                if (c.base % M48t59::kSize != 0)
                    return ConfigProblem{"base", "the NVRAM window must be 8 KiB aligned"};
                return range_wraps(c.base, M48t59::kSize);
            });
    return table;
}

const ParamTable<BootRomConfig>& boot_rom_params() {
    using C = BootRomConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address where the ROM is mapped; the reset vector lands at "
                     "0x7fff0000000")
            .required()
            .bytes("size", &C::size, 1, C::kMaxSize,
                   "bytes of ROM, up to the 256MiB from 0x7fff0000000 to the top of the 43-bit "
                   "physical address space")
            .address("link_address", &C::link_address,
                     "the address firmware images for it are linked at, when not its base: an "
                     "ELF segment at link_address + n loads at base + n; 0: its base")
            .time("read_latency", &C::read_latency, false,
                  "latency annotated on each read and given with (read-only) DMI")
            .rule([](const C& c) { return range_wraps(c.base, c.size); });
    return table;
}

const ParamTable<PowerControlConfig>& power_control_params() {
    using C = PowerControlConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base,
                     "physical address of its 4 KiB register window (4 KiB aligned)")
            .required()
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (c.base % PowerControl::kWindowSize != 0)
                    return ConfigProblem{"base", "the register window must be 4 KiB aligned"};
                return range_wraps(c.base, PowerControl::kWindowSize);
            });
    return table;
}

const ParamTable<AddressAliasConfig>& address_alias_params() {
    using C = AddressAliasConfig;
    static const auto table =
        ParamTable<C>()
            .address("base", &C::base, "physical address where the alias is decoded")
            .required()
            .bytes("size", &C::size, 1, kNoMax, "bytes of the alias")
            .required()
            .address("to", &C::to, "physical address its accesses go to")
            .required()
            .rule([](const C& c) -> std::optional<ConfigProblem> {
                if (auto p = range_wraps(c.base, c.size)) return p;
                if (auto p = range_wraps(c.to, c.size)) return ConfigProblem{"to", p->message};
                if (c.to <= c.base + (c.size - 1) && c.base <= c.to + (c.size - 1))
                    return ConfigProblem{"to", "the alias overlaps the range it shows"};
                return std::nullopt;
            });
    return table;
}

const ParamTable<I8042Config>& i8042_params() {
    static const auto table =
        ParamTable<I8042Config>()
            .address("base", &I8042Config::base, "physical address of its data port (status at +4)")
            .required()
            .rule([](const I8042Config& c) { return range_wraps(c.base, I8042::kWindowSize); });
    return table;
}

std::unique_ptr<sc_core::sc_module> create_ram(const char* name, const Params& p) {
    const RamConfig c = ram_params().read(p);
    try {
        return std::make_unique<Ram>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

std::unique_ptr<sc_core::sc_module> create_uart(const char* name, const Params& p) {
    const UartConfig c = uart_params().read(p);
    try {
        return std::make_unique<Uart16550>(name, c);
    } catch (const InputError& e) {
        p.fail("input", e.what()); // unreadable, or stdin taken by another device
    } catch (const std::exception& e) {
        p.fail("output", e.what()); // the output file could not be created
    }
}

std::unique_ptr<sc_core::sc_module> create_m48t59(const char* name, const Params& p) {
    const M48t59Config c = m48t59_params().read(p);
    try {
        return std::make_unique<M48t59>(name, c);
    } catch (const std::exception& e) {
        p.fail("image", e.what()); // the rules checked the rest
    }
}

std::unique_ptr<sc_core::sc_module> create_boot_rom(const char* name, const Params& p) {
    const BootRomConfig c = boot_rom_params().read(p);
    try {
        return std::make_unique<BootRom>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

} // namespace

void register_device_models(ModelFactory& factory) {
    factory.add({"ram", "flat RAM, sparse on the host (pages cost memory only once touched)",
                 ram_params().specs(), create_ram});
    factory.add({"uart16550",
                 "16550A console UART: output to a stream or file, input from stdin or a file, "
                 "an interrupt line",
                 uart_params().specs(), create_uart});
    factory.add({"m48t59",
                 "ST M48T59 time-of-day clock: 8 KiB NVRAM, BCD clock from an epoch plus "
                 "simulated time, alarm and watchdog",
                 m48t59_params().specs(), create_m48t59});
    factory.add({"boot_rom",
                 "boot PROM at the reset vector: reads and read-only DMI; software writes are "
                 "ignored, debug writes load the image",
                 boot_rom_params().specs(), create_boot_rom});
    factory.add(model_type<PowerControl>(
        "power_control",
        "power-off register: a write ends the simulation with an exit code; "
        "how bare-metal programs report their result",
        power_control_params()));
    factory.add(model_type<AddressAlias>(
        "address_alias",
        "a second decode of an address range: accesses are sent on to another "
        "(the sun4u PROM at the JPS1 reset vector)",
        address_alias_params()));
    factory.add(model_type<I8042>(
        "i8042",
        "PC keyboard controller with an idle keyboard: ports data +0 and status/command "
        "+4; answers the commands firmware sends at boot",
        i8042_params()));
    factory.add({"router",
                 "address decoder from bus masters to memory-mapped devices",
                 {},
                 [](const char* name, const Params&) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<Router>(name);
                 }});
}

} // namespace fireplane
