#include "register_fireplane.h"

#include "factory/model_factory.h"
#include "memory_controller.h"

#include <exception>
#include <memory>

namespace fireplane {

namespace {

std::unique_ptr<sc_core::sc_module> create_memory(const char* name, const Params& p) {
    MemoryControllerConfig c;
    c.base = p.get_bytes("base");
    c.size = p.get_bytes("size");
    const int64_t banks = p.get_int("banks");
    c.interleave = p.get_bytes("interleave");
    c.latency = p.get_time("latency");
    c.bank_busy = p.get_time("bank_busy");
    if (c.size == 0) p.fail("size", "memory size must be greater than 0");
    if (banks < 1 || banks > 1024) p.fail("banks", "banks must be between 1 and 1024");
    c.banks = unsigned(banks);
    if (c.interleave == 0) p.fail("interleave", "interleave must be greater than 0");
    if (c.base + (c.size - 1) < c.base) p.fail("size", "base + size wraps around");
    try {
        return std::make_unique<MemoryController>(name, c);
    } catch (const std::exception& e) {
        p.fail("size", e.what()); // the host could not reserve the address space
    }
}

} // namespace

void register_fireplane_models(ModelFactory& factory) {
    factory.add({"fireplane_memory",
                 "Fireplane memory controller: interleaved banks, AT and LT timing; stores data "
                 "unless a request is timing-only (null data pointer)",
                 {
                     {"base", ParamKind::Bytes, "0",
                      "physical address where the controller is mapped; banks interleave on it"},
                     {"size", ParamKind::Bytes, "256MiB", "bytes of memory behind the controller"},
                     {"banks", ParamKind::Int, "2", "number of banks (1..1024)"},
                     {"interleave", ParamKind::Bytes, "64B",
                      "bytes that go to one bank before the next bank takes over"},
                     {"latency", ParamKind::Time, "60ns",
                      "from a bank starting an access to the response (to be calibrated)"},
                     {"bank_busy", ParamKind::Time, "20ns",
                      "how long a bank stays busy after its response, before its next access"},
                 },
                 create_memory});
}

} // namespace fireplane
