// libFuzzer target: random MMIO against the Fire Link monitor's registers,
// with random address-bus transactions on its `observe` socket between them
// (as the bus broadcasts them: valid types, any address, source, ID and snoop
// result), so counters count and the sequence buffer fills and overruns.
// tests/fuzz/mmio_driver.h describes the input (16-byte records, one access
// each) and what must hold; the monitor documents that its reads have no
// side effect, so a register read twice in a row must agree too. A record
// for the `bus` window is a transaction: bytes 3-8 its address (43 bits),
// 9 its type (modulo the 19 types), 10-11 its source (10 bits), 12-13 its
// transaction ID, 2 its snoop result (shared, owned, mapped: bits 0-2).
// The table below is the record's window byte; fuzz_seeds.firelink_mmio follows it.
#include "models/firelink/firelink_monitor.h"
#include "models/fireplane/fireplane_extension.h"
#include "tests/fuzz/mmio_driver.h"

#include <tlm_utils/simple_initiator_socket.h>

using namespace fireplane;
using namespace fireplane::firelink;
using fireplane::fuzz::MmioDriver;

namespace {

// The address bus's side: one snoop broadcast per record.
struct Bus : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Bus> socket{"socket"};
    explicit Bus(sc_core::sc_module_name name) : sc_module(name) {}

    void broadcast(const uint8_t* r) {
        tlm::tlm_generic_payload gp;
        uint64_t address = 0;
        for (int i = 8; i >= 3; --i)
            address = address << 8 | r[i];
        gp.set_address(address & ((uint64_t(1) << 43) - 1));
        gp.set_command(tlm::TLM_READ_COMMAND);
        FireplaneExtension& x = fireplane_extension(gp);
        x.type = TransactionType(r[9] % kNumTransactionTypes);
        x.source = uint16_t((r[10] | r[11] << 8) & 0x3ff);
        x.transaction_id = uint16_t(r[12] | r[13] << 8);
        x.snoop.shared = r[2] & 1;
        x.snoop.owned = r[2] & 2;
        x.snoop.mapped = r[2] & 4;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->nb_transport_fw(gp, phase, delay);
    }
};

struct Machine {
    FirelinkMonitor monitor{"firelink0", FirelinkMonitorConfig{25, 0x1fff1000000}};
    Bus bus{"bus"};
    MmioDriver driver{"driver"};

    Machine() {
        bus.socket.bind(monitor.observe);
        const size_t regs = driver.connect(monitor.regs);
        // clang-format off
        //                 name         port  base   size         pure  generic
        driver.add_window({"registers", regs, 0,     kWindowSize, true, false});
        driver.add_window({"sets",      regs, 0x100, 0x80,        true, false});
        driver.add_window({"tsb",       regs, 0x200, 0x80,        true, false});
        // clang-format on
        driver.add_feed("bus", [this](const uint8_t* r) { bus.broadcast(r); });
        driver.start(MmioDriver::Reset::EachInput);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fireplane::fuzz::fuzz_one<Machine>(data, size);
}
