#include "register_devices.h"

#include "boot_rom.h"
#include "core/factory/model_factory.h"
#include "core/factory/param_table.h"
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
                       "UART input clock; only used to report the baud rate");
    return table;
}

std::optional<ConfigProblem> range_wraps(uint64_t base, uint64_t size) {
    if (base + (size - 1) < base) return ConfigProblem{"size", "base + size wraps around"};
    return std::nullopt;
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
    } catch (const std::exception& e) {
        p.fail("output", e.what()); // the output file could not be created
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
    factory.add({"uart16550", "16550A console UART; transmit only, output to a stream or file",
                 uart_params().specs(), create_uart});
    factory.add({"boot_rom",
                 "boot PROM at the reset vector: reads and read-only DMI; software writes are "
                 "ignored, debug writes load the image",
                 boot_rom_params().specs(), create_boot_rom});
    factory.add({"power_control",
                 "power-off register: a write ends the simulation with an exit code; "
                 "how bare-metal programs report their result",
                 power_control_params().specs(),
                 [](const char* name, const Params& p) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<PowerControl>(name, power_control_params().read(p));
                 }});
    factory.add({"router",
                 "address decoder from bus masters to memory-mapped devices",
                 {},
                 [](const char* name, const Params&) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<Router>(name);
                 }});
}

} // namespace fireplane
