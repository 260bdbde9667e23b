// libFuzzer target: random accesses to fw_cfg's port window (QEMU's port
// interface, version 1: it has no DMA, so there are no descriptors to feed):
// selector writes of every width, data reads and writes of every width, at
// and around the window, with and without byte enables, by b_transport and
// debug transport. Its items are what the platform gives it for a Linux boot
// (RAM, CPUs, kernel, initrd, command line) and a few named files, so the
// file directory and the file keys are there to select.
// tests/fuzz/mmio_driver.h describes the input (16-byte records, one access
// each) and what must hold; the record's window byte picks the window below
// (fuzz_seeds.fw_cfg_ports follows it).
#include "models/sun4u/fw_cfg.h"
#include "tests/fuzz/mmio_driver.h"

#include <string>
#include <vector>

using namespace fireplane;
using fireplane::fuzz::MmioDriver;

namespace {

struct Machine {
    FwCfg fw_cfg{"fw_cfg", FwCfgConfig{0x1fe02000510}};
    MmioDriver driver{"driver"};

    Machine() {
        fw_cfg.set_ram_size(uint64_t(512) << 20);
        fw_cfg.set_cpu_count(2);
        fw_cfg.set_kernel(0x404000, 0x123456);
        fw_cfg.set_initrd(0x1000000, 0x2000);
        fw_cfg.set_command_line("console=ttyS0 root=/dev/ram");
        fw_cfg.add_file("bootorder", {'/', 'p', 'c', 'i', '\n'});
        fw_cfg.add_file("etc/empty", {});
        fw_cfg.add_file(std::string(55, 'x'), std::vector<uint8_t>(300, 0x5a));
        const size_t port = driver.connect(fw_cfg.socket);
        // clang-format off
        //                 name    port  base size                pure   generic
        driver.add_window({"port", port, 0,   FwCfg::kWindowSize, false, false});
        // clang-format on
        driver.start(MmioDriver::Reset::Never); // no checkpoint section: the selection carries on
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    return fireplane::fuzz::fuzz_one<Machine>(data, size);
}
