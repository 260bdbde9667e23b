#pragma once
// The PCI tree the bus, bridge and ebus tests share, shaped like sun4u's:
//   root bus 0: bridge `b` at 1.0, bridge `a` at 1.1 (I/O enabled at reset)
//   a's secondary bus: the ebus at 1.0, bridge `c` at 2.0, function `dev` at 3.0
//   c's secondary bus: function `deep` at 4.0
// An ISA target is mapped over the ebus's first 64 KiB of ports, so the
// address it records is the port. program_buses() numbers the buses as
// firmware would: a 1-2, c 2, b 3.
#include "pci_bench.h"

#include "models/pci/ebus.h"
#include "models/pci/pci_bridge.h"

namespace fireplane::test {

inline PciBridgeConfig bridge_config(bool io_at_reset) {
    PciBridgeConfig c;
    c.io_enabled_at_reset = io_at_reset;
    return c;
}

struct PciMachine {
    static constexpr uint64_t kIsaBase = 0x1fe02000000;
    PciBus root{"pci0"};
    PciHost host{"host"};
    PciBridge b{"b", bridge_config(false)};
    PciBridge a{"a", bridge_config(true)};
    PciBridge c{"c", bridge_config(false)};
    Ebus ebus{"ebus"};
    RecordingFunction dev{"dev", 0x0003};
    RecordingFunction deep{"deep", 0x0004};
    RecordingTarget isa{"isa"};

    PciMachine() {
        host.socket.bind(root.upstream);
        root.attach(b, 1, 0);
        root.attach(a, 1, 1);
        a.secondary().attach(ebus, 1, 0);
        a.secondary().attach(c, 2, 0);
        a.secondary().attach(dev, 3, 0);
        c.secondary().attach(deep, 4, 0);
        ebus.map(isa.socket, {kIsaBase, 0x10000}, "isa");
        sc_core::sc_start(sc_core::SC_ZERO_TIME);
    }

    void program_buses() {
        REQUIRE(host.cfg_write(0, 1, 1, 0x18, 4, 0x00020100) == tlm::TLM_OK_RESPONSE);
        REQUIRE(host.cfg_write(1, 2, 0, 0x18, 4, 0x00020201) == tlm::TLM_OK_RESPONSE);
        REQUIRE(host.cfg_write(0, 1, 0, 0x18, 4, 0x00030300) == tlm::TLM_OK_RESPONSE);
    }
};

} // namespace fireplane::test
