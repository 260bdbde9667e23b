#include "register_devices.h"

#include "factory/model_factory.h"
#include "ram.h"
#include "router.h"
#include "uart16550.h"

#include <exception>
#include <memory>

namespace fireplane {

namespace {

// `base` is read by the platform builder, which maps the device on a router.
// An empty default makes it required.
ParamSpec base_param(const char* what, const char* default_base) {
    return {"base", ParamKind::Bytes, default_base,
            std::string("physical address where the ") + what + " is mapped"};
}

std::unique_ptr<sc_core::sc_module> create_ram(const char* name, const Params& p) {
    RamConfig c;
    c.size = p.get_bytes("size");
    c.read_latency = p.get_time("read_latency");
    c.write_latency = p.get_time("write_latency");
    if (c.size == 0) p.fail("size", "RAM size must be greater than 0");
    try {
        return std::make_unique<Ram>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

std::unique_ptr<sc_core::sc_module> create_uart(const char* name, const Params& p) {
    UartConfig c;
    const int64_t shift = p.get_int("reg_shift");
    if (shift < 0 || shift > 3) p.fail("reg_shift", "reg_shift must be 0, 1, 2 or 3");
    c.reg_shift = unsigned(shift);
    c.output = p.get_string("output");
    c.clock_hz = p.get_hz("clock");
    if (c.clock_hz == 0) p.fail("clock", "UART clock must be greater than 0");
    try {
        return std::make_unique<Uart16550>(name, c);
    } catch (const std::exception& e) {
        p.fail("output", e.what()); // the output file could not be created
    }
}

} // namespace

void register_device_models(ModelFactory& factory) {
    factory.add({"ram",
                 "flat RAM, sparse on the host (pages cost memory only once touched)",
                 {
                     base_param("RAM", "0"),
                     {"size", ParamKind::Bytes, "256MiB", "bytes of RAM"},
                     {"read_latency", ParamKind::Time, "0ns",
                      "latency annotated on each read and given with DMI"},
                     {"write_latency", ParamKind::Time, "0ns",
                      "latency annotated on each write and given with DMI"},
                 },
                 create_ram});
    factory.add(
        {"uart16550",
         "16550A console UART; transmit only, output to a stream or file",
         {
             base_param("UART", ""),
             {"reg_shift", ParamKind::Int, "0", "register stride is 1 << reg_shift bytes (0..3)"},
             {"output", ParamKind::String, "stdout",
              "where transmitted bytes go: stdout, stderr, none or a file path"},
             {"clock", ParamKind::Frequency, "1843200Hz",
              "UART input clock; only used to report the baud rate"},
         },
         create_uart});
    factory.add({"router",
                 "address decoder from bus masters to memory-mapped devices",
                 {},
                 [](const char* name, const Params&) -> std::unique_ptr<sc_core::sc_module> {
                     return std::make_unique<Router>(name);
                 }});
}

} // namespace fireplane
